package dev.nanowork.worker;

import dev.nanowork.config.WorkConfig;
import dev.nanowork.fanout.WorkerOutcome;
import dev.nanowork.fanout.WorkerTask;
import dev.nanowork.fanout.WorkerTasks;
import dev.nanowork.function.WorkEngine;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.RecordUnavailable;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import io.quarkus.arc.Unremovable;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * One worker invocation: checks the task, then searches it on this execution's search threads, from the task's start
 * nonce, until the record says the search is over ({@link RecordWatch}), a work is found and recorded, or the
 * deadline. A worker never invokes workers (Lambda's recursion guard allows one level; nothing here can reach {@code
 * fanout.Workers}). One log line per invocation: outcome, attempts, time.
 */
@Singleton
@Unremovable
public class WorkerSearch {
    private static final Logger LOG = Logger.getLogger(WorkerSearch.class.getName());

    /** A task is about 200 bytes; anything much larger is not one (the handler reads at most one byte more). */
    public static final int LONGEST_PAYLOAD = 4096;

    private final WorkSearch search;
    private final WorkRecords records;
    private final TaskBounds bounds;
    private final Duration pollInterval;
    private final Duration recordTtl;

    /** With no table ({@code nano-work.fan-out.table} unset) there are no records, and every task is refused. */
    @Inject
    WorkerSearch(WorkEngine engine, WorkConfig config) {
        this(
                engine.queue().search(),
                engine.records().orElse(null),
                new TaskBounds(
                        Difficulty.parse(config.minDifficulty().strip()),
                        Difficulty.parse(config.maxDifficulty().strip())),
                config.fanOut().pollInterval(),
                config.fanOut().recordTtl());
    }

    WorkerSearch(WorkSearch search, WorkRecords records, TaskBounds bounds, Duration pollInterval, Duration recordTtl) {
        this.search = search;
        this.records = records;
        this.bounds = bounds;
        this.pollInterval = pollInterval;
        this.recordTtl = recordTtl;
    }

    /**
     * Answers one invocation's payload (read up to {@link #LONGEST_PAYLOAD} + 1 bytes).
     *
     * @param remainingMillis the invocation's remaining time
     * @return the answer's JSON ({@link WorkerTasks#write(WorkerOutcome)})
     * @throws WorkerRefusal for a malformed or out-of-bounds task, or a record that cannot be read: no search ran,
     *     or it stopped because nothing could stop it otherwise
     */
    public String answer(byte[] payload, long remainingMillis) {
        long began = System.nanoTime();
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
            LOG.info(() -> "worker: refused, no search: " + e.getMessage());
            throw e instanceof WorkerRefusal r ? r : new WorkerRefusal(e.getMessage());
        }
        Run run = new Run(task);
        try {
            WorkerOutcome outcome = run.search();
            log(task, outcome.kind().name(), run, began);
            return WorkerTasks.write(outcome);
        } catch (WorkerRefusal e) {
            log(task, "refused (" + e.getMessage() + ")", run, began);
            throw e;
        }
    }

    private static void log(WorkerTask task, String outcome, Run run, long began) {
        double seconds = (System.nanoTime() - began) / 1e9;
        LOG.info(() -> String.format(
                Locale.ROOT,
                "worker: %s, root %s, difficulty %s, search %s, attempts %d, %.3f s, %.1f MH/s",
                outcome.toLowerCase(Locale.ROOT),
                task.root(),
                run.difficulty,
                task.searchId(),
                run.attempts,
                seconds,
                seconds > 0 ? run.attempts / seconds / 1e6 : 0));
    }

    /** One task's search, in rounds: a raised difficulty ends a round and the next goes on from where it stopped. */
    private final class Run {
        final WorkerTask task;
        Difficulty difficulty;
        long attempts;

        Run(WorkerTask task) {
            this.task = task;
            this.difficulty = task.difficulty();
        }

        WorkerOutcome search() {
            Optional<WorkRecord> record;
            try {
                record = records.read(task.root());
            } catch (RecordUnavailable e) {
                throw new WorkerRefusal("record unavailable, no search: " + e.getMessage());
            }
            // Lambda may deliver an invocation twice, or late: a worker whose search is over by now exits at once.
            if (!RecordWatch.ours(record, task.searchId(), System.currentTimeMillis()))
                return new WorkerOutcome(WorkerOutcome.Kind.STOPPED, Optional.empty());
            if (record.get().difficulty().compareTo(difficulty) > 0)
                difficulty = record.get().difficulty();
            long deadlineNanos = System.nanoTime()
                    + Duration.ofMillis(task.deadlineEpochMillis() - System.currentTimeMillis())
                            .toNanos();
            long start = task.start();
            try (RecordWatch watch = new RecordWatch(records, task.root(), task.searchId(), difficulty, pollInterval)) {
                while (true) {
                    SearchResult result =
                            search.search(task.root(), difficulty, start, deadlineNanos, watch.round(difficulty));
                    attempts += result.attempts();
                    // The next round's threads go on from where this round's stopped (each thread's share of it).
                    start += result.attempts() / search.threads();
                    switch (result) {
                        case SearchResult.Found found -> {
                            Difficulty asked = watch.difficulty();
                            if (WorkValue.isValid(task.root(), found.work().value(), asked))
                                return record(found.work());
                            difficulty = asked; // valid for the difficulty searched, below a raise since
                        }
                        case SearchResult.Cancelled c -> {
                            if (watch.ended() == RecordWatch.Ended.UNREADABLE)
                                throw new WorkerRefusal("record unreadable for over "
                                        + RecordWatch.UNREADABLE.toMillis() + " ms, search stopped");
                            if (watch.ended() == RecordWatch.Ended.OVER)
                                return new WorkerOutcome(WorkerOutcome.Kind.STOPPED, Optional.empty());
                            difficulty = watch.difficulty();
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
         * Writes the find as the search's result. Set: found. Not set: the record was no longer this search's
         * (another find won, or it was cancelled or taken over): stopped. Unwritable: found all the same, the invoker
         * has the answer and checks it.
         */
        WorkerOutcome record(Work work) {
            long expires = (System.currentTimeMillis() + recordTtl.toMillis()) / 1000;
            try {
                if (!records.found(task.root(), task.searchId(), work, expires))
                    return new WorkerOutcome(WorkerOutcome.Kind.STOPPED, Optional.empty());
            } catch (RecordUnavailable e) {
                LOG.warning(() -> "worker: found " + work + " for " + task.root()
                        + " but could not record it; answered to the invoker only: " + e.getMessage());
            }
            return new WorkerOutcome(WorkerOutcome.Kind.FOUND, Optional.of(work));
        }
    }
}
