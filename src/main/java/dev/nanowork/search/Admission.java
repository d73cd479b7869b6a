package dev.nanowork.search;

import dev.nanowork.work.Difficulty;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether the {@link WorkQueue} takes one more caller, each refusal a {@link QueueRefusal} that says why: the
 * {@link QueueLimits} on callers and searches, in all and per client; and a search that would wait past its deadline.
 * Once a search has measured this process's rate, a new one is refused when its expected time in turns (its client's
 * searches before it and its own, plus each other client's searches up to as much, each at most its own deadline)
 * passes its deadline: refused at once, the caller can go to another work server instead of learning 28 s later that
 * the deadline was reached. Not thread-safe: the queue calls it with its lock held, {@code jobs} being the running
 * search first, then the waiting ones.
 */
final class Admission {
    private final QueueLimits limits;
    /** Attempts per nanosecond of the last searches (a moving average); 0 until a search has measured it. */
    private double attemptsPerNano;

    Admission(QueueLimits limits) {
        this.limits = limits;
    }

    QueueLimits limits() {
        return limits;
    }

    /**
     * Refuses a caller when the queue holds as many callers as it may (each HTTP caller holds a worker thread while
     * it waits), or its client as many as one client may.
     */
    void refuseIfCrowded(List<Job> jobs, Caller caller) {
        int all = waiters(jobs);
        int mine = 0;
        for (Job j : jobs) mine += j.waitersOf(caller);
        if (all >= limits.maxWaiters()) {
            throw new QueueRefusal(limits.maxWaiters()
                    + " callers already wait for work on this server; retry later or use another work server");
        }
        if (caller.limited() && mine >= limits.waitersOf(caller)) {
            throw new QueueRefusal("this client already waits for " + limits.waitersOf(caller)
                    + " answers; wait for them, or use another work server");
        }
    }

    /** Refuses a new search when {@code waiting} searches already wait ({@code idle}: the runner takes one at once). */
    void refuseIfFull(int waiting, boolean idle) {
        if (waiting >= limits.capacity() + (idle ? 1 : 0)) {
            throw new QueueRefusal(
                    limits.capacity() + " searches are already waiting; retry later or use another work server");
        }
    }

    /** Refuses a client that already waits for as many searches as it may. */
    void refuseIfClientFull(List<Job> jobs, Caller caller) {
        if (!caller.limited()) return;
        if (searchesFor(jobs, caller) >= limits.searchesOf(caller)) {
            throw new QueueRefusal("this client already waits for " + limits.searchesOf(caller)
                    + " searches; wait for their answers, or use another work server");
        }
    }

    /** The callers waiting for {@code jobs}. */
    static int waiters(List<Job> jobs) {
        int n = 0;
        for (Job j : jobs) n += j.waiters.size();
        return n;
    }

    /** Of {@code jobs}, the searches a waiter from {@code caller}'s address waits for. */
    static int searchesFor(List<Job> jobs, Caller caller) {
        int n = 0;
        for (Job j : jobs) if (j.waitedForBy(caller)) n++;
        return n;
    }

    /**
     * Refuses a search of {@code client} that is expected to end after its deadline. In turns, it ends after its
     * client's searches before it and its own; meanwhile each other client searches as long, or less if its searches
     * end first.
     */
    void refuseIfPastDeadline(List<Job> jobs, Difficulty difficulty, long deadlineNanos, String client) {
        if (attemptsPerNano <= 0 || jobs.isEmpty()) return;
        long now = System.nanoTime();
        Map<String, Double> perClient = new HashMap<>();
        for (Job j : jobs) perClient.merge(j.client, expectedNanos(j, now), Double::sum);
        double own = difficulty.expectedAttempts() / attemptsPerNano;
        double mine = own + perClient.getOrDefault(client, 0.0);
        double ahead = mine - own;
        for (Map.Entry<String, Double> other : perClient.entrySet()) {
            if (!other.getKey().equals(client)) ahead += Math.min(other.getValue(), mine);
        }
        double expected = ahead + own;
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

    /**
     * Measures the rate from a search that ended ({@code total}: all its turns) on {@code threads} threads: only one
     * that ran at least a batch on every thread counts; one found in its first nonces took mostly thread start-up,
     * and its "rate" (a few attempts in milliseconds) would refuse everything.
     */
    void measure(Job job, SearchResult total, int threads) {
        if (job.coalesces
                && total.elapsedNanos() > 1_000_000
                && total.attempts() >= (long) threads * WorkSearch.BATCH) {
            double rate = (double) total.attempts() / total.elapsedNanos();
            attemptsPerNano = attemptsPerNano <= 0 ? rate : 0.7 * attemptsPerNano + 0.3 * rate;
        }
    }
}
