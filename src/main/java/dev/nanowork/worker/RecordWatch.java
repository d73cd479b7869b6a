package dev.nanowork.worker;

import dev.nanowork.search.CancelSignal;
import dev.nanowork.share.RecordUnavailable;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Reads a worker's record every poll interval while it searches, on a thread of its own: AWS cannot stop a running
 * invocation, so the record is the only way the worker learns that its search is over. Raises the search's cancel
 * signal when the record shows it found, cancelled, taken over by another search or past its lease ({@link
 * Ended#OVER}); when the record cannot be read for longer than {@link #UNREADABLE} ({@link Ended#UNREADABLE}: a
 * worker nobody can stop must not run on, since it is paid for); and when a request raised the difficulty, so that
 * the worker searches on for the higher one.
 */
final class RecordWatch implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(RecordWatch.class.getName());

    /** How long the record may stay unreadable before the worker stops. */
    static final Duration UNREADABLE = Duration.ofSeconds(1);

    /** Why the search must end for good. */
    enum Ended {
        OVER,
        UNREADABLE
    }

    private final WorkRecords records;
    private final Root root;
    private final String searchId;
    private final long pollNanos;
    private final Thread thread;

    private volatile Difficulty difficulty;
    private volatile Ended ended;
    private volatile CancelSignal round = new CancelSignal();
    private volatile boolean closed;
    private long lastReadNanos;

    /** Starts watching {@code searchId}'s record of {@code root}, being searched for {@code difficulty}. */
    RecordWatch(WorkRecords records, Root root, String searchId, Difficulty difficulty, Duration pollInterval) {
        this.records = records;
        this.root = root;
        this.searchId = searchId;
        this.difficulty = difficulty;
        this.pollNanos = pollInterval.toNanos();
        this.lastReadNanos = System.nanoTime();
        this.thread = Thread.ofVirtual().name("worker-record-watch").start(this::run);
    }

    /**
     * Whether {@code record} still asks this search for work: searching under {@code searchId}, within its lease and
     * not expired.
     */
    static boolean ours(Optional<WorkRecord> record, String searchId, long nowMillis) {
        return record.isPresent()
                && record.get().searchId().equals(searchId)
                && record.get().live(nowMillis);
    }

    /**
     * The cancel signal of the next search round for {@code searched}: already raised when the search is over or the
     * record asks for another difficulty by now.
     */
    CancelSignal round(Difficulty searched) {
        CancelSignal signal = new CancelSignal();
        round = signal;
        // The watch sets the difficulty or the end before it cancels the current round: whichever of the two sides
        // comes second sees the other's write, so no raise or end is missed between rounds.
        if (ended != null || !difficulty.equals(searched)) signal.cancel();
        return signal;
    }

    /** The difficulty the record asks for now (never below the task's). */
    Difficulty difficulty() {
        return difficulty;
    }

    /** Why the search ended for good, or null while it may go on. */
    Ended ended() {
        return ended;
    }

    private void run() {
        while (!closed) {
            try {
                TimeUnit.NANOSECONDS.sleep(pollNanos);
            } catch (InterruptedException e) {
                return;
            }
            if (closed) return;
            poll();
        }
    }

    private void poll() {
        Optional<WorkRecord> record;
        try {
            record = records.read(root);
        } catch (RecordUnavailable e) {
            long unreadable = System.nanoTime() - lastReadNanos;
            if (unreadable > UNREADABLE.toNanos()) {
                LOG.warning(() -> "worker: record of " + root + " unreadable for " + unreadable / 1_000_000
                        + " ms, the search stops: " + e.getMessage());
                end(Ended.UNREADABLE);
            }
            return;
        }
        lastReadNanos = System.nanoTime();
        if (!ours(record, searchId, System.currentTimeMillis())) {
            end(Ended.OVER);
            return;
        }
        Difficulty asked = record.get().difficulty();
        if (asked.compareTo(difficulty) > 0) {
            difficulty = asked;
            round.cancel();
        }
    }

    private void end(Ended why) {
        ended = why;
        round.cancel();
        closed = true;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
