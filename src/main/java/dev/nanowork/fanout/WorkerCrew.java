package dev.nanowork.fanout;

import dev.nanowork.observe.SearchTally;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import java.util.logging.Logger;

/**
 * Sizes and invokes the workers of a search, each from its own random start nonce, and hands back the works they
 * answer. A worker that cannot run (throttled, failing, gone) is one worker fewer: the others and this execution go
 * on. One log line when they start, one when any failed.
 */
final class WorkerCrew {
    private static final Logger LOG = Logger.getLogger(WorkerCrew.class.getName());

    /** How long a precache waits for Lambda to queue its workers: each Event invoke is an in-region request. */
    static final Duration DISPATCH_WAIT = Duration.ofSeconds(2);

    private final Workers workers;
    private final FanOutSettings settings;
    private final DoubleSupplier hashesPerSecond;
    private final LongSupplier starts;
    private final Clock clock;

    WorkerCrew(
            Workers workers,
            FanOutSettings settings,
            DoubleSupplier hashesPerSecond,
            LongSupplier starts,
            Clock clock) {
        this.workers = workers;
        this.settings = settings;
        this.hashesPerSecond = hashesPerSecond;
        this.starts = starts;
        this.clock = clock;
    }

    /** How many workers a search for {@code difficulty} gets in all, at this execution's rate (none within target). */
    int size(Difficulty difficulty) {
        return settings.workers(difficulty.expectedAttempts(), hashesPerSecond.getAsDouble());
    }

    /**
     * Invokes {@code count} workers for {@code searchId}'s search of {@code root}, whose highest difficulty is {@code
     * difficulty}, until {@code deadlineNanos}; each work a worker answers goes to {@code found}, and what became of
     * each worker to {@code tally}.
     */
    void start(
            Root root,
            Difficulty difficulty,
            String searchId,
            int count,
            long deadlineNanos,
            Consumer<Work> found,
            SearchTally tally) {
        if (count <= 0) return;
        tally.asked(count);
        double rate = hashesPerSecond.getAsDouble();
        long deadline = clock.millis() + Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000);
        LOG.info(() -> String.format(
                Locale.ROOT,
                "fan-out: %d workers for %s at %s (alone %.1f s expected at %.1f MH/s; target %s)",
                count,
                root,
                difficulty,
                difficulty.expectedAttempts() / rate,
                rate / 1e6,
                settings.target()));
        AtomicInteger left = new AtomicInteger(count);
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<String> firstFailure = new AtomicReference<>();
        for (int i = 0; i < count; i++) {
            WorkerTask task = new WorkerTask(root, difficulty, searchId, starts.getAsLong(), deadline);
            var unused = workers.start(task).whenComplete((outcome, error) -> {
                if (error != null) {
                    if (LambdaWorkers.throttled(error)) tally.throttled();
                    else tally.failed();
                    failed.incrementAndGet();
                    firstFailure.compareAndSet(null, String.valueOf(error.getMessage()));
                } else {
                    tally.started();
                    if (outcome.kind() == WorkerOutcome.Kind.FOUND)
                        outcome.work().ifPresent(found);
                }
                if (left.decrementAndGet() == 0 && failed.get() > 0)
                    LOG.warning(() -> "fan-out: " + failed.get() + " of " + count + " workers for " + root
                            + " did not run to the end; the first: " + firstFailure.get());
            });
        }
    }

    /**
     * Queues {@code count} workers asynchronously for {@code searchId}'s search of {@code root} (a precache: nobody
     * waits, the workers write their find to the record), each from its own start nonce, until {@code
     * deadlineEpochMillis}; waits at most {@link #DISPATCH_WAIT} for Lambda to take them.
     *
     * @return how many Lambda queued
     */
    int dispatch(Root root, Difficulty difficulty, String searchId, int count, long deadlineEpochMillis) {
        List<CompletableFuture<Void>> queued = new ArrayList<>();
        for (int i = 0; i < count; i++)
            queued.add(workers.dispatch(
                    new WorkerTask(root, difficulty, searchId, starts.getAsLong(), deadlineEpochMillis)));
        int taken = 0;
        String firstFailure = null;
        long until = System.nanoTime() + DISPATCH_WAIT.toNanos();
        for (CompletableFuture<Void> q : queued) {
            try {
                q.get(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
                taken++;
            } catch (ExecutionException | TimeoutException e) {
                if (firstFailure == null)
                    firstFailure = String.valueOf(
                            e.getCause() == null ? e : e.getCause().getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        int took = taken;
        String why = firstFailure;
        LOG.info(() -> "precache: " + took + " of " + count + " workers queued for " + root + " at " + difficulty
                + (why == null ? "" : "; the first refused: " + why));
        return taken;
    }
}
