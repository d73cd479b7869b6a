package dev.nanowork.search;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.ArrayList;
import java.util.List;

/**
 * One search of the {@link WorkQueue} and everyone waiting for it. It belongs to the client that asked for it first
 * ({@link #client}): its turns come in that client's line ({@link ClientRounds}), whoever joins it later. A search
 * may run in several turns; what it cost adds up over them.
 */
final class Job {
    final Root root;
    final Difficulty difficulty;
    /** Raised when no one waits for the search any more, or the queue closes. */
    final CancelSignal cancel = new CancelSignal();

    final boolean coalesces;
    final long deadlineNanos;
    /** The client whose line the search waits in: {@link Caller#client()} of its first caller. */
    final String client;

    final List<WorkQueue.Waiter> waiters = new ArrayList<>();
    boolean finished;
    /** The running turn's signal (null between turns): ended early when another client's search waits. */
    CancelSignal turn;
    /** When the running turn began ({@link System#nanoTime()}). */
    long turnStartNanos;

    long attempts;
    long elapsedNanos;

    Job(Root root, Difficulty difficulty, long deadlineNanos, boolean coalesces, String client) {
        this.root = root;
        this.difficulty = difficulty;
        this.deadlineNanos = deadlineNanos;
        this.coalesces = coalesces;
        this.client = client;
    }

    /**
     * Whether a request for {@code r} at {@code d} with deadline {@code deadline} may share this search (with room
     * or not: a full one makes the request start another).
     */
    boolean joinableBy(Root r, Difficulty d, long deadline) {
        return coalesces
                && !finished
                && !cancel.isCancelled()
                && root.equals(r)
                && difficulty.equals(d)
                && deadlineNanos - (deadline - WorkQueue.JOIN_TOLERANCE_NANOS) >= 0;
    }

    boolean waitedForBy(Caller caller) {
        for (WorkQueue.Waiter w : waiters) if (w.caller.sameClient(caller)) return true;
        return false;
    }

    int waitersOf(Caller caller) {
        int n = 0;
        for (WorkQueue.Waiter w : waiters) if (w.caller.sameClient(caller)) n++;
        return n;
    }

    /** Adds what one turn tried and took. */
    void count(SearchResult turn) {
        attempts += turn.attempts();
        elapsedNanos += turn.elapsedNanos();
    }

    /** How the search ended, with what all its turns cost. */
    SearchResult total(SearchResult last) {
        return switch (last) {
            case SearchResult.Found f -> new SearchResult.Found(f.work(), f.value(), attempts, elapsedNanos);
            case SearchResult.Cancelled c -> new SearchResult.Cancelled(attempts, elapsedNanos);
            case SearchResult.DeadlineReached d -> new SearchResult.DeadlineReached(attempts, elapsedNanos);
            case SearchResult.Failed f -> new SearchResult.Failed(f.cause(), attempts, elapsedNanos);
        };
    }
}
