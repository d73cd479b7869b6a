package dev.nanowork.search;

/** A flag a caller raises to stop a running search; the search threads poll it between batches. */
public final class CancelSignal {
    private volatile boolean cancelled;

    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
    }
}
