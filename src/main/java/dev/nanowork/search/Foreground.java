package dev.nanowork.search;

import java.util.concurrent.TimeUnit;

/**
 * Who has the search threads: an interactive search (a {@code work_generate}'s, a benchmark's, a worker's: every
 * {@link WorkSearch#search}) takes them at once; a search in the background (a precache) runs only while none does,
 * and gives way as soon as one begins. Giving way is raising the background search's signal: its threads stop at
 * their next batch boundary (milliseconds) and the interactive search's tasks, queued behind them in the pool, run
 * then. A search that gave way is over; its owner searches again later from a fresh start, which loses nothing: the
 * attempts a search needs do not depend on those it made before.
 */
final class Foreground {
    /**
     * How long the threads must have been free before a background search takes them: the queue starts its next
     * search within microseconds of the last one's end, and a background search begun in between would hold the
     * threads for a batch. Against the seconds a precache searches, this costs nothing.
     */
    static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private int interactive;
    /** When the last interactive search ended ({@link System#nanoTime()}). */
    private long lastEnded = System.nanoTime() - QUIET_NANOS;
    /** The running background search's signal, null when none runs. */
    private CancelSignal background;

    /** An interactive search begins: the background search, if one runs, gives way. */
    synchronized void enter() {
        interactive++;
        if (background != null) background.cancel();
    }

    /** An interactive search ended. */
    synchronized void leave() {
        interactive--;
        lastEnded = System.nanoTime();
        notifyAll();
    }

    /**
     * Waits until no interactive search has run for {@link #QUIET_NANOS}, then lets a background search begin: its
     * signal, raised by {@code cancel} and when an interactive search begins.
     *
     * @throws InterruptedException when the wait is interrupted (the store closes)
     */
    synchronized CancelSignal awaitIdle(CancelSignal cancel) throws InterruptedException {
        while (true) {
            long quietFor = System.nanoTime() - lastEnded;
            if (interactive == 0 && quietFor >= QUIET_NANOS) break;
            if (interactive > 0) wait();
            else TimeUnit.NANOSECONDS.timedWait(this, QUIET_NANOS - quietFor);
        }
        background = cancel.child();
        return background;
    }

    /** The background search ended. */
    synchronized void backgroundEnded() {
        background = null;
    }
}
