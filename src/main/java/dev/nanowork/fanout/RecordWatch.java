package dev.nanowork.fanout;

import dev.nanowork.observe.SearchTally;
import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.share.Asker;
import dev.nanowork.share.RecordUnavailable;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * Reads a search's record every poll interval while one execution searches it, on a thread of its own, and ends the
 * running round of the search (raises its signal) when the record changes what this execution must do: the search is
 * over (found, cancelled, taken over, gone), this execution's askers were withdrawn elsewhere (a {@code work_cancel}),
 * or what it should search for moved (a find reached some askers, a joiner asked for more, a withdrawal asked for
 * less). The loop that searches then decides from {@link #latest}. One watcher for the generate function and the
 * worker; they differ only in what an unreadable record means ({@link Unreadable}).
 */
public final class RecordWatch implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(RecordWatch.class.getName());

    /** How long a worker's record may stay unreadable before the worker stops. */
    public static final Duration UNREADABLE = Duration.ofSeconds(1);

    /** What an unreadable record means for the execution. */
    public enum Unreadable {
        /** The search goes on alone (the generate function: it answers what it finds itself). */
        IGNORED,
        /** The search ends after {@link #UNREADABLE} (a worker nobody could stop must not run on: it is paid for). */
        ENDS
    }

    /** Why the search is over for this execution, as the latest record says. */
    public enum End {
        FOUND,
        CANCELLED,
        /** This execution's askers were withdrawn from a record still searching for others. */
        WITHDRAWN,
        /** Taken over by another search, past its lease, expired or deleted. */
        GONE,
        /** Unreadable for longer than {@link #UNREADABLE} (only with {@link Unreadable#ENDS}). */
        UNREADABLE
    }

    private final WorkRecords records;
    private final Root root;
    private final String searchId;
    private final Set<Asker> own;
    private final Function<WorkRecord, Optional<Difficulty>> threshold;
    private final Unreadable unreadable;
    private final Clock clock;
    private final long pollNanos;
    private final Thread thread;

    private volatile Optional<WorkRecord> latest;
    private volatile boolean unreadableTooLong;
    private volatile CancelSignal round = new CancelSignal();
    private volatile Optional<Difficulty> roundFor = Optional.empty();
    private volatile boolean closed;
    private volatile long openNanos = System.nanoTime();
    private long lastReadNanos = System.nanoTime();

    /**
     * Starts watching {@code entered}'s record.
     *
     * @param own the askers this execution answers (none for a worker): their withdrawal ends its search
     * @param threshold what the execution searches for, given a record (empty: nothing it should search for)
     */
    public RecordWatch(
            WorkRecords records,
            WorkRecord entered,
            Set<Asker> own,
            Function<WorkRecord, Optional<Difficulty>> threshold,
            Duration pollInterval,
            Unreadable unreadable,
            Clock clock) {
        this.records = records;
        this.root = entered.root();
        this.searchId = entered.searchId();
        this.own = Set.copyOf(own);
        this.threshold = threshold;
        this.unreadable = unreadable;
        this.clock = clock;
        this.pollNanos = pollInterval.toNanos();
        this.latest = Optional.of(entered);
        // Its reads are the search's: counted in the tally of the thread that watches ({@link SearchTally#current}).
        SearchTally tally = SearchTally.current();
        this.thread = Thread.ofVirtual()
                .name("record-watch")
                .start(() -> SearchTally.within(tally, () -> {
                    run();
                    return null;
                }));
    }

    /** The freshest record known: read by the watch, or returned by a write ({@link #saw}); empty when gone. */
    public Optional<WorkRecord> latest() {
        return latest;
    }

    /** A record a write of this execution returned: kept when it is fresher than the one read last. */
    public synchronized void saw(Optional<WorkRecord> written) {
        Optional<WorkRecord> now = latest;
        if (written.isEmpty()
                || now.isEmpty()
                || !now.get().searchId().equals(written.get().searchId())) {
            latest = written;
        } else if (written.get().revision() >= now.get().revision()) {
            latest = written;
        }
    }

    /** Why the search is over for this execution, by the latest record; empty while it goes on. */
    public Optional<End> end() {
        if (unreadableTooLong) return Optional.of(End.UNREADABLE);
        Optional<WorkRecord> r = latest;
        long now = clock.millis();
        if (r.isEmpty() || !r.get().searchId().equals(searchId) || r.get().expired(now)) return Optional.of(End.GONE);
        // Searching past its lease: every asker's deadline has passed, and the next request takes the record over.
        if (r.get().state() == WorkRecord.State.SEARCHING && !r.get().live(now)) return Optional.of(End.GONE);
        return switch (r.get().state()) {
            case FOUND -> Optional.of(End.FOUND);
            case CANCELLED -> Optional.of(End.CANCELLED);
            case SEARCHING ->
                !own.isEmpty() && own.stream().noneMatch(r.get().askers()::contains)
                        ? Optional.of(End.WITHDRAWN)
                        : Optional.empty();
        };
    }

    /** What to search for now by the latest record, while {@link #end} is empty. */
    public Optional<Difficulty> threshold() {
        return latest.flatMap(threshold);
    }

    /**
     * The signal of the next round of the search, for {@code searching}: a child of {@code parent}, raised by the
     * watch when the record changes what to do, and at once when it already has.
     */
    public CancelSignal round(CancelSignal parent, Difficulty searching) {
        CancelSignal signal = parent.child();
        round = signal;
        roundFor = Optional.of(searching);
        // The watch writes the record before it raises the round: whichever comes second sees the other's write.
        if (changed()) signal.cancel();
        return signal;
    }

    /**
     * Of {@code round}'s attempts, about how many came after another execution's find: when the watch ended the round
     * because the record is found, those since the last read that saw the search open (the find came after it), at the
     * round's rate. An upper bound, of at most a poll interval's worth; 0 for a round that ended otherwise.
     */
    public long searchedAfterFind(SearchResult round) {
        if (!(round instanceof SearchResult.Cancelled) || !end().equals(Optional.of(End.FOUND))) return 0;
        if (round.elapsedNanos() <= 0) return round.attempts();
        double share = Math.min(1.0, (double) (System.nanoTime() - openNanos) / round.elapsedNanos());
        return Math.round(round.attempts() * share);
    }

    private boolean changed() {
        return end().isPresent() || !threshold().equals(roundFor);
    }

    private void run() {
        while (!closed) {
            // Parked, not slept: close() unparks it, and never interrupts a read in flight (the connection would be
            // dropped mid-request for nothing).
            LockSupport.parkNanos(pollNanos);
            if (!closed) poll();
        }
    }

    private void poll() {
        Optional<WorkRecord> read;
        try {
            read = records.read(root);
        } catch (RecordUnavailable e) {
            long unread = System.nanoTime() - lastReadNanos;
            if (unreadable == Unreadable.ENDS && unread > UNREADABLE.toNanos() && !unreadableTooLong) {
                LOG.warning(() -> "record of " + root + " unreadable for " + unread / 1_000_000
                        + " ms, the search stops: " + e.getMessage());
                unreadableTooLong = true;
                round.cancel();
            }
            return; // IGNORED: the search goes on; the owner answers what it finds itself
        }
        lastReadNanos = System.nanoTime();
        saw(read);
        if (end().isEmpty()) openNanos = lastReadNanos;
        if (changed()) round.cancel();
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
