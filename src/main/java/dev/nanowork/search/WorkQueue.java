package dev.nanowork.search;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * The searches of this process, one at a time on every thread (a search already uses all of them, so
 * two at once would only make both slower), the others waiting in a bounded FIFO queue.
 *
 * <ul>
 *   <li>Identical requests (same root, same difficulty) coalesce: a request joins the queued or running
 *       search and gets the same answer.
 *   <li>{@link #cancel} stops the running search for a root and drops its queued ones; their callers
 *       get {@link SearchResult.Cancelled}.
 *   <li>Beyond {@code capacity} waiting searches, {@link #submit} refuses with a {@link QueueRefusal}.
 *   <li>So does a search that would wait past its deadline: once a search has measured this process's
 *       rate, a new one is refused when the expected time of the searches ahead of it (each at most its own
 *       deadline) plus its own expected time passes its deadline. Refused at once, the caller can go
 *       to another work server instead of learning 28 s later that the deadline was reached.
 *   <li>A queued search whose deadline passed before its turn ends as {@link SearchResult.DeadlineReached}
 *       without running.
 * </ul>
 *
 * <p>On Lambda one invocation carries one request, so the queue is always empty; self-hosted, several
 * wallets or a nano_node can ask at once.
 */
public final class WorkQueue implements AutoCloseable {
    private final WorkSearch search;
    private final int capacity;
    private final Object lock = new Object();
    private final ArrayDeque<Job> waiting = new ArrayDeque<>();
    private Job running;
    private boolean closed;
    private final Thread runner;
    /** Attempts per nanosecond of the last searches (a moving average); 0 until a search has measured it. */
    private double attemptsPerNano;

    /** One search and everyone waiting for it. */
    private static final class Job {
        final Root root;
        final Difficulty difficulty;
        final CancelSignal cancel = new CancelSignal();
        final CompletableFuture<SearchResult> result = new CompletableFuture<>();
        final boolean coalesces;
        long deadlineNanos;

        Job(Root root, Difficulty difficulty, long deadlineNanos, boolean coalesces) {
            this.root = root;
            this.difficulty = difficulty;
            this.deadlineNanos = deadlineNanos;
            this.coalesces = coalesces;
        }

        boolean sameAs(Root r, Difficulty d) {
            return coalesces && root.equals(r) && difficulty.equals(d) && !cancel.isCancelled();
        }
    }

    public WorkQueue(WorkSearch search, int capacity) {
        if (capacity < 0) throw new IllegalArgumentException("queue capacity must be 0 or more, was " + capacity);
        this.search = search;
        this.capacity = capacity;
        this.runner = new Thread(this::run, "work-queue");
        runner.setDaemon(true);
        runner.start();
    }

    public WorkSearch search() {
        return search;
    }

    /**
     * Queues a search, or joins an identical one.
     *
     * @param deadlineNanos on the {@link System#nanoTime()} clock; a joiner's later deadline extends a
     *     queued search's (not a running one's)
     * @throws QueueRefusal when {@code capacity} searches already wait, or the ones ahead would make this one
     *     miss its deadline
     */
    public CompletableFuture<SearchResult> submit(Root root, Difficulty difficulty, long deadlineNanos) {
        return submit(root, difficulty, deadlineNanos, true);
    }

    /** Queues a search that never coalesces (a benchmark). */
    public CompletableFuture<SearchResult> submitAlone(Root root, Difficulty difficulty, long deadlineNanos) {
        return submit(root, difficulty, deadlineNanos, false);
    }

    private CompletableFuture<SearchResult> submit(
            Root root, Difficulty difficulty, long deadlineNanos, boolean coalesces) {
        synchronized (lock) {
            if (closed) throw new IllegalStateException("the work queue is closed");
            if (coalesces) {
                if (running != null && running.sameAs(root, difficulty)) return running.result;
                for (Job j : waiting) {
                    if (j.sameAs(root, difficulty)) {
                        if (deadlineNanos - j.deadlineNanos > 0) j.deadlineNanos = deadlineNanos;
                        return j.result;
                    }
                }
            }
            int slots = capacity + (running == null ? 1 : 0); // an idle runner takes the next one at once
            if (waiting.size() >= slots) {
                throw new QueueRefusal(
                        capacity + " searches are already waiting; retry later or use another work server");
            }
            if (coalesces) refuseIfPastDeadline(difficulty, deadlineNanos);
            Job job = new Job(root, difficulty, deadlineNanos, coalesces);
            waiting.addLast(job);
            lock.notifyAll();
            return job.result;
        }
    }

    /** Called with the lock held: refuses a search that is expected to end after its deadline. */
    private void refuseIfPastDeadline(Difficulty difficulty, long deadlineNanos) {
        if (attemptsPerNano <= 0 || (running == null && waiting.isEmpty())) return;
        long now = System.nanoTime();
        double ahead = 0;
        if (running != null) ahead += expectedNanos(running, now);
        for (Job j : waiting) ahead += expectedNanos(j, now);
        double expected = ahead + difficulty.expectedAttempts() / attemptsPerNano;
        if (expected > deadlineNanos - now) {
            throw new QueueRefusal(String.format(
                    Locale.ROOT,
                    "the searches ahead of this one are expected to take %.1f s, so it would likely reach its deadline;"
                            + " retry later or use another work server",
                    ahead / 1e9));
        }
    }

    /** A queued or running job's expected search time at the measured rate, at most until its deadline. */
    private double expectedNanos(Job job, long now) {
        return Math.max(
                0, Math.min(job.difficulty.expectedAttempts() / attemptsPerNano, (double) (job.deadlineNanos - now)));
    }

    /** Cancels the running and queued searches for {@code root}; answers how many there were. */
    public int cancel(Root root) {
        int n = 0;
        synchronized (lock) {
            if (running != null && running.root.equals(root) && running.coalesces) {
                running.cancel.cancel();
                n++;
            }
            for (Iterator<Job> it = waiting.iterator(); it.hasNext(); ) {
                Job j = it.next();
                if (j.root.equals(root) && j.coalesces) {
                    it.remove();
                    j.cancel.cancel();
                    j.result.complete(new SearchResult.Cancelled(0, 0));
                    n++;
                }
            }
        }
        return n;
    }

    /** True while a search runs. */
    public boolean searching() {
        synchronized (lock) {
            return running != null;
        }
    }

    /** Searches waiting behind the running one. */
    public int waiting() {
        synchronized (lock) {
            return waiting.size();
        }
    }

    private void run() {
        while (true) {
            Job job;
            synchronized (lock) {
                running = null;
                while (waiting.isEmpty() && !closed) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        closed = true;
                    }
                }
                if (closed) break;
                job = waiting.removeFirst();
                running = job;
            }
            SearchResult result;
            try {
                result = System.nanoTime() - job.deadlineNanos >= 0
                        ? new SearchResult.DeadlineReached(0, 0)
                        : search.search(job.root, job.difficulty, job.deadlineNanos, job.cancel);
            } catch (RuntimeException | Error e) {
                result = new SearchResult.Failed(e, 0, 0);
            }
            synchronized (lock) {
                if (job.coalesces && result.elapsedNanos() > 1_000_000 && result.attempts() > 0) {
                    double rate = (double) result.attempts() / result.elapsedNanos();
                    attemptsPerNano = attemptsPerNano <= 0 ? rate : 0.7 * attemptsPerNano + 0.3 * rate;
                }
                // Before its callers hear of it: a search they have seen end no longer counts as ahead of the
                // next one (which the deadline check would otherwise weigh, and might refuse for it).
                running = null;
            }
            job.result.complete(result);
        }
        synchronized (lock) {
            for (Job j : waiting) j.result.complete(new SearchResult.Cancelled(0, 0));
            waiting.clear();
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            if (running != null) running.cancel.cancel();
            lock.notifyAll();
        }
    }
}
