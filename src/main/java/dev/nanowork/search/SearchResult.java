package dev.nanowork.search;

import dev.nanowork.work.Work;

/** How one search ended, with what it cost. */
public sealed interface SearchResult {
    /** Nonces tried by all threads together. */
    long attempts();

    /** Wall time from the start of the search to its end, in nanoseconds. */
    long elapsedNanos();

    /** Attempts per second over the whole search, in millions. */
    default double megahashesPerSecond() {
        return elapsedNanos() == 0 ? 0 : attempts() * 1e3 / elapsedNanos();
    }

    /** A work that reaches the threshold, re-checked by the scalar reference; {@code value} is its value. */
    record Found(Work work, long value, long attempts, long elapsedNanos) implements SearchResult {}

    /** The caller's cancel signal stopped the search. */
    record Cancelled(long attempts, long elapsedNanos) implements SearchResult {}

    /** The deadline passed before a work was found. */
    record DeadlineReached(long attempts, long elapsedNanos) implements SearchResult {}

    /** A kernel thread failed; {@code cause} says how. The other threads were stopped. */
    record Failed(Throwable cause, long attempts, long elapsedNanos) implements SearchResult {}
}
