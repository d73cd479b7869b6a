package dev.nanowork.fanout;

import dev.nanowork.search.CancelSignal;
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

/**
 * Reads a search's record every poll interval while this execution searches, and stops the local search (raises its
 * signal) when the record says the search is over for it: found, cancelled, its askers withdrawn elsewhere, taken
 * over, gone, or raised to a higher difficulty. An unreadable record changes nothing: the search goes on alone.
 */
final class RecordWatch implements AutoCloseable {
    /** What the record said when the watch stopped the search; {@link #NONE} while it has not. */
    enum Verdict {
        NONE,
        FOUND,
        CANCELLED,
        WITHDRAWN,
        RAISED,
        GONE
    }

    private final WorkRecords records;
    private final Root root;
    private final String searchId;
    private final Set<String> askers;
    private final Duration interval;
    private final Clock clock;
    private final Thread thread;
    private volatile CancelSignal stop;
    private volatile Difficulty searched;
    private volatile Verdict verdict = Verdict.NONE;
    private volatile WorkRecord last;
    private volatile boolean closed;

    RecordWatch(
            WorkRecords records,
            Root root,
            String searchId,
            Set<String> askers,
            Duration interval,
            Clock clock,
            Difficulty searched,
            CancelSignal stop) {
        this.records = records;
        this.root = root;
        this.searchId = searchId;
        this.askers = askers;
        this.interval = interval;
        this.clock = clock;
        this.stop = stop;
        this.searched = searched;
        this.thread = Thread.ofVirtual().name("record-watch").start(this::run);
    }

    /** After a {@link Verdict#RAISED}: watches again, stopping {@code next}, the search for {@code difficulty}. */
    void rearm(CancelSignal next, Difficulty difficulty) {
        stop = next;
        searched = difficulty;
        verdict = Verdict.NONE;
        LockSupport.unpark(thread);
    }

    Verdict verdict() {
        return verdict;
    }

    /** The record as last read, if any. */
    Optional<WorkRecord> last() {
        return Optional.ofNullable(last);
    }

    private void run() {
        while (!closed) {
            LockSupport.parkNanos(interval.toNanos());
            if (closed || verdict != Verdict.NONE) continue;
            Optional<WorkRecord> read;
            try {
                read = records.read(root);
            } catch (RecordUnavailable e) {
                continue; // the search goes on; the owner answers what it finds itself
            }
            Verdict v = judge(read);
            if (v == Verdict.NONE) continue;
            last = read.orElse(null);
            verdict = v;
            stop.cancel();
        }
    }

    private Verdict judge(Optional<WorkRecord> read) {
        if (read.isEmpty()) return Verdict.GONE;
        WorkRecord r = read.get();
        if (!r.searchId().equals(searchId) || r.expired(clock.millis())) return Verdict.GONE;
        return switch (r.state()) {
            case FOUND -> Verdict.FOUND;
            case CANCELLED -> Verdict.CANCELLED;
            case SEARCHING -> {
                if (!askers.isEmpty() && askers.stream().noneMatch(r.askers()::contains)) yield Verdict.WITHDRAWN;
                yield r.difficulty().compareTo(searched) > 0 ? Verdict.RAISED : Verdict.NONE;
            }
        };
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
