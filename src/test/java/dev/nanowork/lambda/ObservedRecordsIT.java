package dev.nanowork.lambda;

import static dev.nanowork.lambda.FanOutCluster.EDGE;
import static dev.nanowork.lambda.FanOutCluster.EPOCH_1;
import static dev.nanowork.lambda.FanOutCluster.WALLET;
import static dev.nanowork.lambda.FanOutCluster.ask;
import static dev.nanowork.lambda.FanOutCluster.generate;
import static dev.nanowork.lambda.FanOutCluster.lambda;
import static dev.nanowork.lambda.FanOutCluster.workers;
import static dev.nanowork.lambda.RuntimeAnswers.assertValidWork;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.support.LambdaInvokeStandIn;
import dev.nanowork.work.Difficulty;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 42 under the real runtime client: the generate function and three workers (dynalite, the Invoke stand-in),
 * each request and each worker invocation one JSON record on stdout whose EMF metrics pass CloudWatch's specification
 * ({@link RuntimeAnswers#records}) and say what happened: the workers the stand-in ran, the search they shared, the
 * work found and by whom, the record table's calls, who asked. The records are kept in target/observe/records.jsonl,
 * which infra/dashboard.sh draws.
 */
class ObservedRecordsIT {
    static final Path RECORDS = Path.of("target/observe/records.jsonl");

    @BeforeAll
    static void start() throws Exception {
        FanOutCluster.start();
    }

    @AfterAll
    static void stop() {
        FanOutCluster.stop();
    }

    @Test
    void eachRequestAndEachWorkerInvocationWritesOneRecordThatSaysWhatHappened() throws Exception {
        int before = lambda.seen().size();
        String hash = FanOutSnapStartIT.randomHash();
        JsonNode answer = ask(generate, "work_generate", hash, EPOCH_1, WALLET);
        assertValidWork(answer, hash, EPOCH_1);
        List<LambdaInvokeStandIn.Seen> invoked = RuntimeAnswers.awaitSeen(lambda, before + 3);
        Thread.sleep(300); // each worker's record is written as it returns
        JsonNode validated = ask(generate, "work_validate", hash, null, WALLET);
        JsonNode skipped = ask(generate, "work_generate", hash, EPOCH_1, WALLET, null);
        assertEquals(RpcError.NOT_THROUGH_EDGE, skipped.path("error").asText(), skipped.toString());

        Set<String> asked = Set.of("work_generate", "work_validate", "unknown"); // not the warm-up's work_cancel
        List<JsonNode> requests =
                awaitRecords(generate, r -> asked.contains(r.path("Action").asText()), 3);
        JsonNode generated =
                only(requests, r -> "work_generate".equals(r.path("Action").asText()));
        String searchId = generated.path("search_id").asText();
        assertEquals(WALLET, generated.path("viewer").asText(), "the viewer the edge vouched for");
        assertEquals(
                answer.path("difficulty").asText(),
                generated.path("difficulty_reached").asText());
        assertEquals(EPOCH_1, generated.path("difficulty_asked").asText());
        assertEquals(invoked.size() - before, generated.path("WorkersAsked").asInt(), "workers the stand-in ran");
        assertTrue(generated.path("RecordWrites").asInt() >= 1, "the claim at least: " + generated);
        // Its watch reads the record every 50 ms, on a thread of its own: a lucky find in a few intervals, with the
        // search threads of five executions on two cores, may come before the first read (CI saw 0 reads at 183 ms).
        assertTrue(
                generated.path("RecordReads").asInt() >= 1
                        || generated.path("wall_ms").asDouble() < 1000,
                "a search of a second or more read its record: " + generated);
        assertTrue(generated.path("Latency").asDouble() > 0, generated.toString());

        JsonNode validation =
                only(requests, r -> "work_validate".equals(r.path("Action").asText()));
        // As the answer went: answered, or refused with the answer's error.
        if (validated.has("error")) {
            assertEquals("refused", validation.path("outcome").asText(), validated.toString());
            assertEquals(
                    validated.path("error").asText(), validation.path("why").asText());
        } else {
            assertEquals("answered", validation.path("outcome").asText(), validated.toString());
        }
        assertEquals("x86_64", generated.path("Variant").asText(), "on Lambda unset: the architecture");
        JsonNode refused = only(requests, r -> "unknown".equals(r.path("Action").asText()));
        assertEquals("refused", refused.path("outcome").asText());
        assertEquals(RpcError.NOT_THROUGH_EDGE, refused.path("why").asText());
        assertEquals(EDGE, refused.path("viewer").asText(), "without the secret, the header is not believed");

        List<JsonNode> searched = new ArrayList<>();
        for (Launch worker : workers)
            searched.addAll(RuntimeAnswers.records(worker.output()).stream()
                    .filter(r -> searchId.equals(r.path("search_id").asText()))
                    .toList());
        assertEquals(3, searched.size(), "one record per worker invocation: " + searched);
        long finders = Stream.concat(searched.stream(), Stream.of(generated))
                .filter(r -> r.path("Found").asInt() == 1)
                .count();
        assertTrue(finders >= 1, "the execution that found the work says so");
        for (JsonNode worker : searched) {
            assertEquals("worker", worker.path("Action").asText());
            assertTrue(
                    Set.of("found", "stopped").contains(worker.path("outcome").asText()), worker.toString());
            assertTrue(worker.path("RecordReads").asInt() >= 1, "its first read of the record: " + worker);
            if (worker.path("Found").asInt() == 1) {
                assertTrue(worker.path("Attempts").asLong() > 0, "a find took attempts: " + worker);
                assertTrue(worker.path("RecordWrites").asInt() >= 1, "the find was offered: " + worker);
                // The found work's difficulty, which reaches what was asked.
                assertTrue(worker.has("difficulty_reached"), worker.toString());
                assertTrue(
                        Difficulty.parse(EPOCH_1)
                                .isReachedBy(Long.parseUnsignedLong(
                                        worker.path("difficulty_reached").asText(), 16)),
                        worker.toString());
            }
        }
        keep();
    }

    /** Every record of the run, for infra/dashboard.sh and the closing note's quotes. */
    private static void keep() throws Exception {
        Files.createDirectories(RECORDS.getParent());
        List<String> lines = new ArrayList<>();
        for (Launch launch :
                Stream.concat(Stream.of(generate), workers.stream()).toList())
            for (JsonNode r : RuntimeAnswers.records(launch.output())) lines.add(r.toString());
        Files.write(RECORDS, lines);
    }

    private static List<JsonNode> awaitRecords(Launch launch, Predicate<JsonNode> which, int count) throws Exception {
        long until = System.nanoTime() + 5_000_000_000L;
        while (true) {
            List<JsonNode> found = RuntimeAnswers.records(launch.output()).stream()
                    .filter(which)
                    .toList();
            if (found.size() >= count || System.nanoTime() > until) return found;
            Thread.sleep(20);
        }
    }

    private static JsonNode only(List<JsonNode> records, Predicate<JsonNode> which) {
        List<JsonNode> matching = records.stream().filter(which).toList();
        assertEquals(1, matching.size(), records.toString());
        return matching.getFirst();
    }
}
