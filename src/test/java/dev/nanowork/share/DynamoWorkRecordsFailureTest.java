package dev.nanowork.share;

import static dev.nanowork.share.RecordCases.LOW;
import static dev.nanowork.share.RecordCases.now;
import static dev.nanowork.share.RecordCases.root;
import static dev.nanowork.share.RecordCases.searching;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.nanowork.support.Dynalite;
import dev.nanowork.work.Root;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the caller sees when the table fails it: always {@link RecordUnavailable} with one line naming the operation
 * and the reason, within the call timeout; a malformed item never crashes it.
 */
class DynamoWorkRecordsFailureTest {
    static Dynalite dynalite;
    static String table;
    static DynamoWorkRecords records;

    @BeforeAll
    static void start() {
        dynalite = Dynalite.start();
        table = dynalite.workTable();
        records = RecordCases.records(dynalite, table);
    }

    @AfterAll
    static void stop() {
        if (dynalite != null) dynalite.close();
    }

    /** The records as production builds them (its timeouts), at {@code endpoint}. */
    static DynamoWorkRecords at(URI endpoint) {
        return new DynamoWorkRecords(
                DynamoWorkRecords.client(DynamoDbClient.builder()
                        .endpointOverride(endpoint)
                        .region(Dynalite.REGION)
                        .credentialsProvider(Dynalite.CREDENTIALS)),
                table);
    }

    static RecordUnavailable assertUnavailable(String reason, Runnable call) {
        RecordUnavailable e = assertThrows(RecordUnavailable.class, call::run);
        assertTrue(e.getMessage().contains(reason), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e;
    }

    void planted(Root root, Consumer<Map<String, AttributeValue>> defect) {
        Map<String, AttributeValue> item = new HashMap<>(RecordItems.item(searching(root, LOW, now() + 60_000, "a")));
        defect.accept(item);
        dynalite.client().putItem(p -> p.tableName(table).item(item));
    }

    @Test
    void aMalformedItemIsUnavailableToEveryCallNeverACrashNorAClaim() {
        Map<String, Consumer<Map<String, AttributeValue>>> defects = new java.util.LinkedHashMap<>();
        defects.put(
                "difficulty is not 16 lowercase hex",
                i -> i.put("difficulty", AttributeValue.fromS("FFFFFFF800000000")));
        defects.put("state is not searching, found or cancelled", i -> i.put("state", AttributeValue.fromS("done")));
        defects.put("lease is not a number", i -> i.put("lease", AttributeValue.fromS("soon")));
        defects.put("found without a work", i -> i.put("state", AttributeValue.fromS("found")));
        defects.put("a work without its value", i -> i.put("work", AttributeValue.fromS("0000000000000001")));
        defects.put("a value without a work", i -> i.put("value", AttributeValue.fromS("0000000000000001")));
        defects.put("rev is missing", i -> i.remove("rev"));
        defects.put("workers is out of range", i -> i.put("workers", AttributeValue.fromN("-1")));
        defects.put("work is not 16 lowercase hex digits", i -> {
            i.put("state", AttributeValue.fromS("found"));
            i.put("work", AttributeValue.fromS("zz"));
            i.put("value", AttributeValue.fromS("ffffffffffffffff")); // else the claim's condition replaces it
        });
        defects.put("askers is not a string set", i -> i.put("askers", AttributeValue.fromS("10.0.0.1")));
        // The schema before each asker had its own difficulty: searched alone until it expires.
        defects.put(
                "not 'difficulty address'", i -> i.put("askers", AttributeValue.fromSs(java.util.List.of("10.0.0.1"))));
        defects.forEach((reason, defect) -> {
            Root root = root();
            planted(root, defect);
            assertUnavailable(reason, () -> records.read(root));
            assertUnavailable("malformed", () -> records.claim(searching(root, LOW, now() + 60_000, "b"), now()));
        });
    }

    @Test
    void aClosedPortIsUnavailableWithinTheCallTimeout() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        try (DynamoWorkRecords down = at(URI.create("http://127.0.0.1:" + closed))) {
            long start = System.nanoTime();
            assertUnavailable("DynamoDB GetItem on " + table, () -> down.read(root()));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertTrue(took.compareTo(DynamoWorkRecords.CALL_TIMEOUT.plusMillis(300)) < 0, "took " + took);
        }
    }

    @Test
    void aTableThatNeverAnswersIsUnavailableAtTheCallTimeout() throws Exception {
        // Accepts connections, reads nothing, answers nothing: the SDK's defaults would wait 30 s and more.
        try (ServerSocket silent = new ServerSocket(0);
                DynamoWorkRecords hung = at(URI.create("http://127.0.0.1:" + silent.getLocalPort()))) {
            long start = System.nanoTime();
            assertUnavailable("PutItem", () -> hung.claim(searching(root(), LOW, now() + 1_000, "a"), now()));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertTrue(took.compareTo(DynamoWorkRecords.CALL_TIMEOUT.minusMillis(100)) > 0, "took " + took);
            assertTrue(took.compareTo(DynamoWorkRecords.CALL_TIMEOUT.plusMillis(500)) < 0, "took " + took);
        }
    }

    @Test
    void throttlingRefusalsAndAMissingTableAreUnavailableWithinTheCallTimeout() throws Exception {
        // The SDK retries a throttle until the call timeout (which is then the reason); a refusal it does not retry
        // is given with DynamoDB's code.
        Map<String, String> reasons = Map.of(
                "ProvisionedThroughputExceededException", "UpdateItem",
                "ThrottlingException", "UpdateItem",
                "AccessDeniedException", "AccessDeniedException");
        for (String code : reasons.keySet()) {
            HttpServer refusing = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            refusing.createContext("/", x -> {
                byte[] body = ("{\"__type\":\"com.amazonaws.dynamodb.v20120810#" + code + "\",\"message\":\"no\"}")
                        .getBytes(StandardCharsets.UTF_8);
                x.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.0");
                x.sendResponseHeaders(400, body.length);
                x.getResponseBody().write(body);
                x.close();
            });
            refusing.start();
            try (DynamoWorkRecords refused =
                    at(URI.create("http://127.0.0.1:" + refusing.getAddress().getPort()))) {
                long start = System.nanoTime();
                assertUnavailable(reasons.get(code), () -> refused.offer(root(), "s", new dev.nanowork.work.Work(1)));
                Duration took = Duration.ofNanos(System.nanoTime() - start);
                assertTrue(took.compareTo(DynamoWorkRecords.CALL_TIMEOUT.plusMillis(300)) < 0, "took " + took);
            } finally {
                refusing.stop(0);
            }
        }
        try (DynamoWorkRecords missing = new DynamoWorkRecords(dynalite.client(), "no-such-table")) {
            assertUnavailable("ResourceNotFoundException", () -> missing.cancel(root(), "s"));
        }
    }
}
