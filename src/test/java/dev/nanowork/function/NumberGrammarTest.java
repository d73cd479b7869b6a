package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One number grammar on every route (issue 34): the same numbers, as JSON numbers and as strings, answered alike on
 * {@code POST /} (read by RequestReader from the text) and on the action routes (read by Funqy's parser through the
 * same deserializer). Each answer is compared whole, its hint included, except where the hint gives a position in
 * the body (the {@code POST /} body has its {@code action} field more).
 */
@QuarkusTest
class NumberGrammarTest {
    static final String H = "\"hash\":\"718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2\"";
    static final String W = "\"work\":\"2bf29ef00786a6bc\"";
    /** 70 characters: over the 64 a number may have, yet the double 1.0 (three characters) once read. */
    static final String LONG_DECIMAL = "1." + "0".repeat(67) + "1";

    /** {@code multiplier}, {@code difficulty} and {@code work} values, each as sent. */
    static final List<String> VALUES = List.of(
            "2",
            "1.5",
            "1e1",
            "1E+1",
            "0.5e-0",
            "-1",
            "0",
            "-0",
            "1e400",
            "123",
            "1e5",
            LONG_DECIMAL,
            "1" + "0".repeat(69),
            "007",
            "+1",
            ".5",
            "1.",
            "0x10",
            "NaN",
            "Infinity",
            "\"2\"",
            "\"1.5\"",
            "\"007\"",
            "\"+1\"",
            "\" 2\"",
            "\"2 \"",
            "\".5\"",
            "\"1e400\"",
            "\"" + LONG_DECIMAL + "\"",
            "\"0x10\"",
            "\"NaN\"",
            "true");

    @Test
    void everyNumberIsReadAlikeOnEveryRoute() {
        for (String value : VALUES) {
            onBothRoutes(H + "," + W + ",\"multiplier\":" + value);
            onBothRoutes(H + "," + W + ",\"difficulty\":" + value);
            onBothRoutes(H + ",\"work\":" + value);
        }
    }

    @Test
    void aNumberLongerThanTheLimitIsRefusedOnEveryRoute() {
        for (String path : List.of("/", "/work_validate")) {
            Map<String, String> a =
                    WorkGenerateTest.post(path, body(path, H + "," + W + ",\"multiplier\":" + LONG_DECIMAL));
            assertEquals("Request too large", a.get("error"), path + ": " + a);
        }
    }

    static String body(String path, String fields) {
        return "{" + (path.equals("/") ? "\"action\":\"work_validate\"," : "") + fields + "}";
    }

    static void onBothRoutes(String fields) {
        Map<String, String> root = new HashMap<>(WorkGenerateTest.post("/", body("/", fields)));
        Map<String, String> route =
                new HashMap<>(WorkGenerateTest.post("/work_validate", body("/work_validate", fields)));
        if ("Unable to parse JSON".equals(root.get("error"))) {
            root.remove("hint"); // "(line 1, column N)": the POST / body is longer by its action
            route.remove("hint");
        }
        assertEquals(root, route, fields);
    }
}
