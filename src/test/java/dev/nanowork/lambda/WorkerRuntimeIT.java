package dev.nanowork.lambda;

import static dev.nanowork.lambda.RuntimeAnswers.JSON;
import static dev.nanowork.lambda.RuntimeAnswers.workValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.fanout.WorkerTask;
import dev.nanowork.fanout.WorkerTasks;
import dev.nanowork.share.Asker;
import dev.nanowork.share.DynamoWorkRecords;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.support.Dynalite;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fan-out's worker as Lambda runs it: function.zip under the real runtime interface client with the handler and
 * the environment the Terraform gives the worker function (serve = worker: {@code WorkerHandler}, the fan-out's
 * table), the credentials an on-demand function gets in its environment, and the records in dynalite through the
 * SDK's {@code AWS_ENDPOINT_URL_DYNAMODB}. A task finds and records its work; a late task whose search is over exits
 * without searching; a forged task is a function error and no search.
 */
class WorkerRuntimeIT {
    static Dynalite dynalite;
    static String table;
    static DynamoWorkRecords records;

    @BeforeAll
    static void start() throws Exception {
        TaskRoot.unzip();
        dynalite = Dynalite.start();
        table = dynalite.workTable();
        records = new DynamoWorkRecords(dynalite.client(), table);
    }

    @AfterAll
    static void stop() {
        if (dynalite != null) dynalite.close();
    }

    @Test
    void theWorkerFunctionSearchesRecordsAndRefusesAForgedTask() throws Exception {
        Map<String, String> environment = new java.util.HashMap<>(WorkerLaunch.environment(table, dynalite.endpoint()));
        environment.put("AWS_LAMBDA_LOG_GROUP_NAME", "/aws/lambda/nano-work-x86_64-worker");
        try (Launch launch = WorkerLaunch.start("worker", environment)) {
            double initSeconds = launch.awaitInit();

            Root root = randomRoot();
            Difficulty receive = Difficulty.RECEIVE;
            String searchId = UUID.randomUUID().toString();
            long now = System.currentTimeMillis();
            WorkRecords.Claim claim = records.claim(
                    WorkRecord.claimed(
                            root,
                            searchId,
                            Set.of(new Asker("198.51.100.7", receive)),
                            1,
                            now + 25_000,
                            now / 1000 + 3600),
                    now);
            assertTrue(claim instanceof WorkRecords.Claim.Claimed, "the generate function's record: " + claim);
            String task = WorkerTasks.write(new WorkerTask(root, receive, searchId, 1L << 40, now + 25_000));
            RuntimeApiEmulator.Outcome found = launch.invoke(task);
            assertEquals("response", found.kind(), found.body() + "\n" + launch.output());
            JsonNode answer = JSON.readTree(found.body());
            assertEquals("found", answer.path("outcome").asText(), found.body());
            String work = answer.path("work").asText();
            String hash = HexFormat.of().withUpperCase().formatHex(root.bytes());
            assertTrue(
                    Long.compareUnsigned(workValue(hash, work), receive.threshold()) >= 0,
                    "the worker's work " + work + " is valid at the receive threshold");
            WorkRecord recorded = records.read(root).orElseThrow();
            assertEquals(WorkRecord.State.FOUND, recorded.state(), "the find is recorded: " + recorded);
            assertEquals(work, recorded.work().orElseThrow().toString(), "the record holds the worker's work");

            // Lambda may deliver an invocation twice: the search is over, so the late one searches nothing.
            RuntimeApiEmulator.Outcome late = launch.invoke(task);
            assertEquals("{\"outcome\":\"stopped\"}", late.body(), "a late task of a found record");
            assertTrue(late.nanos() < 2_000_000_000L, "the late task exits at once: " + late.nanos() / 1e6 + " ms");
            launch.assertCleanOutput();
            List<JsonNode> lines = RuntimeAnswers.records(launch.output());
            assertEquals(2, lines.size(), "one record per invocation: " + lines);
            assertEquals(
                    "found", lines.get(0).path("outcome").asText(), lines.get(0).toString());
            assertEquals(
                    "stopped",
                    lines.get(1).path("outcome").asText(),
                    lines.get(1).toString());
            for (JsonNode line : lines) {
                assertEquals("worker", line.path("Action").asText(), line.toString());
                assertEquals(searchId, line.path("search_id").asText(), line.toString());
                assertEquals(root.toString(), line.path("root").asText(), line.toString());
            }
            assertTrue(lines.get(0).path("Attempts").asLong() > 0, lines.get(0).toString());
            assertEquals(1, lines.get(0).path("Found").asInt(), lines.get(0).toString());
            assertEquals(1, lines.get(0).path("ColdStart").asInt(), "the environment's first record");
            // The worker writes no log line of its own per invocation (its record says it all); that each log line
            // names its invocation is LambdaRuntimeIT's check, on the access log's lines.
            // java.util.logging's own console format, two lines a record, is what a logger made before Quarkus gets
            assertFalse(
                    launch.output().lines().anyMatch(l -> l.matches("\\w{3} \\d{1,2}, \\d{4} .* dev\\.nanowork\\..*")),
                    "a two-line java.util.logging record:\n" + launch.output());

            // A payload the generate function never writes: an error for the invoker, and no search.
            RuntimeApiEmulator.Outcome forged = launch.invoke("{\"root\":\"" + hash + "\",\"difficulty\":\"0\"}");
            assertEquals("error", forged.kind(), "a forged task is a function error: " + forged.body());
            assertEquals(
                    work,
                    records.read(root).orElseThrow().work().orElseThrow().toString(),
                    "the forged task changed nothing");
            // The runtime client's report of the exception the handler threw: one line, the stack trace inside.
            List<JsonNode> traces = LogLines.assertJson(launch.output()).stream()
                    .filter(n -> n.toString().contains("WorkerRefusal"))
                    .toList();
            assertEquals(1, traces.size(), launch.output());
            assertEquals(
                    "ERROR", traces.get(0).path("level").asText(), traces.get(0).toString());
            launch.stop();
            System.out.printf(
                    java.util.Locale.ROOT,
                    "worker under the runtime client: init %.2f s, receive-difficulty task found in %.2f s, late task %.0f ms%n",
                    initSeconds,
                    found.nanos() / 1e9,
                    late.nanos() / 1e6);
        }
    }

    static Root randomRoot() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return Root.of(bytes);
    }
}
