package dev.nanowork.support;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@link LambdaInvokeStandIn}'s asynchronous invocations ({@code Event}), as the Lambda developer guide documents
 * them ("How Lambda handles errors and retries with asynchronous invocation", "Configuring error handling settings
 * for Lambda asynchronous invocations", docs.aws.amazon.com/lambda/latest/dg/invocation-async-error-handling.html and
 * invocation-async-configuring.html):
 *
 * <ul>
 *   <li>an event is queued and answered 202 at once; the invoker learns nothing more;
 *   <li>a throttled event (no concurrency free) goes back to the queue and is tried again, the interval growing from 1
 *       second to at most 5 minutes, for as long as it is younger than {@code MaximumEventAgeInSeconds} (60 to 21,600,
 *       by default 6 hours); older, it is discarded;
 *   <li>a function error is retried {@code MaximumRetryAttempts} times (0 to 2, by default 2), one minute after the
 *       first attempt and two after the second; then the event is discarded;
 *   <li>the settings outside those ranges are refused, as {@code PutFunctionEventInvokeConfig} refuses them.
 * </ul>
 *
 * Time in the queue runs {@link #speed} times faster than the wall clock (a test would wait a minute for one retry);
 * the invocation itself, and so a worker's deadline, runs on the wall clock.
 */
final class InvokeEvents implements AutoCloseable {
    static final Duration FIRST_THROTTLE_RETRY = Duration.ofSeconds(1);
    static final Duration LONGEST_THROTTLE_RETRY = Duration.ofMinutes(5);

    private final ScheduledExecutorService queue =
            Executors.newSingleThreadScheduledExecutor(Thread.ofVirtual().factory());
    private final Slots concurrency;
    private volatile int maximumRetryAttempts = 2;
    private volatile Duration maximumEventAge = Duration.ofHours(6);
    private volatile double speed = 1;

    InvokeEvents(Slots concurrency) {
        this.concurrency = concurrency;
    }

    /** The alias's asynchronous settings, refused outside PutFunctionEventInvokeConfig's ranges. */
    void configure(int retryAttempts, Duration eventAge) {
        if (retryAttempts < 0 || retryAttempts > 2)
            throw new IllegalArgumentException("InvalidParameterValueException: MaximumRetryAttempts must be 0 to 2");
        long age = eventAge.toSeconds();
        if (age < 60 || age > 21_600 || !eventAge.equals(Duration.ofSeconds(age)))
            throw new IllegalArgumentException(
                    "InvalidParameterValueException: MaximumEventAgeInSeconds must be 60 to 21600 whole seconds");
        maximumRetryAttempts = retryAttempts;
        maximumEventAge = eventAge;
    }

    /** Lets the queue's time (its retry intervals and the events' age) pass {@code times} faster than the wall clock. */
    void speed(double times) {
        speed = times;
    }

    /**
     * Queues an event; {@code run} runs it once a slot is free (with the slot held), a throw being a function error;
     * {@code outcome} hears how each attempt ended ({@code ok}, {@code Unhandled}, {@code dropped: ...}).
     */
    void accept(Callable<?> run, Consumer<String> outcome) {
        long queued = System.nanoTime();
        schedule(() -> attempt(run, outcome, queued, 0, FIRST_THROTTLE_RETRY), Duration.ZERO);
    }

    private void attempt(Callable<?> run, Consumer<String> outcome, long queued, int failures, Duration backoff) {
        Duration age = Duration.ofNanos((long) ((System.nanoTime() - queued) * speed));
        if (age.compareTo(maximumEventAge) > 0) {
            outcome.accept("dropped: older than " + maximumEventAge.toSeconds() + " s");
            return;
        }
        if (!concurrency.tryTake()) {
            Duration next = backoff.multipliedBy(2).compareTo(LONGEST_THROTTLE_RETRY) > 0
                    ? LONGEST_THROTTLE_RETRY
                    : backoff.multipliedBy(2);
            schedule(() -> attempt(run, outcome, queued, failures, next), backoff);
            return;
        }
        // An execution environment of its own: the queue goes on with the next event meanwhile.
        Thread.ofVirtual().name("event").start(() -> {
            boolean ok;
            try {
                run.call();
                ok = true;
            } catch (Exception e) {
                ok = false;
            } finally {
                concurrency.give();
            }
            if (ok) outcome.accept("ok");
            else if (failures < maximumRetryAttempts) {
                outcome.accept("Unhandled, retried");
                schedule(
                        () -> attempt(run, outcome, queued, failures + 1, FIRST_THROTTLE_RETRY),
                        Duration.ofMinutes(failures + 1));
            } else outcome.accept("Unhandled");
        });
    }

    private void schedule(Runnable task, Duration queueTime) {
        var unused = queue.schedule(task, (long) (queueTime.toNanos() / speed), TimeUnit.NANOSECONDS);
    }

    @Override
    public void close() {
        queue.shutdownNow();
    }
}
