package dev.nanowork.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nanowork.block.Blocks;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.Wiring;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every hint that quotes a refused value quotes it as the client sent it (issue 35), and {@code benchmark}'s {@code
 * count} is held to the difficulty limits as {@code work_generate} is (issue 34): the settings of {@link
 * WorkRpcTest#settings}, max-difficulty {@code fffffffc00000000}.
 */
class RefusedValuesTest {
    static final String H = WorkRpcTest.H;
    static final ObjectMapper JSON = new ObjectMapper();

    final WorkQueue queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 2), 4);
    final MapRpc rpc = MapRpc.of(Wiring.rpc(queue, WorkRpcTest.settings("both")));

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    /** A short deadline: a search the cap let through would answer a deadline, not the refusal. */
    private Map<String, String> send(String body) {
        return rpc.handle(body, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300));
    }

    @Test
    void aHugeMultiplierIsQuotedAsSentNotAsTheDifficultyItConvertsTo() {
        for (String multiplier : new String[] {"\"1e30\"", "1e30", "\"100000000000000000000\""}) {
            Map<String, String> a =
                    send("{\"action\":\"work_generate\",\"hash\":\"" + H + "\",\"multiplier\":" + multiplier + "}");
            assertEquals(RpcError.DIFFICULTY_LIMIT, a.get("error"), a.toString());
            String sent = multiplier.replace("\"", "");
            assertTrue(a.get("hint").contains("multiplier '" + sent + "'"), a.toString());
            // The converted difficulty (ffffffffffffffff) is what the client never wrote.
            assertFalse(a.get("hint").contains("ffffffffffffffff"), a.toString());
        }
    }

    @Test
    void aDifficultyOverTheLimitIsQuotedInTheClientsOwnCase() {
        Map<String, String> a =
                send("{\"action\":\"work_generate\",\"hash\":\"" + H + "\",\"difficulty\":\"FFFFFFFFFFFFFFF0\"}");
        assertEquals(RpcError.DIFFICULTY_LIMIT, a.get("error"), a.toString());
        assertTrue(a.get("hint").contains("difficulty 'FFFFFFFFFFFFFFF0'"), a.toString());
    }

    @Test
    void aMissingHashKeepsNanoNodesErrorWithTheReasonInTheHint() {
        Map<String, String> a = send("{\"action\":\"work_generate\"}");
        assertEquals(RpcError.UNABLE_TO_PARSE_JSON, a.get("error"), a.toString());
        assertTrue(a.get("hint").contains("hash is required"), a.toString());
    }

    @Test
    void aRootMismatchQuotesTheHashAsSent() throws Exception {
        String hash = "ab".repeat(32); // lower case: the parsed root prints in upper case
        ObjectNode body = JSON.createObjectNode()
                .put("action", "work_generate")
                .put("hash", hash)
                .put("block", Blocks.ALL.get("send"));
        Map<String, String> a = send(JSON.writeValueAsString(body));
        assertEquals(RpcError.ROOT_MISMATCH, a.get("error"), a.toString());
        assertTrue(a.get("hint").contains("hash was '" + hash + "'"), a.toString());
        assertFalse(a.get("hint").contains(hash.toUpperCase(Locale.ROOT)), a.toString());
    }

    @Test
    void aBenchmarkCountIsHeldToTheDifficultyCap() {
        for (String difficulty : new String[] {"\"difficulty\":\"ffffffffffffffff\"", "\"multiplier\":\"1e30\""}) {
            Map<String, String> a = send("{\"action\":\"benchmark\",\"count\":\"1\"," + difficulty + "}");
            assertEquals(RpcError.DIFFICULTY_LIMIT, a.get("error"), difficulty + ": " + a);
            assertTrue(a.get("hint").contains(difficulty.split(":")[1].replace("\"", "'")), a.toString());
        }
        assertFalse(queue.searching(), "nothing searched for them");
        // Below the publish threshold is cheap and is how nano-work-server's benchmark runs: answered.
        Map<String, String> low = send("{\"action\":\"benchmark\",\"count\":\"1\",\"difficulty\":\"1\"}");
        assertEquals("1", low.get("count"), low.toString());
    }
}
