package dev.nanowork.search;

/**
 * A flag a caller raises to stop a running search; the search threads poll it between batches. A search's turn
 * ({@link #turn}) is a signal of its own that also stops with its parent, or at a time set while it runs: the end
 * of the turn when another client's search waits.
 */
public final class CancelSignal {
    private final CancelSignal parent;
    private volatile boolean cancelled;
    /** When the turn ends, on the {@link System#nanoTime()} clock; only read once {@link #timed} is set. */
    private volatile long stopAtNanos;

    private volatile boolean timed;

    public CancelSignal() {
        this(null);
    }

    private CancelSignal(CancelSignal parent) {
        this.parent = parent;
    }

    /** A signal raised by this one, by itself, or at the time {@link #stopAt} sets. */
    CancelSignal turn() {
        return new CancelSignal(this);
    }

    /** Raises this signal at {@code nanos} (at once when it has passed); the earliest time set wins. */
    void stopAt(long nanos) {
        if (timed && stopAtNanos - nanos <= 0) return;
        stopAtNanos = nanos;
        timed = true;
    }

    /** A signal raised by this one or by itself: a part of a search that may stop for reasons of its own. */
    public CancelSignal child() {
        return new CancelSignal(this);
    }

    public void cancel() {
        cancelled = true;
    }

    /**
     * Whether this signal was raised by its time alone: a queue's turn that ended because another client's search
     * waits, not a cancel. A shared search leaves its record as it is then (the search comes back for its next turn),
     * where a cancel withdraws the search's askers from it.
     */
    public boolean turnOver() {
        return !cancelled && (parent == null || !parent.isCancelled()) && timed && System.nanoTime() - stopAtNanos >= 0;
    }

    public boolean isCancelled() {
        return cancelled || (parent != null && parent.isCancelled()) || (timed && System.nanoTime() - stopAtNanos >= 0);
    }
}
