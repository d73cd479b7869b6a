package dev.nanowork.lambda;

import static dev.nanowork.lambda.RuntimeAnswers.EVENTS;
import static dev.nanowork.lambda.RuntimeAnswers.JSON;
import static dev.nanowork.lambda.RuntimeAnswers.body;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nanowork.fanout.WorkerTask;
import dev.nanowork.fanout.WorkerTasks;
import dev.nanowork.share.DynamoWorkRecords;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.support.Dynalite;
import dev.nanowork.support.InvokeFunctionError;
import dev.nanowork.support.LambdaInvokeStandIn;
import dev.nanowork.support.SsmStandIn;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link FanOutFaultsIT}'s and {@link ObservedRecordsIT}'s processes: two generate executions and three worker executions from {@code function.zip}
 * under the real runtime client, the workers behind {@link LambdaInvokeStandIn}, the records in dynalite; and the
 * test's view of them.
 */
final class FanOutCluster {
    private FanOutCluster() {}

    static final SsmStandIn.Issued ROLE =
            new SsmStandIn.Issued("ASIAGENERATEROLE002", "generate-role-secret", "generate-role-session-token");
    /** Epoch 1's threshold: 2^26 attempts expected. */
    static final String EPOCH_1 = "ffffffc000000000";
    /** 2^27 attempts expected: long enough that a duplicate or a kill arrives while it runs. */
    static final String LONGER = "ffffffe000000000";
    /** 2^40 attempts expected: found by no one within the test; only a cancel ends it. */
    static final String NEVER = "ffffffffff000000";

    static final String WALLET = "203.0.113.7";
    static final String STRANGER = "198.51.100.9";
    /** One of CloudFront's origin-facing addresses: API Gateway's sourceIp of every request through the edge. */
    static final String EDGE = "130.176.44.12";
    /** The generate executions' origin secret, as the edge function sends it (infra/edge-keys.sh). */
    static final String ORIGIN_SECRET = "faults-origin-secret-5f1c0e9a7b3d2468ace";

    static final Duration STOPPED_WITHIN = Duration.ofSeconds(2);

    static Dynalite dynalite;
    static WorkRecords records;
    static LambdaInvokeStandIn lambda;
    static Launch generate;
    static Launch other;
    static final List<Launch> workers = new ArrayList<>();
    static final BlockingQueue<Launch> idle = new LinkedBlockingQueue<>();
    /** When each worker invocation returned (nanoTime), in order. */
    static final List<Long> returned = new CopyOnWriteArrayList<>();

    static final AtomicInteger dispatched = new AtomicInteger();

    static final AtomicBoolean killNext = new AtomicBoolean();

    static void start() throws Exception {
        TaskRoot.unzip();
        dynalite = Dynalite.start();
        String table = dynalite.workTable();
        records = new DynamoWorkRecords(dynalite.client(), table);
        for (int i = 0; i < 3; i++) {
            Map<String, String> env = new HashMap<>(WorkerLaunch.environment(table, dynalite.endpoint()));
            env.put("NANO_WORK_THREADS", "1");
            env.put("NANO_WORK_MAX_DIFFICULTY", NEVER);
            Launch worker = WorkerLaunch.start("faults worker " + i, env);
            workers.add(worker);
            worker.awaitNativeClient();
        }
        lambda = new LambdaInvokeStandIn(
                "us-east-1", "nano-work-x86_64-worker", "live", 3, Duration.ofSeconds(28), FanOutCluster::runWorker);
        lambda.issue(ROLE);
        Map<String, String> env = new HashMap<>();
        env.putAll(Map.of(
                "NANO_WORK_FAN_OUT_TABLE",
                table,
                "NANO_WORK_FAN_OUT_POLL_INTERVAL",
                "50ms",
                "NANO_WORK_FAN_OUT_RECORD_TTL",
                "60m",
                "NANO_WORK_FAN_OUT_WORKER",
                lambda.qualifiedArn(),
                "NANO_WORK_FAN_OUT_TARGET",
                "100ms",
                "NANO_WORK_FAN_OUT_MAX_WORKERS",
                "3",
                "NANO_WORK_THREADS",
                "1",
                "NANO_WORK_MAX_DIFFICULTY",
                NEVER,
                "AWS_ENDPOINT_URL_DYNAMODB",
                dynalite.endpoint().toString(),
                "AWS_ENDPOINT_URL_LAMBDA",
                lambda.endpoint()));
        env.putAll(Map.of(
                "AWS_ACCESS_KEY_ID", ROLE.accessKeyId(),
                "AWS_SECRET_ACCESS_KEY", ROLE.secretKey(),
                "AWS_SESSION_TOKEN", ROLE.sessionToken(),
                "NANO_WORK_AUTH_ORIGIN_SECRET", ORIGIN_SECRET));
        generate = Launch.start(
                "faults generate", java(), "x86_64", "generate", 10240, Launch.LEVEL_1_FLAGS, null, true, env);
        generate.awaitNativeClient();
        other = Launch.start(
                "faults generate other", java(), "x86_64", "generate", 10240, Launch.LEVEL_1_FLAGS, null, true, env);
        for (Launch w : workers) {
            w.awaitInit();
            idle.add(w);
        }
        generate.awaitInit();
        other.awaitInit();
        warmUp();
    }

    /**
     * One call through each process's DynamoDB client before the tests, as an environment is after its first invoke: a
     * JVM's first SDK call loads and links the client's request path, which here, five JVMs on 2 cores, took 1.4 to 2.6
     * s, past the records' 1.5 s call timeout (a worker refused its first task, "record unavailable, no search", and
     * the first test failed once in ten runs). Each worker stops at once on a task whose root has no record; each
     * generate execution withdraws from a root nobody searches. A worker's call may still time out; it was made.
     */
    private static void warmUp() throws Exception {
        for (Launch worker : workers) {
            long now = System.currentTimeMillis();
            Root root = Root.parse(FanOutSnapStartIT.randomHash());
            String search = UUID.randomUUID().toString();
            RuntimeApiEmulator.Outcome warm = worker.invoke(
                    WorkerTasks.write(new WorkerTask(root, Difficulty.parse(EPOCH_1), search, 0, now + 25_000)));
            assertTrue(
                    warm.body().contains("\"stopped\"") || warm.body().contains("record unavailable"),
                    "the warm-up task reached the record: " + warm.body());
        }
        for (Launch execution : List.of(generate, other)) {
            var unused = ask(execution, "work_cancel", FanOutSnapStartIT.randomHash(), null, WALLET);
        }
    }

    /** Stops every process and forgets them, so that another test class may start the cluster again. */
    static void stop() {
        for (Launch l : workers) l.close();
        if (generate != null) generate.close();
        if (other != null) other.close();
        if (lambda != null) lambda.close();
        if (dynalite != null) dynalite.close();
        workers.clear();
        idle.clear();
        returned.clear();
        dispatched.set(0);
        killNext.set(false);
    }

    /**
     * The worker function's code behind the Invoke stand-in: an idle worker process runs the task. When a kill is
     * asked for, the process is killed 150 ms into its run and the invoke fails as Lambda fails one whose runtime died.
     */
    static String runWorker(byte[] payload, long remainingMillis) throws Exception {
        Launch worker = idle.poll(5, TimeUnit.SECONDS);
        if (worker == null) throw new IllegalStateException("no idle worker process");
        dispatched.incrementAndGet();
        CompletableFuture<RuntimeApiEmulator.Outcome> run = CompletableFuture.supplyAsync(() -> {
            try {
                return worker.invoke(new String(payload, StandardCharsets.UTF_8));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        if (killNext.getAndSet(false)) {
            Thread.sleep(150);
            worker.process.destroyForcibly();
            worker.process.waitFor();
            returned.add(System.nanoTime());
            throw new InvokeFunctionError(
                    "Runtime.ExitError", "RequestId: 5b2f0c1e Error: Runtime exited with error: signal: killed");
        }
        RuntimeApiEmulator.Outcome outcome = run.get(remainingMillis, TimeUnit.MILLISECONDS);
        returned.add(System.nanoTime());
        idle.add(worker);
        if (!outcome.kind().equals("response")) throw new IllegalStateException(outcome.body());
        return outcome.body();
    }

    static void awaitRecord(String hash) throws InterruptedException {
        long until = System.nanoTime() + 10_000_000_000L;
        while (records.read(Root.parse(hash)).isEmpty() && System.nanoTime() < until) Thread.sleep(10);
    }

    static WorkRecord record(String hash) {
        return records.read(Root.parse(hash)).orElseThrow();
    }

    static CompletableFuture<JsonNode> inBackground(
            Launch launch, String action, String hash, String difficulty, String from) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return ask(launch, action, hash, difficulty, from);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** {@code action} for {@code hash} from the viewer at {@code from}, through the edge: as on the deployed stack. */
    static JsonNode ask(Launch launch, String action, String hash, String difficulty, String from) throws Exception {
        return ask(launch, action, hash, difficulty, from, ORIGIN_SECRET);
    }

    /**
     * The same through API Gateway's event with {@code secret} in the origin header (null: none, a caller that skipped
     * the edge): every request comes from the edge's one address, {@code from} only in the edge's viewer header.
     */
    static JsonNode ask(Launch launch, String action, String hash, String difficulty, String from, String secret)
            throws Exception {
        ObjectNode event = (ObjectNode)
                JSON.readTree(EVENTS.resolve(action + "-route.json").toFile());
        ObjectNode headers = (ObjectNode) event.path("headers");
        headers.remove("content-length");
        headers.put("x-forwarded-for", from + ", " + EDGE).put("x-viewer-address", from);
        if (secret != null) headers.put("x-origin-secret", secret);
        ((ObjectNode) event.path("requestContext").path("http")).put("sourceIp", EDGE);
        ObjectNode request = JSON.createObjectNode().put("action", action).put("hash", hash);
        if (difficulty != null) request.put("difficulty", difficulty);
        event.put("body", request.toString());
        return body(launch.invokeJson(event.toString(), action));
    }

    static java.nio.file.Path java() {
        return java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java");
    }
}
