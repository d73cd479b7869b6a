package dev.nanowork.fanout;

import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.RecordUnavailable;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;

/**
 * One execution's part in a shared search: searches on this execution's threads (with the workers it invoked, when
 * it owns the search) until the work is found here, by a worker, or by another execution, or until the record says
 * the search is over for this request. A search whose record is raised to a higher difficulty goes on for that one (a
 * work for it is a work for every lower one). A cancel here withdraws this request's askers from the record, which
 * stops every execution once none is left.
 */
final class SharedRun {
    private static final Logger LOG = Logger.getLogger(SharedRun.class.getName());

    /** How the run ended: a result, or {@code again} when the record went on without this request. */
    record Outcome(SearchResult result, boolean again) {}

    private final WorkSearch local;
    private final WorkRecords records;
    private final WorkerCrew crew;
    private final FanOutSettings settings;
    private final Clock clock;
    private final Root root;
    private final String searchId;
    private final Set<String> askers;
    /** The signal of the local search now running: a worker's find raises it. */
    private final AtomicReference<CancelSignal> running = new AtomicReference<>();

    SharedRun(
            WorkSearch local,
            WorkRecords records,
            WorkerCrew crew,
            FanOutSettings settings,
            Clock clock,
            Root root,
            String searchId,
            Set<String> askers) {
        this.local = local;
        this.records = records;
        this.crew = crew;
        this.settings = settings;
        this.clock = clock;
        this.root = root;
        this.searchId = searchId;
        this.askers = askers;
    }

    Outcome search(Difficulty difficulty, long deadlineNanos, CancelSignal cancel, boolean owner) {
        CancelSignal stop = cancel.child();
        running.set(stop);
        AtomicReference<SearchResult.Found> byWorker = new AtomicReference<>();
        try (RecordWatch watch =
                new RecordWatch(records, root, searchId, askers, settings.pollInterval(), clock, difficulty, stop)) {
            if (owner)
                crew.start(
                        root,
                        difficulty,
                        searchId,
                        deadlineNanos,
                        work -> valid(work, difficulty)
                                .filter(found -> byWorker.compareAndSet(null, found))
                                .ifPresent(found -> running.get().cancel()));
            Difficulty searching = difficulty;
            while (true) {
                SearchResult r = local.search(root, searching, deadlineNanos, stop);
                if (r instanceof SearchResult.Found f) {
                    recordFound(f.work());
                    return new Outcome(f, false);
                }
                if (byWorker.get() != null) return new Outcome(byWorker.get(), false);
                if (!(r instanceof SearchResult.Cancelled)) return new Outcome(r, false);
                if (cancel.isCancelled()) {
                    withdraw();
                    return new Outcome(r, false);
                }
                switch (watch.verdict()) {
                    case RAISED -> {
                        searching = watch.last().orElseThrow().difficulty();
                        stop = cancel.child();
                        running.set(stop);
                        watch.rearm(stop, searching);
                    }
                    case FOUND -> {
                        Optional<SearchResult.Found> found =
                                watch.last().flatMap(WorkRecord::work).flatMap(w -> valid(w, difficulty));
                        return found.map(f -> new Outcome(f, false)).orElseGet(() -> new Outcome(r, true));
                    }
                    case GONE -> {
                        return new Outcome(r, true);
                    }
                    case CANCELLED, WITHDRAWN, NONE -> {
                        return new Outcome(r, false);
                    }
                }
            }
        }
    }

    /** {@code work} as a result, if it is valid for the root at {@code difficulty} (nothing read is trusted). */
    private Optional<SearchResult.Found> valid(Work work, Difficulty difficulty) {
        long value = WorkValue.value(root, work);
        if (Long.compareUnsigned(value, difficulty.threshold()) < 0) {
            LOG.severe(() -> "work " + work + " for " + root + " is not valid at " + difficulty + ": not answered");
            return Optional.empty();
        }
        return Optional.of(new SearchResult.Found(work, value, 0, 0));
    }

    /** Tells the other executions: the first find wins the record; a later one was still a valid answer here. */
    private void recordFound(Work work) {
        try {
            records.found(
                    root, searchId, work, (clock.millis() + settings.recordTtl().toMillis()) / 1000);
        } catch (RecordUnavailable e) {
            LOG.warning(() -> "work found for " + root + " but not recorded (the workers stop at their deadline): "
                    + e.getMessage());
        }
    }

    private void withdraw() {
        try {
            for (String asker : askers) records.withdraw(root, asker);
        } catch (RecordUnavailable e) {
            LOG.warning(() ->
                    "a cancelled search of " + root + " could not be withdrawn from its record: " + e.getMessage());
        }
    }
}
