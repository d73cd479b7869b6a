package dev.nanowork.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.RequestLimits;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Each limit, just under (answered as usual) and just over (Request too large, with a hint naming it). */
class RequestLimitsTest {
    static final String H = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    final WorkQueue queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 1), 1);
    final WorkRpc rpc = Wiring.rpc(
            queue,
            new WorkRpc.Settings(
                    Action.served("both"),
                    Difficulty.RECEIVE,
                    Difficulty.SEND,
                    Duration.ofSeconds(1),
                    Duration.ofSeconds(2),
                    "test",
                    false));

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    Map<String, String> validate(String extra) {
        return MapRpc.of(rpc)
                .handle(
                        "{\"action\":\"work_validate\",\"hash\":\"" + H + "\",\"work\":\"2bf29ef00786a6bc\"" + extra
                                + "}",
                        0);
    }

    static String nested(int depth) {
        return "[".repeat(depth - 1) + "1" + "]".repeat(depth - 1); // plus the request object itself
    }

    void assertTooLarge(Map<String, String> answer, String hintPart) {
        assertEquals(RpcError.TOO_LARGE, answer.get("error"), answer.toString());
        assertTrue(answer.get("hint").contains(hintPart), answer.toString());
    }

    @Test
    void body() {
        String padding = ",\"account\":\"" + "a".repeat(4000) + "\"";
        StringBuilder under = new StringBuilder();
        while (under.length() + padding.length() < RequestLimits.BODY_BYTES - 200)
            under.append(padding.replace("account", "a" + under.length()));
        assertEquals("1", validate(under.toString()).get("valid_receive"), "a body under 64 KB is read");
        assertTooLarge(validate(under + padding + padding), "65536 bytes");
    }

    @Test
    void nesting() {
        assertEquals(
                "1",
                validate(",\"json_block\":" + nested(RequestLimits.NESTING_DEPTH))
                        .get("valid_receive"));
        assertTooLarge(validate(",\"json_block\":" + nested(RequestLimits.NESTING_DEPTH + 1)), "nested deeper than 16");
        assertTooLarge(
                MapRpc.of(rpc).handle("[".repeat(100_000), 0),
                "65536 bytes"); // 100,000 levels: refused by size, no stack overflow
        assertTooLarge(MapRpc.of(rpc).handle("[".repeat(60_000), 0), "nested deeper than 16");
    }

    @Test
    void strings() {
        assertEquals(
                "1",
                validate(",\"block\":\"" + "b".repeat(RequestLimits.STRING_CHARS) + "\"")
                        .get("valid_receive"));
        assertTooLarge(
                validate(",\"block\":\"" + "b".repeat(RequestLimits.STRING_CHARS + 1) + "\""),
                "string longer than 4096");
        assertTooLarge(
                validate(",\"" + "n".repeat(RequestLimits.NAME_CHARS + 1) + "\":1"), "field name longer than 256");
        assertTooLarge(
                validate(",\"multiplier\":" + "1".repeat(RequestLimits.NUMBER_CHARS + 1)), "number longer than 64");
        assertNotEquals(
                RpcError.TOO_LARGE,
                validate(",\"multiplier\":" + "1".repeat(RequestLimits.NUMBER_CHARS - 1))
                        .get("error"));
        String hint = MapRpc.of(rpc)
                .handle("{\"action\":\"work_validate\",\"hash\":\"" + "z".repeat(4000) + "\"}", 0)
                .get("hint");
        assertTrue(hint.length() < 200, "a hint quotes at most 80 characters of a value: " + hint.length());
    }
}
