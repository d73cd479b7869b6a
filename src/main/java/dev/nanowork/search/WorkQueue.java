package dev.nanowork.search;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The searches of this process, one at a time on every thread (a search already uses all of them, so
 * two at once would only make both slower), the others waiting in a bounded queue, one line per client served in
 * turn ({@link ClientRounds}). Each search has its waiters: every caller that asked for it, each with its own
 * deadline and its own answer.
 *
 * <ul>
 *   <li>Identical requests (same root, same difficulty) coalesce: a request joins the queued or running
 *       search when that search may run at least as long as the request's own budget (less {@link
 *       #JOIN_TOLERANCE_NANOS}); else it queues a search of its own. A finished search is never joined, and a
 *       joiner never extends a search's deadline.
 *   <li>{@link #cancel} reaches only the waiters the cancelling caller may speak for ({@link Caller}); they get
 *       {@link SearchResult.Cancelled}. A waiter also leaves when its caller disconnects, or when its own
 *       deadline (plus {@link #ANSWER_GRACE_NANOS}) passes. A search whose last waiter left is dropped from the
 *       queue, or stopped if it runs.
 *   <li>{@link #submit} refuses with a {@link QueueRefusal}: beyond {@code capacity} waiting searches; beyond
 *       {@code maxWaiters} callers in all (each HTTP caller waits on a worker thread: bounded well below the
 *       server's pool, so a {@code work_validate} always finds one); beyond {@code waitersPerClient} callers or
 *       {@code searchesPerClient} searches of one client (a trusted work peer: {@code searchesPerPeer} of both); and
 *       a search that would wait past its deadline: once a search has measured this process's rate, a new one is
 *       refused when its expected time in turns (its client's searches before it and its own, plus each other
 *       client's searches up to as much, each at most its own deadline) passes its deadline. Refused at once, the caller can go to another
 *       work server instead of learning 28 s later that the deadline was reached.
 *   <li>A queued search whose deadline passed before its turn ends as {@link SearchResult.DeadlineReached}
 *       without running.
 * </ul>
 *
 * <p>On Lambda one invocation carries one request, so the queue is always empty; self-hosted, several
 * wallets or a nano_node can ask at once.
 */
public final class WorkQueue implements AutoCloseable {
    /**
     * How much of its budget a joiner may give up to share a search: requests for one root that a client sends
     * in one burst arrive milliseconds apart (hundreds of them, behind one another on 2 cores, within tens of ms),
     * so each would otherwise start its own search. 1 s is under 4 % of the default 28 s budget.
     */
    public static final long JOIN_TOLERANCE_NANOS = TimeUnit.SECONDS.toNanos(1);

    /**
     * How long past its own deadline a waiter waits for its search's own answer: a search stops at its deadline
     * within one batch (milliseconds; more on a busy machine), so its answer, with what it searched, comes first;
     * only a waiter whose search ends later than its own deadline (one it joined within the tolerance) answers the
     * deadline itself. Half a second leaves the other half of "answered by the deadline plus 1 s" for the way out.
     */
    public static final long ANSWER_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    /**
     * How long a search runs while another client's search waits, before it gives that one its turn: long against
     * the milliseconds a turn's start and stop cost (one batch per thread), short against a receive search (0.1-0.3 s
     * on 2 cores), so a client waits about a turn per other busy client.
     */
    public static final long TURN_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    /** How many searches and callers the queue holds; see the class comment. */
    public record Limits(
            int capacity,
            int waitersPerSearch,
            int searchesPerClient,
            int waitersPerClient,
            int maxWaiters,
            int searchesPerPeer) {
        /** The defaults of nano-work.* (docs/endpoint.md). */
        public static final int WAITERS_PER_SEARCH = 16;

        public static final int SEARCHES_PER_CLIENT = 4;
        public static final int WAITERS_PER_CLIENT = 16;
        /** Under half of Quarkus' 200 worker threads: the rest serve work_validate, status and work_cancel. */
        public static final int MAX_WAITERS = 96;

        public static final int SEARCHES_PER_PEER = 16;

        /** The given bounds per search and per client, and the defaults for the rest. */
        public Limits(int capacity, int waitersPerSearch, int searchesPerClient) {
            this(capacity, waitersPerSearch, searchesPerClient, WAITERS_PER_CLIENT, MAX_WAITERS, SEARCHES_PER_PEER);
        }

        public Limits {
            if (capacity < 0) throw new IllegalArgumentException("queue capacity must be 0 or more, was " + capacity);
            if (Math.min(Math.min(waitersPerSearch, searchesPerClient), Math.min(waitersPerClient, searchesPerPeer)) < 1
                    || maxWaiters < 1) {
                throw new IllegalArgumentException("waiters per search, searches and waiters per client, searches per"
                        + " peer and the most waiters must be 1 or more, were " + waitersPerSearch + ", "
                        + searchesPerClient + ", " + waitersPerClient + ", " + searchesPerPeer + " and " + maxWaiters);
            }
        }

        /** The searches {@code caller}'s client may wait for at once. */
        int searchesOf(Caller caller) {
            return caller.workPeer() ? searchesPerPeer : searchesPerClient;
        }

        /** The callers of {@code caller}'s client that may wait at once: a peer's searches each have one. */
        int waitersOf(Caller caller) {
            return caller.workPeer() ? Math.max(waitersPerClient, searchesPerPeer) : waitersPerClient;
        }
    }

    private final WorkSearch search;
    private final Limits limits;
    private final Object lock = new Object();
    private final ClientRounds waiting = new ClientRounds();
    private Job running;
    private boolean closed;
    private final Thread runner;
    /** Attempts per nanosecond of the last searches (a moving average); 0 until a search has measured it. */
    private double attemptsPerNano;

    /** One caller waiting for one search: its own deadline, its own answer. */
    public final class Waiter {
        final Caller caller;
        final long deadlineNanos;
        final CompletableFuture<SearchResult> result = new CompletableFuture<>();
        final Job job;

        private Waiter(Caller caller, long deadlineNanos, Job job) {
            this.caller = caller;
            this.deadlineNanos = deadlineNanos;
            this.job = job;
        }

        /**
         * The search's result, waited for at most until this waiter's own deadline plus {@link
         * #ANSWER_GRACE_NANOS}; after that, {@link SearchResult.DeadlineReached} (and the waiter leaves).
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

        /** Stops waiting; the search ends when no one waits for it any more. */
        public void leave() {
            WorkQueue.this.leave(this);
        }
    }

    /** A queue with {@code capacity} and the default limits per search and per client. */
    public WorkQueue(WorkSearch search, int capacity) {
        this(search, new Limits(capacity, Limits.WAITERS_PER_SEARCH, Limits.SEARCHES_PER_CLIENT));
    }

    public WorkQueue(WorkSearch search, Limits limits) {
        this.search = search;
        this.limits = limits;
        this.runner = new Thread(this::run, "work-queue");
        runner.setDaemon(true);
        runner.start();
    }

    public WorkSearch search() {
        return search;
    }

    public Limits limits() {
        return limits;
    }

    /** {@link #submit(Root, Difficulty, long, Caller)} for the process itself. */
    public Waiter submit(Root root, Difficulty difficulty, long deadlineNanos) {
        return submit(root, difficulty, deadlineNanos, Caller.LOCAL);
    }

    /**
     * Queues a search, or joins an identical one that has at least this request's budget.
     *
     * @param deadlineNanos on the {@link System#nanoTime()} clock; never extends a search joined
     * @throws QueueRefusal when a limit is reached, or the searches ahead would make this one miss its deadline
     */
    public Waiter submit(Root root, Difficulty difficulty, long deadlineNanos, Caller caller) {
        return submit(root, difficulty, deadlineNanos, caller, true);
    }

    /** Queues a search that never coalesces (a benchmark), for the process itself. */
    public Waiter submitAlone(Root root, Difficulty difficulty, long deadlineNanos) {
        return submitAlone(root, difficulty, deadlineNanos, Caller.LOCAL);
    }

    /**
     * Queues a search that never coalesces (a benchmark) for {@code caller}, under the same rules as its other
     * searches: it counts among the searches the client may wait for, and stops when the client leaves.
     */
    public Waiter submitAlone(Root root, Difficulty difficulty, long deadlineNanos, Caller caller) {
        return submit(root, difficulty, deadlineNanos, caller, false);
    }

    private Waiter submit(Root root, Difficulty difficulty, long deadlineNanos, Caller caller, boolean coalesces) {
        Waiter waiter;
        synchronized (lock) {
            if (closed) throw new IllegalStateException("the work queue is closed");
            refuseIfCrowded(caller);
            Job job = coalesces ? joinable(root, difficulty, deadlineNanos) : null;
            if (job != null) {
                if (!job.waitedForBy(caller)) refuseIfClientFull(caller);
            } else {
                int slots = limits.capacity() + (running == null ? 1 : 0); // an idle runner takes the next at once
                if (waiting.size() >= slots) {
                    throw new QueueRefusal(limits.capacity()
                            + " searches are already waiting; retry later or use another work server");
                }
                refuseIfClientFull(caller);
                if (coalesces) refuseIfPastDeadline(difficulty, deadlineNanos, caller.client());
                job = new Job(root, difficulty, deadlineNanos, coalesces, caller.client());
                waiting.add(job);
                if (running != null && running.turn != null && !running.client.equals(job.client)) {
                    running.turn.stopAt(running.turnStartNanos + TURN_NANOS); // its turn ends; this one's comes
                }
                lock.notifyAll();
            }
            waiter = new Waiter(caller, deadlineNanos, job);
            job.waiters.add(waiter);
        }
        caller.onLeave(waiter::leave); // outside the lock: runs at once if the caller has already gone
        return waiter;
    }

    /**
     * Called with the lock held: the running or a queued search {@code root} may join that has room, if any (when
     * every one is full, the request starts another).
     */
    private Job joinable(Root root, Difficulty difficulty, long deadlineNanos) {
        for (Job j : jobs()) {
            if (j.joinableBy(root, difficulty, deadlineNanos) && j.waiters.size() < limits.waitersPerSearch()) return j;
        }
        return null;
    }

    /** Called with the lock held: the running search first, then the waiting ones. */
    private List<Job> jobs() {
        List<Job> jobs = new ArrayList<>(waiting.size() + 1);
        if (running != null) jobs.add(running);
        for (Job j : waiting) jobs.add(j);
        return jobs;
    }

    /**
     * Called with the lock held: refuses a caller when the queue holds as many callers as it may (each HTTP caller
     * holds a worker thread while it waits), or its client as many as one client may.
     */
    private void refuseIfCrowded(Caller caller) {
        List<Job> jobs = jobs();
        int all = 0;
        int mine = 0;
        for (Job j : jobs) {
            all += j.waiters.size();
            mine += j.waitersOf(caller);
        }
        if (all >= limits.maxWaiters()) {
            throw new QueueRefusal(limits.maxWaiters()
                    + " callers already wait for work on this server; retry later or use another work server");
        }
        if (caller.limited() && mine >= limits.waitersOf(caller)) {
            throw new QueueRefusal("this client already waits for " + limits.waitersOf(caller)
                    + " answers; wait for them, or use another work server");
        }
    }

    /** Called with the lock held: refuses a client that already waits for as many searches as it may. */
    private void refuseIfClientFull(Caller caller) {
        if (!caller.limited()) return;
        if (searchesFor(caller) >= limits.searchesOf(caller)) {
            throw new QueueRefusal("this client already waits for " + limits.searchesOf(caller)
                    + " searches; wait for their answers, or use another work server");
        }
    }

    /** Searches, running or queued, that a waiter from {@code caller}'s address waits for. */
    public int searchesFor(Caller caller) {
        synchronized (lock) {
            int n = 0;
            for (Job j : jobs()) if (j.waitedForBy(caller)) n++;
            return n;
        }
    }

    /**
     * Called with the lock held: refuses a search of {@code client} that is expected to end after its deadline. In
     * turns, it ends after its client's searches before it and its own; meanwhile each other client searches as
     * long, or less if its searches end first.
     */
    private void refuseIfPastDeadline(Difficulty difficulty, long deadlineNanos, String client) {
        if (attemptsPerNano <= 0 || (running == null && waiting.isEmpty())) return;
        long now = System.nanoTime();
        Map<String, Double> perClient = new HashMap<>();
        for (Job j : jobs()) perClient.merge(j.client, expectedNanos(j, now), Double::sum);
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
     * Cancels, for the running and queued searches of {@code root}, the waiters {@code by} may speak for; a
     * search shared with other callers runs on for them. Answers how many searches it reached.
     */
    public int cancel(Root root, Caller by) {
        List<Waiter> cancelled = new ArrayList<>();
        int reached = 0;
        synchronized (lock) {
            for (Job j : jobs()) {
                if (!j.coalesces || j.finished || !j.root.equals(root)) continue;
                int before = cancelled.size();
                j.waiters.removeIf(w -> by.mayCancelFor(w.caller) && cancelled.add(w));
                if (cancelled.size() > before) reached++;
                if (j.waiters.isEmpty()) drop(j);
            }
        }
        for (Waiter w : cancelled) w.result.complete(new SearchResult.Cancelled(0, 0));
        return reached;
    }

    /** {@link #cancel(Root, Caller)} by the process itself. */
    public int cancel(Root root) {
        return cancel(root, Caller.LOCAL);
    }

    private void leave(Waiter waiter) {
        synchronized (lock) {
            Job job = waiter.job;
            if (!job.finished && job.waiters.remove(waiter) && job.waiters.isEmpty()) drop(job);
        }
        waiter.result.complete(new SearchResult.Cancelled(0, 0)); // no effect once it has its answer
    }

    /** Called with the lock held: a search no one waits for any more is dropped, or stopped if it runs. */
    private void drop(Job job) {
        job.cancel.cancel();
        if (job != running) {
            waiting.remove(job);
            job.finished = true;
        }
    }

    /** True while a search runs. */
    public boolean searching() {
        synchronized (lock) {
            return running != null;
        }
    }

    /** Callers waiting for the running and the queued searches. */
    public int waiters() {
        synchronized (lock) {
            int n = 0;
            for (Job j : jobs()) n += j.waiters.size();
            return n;
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
            CancelSignal turn;
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
                job = waiting.next();
                running = job;
                turn = job.cancel.turn();
                job.turn = turn;
                job.turnStartNanos = System.nanoTime();
                if (waiting.othersThan(job.client)) turn.stopAt(job.turnStartNanos + TURN_NANOS);
            }
            SearchResult result;
            try {
                result = System.nanoTime() - job.deadlineNanos >= 0
                        ? new SearchResult.DeadlineReached(0, 0)
                        : search.search(job.root, job.difficulty, job.deadlineNanos, turn);
            } catch (RuntimeException | Error e) {
                result = new SearchResult.Failed(e, 0, 0);
            }
            List<Waiter> waiters;
            SearchResult total;
            synchronized (lock) {
                job.count(result);
                job.turn = null;
                if (result instanceof SearchResult.Cancelled && !job.cancel.isCancelled() && !closed) {
                    waiting.putBack(job); // its turn ended: another client's search goes first
                    continue;
                }
                total = job.total(result);
                // Only from a search that ran at least a batch on every thread: one found in its first nonces took
                // mostly thread start-up, and its "rate" (a few attempts in milliseconds) would refuse everything.
                if (job.coalesces
                        && total.elapsedNanos() > 1_000_000
                        && total.attempts() >= (long) search.threads() * WorkSearch.BATCH) {
                    double rate = (double) total.attempts() / total.elapsedNanos();
                    attemptsPerNano = attemptsPerNano <= 0 ? rate : 0.7 * attemptsPerNano + 0.3 * rate;
                }
                // Before its callers hear of it: a search they have seen end no longer counts as ahead of the
                // next one (which the deadline check would otherwise weigh, and might refuse for it), and is no
                // longer joined.
                running = null;
                job.finished = true;
                waiters = List.copyOf(job.waiters);
            }
            for (Waiter w : waiters) w.result.complete(total);
        }
        List<Waiter> left = new ArrayList<>();
        synchronized (lock) {
            for (Job j : waiting.clear()) {
                j.finished = true;
                left.addAll(j.waiters);
            }
        }
        for (Waiter w : left) w.result.complete(new SearchResult.Cancelled(0, 0));
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
