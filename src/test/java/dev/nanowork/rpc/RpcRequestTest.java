package dev.nanowork.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nanowork.support.Vectors;
import dev.nanowork.work.Difficulty;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** nano_node's leniency about value types, and the multiplier vectors read the way a request carries them. */
class RpcRequestTest {
    static Optional<Difficulty> difficultyOf(String fields) {
        return RpcRequest.parse("{" + fields + "}").difficulty();
    }

    @Test
    void everyFromMultiplierVectorWithTheSendBaseAsStringAndAsNumber() {
        List<Map<String, String>> rows = Vectors.read("multipliers.csv").stream()
                .filter(r -> r.get("direction").equals("from_multiplier")
                        && r.get("base").equals("fffffff800000000"))
                .toList();
        for (Map<String, String> r : rows) {
            Difficulty expected = Difficulty.parse(r.get("difficulty"));
            assertEquals(
                    expected,
                    difficultyOf("\"multiplier\":\"" + r.get("multiplier") + "\"")
                            .orElseThrow(),
                    r.toString());
            assertEquals(
                    expected,
                    difficultyOf("\"multiplier\":" + r.get("multiplier")).orElseThrow(),
                    r.toString());
        }
        assertEquals(8, rows.size(), "from_multiplier rows against the send base");
    }

    @Test
    void aMultiplierOverridesADifficultyAndFormsOfTheSameNumberAgree() {
        assertEquals(
                Difficulty.parse("fffffffc00000000"),
                difficultyOf("\"difficulty\":\"fffffe0000000000\",\"multiplier\":2")
                        .orElseThrow());
        for (String two : List.of("2", "2.0", "\"2\"", "\"2.0\"", "\"2.\"", "\"20e-1\"", "2E0")) {
            assertEquals(
                    Difficulty.parse("fffffffc00000000"),
                    difficultyOf("\"multiplier\":" + two).orElseThrow(),
                    two);
        }
        assertEquals(Optional.empty(), difficultyOf("\"multiplier\":null"));
        for (String bad : List.of("\" 2\"", "\"+2\"", "\"2d\"", "\"0x1p1\"", "\"1,5\"", "[2]", "{}", "false")) {
            RpcError e = assertThrows(RpcError.class, () -> difficultyOf("\"multiplier\":" + bad), bad);
            assertEquals(RpcError.BAD_MULTIPLIER, e.error(), bad);
        }
    }

    @Test
    void hashAndWorkInEitherCaseAndHintsStayShort() {
        String h = "718cc2121c3e641059bc1c2cfc45666c99e8ae922f7a807b7d07b62c995d79e2";
        assertEquals(
                h.toUpperCase(),
                RpcRequest.parse("{\"hash\":\"" + h + "\"}").hash().toString());
        RpcError e = assertThrows(
                RpcError.class,
                () -> RpcRequest.parse("{\"hash\":\"" + "a".repeat(4_000) + "\"}")
                        .hash()); // longer strings: RequestLimitsTest
        assertEquals(RpcError.INVALID_BLOCK_HASH, e.error());
        assertEquals(
                true,
                e.hint().length() < 200,
                "a huge value is not echoed whole: " + e.hint().length());
    }
}
