package dev.nanowork.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.lambda.LambdaClient;
import software.amazon.awssdk.services.lambda.model.InvocationType;
import software.amazon.awssdk.services.lambda.model.InvokeResponse;

/** The Invoke stand-in's {@code Event} invocations queue, retry and drop as Lambda documents ({@link InvokeEvents}). */
class InvokeEventsTest {
    final AtomicInteger runs = new AtomicInteger();
    final CountDownLatch release = new CountDownLatch(1);
    volatile boolean fail;
    LambdaInvokeStandIn lambda;
    LambdaClient client;

    void start(int concurrency, boolean hold) throws Exception {
        lambda = new LambdaInvokeStandIn("us-east-1", "worker", "live", concurrency, Duration.ofSeconds(5), (p, r) -> {
            runs.incrementAndGet();
            if (hold) release.await(10, TimeUnit.SECONDS);
            if (fail) throw new IllegalStateException("planted function error");
            return "{}";
        });
        lambda.issue(LambdaInvokeStandInTest.ROLE);
        client = lambda.client(LambdaInvokeStandInTest.ROLE);
    }

    @AfterEach
    void stop() {
        release.countDown();
        if (client != null) client.close();
        if (lambda != null) lambda.close();
    }

    InvokeResponse event() {
        return client.invoke(r -> r.functionName("worker:live")
                .invocationType(InvocationType.EVENT)
                .payload(SdkBytes.fromUtf8String("{}")));
    }

    List<String> outcomes() {
        return lambda.seen().stream().map(LambdaInvokeStandIn.Seen::outcome).toList();
    }

    void awaitOutcome(String outcome) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!outcomes().contains(outcome)) {
            if (System.nanoTime() > until) throw new AssertionError("no '" + outcome + "' within 5 s: " + outcomes());
            Thread.sleep(5);
        }
    }

    @Test
    void anEventIsAnswered202AtOnceAndRunsAfter() throws Exception {
        start(1, true);
        InvokeResponse queued = event();
        assertEquals(202, queued.statusCode());
        assertEquals(0, queued.payload() == null ? 0 : queued.payload().asByteArray().length, "nothing comes back");
        assertEquals(List.of("queued"), outcomes(), "answered before the function ended");
        release.countDown();
        awaitOutcome("event ok");
    }

    @Test
    void aThrottledEventWaitsForASlotAndOneOlderThanTheMaximumAgeIsDropped() throws Exception {
        start(1, true);
        lambda.events(0, Duration.ofSeconds(60), 100); // a queue minute in 0.6 s
        event(); // holds the only slot
        event(); // throttled: back to the queue, retried from 1 s, doubling
        awaitOutcome("event dropped: older than 60 s");
        assertEquals(1, runs.get(), "the throttled event never ran");
        release.countDown();
        awaitOutcome("event ok");
    }

    @Test
    void aThrottledEventRunsOnceASlotFrees() throws Exception {
        start(1, true);
        lambda.events(0, Duration.ofHours(6), 100);
        event();
        event();
        Thread.sleep(100);
        release.countDown();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (runs.get() < 2 && System.nanoTime() < until) Thread.sleep(5);
        assertEquals(2, runs.get(), outcomes().toString());
    }

    @Test
    void aFunctionErrorIsRetriedAsConfiguredThenDropped() throws Exception {
        start(2, false);
        fail = true;
        lambda.events(0, Duration.ofSeconds(60), 1000);
        event();
        awaitOutcome("event Unhandled");
        Thread.sleep(300); // two queue minutes: a retry would have run by now
        assertEquals(1, runs.get(), "no retry: " + outcomes());
        runs.set(0);
        lambda.events(1, Duration.ofMinutes(10), 1000);
        event();
        awaitOutcome("event Unhandled, retried");
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (runs.get() < 2 && System.nanoTime() < until) Thread.sleep(5);
        assertEquals(2, runs.get(), "one retry, a queue minute after: " + outcomes());
    }

    @Test
    void settingsOutsideWhatLambdaTakesAreRefused() throws Exception {
        start(1, false);
        for (Runnable bad : List.<Runnable>of(
                () -> lambda.events(3, Duration.ofSeconds(60), 1),
                () -> lambda.events(-1, Duration.ofSeconds(60), 1),
                () -> lambda.events(0, Duration.ofSeconds(59), 1),
                () -> lambda.events(0, Duration.ofSeconds(21_601), 1),
                () -> lambda.events(0, Duration.ofMillis(60_500), 1))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::run);
            assertTrue(e.getMessage().startsWith("InvalidParameterValueException"), e.getMessage());
        }
    }
}
