package dev.nanowork.fanout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.LambdaInvokeStandIn;
import dev.nanowork.support.SsmStandIn.Issued;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The workers' client against Lambda's Invoke ({@link LambdaInvokeStandIn}): a task goes out as the worker reads it,
 * the worker's answer comes back as an outcome, and everything else (a throttle, a function error, an answer no worker
 * writes, credentials Lambda does not know) is one worker fewer, tried once.
 */
class LambdaWorkersTest {
    static final Issued ROLE = new Issued("ASIAWORKERTEST", "worker-secret", "worker-session");
    static final WorkerTask TASK = new WorkerTask(
            Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2"),
            new Difficulty(0xfffffff800000000L),
            "9f1c2a3b-0000-4000-8000-000000000001",
            42L,
            System.currentTimeMillis() + 20_000);

    LambdaInvokeStandIn lambda;
    LambdaWorkers workers;

    @AfterEach
    void close() {
        if (workers != null) workers.close();
        if (lambda != null) lambda.close();
    }

    void start(int concurrency, LambdaInvokeStandIn.Handler handler, Issued signer) throws Exception {
        lambda = new LambdaInvokeStandIn(
                "us-east-1", "nano-work-x86_64-worker", "live", concurrency, Duration.ofSeconds(30), handler);
        lambda.issue(ROLE);
        workers = new LambdaWorkers(lambda.qualifiedArn(), lambda.client(signer));
    }

    static Throwable failure(LambdaWorkers workers) throws Exception {
        ExecutionException e =
                assertThrows(ExecutionException.class, () -> workers.start(TASK).get(10, TimeUnit.SECONDS));
        return assertInstanceOf(LambdaWorkers.WorkerUnavailable.class, e.getCause());
    }

    @Test
    void theTaskGoesOutAsTheWorkerReadsItAndItsFindComesBack() throws Exception {
        AtomicReference<WorkerTask> received = new AtomicReference<>();
        start(
                4,
                (payload, remaining) -> {
                    received.set(WorkerTasks.readTask(payload));
                    return WorkerTasks.write(new WorkerOutcome(WorkerOutcome.Kind.FOUND, Optional.of(new Work(7L))));
                },
                ROLE);
        WorkerOutcome outcome = workers.start(TASK).get(10, TimeUnit.SECONDS);
        assertEquals(new WorkerOutcome(WorkerOutcome.Kind.FOUND, Optional.of(new Work(7L))), outcome);
        assertEquals(TASK, received.get());
        assertEquals(
                List.of(new LambdaInvokeStandIn.Seen("live", "ok")),
                lambda.seen(),
                "the alias, signed: " + lambda.seen());
    }

    @Test
    void aDispatchedTaskIsQueuedAsAnEventAndRunsAfterTheInvokeReturned() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<WorkerTask> received = new AtomicReference<>();
        start(
                4,
                (payload, remaining) -> {
                    received.set(WorkerTasks.readTask(payload));
                    release.await(10, TimeUnit.SECONDS);
                    return WorkerTasks.write(new WorkerOutcome(WorkerOutcome.Kind.STOPPED, Optional.empty()));
                },
                ROLE);
        workers.dispatch(TASK).get(10, TimeUnit.SECONDS);
        assertEquals(
                List.of(new LambdaInvokeStandIn.Seen("live", "queued")),
                lambda.seen(),
                "queued (202) before the worker ended: InvocationType=Event");
        release.countDown();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (lambda.seen().size() < 2 && System.nanoTime() < until) Thread.sleep(5);
        assertEquals(
                new LambdaInvokeStandIn.Seen("live", "event ok"), lambda.seen().getLast());
        assertEquals(TASK, received.get());
    }

    @Test
    void aThrottledWorkerIsOneWorkerFewerAndNeverRetried() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        start(
                1,
                (payload, remaining) -> {
                    entered.countDown();
                    release.await(10, TimeUnit.SECONDS);
                    return WorkerTasks.write(new WorkerOutcome(WorkerOutcome.Kind.STOPPED, Optional.empty()));
                },
                ROLE);
        var running = workers.start(TASK);
        assertTrue(entered.await(10, TimeUnit.SECONDS), "the first worker runs");
        Throwable second = failure(workers); // the function's one execution is busy
        assertTrue(
                second.getMessage().contains("throttled (429 ReservedFunctionConcurrentInvocationLimitExceeded)"),
                second.getMessage());
        release.countDown();
        assertEquals(
                WorkerOutcome.Kind.STOPPED, running.get(10, TimeUnit.SECONDS).kind());
        assertEquals(
                List.of(
                        new LambdaInvokeStandIn.Seen("live", "TooManyRequestsException"),
                        new LambdaInvokeStandIn.Seen("live", "ok")),
                lambda.seen(),
                "the throttled invoke was tried once");
    }

    @Test
    void aFunctionErrorIsOneWorkerFewer() throws Exception {
        start(
                4,
                (payload, remaining) -> {
                    throw new IllegalStateException("no work record table");
                },
                ROLE);
        Throwable e = failure(workers);
        assertTrue(
                e.getMessage().contains("failed (Unhandled)") && e.getMessage().contains("no work record table"),
                e.getMessage());
    }

    @Test
    void anAnswerNoWorkerWritesIsOneWorkerFewer() throws Exception {
        start(4, (payload, remaining) -> "{\"outcome\":\"maybe\"}", ROLE);
        assertTrue(failure(workers).getMessage().contains("answered what no worker writes"));
    }

    @Test
    void credentialsLambdaDoesNotKnowInvokeNothing() throws Exception {
        AtomicReference<byte[]> ran = new AtomicReference<>();
        start(
                4,
                (payload, remaining) -> {
                    ran.set(payload);
                    return "{}";
                },
                new Issued("ASIASTRANGER", "guess", "token"));
        Throwable e = failure(workers);
        assertTrue(e.getMessage().contains("not invoked") && e.getMessage().contains("security token"), e.getMessage());
        assertEquals(null, ran.get());
    }

    @Test
    void anEndpointThatIsGoneIsOneWorkerFewer() throws Exception {
        start(4, (payload, remaining) -> new String(payload, StandardCharsets.UTF_8), ROLE);
        lambda.close();
        assertTrue(failure(workers).getMessage().contains("not invoked"));
    }
}
