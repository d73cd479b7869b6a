package dev.nanowork.worker;

import static dev.nanowork.support.WorkBodies.randomRoot;
import static dev.nanowork.worker.WorkerTestTasks.EASY;
import static dev.nanowork.worker.WorkerTestTasks.UNREACHABLE;
import static dev.nanowork.worker.WorkerTestTasks.worker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.fanout.FanOutSettings;
import dev.nanowork.fanout.LambdaWorkers;
import dev.nanowork.fanout.SharedSearch;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.observe.RequestRecord;
import dev.nanowork.search.Caller;
import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.DynamoWorkRecords;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.support.Dynalite;
import dev.nanowork.support.LambdaInvokeStandIn;
import dev.nanowork.support.ScalarBackedKernel;
import dev.nanowork.support.SsmStandIn.Issued;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One work fanned out, end to end in one JVM: the generate execution's {@link SharedSearch} on a DynamoDB table
 * (dynalite), its workers invoked through Lambda's Invoke ({@link LambdaInvokeStandIn}), each running the worker's
 * {@link WorkerSearch} on its own threads against the same table. The generate execution's own search never finds
 * (a blind kernel), so every work here came from a worker, through the record, and was checked on the way.
 */
class FanOutTest {
    static final Issued ROLE = new Issued("ASIAFANOUT", "fan-out-secret", "fan-out-session");
    static final FanOutSettings SETTINGS =
            new FanOutSettings(Duration.ofMillis(500), 3, Duration.ofMillis(20), Duration.ofHours(1));
    static final String WALLET = "192.0.2.10";

    static Dynalite dynalite;
    final SplittableRandom random = new SplittableRandom(35);
    final AtomicInteger running = new AtomicInteger();
    DynamoWorkRecords records;
    LambdaInvokeStandIn lambda;
    LambdaWorkers workers;
    WorkSearch blind;

    @BeforeAll
    static void startDynalite() {
        dynalite = Dynalite.start();
    }

    @AfterAll
    static void stopDynalite() {
        dynalite.close();
    }

    @BeforeEach
    void start() throws Exception {
        records = new DynamoWorkRecords(dynalite.client(), dynalite.workTable());
        lambda = new LambdaInvokeStandIn(
                "us-east-1", "nano-work-x86_64-worker", "live", 8, Duration.ofSeconds(30), (payload, remaining) -> {
                    running.incrementAndGet();
                    try (WorkSearch own = new WorkSearch(new ScalarKernel(), 1)) {
                        return worker(own, records).answer(payload, remaining, RequestRecord.discarded());
                    } finally {
                        running.decrementAndGet();
                    }
                });
        lambda.issue(ROLE);
        workers = new LambdaWorkers(lambda.qualifiedArn(), lambda.client(ROLE));
        blind = new WorkSearch(
                new ScalarBackedKernel("blind") {
                    @Override
                    protected long search(RootSearch scalar, long start, long count, long threshold) {
                        return NOT_FOUND;
                    }
                },
                1);
    }

    @AfterEach
    void stop() {
        workers.close();
        lambda.close();
        blind.close();
    }

    /** A generate execution: its own search blind, its rate 1 H/s (so every search gets every worker allowed). */
    SharedSearch execution() {
        return new SharedSearch(blind, records, workers, SETTINGS, () -> 1, Clock.systemUTC());
    }

    static long in(Duration d) {
        return System.nanoTime() + d.toNanos();
    }

    static void waitFor(String what, BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) throw new AssertionError("not within 10 s: " + what);
            Thread.sleep(10);
        }
    }

    Future<SearchResult> generate(Root root, Difficulty difficulty, String asker) {
        return Executors.newVirtualThreadPerTaskExecutor()
                .submit(() -> execution()
                        .search(
                                root,
                                difficulty,
                                in(Duration.ofSeconds(15)),
                                new CancelSignal(),
                                java.util.Set.of(asker)));
    }

    @Test
    void theWorkersFindWhatTheExecutionCannotAndARetryIsAnsweredFromTheRecord() throws Exception {
        Root root = randomRoot(random);
        SearchResult result = generate(root, EASY, WALLET).get(15, TimeUnit.SECONDS);
        SearchResult.Found found = assertInstanceOf(SearchResult.Found.class, result, result.toString());
        assertTrue(WorkValue.isValid(root, found.work().value(), EASY));
        waitFor("every worker has answered", () -> lambda.seen().size() == SETTINGS.maxWorkers() && running.get() == 0);
        assertEquals(
                Collections.nCopies(SETTINGS.maxWorkers(), new LambdaInvokeStandIn.Seen("live", "ok")),
                lambda.seen(),
                "every worker invoked once, through the alias, and answered");
        WorkRecord record = records.read(root).orElseThrow();
        assertEquals(WorkRecord.State.FOUND, record.state());
        assertEquals(found.work(), record.work().orElseThrow(), "the answer is the recorded find");

        // The wallet's retry, in another execution: the record answers it, nothing is searched or invoked.
        SearchResult retry = generate(root, EASY, WALLET).get(5, TimeUnit.SECONDS);
        assertEquals(
                found.work(), assertInstanceOf(SearchResult.Found.class, retry).work());
        assertEquals(0, retry.attempts());
        assertEquals(SETTINGS.maxWorkers(), lambda.seen().size(), "no worker for a retry");
    }

    @Test
    void workCancelInAnotherExecutionStopsTheSearchAndEveryWorker() throws Exception {
        Root root = randomRoot(random);
        Future<SearchResult> search = generate(root, UNREACHABLE, WALLET);
        waitFor("every worker searches", () -> running.get() == SETTINGS.maxWorkers());

        // A stranger's cancel, in a third execution, stops nothing.
        execution().withdraw(root, Caller.at("198.51.100.9"));
        Thread.sleep(200);
        assertEquals(SETTINGS.maxWorkers(), running.get(), "a stranger cannot stop another client's search");
        assertEquals(
                WorkRecord.State.SEARCHING, records.read(root).orElseThrow().state());

        long cancelled = System.nanoTime();
        execution().withdraw(root, Caller.at(WALLET));
        assertInstanceOf(SearchResult.Cancelled.class, search.get(5, TimeUnit.SECONDS));
        waitFor("every worker stopped", () -> running.get() == 0);
        double stopSeconds = (System.nanoTime() - cancelled) / 1e9;
        assertTrue(stopSeconds < 2, "stopped within polls of the record, took " + stopSeconds + " s");
        assertEquals(
                WorkRecord.State.CANCELLED, records.read(root).orElseThrow().state());
    }

    @Test
    void theOperatorsCancelStopsEveryClientsSearch() throws Exception {
        Root root = randomRoot(random);
        Future<SearchResult> first = generate(root, UNREACHABLE, WALLET);
        waitFor("every worker searches", () -> running.get() == SETTINGS.maxWorkers());
        Future<SearchResult> duplicate = generate(root, UNREACHABLE, "192.0.2.11");
        waitFor(
                "the duplicate joined",
                () -> records.read(root).orElseThrow().askers().size() == 2);
        assertEquals(SETTINGS.maxWorkers(), lambda.seen().size() + running.get(), "a duplicate invokes no worker");

        execution().withdraw(root, Caller.at("203.0.113.1").asOperator());
        assertInstanceOf(SearchResult.Cancelled.class, first.get(5, TimeUnit.SECONDS));
        assertInstanceOf(SearchResult.Cancelled.class, duplicate.get(5, TimeUnit.SECONDS));
        waitFor("every worker stopped", () -> running.get() == 0);
    }
}
