package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;
import io.quarkus.test.junit.QuarkusTest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A field sent twice is read at its first occurrence, as nano_node's property tree reads it, on {@code POST /}
 * (read by RequestReader from the text) and on the function routes (read by Funqy through the same
 * deserializer); a repeated value is still held to the request limits. Each answer is compared whole.
 */
@QuarkusTest
class DuplicateKeysTest {
    static final String H = "\"hash\":\"718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2\"";
    static final Root ROOT = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2");
    static final Map<String, String> SAMPLE_VALID = validation(0x2bf29ef00786a6bcL);
    static final Map<String, String> WORK_ONE_VALID = validation(1);

    /** work_validate's answer for {@code work} on the sample root, by the scalar reference. */
    static Map<String, String> validation(long work) {
        long value = WorkValue.value(ROOT, work);
        return Map.of(
                "valid_all",
                Difficulty.SEND.isReachedBy(value) ? "1" : "0",
                "valid_receive",
                Difficulty.RECEIVE.isReachedBy(value) ? "1" : "0",
                "difficulty",
                new Difficulty(value).toString(),
                "multiplier",
                Difficulty.formatMultiplier(Difficulty.toMultiplier(value, Difficulty.BASE.threshold())));
    }

    static Map<String, String> answer(String path, String body) {
        return WorkGenerateTest.post(path, body);
    }

    static Map<String, String> error(String error) {
        return Map.of("error", error);
    }

    /** The answer on both routes, the hint left out of a refusal (MalformedRequestTest checks hints exist). */
    static void onBothRoutes(String fields, Map<String, String> expected) {
        for (String path : List.of("/", "/work_validate")) {
            String body = "{" + (path.equals("/") ? "\"action\":\"work_validate\"," : "") + fields + "}";
            Map<String, String> a = new HashMap<>(answer(path, body));
            a.remove("hint");
            assertEquals(expected, a, path + " " + body);
        }
    }

    @Test
    void theFirstWorkIsTheOneValidated() {
        onBothRoutes(H + ",\"work\":\"2bf29ef00786a6bc\",\"work\":\"1\"", SAMPLE_VALID);
        onBothRoutes(H + ",\"work\":\"1\",\"work\":\"2bf29ef00786a6bc\"", WORK_ONE_VALID);
        onBothRoutes(H + ",\"work\":\"2bf29ef00786a6bc\",\"work\":\"not hex\"", SAMPLE_VALID);
        onBothRoutes(H + ",\"work\":\"not hex\",\"work\":\"2bf29ef00786a6bc\"", error("Bad work"));
    }

    @Test
    void theFirstHashAndDifficultyCount() {
        onBothRoutes(H + "," + H.replace("718C", "0000") + ",\"work\":\"2bf29ef00786a6bc\"", SAMPLE_VALID);
        onBothRoutes("\"hash\":\"\"," + H + ",\"work\":\"2bf29ef00786a6bc\"", error("Invalid block hash"));
        Map<String, String> reached = new HashMap<>(SAMPLE_VALID);
        reached.put("valid", "1");
        onBothRoutes(
                H + ",\"work\":\"2bf29ef00786a6bc\",\"difficulty\":\"fffffe0000000000\",\"difficulty\":\"x\"", reached);
        onBothRoutes(
                H + ",\"work\":\"2bf29ef00786a6bc\",\"difficulty\":\"x\",\"difficulty\":\"fffffe0000000000\"",
                error("Bad difficulty"));
    }

    @Test
    void theFirstActionIsRun() {
        String fields = "," + H + ",\"work\":\"2bf29ef00786a6bc\"}";
        Map<String, String> validated =
                answer("/", "{\"action\":\"work_validate\",\"action\":\"work_frobnicate\"" + fields);
        assertEquals(SAMPLE_VALID, validated);
        Map<String, String> unknown =
                new HashMap<>(answer("/", "{\"action\":\"work_frobnicate\",\"action\":\"work_validate\"" + fields));
        unknown.remove("hint");
        assertEquals(error("Unknown command"), unknown);
    }

    @Test
    void aRepeatedValueIsStillHeldToTheLimits() {
        String deep = "[".repeat(20) + "]".repeat(20);
        onBothRoutes(H + ",\"work\":\"2bf29ef00786a6bc\",\"work\":" + deep, error("Request too large"));
        onBothRoutes(
                H + ",\"work\":\"2bf29ef00786a6bc\",\"work\":\"" + "f".repeat(5000) + "\"", error("Request too large"));
    }
}
