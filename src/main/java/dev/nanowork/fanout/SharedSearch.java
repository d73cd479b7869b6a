package dev.nanowork.fanout;

import dev.nanowork.observe.SearchTally;
import dev.nanowork.search.Caller;
import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.Precache;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.Searcher;
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
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * {@code work_generate}'s search with a shared work record: a root whose record holds a valid work at or above the
 * difficulty is answered from it at once; a root already searched by a live search joins it (and searches too: a
 * Lambda execution is billed by the time it waits, not by what it computes), invoking the workers its higher
 * difficulty warrants when it raises the search; otherwise this execution claims the record, invokes workers when it
 * alone would take longer than the target ({@link FanOutSettings#workers}), and searches with them ({@link
 * SharedRun}). Each asker is answered at its own difficulty. A record that cannot be reached leaves the search alone,
 * as before there was one, with one log line a minute.
 */
public final class SharedSearch implements Searcher {
    private static final Logger LOG = Logger.getLogger(SharedSearch.class.getName());
    /** A claim that loses to a record which then changes (found, cancelled, taken over) is tried again this often. */
    private static final int CLAIMS = 3;

    private static final long UNAVAILABLE_LOG_NANOS = 60_000_000_000L;

    private final WorkSearch local;
    private final WorkRecords records;
    private final WorkerCrew crew;
    private final FanOutSettings settings;
    private final Clock clock;
    private final AtomicLong lastUnavailableLog = new AtomicLong(System.nanoTime() - UNAVAILABLE_LOG_NANOS);

    /**
     * A shared search over {@code local}'s threads.
     *
     * @param hashesPerSecond this execution's rate on all its threads, as priming measured it (0 when unknown)
     */
    public SharedSearch(
            WorkSearch local,
            WorkRecords records,
            Workers workers,
            FanOutSettings settings,
            DoubleSupplier hashesPerSecond,
            Clock clock) {
        this.local = local;
        this.records = records;
        this.crew = new WorkerCrew(workers, settings, hashesPerSecond, local::nextStart, clock);
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public SearchResult search(
            Root root, Difficulty difficulty, long deadlineNanos, CancelSignal cancel, Set<String> waiting) {
        // Every caller has an address; the process itself counts as "local" (a record's askers are never empty).
        Set<Asker> askers = (waiting.isEmpty() ? Set.of("local") : waiting)
                .stream().map(a -> new Asker(a, difficulty)).collect(Collectors.toSet());
        long began = System.nanoTime();
        long attempts = 0;
        SearchTally tally = SearchTally.current();
        while (true) {
            Entered entered;
            try {
                entered = enter(root, difficulty, deadlineNanos, askers, tally);
            } catch (RecordUnavailable e) {
                unavailable(e);
                tally.recordFailed();
                tally.recordState(SearchTally.ALONE);
                return alone(root, difficulty, deadlineNanos, cancel, attempts, began);
            }
            if (entered instanceof Entered.Answered a) {
                tally.recordState(SearchTally.ANSWERED);
                return new SearchResult.Found(a.work(), a.value(), attempts, System.nanoTime() - began);
            }
            if (!(entered instanceof Entered.Searching s)) {
                tally.recordState(SearchTally.ALONE);
                return alone(root, difficulty, deadlineNanos, cancel, attempts, began);
            }
            tally.searchId(s.record().searchId());
            SharedRun run = new SharedRun(local, records, settings, clock, root, difficulty, askers);
            SharedRun.Crew invoked = s.invoke() == 0
                    ? SharedRun.Crew.NONE
                    : (deadline, found) -> crew.start(
                            root, s.record().difficulty(), s.record().searchId(), s.invoke(), deadline, found, tally);
            SharedRun.Outcome outcome = run.search(s.record(), invoked, deadlineNanos, cancel);
            attempts += outcome.result().attempts();
            if (outcome.again()) tally.recordState(SearchTally.LEFT_BEHIND);
            // again: the record went on without this request (taken over, or found without its askers)
            if (!outcome.again() || System.nanoTime() - deadlineNanos >= 0)
                return total(outcome.result(), attempts, began);
        }
    }

    /**
     * {@code work_precache} over the same records and workers: the record kept {@code precacheTtl}, the workers
     * queued to search for {@code run}.
     */
    public Precache precache(Duration precacheTtl, Duration run) {
        return new RecordPrecache(records, crew, local, precacheTtl, run, clock);
    }

    /**
     * {@code work_cancel} reaches the executions searching {@code root} through the record: the operator withdraws
     * every asker, anyone else the askers of their own address (the search stops when none is left). A record that
     * cannot be reached is logged; the cancel still answers success, as nano_node's for a root it does not work on.
     */
    @Override
    public void withdraw(Root root, Caller by) {
        try {
            records.withdraw(root, a -> by.operator() || a.address().equals(by.address()));
        } catch (RecordUnavailable e) {
            LOG.warning(() -> "work_cancel for " + root + " did not reach its record: " + e.getMessage());
        }
    }

    /** How this request enters the record: answered from it, searching (with the workers it invokes), or alone. */
    private sealed interface Entered {
        record Answered(Work work, long value) implements Entered {}

        record Searching(WorkRecord record, int invoke) implements Entered {}

        record Alone() implements Entered {}
    }

    private Entered enter(Root root, Difficulty difficulty, long deadlineNanos, Set<Asker> askers, SearchTally tally) {
        long now = clock.millis();
        long leaseUntil = now + Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000);
        String searchId = new UUID(local.nextStart(), local.nextStart()).toString();
        int workers = crew.size(difficulty);
        long expires = (now + settings.recordTtl().toMillis()) / 1000;
        WorkRecord wanted = WorkRecord.claimed(root, searchId, askers, workers, leaseUntil, expires);
        for (int i = 0; i < CLAIMS; i++) {
            WorkRecords.Claim claim = records.claim(wanted, now);
            if (claim instanceof WorkRecords.Claim.Claimed c) {
                tally.recordState(SearchTally.CLAIMED);
                return new Entered.Searching(c.record(), workers);
            }
            WorkRecord standing = ((WorkRecords.Claim.Standing) claim).record();
            Optional<Entered> answered = answered(standing, difficulty);
            if (answered.isPresent()) return answered.get();
            // An invalid work stands in the record: never answered, searched alone.
            if (standing.state() == WorkRecord.State.FOUND) return new Entered.Alone();
            if (standing.live(now)) {
                Optional<WorkRecord> joined = records.join(root, standing.searchId(), askers, leaseUntil, expires);
                if (joined.isPresent()) {
                    tally.recordState(SearchTally.JOINED);
                    return new Entered.Searching(joined.get(), raise(joined.get(), workers));
                }
            }
            now = clock.millis();
        }
        return new Entered.Alone();
    }

    /**
     * The workers this joiner invokes: what its own difficulty warrants beyond what the search has been given, when
     * it is the one that raised them (a compare-and-set: two joiners never both add them).
     */
    private int raise(WorkRecord joined, int wanted) {
        int total = Math.min(wanted, settings.maxWorkers());
        if (total <= joined.workers()) return 0;
        return records.addWorkers(joined.root(), joined.searchId(), joined.workers(), total)
                ? total - joined.workers()
                : 0;
    }

    /** A standing record's work, if it reaches the difficulty for the root: the table is not trusted. */
    private static Optional<Entered> answered(WorkRecord standing, Difficulty difficulty) {
        if (standing.work().isEmpty()) return Optional.empty();
        Optional<Work> work = standing.workFor(difficulty);
        if (work.isPresent()) return work.map(w -> new Entered.Answered(w, WorkValue.value(standing.root(), w)));
        if (standing.state() == WorkRecord.State.FOUND)
            LOG.log(
                    Level.SEVERE,
                    "work record of {0} holds work {1}, which is not valid for it at {2}: not answered",
                    new Object[] {standing.root(), standing.work().get(), difficulty});
        return Optional.empty();
    }

    private void unavailable(RecordUnavailable e) {
        long now = System.nanoTime();
        long last = lastUnavailableLog.get();
        if (now - last - UNAVAILABLE_LOG_NANOS >= 0 && lastUnavailableLog.compareAndSet(last, now))
            LOG.warning(
                    () -> "work record unavailable, searching alone (said at most once a minute): " + e.getMessage());
    }

    /** This execution alone, after what earlier parts of the request searched. */
    private SearchResult alone(
            Root root, Difficulty difficulty, long deadlineNanos, CancelSignal cancel, long attempts, long began) {
        SearchResult r = local.search(root, difficulty, deadlineNanos, cancel);
        return total(r, attempts + r.attempts(), began);
    }

    /** {@code last} with what every part of the search tried, and the time since {@code began}. */
    private static SearchResult total(SearchResult last, long attempts, long began) {
        long elapsed = System.nanoTime() - began;
        return switch (last) {
            case SearchResult.Found f -> new SearchResult.Found(f.work(), f.value(), attempts, elapsed);
            case SearchResult.Cancelled c -> new SearchResult.Cancelled(attempts, elapsed);
            case SearchResult.DeadlineReached d -> new SearchResult.DeadlineReached(attempts, elapsed);
            case SearchResult.Failed f -> new SearchResult.Failed(f.cause(), attempts, elapsed);
        };
    }
}
