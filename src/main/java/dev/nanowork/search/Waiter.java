package dev.nanowork.search;

import dev.nanowork.observe.SearchTally;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** One caller waiting for one search of the {@link WorkQueue}: its own deadline, its own answer. */
public final class Waiter {
    /**
     * How long past its own deadline a waiter waits for its search's own answer: a search stops at its deadline
     * within one batch (milliseconds; more on a busy machine), so its answer, with what it searched, comes first;
     * only a waiter whose search ends later than its own deadline (one it joined within the tolerance) answers the
     * deadline itself. Half a second leaves the other half of "answered by the deadline plus 1 s" for the way out.
     */
    public static final long ANSWER_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private final WorkQueue queue;
    final Caller caller;
    final long deadlineNanos;
    final CompletableFuture<SearchResult> result = new CompletableFuture<>();
    final Job job;

    Waiter(WorkQueue queue, Caller caller, long deadlineNanos, Job job) {
        this.queue = queue;
        this.caller = caller;
        this.deadlineNanos = deadlineNanos;
        this.job = job;
    }

    /**
     * The search's result, waited for at most until this waiter's own deadline plus {@link #ANSWER_GRACE_NANOS};
     * after that, {@link SearchResult.DeadlineReached} (and the waiter leaves).
     */
    public SearchResult await() throws InterruptedException {
        long began = System.nanoTime();
        try {
            long wait = Math.max(0, deadlineNanos + ANSWER_GRACE_NANOS - began);
            return result.get(wait, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            // Unless the search's own answer came first, this waiter's deadline is its answer.
            result.complete(new SearchResult.DeadlineReached(0, System.nanoTime() - began));
            leave();
            return result.join();
        } catch (ExecutionException e) {
            return new SearchResult.Failed(e.getCause(), 0, 0); // never: results are completed normally
        } catch (InterruptedException e) {
            leave();
            throw e;
        }
    }

    /** What the search this waiter waits for did beyond this execution's threads (shared with its other waiters). */
    public SearchTally tally() {
        return job.tally;
    }

    /** Stops waiting; the search ends when no one waits for it any more. */
    public void leave() {
        queue.leave(this);
    }
}
