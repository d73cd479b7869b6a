package dev.nanowork.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.support.LambdaInvokeStandIn;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.bouncycastle.crypto.digests.Blake2bDigest;

/**
 * The runtime's answers as API Gateway would get them, read and checked: each against the mock event server's
 * answer to the same event (recorded by ApiGatewayEventsTest), field by field but the volatile ones; generated
 * work against an independent BLAKE2b (Bouncy Castle's).
 */
final class RuntimeAnswers {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path EVENTS = Path.of("samples", "events");
    static final Path EXPECTED = TaskRoot.TARGET.resolve("mock-event-answers");
    static final String RECEIVE = "fffffe0000000000";

    /** Answer fields that differ from one run to the next; every other field must be equal. */
    static final Map<String, Set<String>> VOLATILE = Map.of(
            "work_generate", Set.of("work", "difficulty", "multiplier"),
            // started, searching or ready: where the test server's precache of the same root stood then.
            "work_precache", Set.of("precache"),
            // The tests' mock event server runs whatever kernel the test JVM (or NANO_WORK_KERNEL) gives it.
            // CPU facts: the CI matrix narrows the test JVM's vectors (-XX:MaxVectorSize), not the launched runtime's.
            "status",
                    Set.of(
                            "requests_served",
                            "searching",
                            "queued",
                            "generating",
                            "queue_size",
                            "kernel",
                            "lanes",
                            "states",
                            "threads",
                            "primed_mhs",
                            "raced_mhs",
                            "primed_full_speed",
                            "max_vector_size",
                            "preferred_vector_bits",
                            "use_avx"),
            "benchmark",
                    Set.of(
                            "seconds",
                            "attempts",
                            "mhs",
                            "available_processors",
                            "cpu_flags",
                            "cpu_model",
                            "jvm",
                            "jit_flags",
                            "kernel",
                            "lanes",
                            "states",
                            "threads",
                            "cpu_features",
                            "use_avx",
                            "max_vector_size",
                            "preferred_vector_bits"));

    private RuntimeAnswers() {}

    /** The answers the mock event server gave, recorded by ApiGatewayEventsTest in the same build. */
    static Map<String, JsonNode> expectedAnswers() throws IOException {
        assertTrue(
                Files.isDirectory(EXPECTED),
                EXPECTED + " is missing: ApiGatewayEventsTest records it in the test phase of ./mvnw verify");
        Map<String, JsonNode> expected = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(EVENTS)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString().replace(".json", "");
                Path recorded = EXPECTED.resolve(name + ".json");
                assertTrue(Files.isRegularFile(recorded), "no recorded mock event server answer for " + name);
                expected.put(name, JSON.readTree(recorded.toFile()));
            }
        }
        assertTrue(expected.size() >= 14, "events: " + expected.size());
        return expected;
    }

    /** Status, plain-text body with its Content-Type, then the body equal field by field except the volatile ones. */
    static void assertSameAnswer(String name, JsonNode expected, JsonNode response) throws IOException {
        assertEquals(
                expected.path("statusCode").asInt(), response.path("statusCode").asInt(), name + ": " + response);
        String expectedBody = decoded(expected);
        String body = response.path("body").asText("");
        if (expectedBody.isEmpty()) {
            assertTrue(decoded(response).isEmpty(), name + ": " + response);
            return;
        }
        assertFalse(
                response.path("isBase64Encoded").asBoolean(false),
                name + ": API Gateway must get a plain body: " + response);
        assertTrue(
                response.path("headers").path("Content-Type").asText().startsWith("application/json"),
                name + ": Content-Type: " + response);
        JsonNode want = JSON.readTree(expectedBody);
        JsonNode got = JSON.readTree(body);
        String action = name.substring(0, name.indexOf('-'));
        if (action.equals("work_precache") && got.has("error") && !want.has("error")) {
            // The mock event server's process keeps running after it answers, and precaches itself; a Lambda
            // execution is frozen once it has answered, and without the record-backed precache refuses, saying why.
            assertEquals(RpcError.PRECACHE_REFUSED, got.path("error").asText(), name + ": " + got);
            return;
        }
        Set<String> skip = got.has("error") ? Set.of() : VOLATILE.getOrDefault(action, Set.of());
        assertEquals(new TreeSet<>(fields(want)), new TreeSet<>(fields(got)), name + ": fields of " + got);
        for (String field : fields(want)) {
            if (!skip.contains(field))
                assertEquals(want.get(field), got.get(field), name + ": " + field + " in " + got);
        }
        if (action.equals("work_generate") && !got.has("error")) {
            JsonNode request =
                    JSON.readTree(JSON.readTree(EVENTS.resolve(name + ".json").toFile())
                            .path("body")
                            .asText());
            assertValidWork(
                    got,
                    request.path("hash").asText(),
                    request.path("difficulty").asText(RECEIVE));
        }
    }

    static String decoded(JsonNode response) {
        String body = response.path("body").asText("");
        return response.path("isBase64Encoded").asBoolean(false)
                ? new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8)
                : body;
    }

    static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    static JsonNode answer(String name, RuntimeApiEmulator.Outcome outcome) throws IOException {
        assertEquals("response", outcome.kind(), name + ": " + outcome.body());
        JsonNode response = JSON.readTree(outcome.body());
        assertEquals(200, response.path("statusCode").asInt(), name + ": " + response);
        assertFalse(response.path("isBase64Encoded").asBoolean(false), name + ": " + response);
        assertTrue(
                response.path("headers").path("Content-Type").asText().startsWith("application/json"),
                name + ": " + response);
        return JSON.readTree(response.path("body").asText());
    }

    static JsonNode body(JsonNode response) throws IOException {
        assertFalse(response.path("isBase64Encoded").asBoolean(false), response.toString());
        assertTrue(
                response.path("headers").path("Content-Type").asText().startsWith("application/json"),
                response.toString());
        return JSON.readTree(response.path("body").asText());
    }

    /** Checks {@code work} for {@code hash} reaches {@code difficulty} with an independent BLAKE2b; returns the work. */
    static String assertValidWork(JsonNode answer, String hash, String difficulty) {
        String work = answer.path("work").asText();
        assertEquals(16, work.length(), "work in " + answer);
        long value = workValue(hash, work);
        assertTrue(
                Long.compareUnsigned(value, Long.parseUnsignedLong(difficulty, 16)) >= 0,
                "work " + work + " for " + hash + " has value " + Long.toHexString(value) + " < " + difficulty);
        assertEquals(String.format("%016x", value), answer.path("difficulty").asText(), answer.toString());
        return work;
    }

    /** Nano's work value: BLAKE2b-64 of the work (little-endian) then the root, read little-endian. */
    static long workValue(String hash, String work) {
        byte[] nonce = HexFormat.of().parseHex(work);
        byte[] le = new byte[8];
        for (int i = 0; i < 8; i++) le[i] = nonce[7 - i];
        Blake2bDigest digest = new Blake2bDigest(64);
        digest.update(le, 0, 8);
        byte[] root = HexFormat.of().parseHex(hash);
        digest.update(root, 0, root.length);
        byte[] out = new byte[8];
        digest.doFinal(out, 0);
        long value = 0;
        for (int i = 7; i >= 0; i--) value = (value << 8) | (out[i] & 0xff);
        return value;
    }

    /** The records in a runtime's output (issue 42), each checked against CloudWatch's EMF specification. */
    static List<JsonNode> records(String output) throws IOException {
        List<JsonNode> records = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (!line.startsWith("{") || !line.contains("\"request_id\"")) continue;
            assertEquals(List.of(), dev.nanowork.support.EmfSpec.violations(line), line);
            records.add(JSON.readTree(line));
        }
        return records;
    }

    /** Waits (up to 5 s) until {@code lambda} has seen at least {@code n} invocations return, and gives them all. */
    static List<LambdaInvokeStandIn.Seen> awaitSeen(LambdaInvokeStandIn lambda, int n) throws InterruptedException {
        long until = System.nanoTime() + 5_000_000_000L;
        while (lambda.seen().size() < n && System.nanoTime() < until) Thread.sleep(5);
        return lambda.seen();
    }
}
