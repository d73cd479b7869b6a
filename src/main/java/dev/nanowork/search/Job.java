package dev.nanowork.search;

import dev.nanowork.observe.SearchTally;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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

    final List<Waiter> waiters = new ArrayList<>();
    boolean finished;
    /** The running turn's signal (null between turns): ended early when another client's search waits. */
    CancelSignal turn;
    /** The addresses waiting for it when the running turn began (a shared search records them as its askers). */
    Set<String> turnAskers = Set.of();
    /** When the running turn began ({@link System#nanoTime()}). */
    long turnStartNanos;

    long attempts;
    long elapsedNanos;
    /** Its workers and its record's states, over all its turns, for its waiters' records. */
    final SearchTally tally = new SearchTally();

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
        for (Waiter w : waiters) if (w.caller.sameClient(caller)) return true;
        return false;
    }

    int waitersOf(Caller caller) {
        int n = 0;
        for (Waiter w : waiters) if (w.caller.sameClient(caller)) n++;
        return n;
    }

    /**
     * Starts a turn (with the queue's lock held): its own signal, which ends it {@link WorkQueue#TURN_NANOS} from now
     * when {@code othersWait} (another client's search waits).
     */
    CancelSignal startTurn(boolean othersWait) {
        turn = cancel.turn();
        turnStartNanos = System.nanoTime();
        Set<String> askers = new HashSet<>();
        for (Waiter w : waiters) askers.add(w.caller.address());
        turnAskers = Set.copyOf(askers);
        if (othersWait) turn.stopAt(turnStartNanos + WorkQueue.TURN_NANOS);
        return turn;
    }

    /** With the queue's lock held: a search of {@code other} now waits, so a running turn ends at its time. */
    void endTurnFor(String other) {
        if (turn != null && !client.equals(other)) turn.stopAt(turnStartNanos + WorkQueue.TURN_NANOS);
    }

    /**
     * Runs one turn with {@code searcher} (outside the lock); a deadline already passed runs nothing.
     */
    SearchResult runTurn(Searcher searcher, CancelSignal signal) {
        try {
            return System.nanoTime() - deadlineNanos >= 0
                    ? new SearchResult.DeadlineReached(0, 0)
                    : SearchTally.within(
                            tally, () -> searcher.search(root, difficulty, deadlineNanos, signal, turnAskers));
        } catch (RuntimeException | Error e) {
            return new SearchResult.Failed(e, 0, 0);
        }
    }

    /**
     * Whether {@code result} of a turn on {@code turn} only ended the turn (its time ran out), so the search goes on
     * later. A search stopped by neither the turn nor this job's cancel, as by another execution's work_cancel read
     * from the shared record, is over: run again, it would claim the root afresh.
     */
    boolean onlyItsTurnEnded(SearchResult result, CancelSignal turn) {
        return result instanceof SearchResult.Cancelled && turn.isCancelled() && !cancel.isCancelled();
    }

    /** With the queue's lock held: the turn ended; adds what it tried and took. */
    void endTurn(SearchResult result) {
        turn = null;
        attempts += result.attempts();
        elapsedNanos += result.elapsedNanos();
    }

    /** With the queue's lock held: the search ends (it is no longer joined); the waiters to answer. */
    List<Waiter> finish() {
        finished = true;
        return List.copyOf(waiters);
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
