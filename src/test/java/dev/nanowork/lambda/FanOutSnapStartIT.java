package dev.nanowork.lambda;

import static dev.nanowork.lambda.RuntimeAnswers.EVENTS;
import static dev.nanowork.lambda.RuntimeAnswers.JSON;
import static dev.nanowork.lambda.RuntimeAnswers.assertValidWork;
import static dev.nanowork.lambda.RuntimeAnswers.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nanowork.share.DynamoWorkRecords;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.support.ContainerCredentialsStandIn;
import dev.nanowork.support.Dynalite;
import dev.nanowork.support.LambdaInvokeStandIn;
import dev.nanowork.support.SsmStandIn;
import dev.nanowork.work.Root;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fan-out end to end as AWS runs it: the generate function from {@code function.zip} under the real runtime client
 * as a SnapStart function (container credentials, no key variables), its records in dynalite through {@code
 * AWS_ENDPOINT_URL_DYNAMODB}, its workers invoked through {@link LambdaInvokeStandIn} ({@code AWS_ENDPOINT_URL_LAMBDA},
 * SigV4 with the role's credentials, reserved concurrency 1), behind which a second runtime process runs the worker
 * function ({@link WorkerRuntimeIT}'s). A search expected past the target invokes workers (one runs, the other is
 * throttled: the search goes on with fewer); the answer is a valid work, the record holds the first find; the worker
 * stops with the search; the same request again is answered from the record with no search and no invoke. Nothing is called
 * during INIT.
 */
class FanOutSnapStartIT {
    static final String AUTHORIZATION_TOKEN = "container-authorization-token-7c1d";
    static final SsmStandIn.Issued ROLE =
            new SsmStandIn.Issued("ASIAGENERATEROLE001", "generate-role-secret", "generate-role-session-token");
    /** Epoch 1's threshold: 2^26 attempts expected, about a second on one thread here. */
    static final String DIFFICULTY = "ffffffc000000000";

    @BeforeAll
    static void unzip() throws Exception {
        TaskRoot.unzip();
    }

    @Test
    void aLongSearchInvokesWorkersStopsThemAtTheFindAndARetryIsAnsweredFromTheRecord() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        try (Dynalite dynalite = Dynalite.start()) {
            String table = dynalite.workTable();
            Map<String, String> shared = Map.of(
                    "NANO_WORK_FAN_OUT_TABLE", table,
                    "NANO_WORK_FAN_OUT_POLL_INTERVAL", "50ms",
                    "NANO_WORK_FAN_OUT_RECORD_TTL", "60m",
                    "NANO_WORK_THREADS", "1",
                    "AWS_ENDPOINT_URL_DYNAMODB", dynalite.endpoint().toString());
            Map<String, String> workerEnv = new HashMap<>(WorkerLaunch.environment(table, dynalite.endpoint()));
            workerEnv.put("NANO_WORK_THREADS", "1");
            AtomicLong workerReturned = new AtomicLong();
            AtomicReference<LambdaInvokeStandIn> self = new AtomicReference<>();
            try (Launch worker = WorkerLaunch.start("fan-out worker", workerEnv);
                    LambdaInvokeStandIn lambda = new LambdaInvokeStandIn(
                            "us-east-1",
                            "nano-work-x86_64-worker",
                            "live",
                            1,
                            Duration.ofSeconds(28),
                            (payload, ms) -> {
                                // The running worker holds the one slot until the second invoke was throttled (up
                                // to 2 s), so that the throttle is seen however soon the search ends.
                                long until = System.nanoTime() + 2_000_000_000L;
                                while (!throttled(self.get()) && System.nanoTime() < until) Thread.sleep(5);
                                RuntimeApiEmulator.Outcome outcome =
                                        worker.invoke(new String(payload, StandardCharsets.UTF_8));
                                workerReturned.set(System.nanoTime());
                                if (!outcome.kind().equals("response")) throw new IllegalStateException(outcome.body());
                                return outcome.body();
                            });
                    ContainerCredentialsStandIn credentials =
                            new ContainerCredentialsStandIn(AUTHORIZATION_TOKEN, ROLE)) {
                self.set(lambda);
                worker.awaitInit();
                lambda.issue(ROLE);
                Map<String, String> env = new HashMap<>(shared);
                env.putAll(Map.of(
                        "NANO_WORK_FAN_OUT_WORKER", lambda.qualifiedArn(),
                        "NANO_WORK_FAN_OUT_TARGET", "100ms",
                        "NANO_WORK_FAN_OUT_MAX_WORKERS", "2",
                        "AWS_ENDPOINT_URL_LAMBDA", lambda.endpoint(),
                        "AWS_LAMBDA_INITIALIZATION_TYPE", "snap-start",
                        "AWS_LAMBDA_FUNCTION_VERSION", "7",
                        "AWS_LAMBDA_LOG_GROUP_NAME", "",
                        "AWS_LAMBDA_LOG_STREAM_NAME", "",
                        "AWS_CONTAINER_CREDENTIALS_FULL_URI", credentials.fullUri(),
                        "AWS_CONTAINER_AUTHORIZATION_TOKEN", AUTHORIZATION_TOKEN));
                try (Launch generate = Launch.start(
                        "fan-out generate snapstart",
                        java,
                        "x86_64",
                        "both",
                        10240,
                        Launch.SNAPSTART_FLAGS,
                        null,
                        true,
                        env)) {
                    generate.api.awaitCheckpoint(Duration.ofMinutes(2), generate.process);
                    assertEquals(0, credentials.served(), "no credentials fetched during INIT");
                    assertEquals(List.of(), lambda.seen(), "no worker invoked during INIT");
                    generate.api.restore();

                    String hash = randomHash();
                    long asked = System.nanoTime();
                    JsonNode answer = generate(generate, hash);
                    long answered = System.nanoTime();
                    assertValidWork(answer, hash, DIFFICULTY);
                    WorkRecord record = new DynamoWorkRecords(dynalite.client(), table)
                            .read(Root.parse(hash))
                            .orElseThrow();
                    assertEquals(WorkRecord.State.FOUND, record.state(), "the find is recorded: " + record);
                    // The first find wins the record; a find by this execution a moment later is still answered here.
                    String recorded = record.work().orElseThrow().toString();
                    assertTrue(
                            Long.compareUnsigned(
                                            RuntimeAnswers.workValue(hash, recorded),
                                            Long.parseUnsignedLong(DIFFICULTY, 16))
                                    >= 0,
                            "the recorded work " + recorded + " is valid");

                    // The worker stops with the search: its invoke returns within a poll or so of the answer.
                    long stopBy = answered + 2_000_000_000L;
                    while (lambda.seen().size() < 2 && System.nanoTime() < stopBy) Thread.sleep(5);
                    List<LambdaInvokeStandIn.Seen> invoked = lambda.seen();
                    assertEquals(2, invoked.size(), "two workers asked for: " + invoked);
                    assertTrue(
                            invoked.stream().anyMatch(s -> s.outcome().equals("TooManyRequestsException"))
                                    && invoked.stream()
                                            .anyMatch(s -> s.outcome().equals("ok")),
                            "one worker ran, the other was throttled, and the search went on: " + invoked);
                    long stopLagMillis = (workerReturned.get() - answered) / 1_000_000;
                    assertTrue(
                            stopLagMillis < 2_000,
                            "the worker stopped " + stopLagMillis + " ms after the answer (poll every 50 ms)");

                    long again = System.nanoTime();
                    JsonNode retry = generate(generate, hash);
                    long retryMillis = (System.nanoTime() - again) / 1_000_000;
                    assertEquals(recorded, retry.path("work").asText(), "the retry is answered from the record");
                    assertEquals(2, lambda.seen().size(), "and invokes no worker");
                    assertTrue(credentials.served() >= 1, "the SDK's default chain took the container credentials");
                    assertEquals(0, credentials.refused(), "every credentials request carried the token");

                    generate.stop();
                    generate.assertCleanOutput();
                    worker.stop();
                    worker.assertCleanOutput();
                    System.out.printf(
                            Locale.ROOT,
                            "fan-out under the runtime client (SnapStart generate + 1 worker, 1 thread each): epoch-1"
                                    + " work in %.2f s, worker returned %d ms after the answer, retry from the"
                                    + " record %d ms; invokes %s%n",
                            (answered - asked) / 1e9,
                            stopLagMillis,
                            retryMillis,
                            invoked);
                }
            }
        }
    }

    static boolean throttled(LambdaInvokeStandIn lambda) {
        return lambda != null
                && lambda.seen().stream().anyMatch(s -> s.outcome().equals("TooManyRequestsException"));
    }

    static JsonNode generate(Launch launch, String hash) throws Exception {
        ObjectNode event = (ObjectNode)
                JSON.readTree(EVENTS.resolve("work_generate-route.json").toFile());
        ((ObjectNode) event.path("headers")).remove("content-length");
        event.put(
                "body",
                "{\"action\":\"work_generate\",\"hash\":\"" + hash + "\",\"difficulty\":\"" + DIFFICULTY + "\"}");
        return body(launch.invokeJson(event.toString(), "work_generate"));
    }

    static String randomHash() {
        byte[] root = new byte[32];
        new SecureRandom().nextBytes(root);
        return HexFormat.of().withUpperCase().formatHex(root);
    }
}
