package dev.nanowork.fanout;

import dev.nanowork.observe.SearchTally;
import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.Asker;
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
 * One generate execution's part in a shared search: searches on this execution's threads (beside the workers, and
 * the other executions that joined) for the lowest difficulty still wanted, records every find, and goes on until a
 * work reaches this execution's own difficulty, found here, by a worker, or read from the record, or until the record
 * says the search is over for its askers. Each asker is answered at its own difficulty: a find below it answers those
 * it reaches, elsewhere, and the search goes on. A cancel here withdraws this execution's askers from the record,
 * which stops every execution once none is left; the end of a queue's turn leaves the record as it is.
 */
final class SharedRun {
    private static final Logger LOG = Logger.getLogger(SharedRun.class.getName());

    /** How the run ended: a result, or {@code again} when the record went on without this request. */
    record Outcome(SearchResult result, boolean again) {}

    private final WorkSearch local;
    private final WorkRecords records;
    private final FindRecorder recorder;
    private final FanOutSettings settings;
    private final Clock clock;
    private final Root root;
    private final Difficulty own;
    private final Set<Asker> askers;

    SharedRun(
            WorkSearch local,
            WorkRecords records,
            FanOutSettings settings,
            Clock clock,
            Root root,
            Difficulty own,
            Set<Asker> askers) {
        this.local = local;
        this.records = records;
        this.recorder = new FindRecorder(records);
        this.settings = settings;
        this.clock = clock;
        this.root = root;
        this.own = own;
        this.askers = askers;
    }

    /**
     * Searches {@code entered}'s record, starting {@code crew} first when there is one (the workers this execution
     * invokes: its own when it claimed the record, the ones a raise added when it joined).
     */
    Outcome search(WorkRecord entered, Crew crew, long deadlineNanos, CancelSignal cancel) {
        AtomicReference<SearchResult.Found> byWorker = new AtomicReference<>();
        AtomicReference<CancelSignal> running = new AtomicReference<>(new CancelSignal());
        long attempts = 0;
        try (RecordWatch watch = new RecordWatch(
                records,
                entered,
                askers,
                r -> r.threshold(Optional.of(own)),
                settings.pollInterval(),
                RecordWatch.Unreadable.IGNORED,
                clock)) {
            crew.start(
                    deadlineNanos,
                    work -> valid(work)
                            .filter(found -> byWorker.compareAndSet(null, found))
                            .ifPresent(found -> running.get().cancel()));
            while (true) {
                if (byWorker.get() != null) {
                    // The worker recorded it, or cancelled the search when it could not: written again here, in
                    // case neither reached the table from there (a refused write of a recorded find costs a unit).
                    var unused = recorder.record(
                            root, entered.searchId(), byWorker.get().work());
                    return new Outcome(with(byWorker.get(), attempts), false);
                }
                Optional<RecordWatch.End> end = watch.end();
                if (end.isPresent()) return ended(end.get(), watch.latest(), attempts);
                Optional<Difficulty> threshold = watch.threshold();
                if (threshold.isEmpty()) // the record's best work reaches this execution's askers
                return answered(watch.latest(), attempts);
                CancelSignal round = watch.round(cancel, threshold.get());
                running.set(round);
                SearchResult r = local.search(root, threshold.get(), deadlineNanos, round);
                attempts += r.attempts();
                SearchTally.current().searchedAfterFind(watch.searchedAfterFind(r));
                if (r instanceof SearchResult.Found f) {
                    WorkRecords.Offer offer = recorder.record(root, entered.searchId(), f.work());
                    if (own.isReachedBy(f.value())) return new Outcome(with(f, attempts), false);
                    if (offer instanceof WorkRecords.Offer.Over over
                            && over.record().isEmpty())
                        return new Outcome(new SearchResult.Cancelled(attempts, 0), true); // unrecorded: again
                    watch.saw(record(offer));
                    continue;
                }
                if (byWorker.get() != null) continue;
                if (!(r instanceof SearchResult.Cancelled)) return new Outcome(r, false);
                if (cancel.isCancelled()) {
                    // A queue's turn ended: the search goes on elsewhere and this request comes back to it. Else the
                    // clients left: their askers leave the record.
                    if (!cancel.turnOver()) withdraw();
                    return new Outcome(r, false);
                }
            }
        }
    }

    /** The workers a run starts, if any. */
    interface Crew {
        Crew NONE = (deadlineNanos, found) -> {};

        void start(long deadlineNanos, java.util.function.Consumer<Work> found);
    }

    private Outcome ended(RecordWatch.End end, Optional<WorkRecord> latest, long attempts) {
        SearchResult stopped = new SearchResult.Cancelled(attempts, 0);
        return switch (end) {
            case FOUND ->
                latest.flatMap(r -> r.workFor(own))
                        .flatMap(this::valid)
                        .map(f -> new Outcome(with(f, attempts), false))
                        .orElseGet(() -> new Outcome(stopped, true)); // found without this request's askers: again
            case GONE -> new Outcome(stopped, true);
            case CANCELLED, WITHDRAWN, UNREADABLE -> new Outcome(stopped, false);
        };
    }

    private Outcome answered(Optional<WorkRecord> latest, long attempts) {
        return latest.flatMap(r -> r.workFor(own))
                .flatMap(this::valid)
                .map(f -> new Outcome(with(f, attempts), false))
                .orElseGet(() -> new Outcome(new SearchResult.Cancelled(attempts, 0), true));
    }

    private static Optional<WorkRecord> record(WorkRecords.Offer offer) {
        return switch (offer) {
            case WorkRecords.Offer.Found f -> Optional.of(f.record());
            case WorkRecords.Offer.Better b -> Optional.of(b.record());
            case WorkRecords.Offer.Kept k -> Optional.of(k.record());
            case WorkRecords.Offer.Over o -> o.record();
        };
    }

    /** {@code work} as a result, if it reaches this execution's difficulty for the root (nothing read is trusted). */
    private Optional<SearchResult.Found> valid(Work work) {
        long value = WorkValue.value(root, work);
        if (!own.isReachedBy(value)) {
            LOG.fine(() -> "work " + work + " for " + root + " does not reach " + own + ": not answered here");
            return Optional.empty();
        }
        return Optional.of(new SearchResult.Found(work, value, 0, 0));
    }

    private static SearchResult.Found with(SearchResult.Found f, long attempts) {
        return new SearchResult.Found(f.work(), f.value(), attempts, f.elapsedNanos());
    }

    private void withdraw() {
        try {
            records.withdraw(root, askers::contains);
        } catch (RecordUnavailable e) {
            LOG.warning(() ->
                    "a cancelled search of " + root + " could not be withdrawn from its record: " + e.getMessage());
        }
    }
}
