package dev.nanowork.worker;

import dev.nanowork.config.WorkConfig;
import dev.nanowork.fanout.FindRecorder;
import dev.nanowork.fanout.RecordWatch;
import dev.nanowork.fanout.WorkerOutcome;
import dev.nanowork.fanout.WorkerTask;
import dev.nanowork.fanout.WorkerTasks;
import dev.nanowork.function.WorkEngine;
import dev.nanowork.observe.Metric;
import dev.nanowork.observe.RequestRecord;
import dev.nanowork.observe.SearchTally;
import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.RecordUnavailable;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Work;
import io.quarkus.arc.Unremovable;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * One worker invocation: checks the task, then searches it on this execution's search threads, from the task's start
 * nonce, until the record says the search is over ({@link RecordWatch}), a work is found and recorded, or the
 * deadline. A worker never invokes workers (Lambda's recursion guard allows one level; nothing here can reach {@code
 * fanout.Workers}). What each invocation came to (outcome, attempts, time, rate) goes into its {@link RequestRecord},
 * which {@code WorkerHandler} writes: one line per invocation.
 */
@Singleton
@Unremovable
public class WorkerSearch {
    /** A task is about 200 bytes; anything much larger is not one (the handler reads at most one byte more). */
    public static final int LONGEST_PAYLOAD = 4096;

    /** A lease this much shorter than the task's deadline is a precache's, held until a worker starts. */
    static final Duration LEASE_SLACK = Duration.ofSeconds(1);

    private final WorkSearch search;
    private final WorkRecords records;
    private final TaskBounds bounds;
    private final Duration pollInterval;
    private final FindRecorder recorder;

    /** With no table ({@code nano-work.fan-out.table} unset) there are no records, and every task is refused. */
    @Inject
    WorkerSearch(WorkEngine engine, WorkConfig config) {
        this(
                engine.queue().search(),
                engine.records().orElse(null),
                new TaskBounds(
                        Difficulty.parse(config.minDifficulty().strip()),
                        Difficulty.parse(config.maxDifficulty().strip())),
                config.fanOut().pollInterval());
    }

    WorkerSearch(WorkSearch search, WorkRecords records, TaskBounds bounds, Duration pollInterval) {
        this.search = search;
        this.records = records;
        this.bounds = bounds;
        this.pollInterval = pollInterval;
        this.recorder = records == null ? null : new FindRecorder(records);
    }

    /**
     * Answers one invocation's payload (read up to {@link #LONGEST_PAYLOAD} + 1 bytes).
     *
     * @param remainingMillis the invocation's remaining time
     * @param record the invocation's record, noting what it came to
     * @return the answer's JSON ({@link WorkerTasks#write(WorkerOutcome)})
     * @throws WorkerRefusal for a malformed or out-of-bounds task, or a record that cannot be read: no search ran,
     *     or it stopped because nothing could stop it otherwise
     */
    public String answer(byte[] payload, long remainingMillis, RequestRecord record) {
        long began = System.nanoTime();
        record.action(Metric.Actions.WORKER);
        WorkerTask task;
        try {
            if (payload.length > LONGEST_PAYLOAD)
                throw new WorkerRefusal("payload over " + LONGEST_PAYLOAD + " bytes: not a worker task");
            task = WorkerTasks.readTask(payload);
            bounds.check(task, System.currentTimeMillis(), remainingMillis);
            if (records == null)
                throw new WorkerRefusal("no work record table (nano-work.fan-out.table): a worker nothing can stop"
                        + " does not search");
        } catch (WorkerTasks.Malformed | WorkerRefusal e) {
            record.outcome(RequestRecord.Outcome.REFUSED, e.getMessage());
            throw e instanceof WorkerRefusal r ? r : new WorkerRefusal(e.getMessage());
        }
        record.asked(task.root().toString(), task.difficulty().toString());
        record.tally(tally(task));
        Run run = new Run(task, record.tally());
        try {
            // Its calls to the record table are counted in its tally, as the generate function's are.
            WorkerOutcome outcome = SearchTally.within(record.tally(), run::search);
            record.outcome(RequestRecord.Outcome.valueOf(outcome.kind().name()), null);
            return WorkerTasks.write(outcome);
        } catch (WorkerRefusal e) {
            record.outcome(RequestRecord.Outcome.REFUSED, e.getMessage());
            throw e;
        } finally {
            record.searched(run.attempts, System.nanoTime() - began, run.reached);
        }
    }

    private static SearchTally tally(WorkerTask task) {
        SearchTally tally = new SearchTally();
        tally.searchId(task.searchId());
        return tally;
    }

    /**
     * One task's search, in rounds: each for the lowest difficulty the record still wants (held to this function's
     * bounds), from where the last one stopped; a find is recorded, and the worker searches on while the record wants
     * more (a find that answered some askers, not all).
     */
    private final class Run {
        final WorkerTask task;
        final SearchTally tally;
        Difficulty difficulty;
        long attempts;
        /** The difficulty of the work this invocation found and offered, as nano_node writes it; null for none. */
        String reached;

        Run(WorkerTask task, SearchTally tally) {
            this.task = task;
            this.tally = tally;
            this.difficulty = task.difficulty();
        }

        WorkerOutcome search() {
            Optional<WorkRecord> record;
            try {
                record = records.read(task.root());
            } catch (RecordUnavailable e) {
                tally.recordFailed();
                throw new WorkerRefusal("record unavailable, no search: " + e.getMessage());
            }
            record = record.flatMap(this::leased);
            // Lambda may deliver an invocation twice, or late: a worker whose search is over by now exits at once.
            if (record.isEmpty()
                    || !record.get().searchId().equals(task.searchId())
                    || !record.get().live(System.currentTimeMillis()))
                return new WorkerOutcome(WorkerOutcome.Kind.STOPPED, Optional.empty());
            long deadlineNanos = System.nanoTime()
                    + Duration.ofMillis(task.deadlineEpochMillis() - System.currentTimeMillis())
                            .toNanos();
            long start = task.start();
            try (RecordWatch watch = new RecordWatch(
                    records,
                    record.get(),
                    Set.of(),
                    r -> bounds.held(r.threshold(Optional.empty())),
                    pollInterval,
                    RecordWatch.Unreadable.ENDS,
                    Clock.systemUTC())) {
                while (true) {
                    Optional<RecordWatch.End> end = watch.end();
                    if (end.equals(Optional.of(RecordWatch.End.UNREADABLE))) {
                        tally.recordFailed();
                        throw new WorkerRefusal("record unreadable for over " + RecordWatch.UNREADABLE.toMillis()
                                + " ms, search stopped");
                    }
                    Optional<Difficulty> threshold = watch.threshold();
                    if (end.isPresent() || threshold.isEmpty())
                        return new WorkerOutcome(WorkerOutcome.Kind.STOPPED, Optional.empty());
                    difficulty = threshold.get();
                    SearchResult result = search.search(
                            task.root(), difficulty, start, deadlineNanos, watch.round(new CancelSignal(), difficulty));
                    attempts += result.attempts();
                    tally.searchedAfterFind(watch.searchedAfterFind(result));
                    // The next round's threads go on from where this round's stopped (each thread's share of it).
                    start += result.attempts() / search.threads();
                    switch (result) {
                        case SearchResult.Found found -> {
                            reached = new Difficulty(found.value()).toString();
                            WorkRecords.Offer offer = recorder.record(task.root(), task.searchId(), found.work());
                            switch (offer) {
                                // Found, or not recorded (the search then cancelled): the invoker has it and checks it.
                                case WorkRecords.Offer.Found f -> {
                                    return found(found.work());
                                }
                                case WorkRecords.Offer.Over o -> {
                                    if (o.record().isEmpty()) return found(found.work());
                                    return new WorkerOutcome(WorkerOutcome.Kind.STOPPED, Optional.empty());
                                }
                                case WorkRecords.Offer.Better b -> watch.saw(Optional.of(b.record()));
                                case WorkRecords.Offer.Kept k -> watch.saw(Optional.of(k.record()));
                            }
                        }
                        case SearchResult.Cancelled c -> {
                            // the watch ended the round: the loop reads why
                        }
                        case SearchResult.DeadlineReached d -> {
                            return new WorkerOutcome(WorkerOutcome.Kind.DEADLINE, Optional.empty());
                        }
                        case SearchResult.Failed f -> throw new WorkerRefusal("search failed: " + f.cause());
                    }
                }
            }
        }

        /**
         * A precache's claim is leased only until its workers start (its invoker is gone, and a queued invocation may
         * be throttled, late, or dropped: {@code RecordPrecache}); the first worker of its search to start holds the
         * lease to its task's deadline, so a dropped precache lapses in seconds and a later {@code work_generate}
         * claims it with workers of its own. A lease that already reaches the task's deadline (every work_generate's
         * workers) costs no write. Empty when the search is no longer this task's (taken over, found, cancelled).
         */
        private Optional<WorkRecord> leased(WorkRecord r) {
            long deadline = task.deadlineEpochMillis();
            if (r.state() != WorkRecord.State.SEARCHING
                    || !r.searchId().equals(task.searchId())
                    || r.expired(System.currentTimeMillis())
                    || r.leaseUntilMillis() >= deadline - LEASE_SLACK.toMillis()) return Optional.of(r);
            try {
                return records.join(task.root(), task.searchId(), r.askers(), deadline, r.expiresAtSeconds());
            } catch (RecordUnavailable e) {
                throw new WorkerRefusal("record unavailable, no search: " + e.getMessage());
            }
        }

        private static WorkerOutcome found(Work work) {
            return new WorkerOutcome(WorkerOutcome.Kind.FOUND, Optional.of(work));
        }
    }
}
