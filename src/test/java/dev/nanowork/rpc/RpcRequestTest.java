package dev.nanowork.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.support.Vectors;
import dev.nanowork.work.Difficulty;
import java.util.List;
import java.util.Locale;
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
                h.toUpperCase(Locale.ROOT),
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

    static RpcRequest request(String field, String value) {
        return RpcRequest.parse("{\"" + field + "\":" + value + "}");
    }

    static String quoted(String text) {
        return "\"" + text + "\"";
    }

    /** nano_node's from_string_hex: 1 to 16 digits, either case, the value of the number written. */
    @Test
    void workAndDifficultyAreOneToSixteenHexDigitsOfTheNumber() {
        Map<String, Long> accepted = new java.util.LinkedHashMap<>();
        accepted.put("1", 1L); // one digit: work 0x1
        accepted.put("0", 0L);
        accepted.put("F", 15L);
        accepted.put("fffffff8", 0xfffffff8L);
        accepted.put("000000000000000a", 10L); // 16 digits with the leading zeros written
        accepted.put("2b3d689bbcb21dca", 0x2b3d689bbcb21dcaL);
        accepted.put("2B3D689bbcb21DCA", 0x2b3d689bbcb21dcaL); // either case, mixed
        accepted.put("ffffffffffffffff", -1L);
        accepted.put("FFFFFFFFFFFFFFFF", -1L);
        for (Map.Entry<String, Long> e : accepted.entrySet()) {
            assertEquals(
                    e.getValue(), request("work", quoted(e.getKey())).work().value(), e.getKey());
            assertEquals(
                    Optional.of(new Difficulty(e.getValue())),
                    request("difficulty", quoted(e.getKey())).difficulty(),
                    e.getKey());
        }
        // A JSON number is read as the digits written, as nano_node's property tree keeps them: 123 is 0x123.
        assertEquals(0x123L, request("work", "123").work().value());
        assertEquals(
                Optional.of(new Difficulty(0x1234567890123456L)),
                request("difficulty", "1234567890123456").difficulty());
        // Printed back as 16 lowercase digits.
        assertEquals("0000000000000001", request("work", quoted("1")).work().toString());
        assertEquals(
                "000000000000000a",
                request("difficulty", quoted("A")).difficulty().orElseThrow().toString());
    }

    /** Each refused edge, with the exact hint; the reasons for refusing nano_node's stream accidents: Hex#u64Number. */
    @Test
    void everyOtherWorkOrDifficultyIsRefusedSayingWhy() {
        String notHex = " is not a hex digit (no 0x prefix, sign or space)";
        Map<String, String> refused = new java.util.LinkedHashMap<>();
        refused.put("", "was empty"); // nano_node: error
        refused.put("00000000000000001", "was '00000000000000001' (17 characters): it has over 16 characters");
        refused.put("2b3d689bbcb21dca0", "was '2b3d689bbcb21dca0' (17 characters): it has over 16 characters");
        refused.put(" 1", "was ' 1' (2 characters): character 1" + notHex); // nano_node skips leading space
        refused.put("1 ", "was '1 ' (2 characters): character 2" + notHex); // nano_node: error
        refused.put("\\t1", "was '\t1' (2 characters): character 1" + notHex);
        refused.put("-1", "was '-1' (2 characters): character 1" + notHex); // nano_node: 0xffffffffffffffff
        refused.put("+1", "was '+1' (2 characters): character 1" + notHex); // nano_node: 1
        refused.put("0x1f", "was '0x1f' (4 characters): character 2" + notHex); // nano_node: 0x1f
        refused.put("0X1F", "was '0X1F' (4 characters): character 2" + notHex);
        refused.put("0x", "was '0x' (2 characters): character 2" + notHex); // nano_node: 0 (fail bit unchecked)
        refused.put("-", "was '-' (1 characters): character 1" + notHex); // nano_node: 0
        refused.put(" ", "was ' ' (1 characters): character 1" + notHex); // nano_node: an unset variable
        refused.put("1g", "was '1g' (2 characters): character 2" + notHex);
        for (Map.Entry<String, String> e : refused.entrySet()) {
            RpcError work = assertThrows(
                    RpcError.class, () -> request("work", quoted(e.getKey())).work(), e.getKey());
            assertEquals(RpcError.BAD_WORK, work.error());
            assertEquals("work must be 1 to 16 hex digits, " + e.getValue(), work.hint());
            RpcError difficulty = assertThrows(
                    RpcError.class,
                    () -> request("difficulty", quoted(e.getKey())).difficulty(),
                    e.getKey());
            assertEquals(RpcError.BAD_DIFFICULTY, difficulty.error());
            assertEquals("difficulty must be 1 to 16 hex digits, " + e.getValue(), difficulty.hint());
        }
        RpcError negative =
                assertThrows(RpcError.class, () -> request("work", "-1").work());
        assertEquals("work must be 1 to 16 hex digits, was '-1' (2 characters): character 1" + notHex, negative.hint());
        RpcError missing =
                assertThrows(RpcError.class, () -> RpcRequest.parse("{}").work());
        assertEquals("work is required: 1 to 16 hex digits", missing.hint());
    }

    /** nano_node's block_hash decode_hex would read 1 to 64 digits; this endpoint takes the full 64 (Root#parse). */
    @Test
    void aHashIsExactly64HexDigits() {
        String h = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
        for (String bad : List.of(h.substring(1), h + "0", "1", "0x" + h.substring(2), " " + h.substring(1))) {
            RpcError e = assertThrows(
                    RpcError.class, () -> request("hash", quoted(bad)).hash(), bad);
            assertEquals(RpcError.INVALID_BLOCK_HASH, e.error(), bad);
            assertEquals(true, e.hint().startsWith("hash must be 64 hex digits, was "), e.hint());
        }
    }

    /** Both readings (POST / from text, a function's input through Funqy's mapper) take a repeated key's first value. */
    @Test
    void aRepeatedKeyIsReadAtItsFirstOccurrenceOnBothPaths() throws Exception {
        ObjectMapper funqy = new ObjectMapper();
        for (java.util.function.Function<String, RpcRequest> path :
                List.<java.util.function.Function<String, RpcRequest>>of(RpcRequest::parse, body -> {
                    try {
                        return RpcRequest.of(funqy.readValue(body, RpcRequest.class));
                    } catch (java.io.IOException e) {
                        throw new AssertionError(e);
                    }
                })) {
            assertEquals(
                    1L, path.apply("{\"work\":\"1\",\"work\":\"2\"}").work().value());
            assertEquals(
                    2L, path.apply("{\"work\":\"2\",\"work\":\"1\"}").work().value());
            assertEquals(
                    1L, path.apply("{\"work\":\"1\",\"work\":\"zz\"}").work().value());
            assertEquals(
                    RpcError.BAD_WORK,
                    assertThrows(
                                    RpcError.class,
                                    () -> path.apply("{\"work\":\"zz\",\"work\":\"1\"}")
                                            .work())
                            .error());
            // A null first occurrence is an absent field, as nano_node's "null" text would not be a work either.
            assertEquals(
                    "work is required: 1 to 16 hex digits",
                    assertThrows(
                                    RpcError.class,
                                    () -> path.apply("{\"work\":null,\"work\":\"1\"}")
                                            .work())
                            .hint());
            assertEquals(
                    "work_validate",
                    path.apply("{\"action\":\"work_validate\",\"action\":\"x\"}")
                            .action());
            String deep = "[".repeat(17) + "]".repeat(17);
            for (String over : List.of(deep, quoted("f".repeat(RequestLimits.STRING_CHARS + 1)))) {
                RpcError e = assertThrows(RpcError.class, () -> path.apply("{\"work\":\"1\",\"work\":" + over + "}"));
                assertEquals(RpcError.TOO_LARGE, e.error());
            }
            // Just within the limits, the repeated value is read and dropped.
            String within = "[".repeat(15) + "]".repeat(15);
            assertEquals(
                    1L,
                    path.apply("{\"work\":\"1\",\"work\":" + within + "}")
                            .work()
                            .value());
        }
    }

    /** A JSON number is read by the characters it was written with, as nano_node's property tree keeps them. */
    @Test
    void aJsonNumberIsReadAsItsText() {
        assertEquals(
                0x1e5L, RpcRequest.parse("{\"work\": 1e5}").work().value(), "Jackson's 100000.0 would be Bad work");
        assertEquals(0x1E5L, RpcRequest.parse("{\"work\": 1E5}").work().value());
        assertEquals(new Difficulty(0x12L), difficultyOf("\"difficulty\": 12").orElseThrow());
        assertEquals(
                RpcError.BAD_WORK,
                assertThrows(
                                RpcError.class,
                                () -> RpcRequest.parse("{\"work\": 1.50}").work())
                        .error());
        // A tree read elsewhere (no texts kept) falls back to the number's own text.
        assertEquals(
                0x12L,
                RpcRequest.of(new ObjectMapper().createObjectNode().put("work", 12))
                        .work()
                        .value());
    }
}
