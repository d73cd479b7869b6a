package dev.nanowork.fanout;

import dev.nanowork.search.Caller;
import dev.nanowork.search.Precache;
import dev.nanowork.search.PrecacheRefusal;
import dev.nanowork.search.WorkSearch;
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
import java.util.UUID;
import java.util.logging.Logger;

/**
 * {@code work_precache} on Lambda: a claim whose owner does not wait. This execution reads the root's record (a
 * precache of a root already found or searched costs that one read), and otherwise claims it, kept for {@code
 * precacheTtl}, and queues the workers it warrants (at least one) with {@code InvocationType=Event}, then answers at
 * once: no execution waits for a client that is not there. The workers search and record the find; a later {@code
 * work_generate} of the root enters the record as any other (answered from it, or joining the search). A precache
 * whose workers Lambda would not queue is withdrawn, so that the wallet's {@code work_generate} claims afresh with
 * workers of its own.
 */
public final class RecordPrecache implements Precache {
    private static final Logger LOG = Logger.getLogger(RecordPrecache.class.getName());
    /**
     * How long a precache's claim holds its root before a worker starts and holds it to its deadline ({@code
     * WorkerSearch}): Lambda starts a queued event within about a second unless throttled; a throttled or dropped one
     * leaves a record that lapses this soon, and the wallet's work_generate then claims it with workers of its own.
     */
    static final Duration WORKER_START = Duration.ofSeconds(3);

    /** A claim that loses to a record which then changes is tried again this often (as a work_generate's). */
    private static final int CLAIMS = 3;

    private final WorkRecords records;
    private final WorkerCrew crew;
    private final WorkSearch ids;
    private final Duration precacheTtl;
    private final Duration run;
    private final Clock clock;

    /**
     * @param run how long the workers of a precache search (the generate deadline: a worker runs within the same
     *     timeout)
     */
    RecordPrecache(
            WorkRecords records, WorkerCrew crew, WorkSearch ids, Duration precacheTtl, Duration run, Clock clock) {
        this.records = records;
        this.crew = crew;
        this.ids = ids;
        this.precacheTtl = precacheTtl;
        this.run = run;
        this.clock = clock;
    }

    @Override
    public State precache(Root root, Difficulty difficulty, Caller caller) {
        try {
            for (int i = 0; i < CLAIMS; i++) {
                Optional<State> standing = standing(records.read(root), difficulty);
                if (standing.isPresent()) return standing.get();
                Optional<State> claimed = claim(root, difficulty, caller);
                if (claimed.isPresent()) return claimed.get();
            }
            // A record that stands each time yet is neither ready nor searched: one whose stored value lies.
            LOG.warning(() -> "work record of " + root + " refused three claims and answers nothing: not precached");
            throw new PrecacheRefusal(
                    "the work record of " + root + " could not be claimed; work_generate searches it");
        } catch (RecordUnavailable e) {
            throw new PrecacheRefusal("the work record is out of reach (" + e.getMessage() + ")");
        }
    }

    /** What a read record says, if it settles the precache: ready, or searched for at least this difficulty. */
    private Optional<State> standing(Optional<WorkRecord> read, Difficulty difficulty) {
        if (read.isEmpty()) return Optional.empty();
        WorkRecord r = read.get();
        if (r.workFor(difficulty).isPresent()) return Optional.of(State.READY);
        if (r.live(clock.millis()) && r.difficulty().compareTo(difficulty) >= 0) return Optional.of(State.SEARCHING);
        // Anything else is claimed over: none, expired, cancelled, lapsed, or a work that does not reach it (a work
        // that is not valid for the root is never ready: its value is computed here, not read).
        return Optional.empty();
    }

    /** Claims the record and queues its workers; empty when another record stands (read it again). */
    private Optional<State> claim(Root root, Difficulty difficulty, Caller caller) {
        long now = clock.millis();
        String searchId = new UUID(ids.nextStart(), ids.nextStart()).toString();
        int workers = Math.max(1, crew.size(difficulty));
        long deadline = now + run.toMillis();
        WorkRecord wanted = WorkRecord.claimed(
                root,
                searchId,
                Set.of(new Asker(caller.address(), difficulty)),
                workers,
                now + WORKER_START.toMillis(),
                (now + precacheTtl.toMillis()) / 1000);
        if (!(records.claim(wanted, now) instanceof WorkRecords.Claim.Claimed)) return Optional.empty();
        if (crew.dispatch(root, difficulty, searchId, workers, deadline) == 0) {
            records.cancel(root, searchId);
            throw new PrecacheRefusal(
                    "no worker could be queued for the precache (throttled); work_generate searches as it would have");
        }
        return Optional.of(State.STARTED);
    }
}
