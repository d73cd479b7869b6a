package dev.nanowork.search;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The searches of this process, one at a time on every thread (a search already uses all of them), the others waiting
 * in a bounded queue, one line per client served in turn ({@link ClientRounds}). Each search has its {@link Waiter}s:
 * every caller that asked for it, each with its own deadline and its own answer.
 *
 * <ul>
 *   <li>Identical requests (same root, same difficulty) coalesce: a request joins the queued or running search when
 *       that search may run at least as long as the request's own budget (less {@link #JOIN_TOLERANCE_NANOS}); else
 *       it queues a search of its own. A finished search is never joined, and a joiner never extends its deadline.
 *   <li>{@link #cancel} reaches only the waiters the cancelling caller may speak for ({@link Caller}). A waiter also
 *       leaves when its caller disconnects, or its own deadline (plus {@link Waiter#ANSWER_GRACE_NANOS}) passes. A
 *       search whose last waiter left is dropped from the queue, or stopped if it runs.
 *   <li>{@link #submit} refuses with a {@link QueueRefusal} what the {@link QueueLimits} do not let in, and a
 *       search that would wait past its deadline ({@link Admission}); one whose deadline passed before its turn ends
 *       as {@link SearchResult.DeadlineReached} without running.
 * </ul>
 *
 * <p>On Lambda one invocation carries one request, so the queue is always empty, and requests of other executions
 * share a search through the {@link Searcher}; self-hosted, several wallets or a nano_node can ask at once.
 */
public final class WorkQueue implements AutoCloseable {
    /**
     * How much of its budget a joiner may give up to share a search: a client's burst for one root arrives within tens
     * of ms, each of which would otherwise start its own search; 1 s is under 4 % of the default 28 s budget.
     */
    public static final long JOIN_TOLERANCE_NANOS = TimeUnit.SECONDS.toNanos(1);

    /**
     * How long a search runs while another client's waits, before it gives that one its turn: long against a turn's
     * start and stop (one batch per thread), short against a receive search (0.1-0.3 s on 2 cores).
     */
    public static final long TURN_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    private final WorkSearch search;
    private final Searcher searcher; // the searches that coalesce; a benchmark measures this process alone

    private final Admission admission;
    private final Object lock = new Object();
    private final ClientRounds waiting = new ClientRounds();
    private Job running;
    private boolean closed;

    public WorkQueue(WorkSearch search, Searcher searcher, QueueLimits limits) {
        this.search = search;
        this.searcher = searcher;
        this.admission = new Admission(limits);
        Thread.ofPlatform().name("work-queue").daemon().start(this::run);
    }

    public WorkSearch search() {
        return search;
    }

    public QueueLimits limits() {
        return admission.limits();
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
            List<Job> jobs = jobs();
            admission.refuseIfCrowded(jobs, caller);
            Job job = coalesces ? joinable(jobs, root, difficulty, deadlineNanos) : null;
            if (job != null) {
                if (!job.waitedForBy(caller)) admission.refuseIfClientFull(jobs, caller);
            } else {
                admission.refuseIfFull(waiting.size(), running == null);
                admission.refuseIfClientFull(jobs, caller);
                if (coalesces) admission.refuseIfPastDeadline(jobs, difficulty, deadlineNanos, caller.client());
                job = new Job(root, difficulty, deadlineNanos, coalesces, caller.client());
                waiting.add(job);
                if (running != null) running.endTurnFor(job.client); // its turn ends; this one's comes
                lock.notifyAll();
            }
            waiter = new Waiter(this, caller, deadlineNanos, job);
            job.waiters.add(waiter);
        }
        caller.onLeave(waiter::leave); // outside the lock: runs at once if the caller has already gone
        return waiter;
    }

    /**
     * Called with the lock held: the running or a queued search {@code root} may join that has room, if any (when
     * every one is full, the request starts another).
     */
    private Job joinable(List<Job> jobs, Root root, Difficulty difficulty, long deadlineNanos) {
        for (Job j : jobs) {
            if (j.joinableBy(root, difficulty, deadlineNanos)
                    && j.waiters.size() < admission.limits().waitersPerSearch()) return j;
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

    /** Searches, running or queued, that a waiter from {@code caller}'s address waits for. */
    public int searchesFor(Caller caller) {
        synchronized (lock) {
            return Admission.searchesFor(jobs(), caller);
        }
    }

    /**
     * Cancels, for the running and queued searches of {@code root}, the waiters {@code by} may speak for, and withdraws
     * them from a search shared with other executions; a search shared with other callers runs on for them. Answers
     * how many searches of this process it reached.
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
        searcher.withdraw(root, by);
        return reached;
    }

    /** {@code waiter} stops waiting; a search no one waits for any more ends. */
    void leave(Waiter waiter) {
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
            return Admission.waiters(jobs());
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
                turn = job.startTurn(waiting.othersThan(job.client));
            }
            SearchResult result = job.runTurn(job.coalesces ? searcher : Searcher.local(search), turn);
            List<Waiter> waiters;
            SearchResult total;
            synchronized (lock) {
                job.endTurn(result);
                if (job.onlyItsTurnEnded(result, turn) && !closed) {
                    waiting.putBack(job); // another client's search goes first
                    continue;
                }
                total = job.total(result);
                admission.measure(job, total, search.threads());
                // Before its callers hear of it: a search they have seen end no longer counts as ahead of the
                // next one (which the deadline check would otherwise weigh, and might refuse for it), and is no
                // longer joined.
                running = null;
                waiters = job.finish();
            }
            for (Waiter w : waiters) w.result.complete(total);
        }
        List<Waiter> left = new ArrayList<>();
        synchronized (lock) {
            for (Job j : waiting.clear()) left.addAll(j.finish());
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
