package dev.nanowork.support;

import dev.nanowork.share.RecordUnavailable;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The work record table in memory, following {@link WorkRecords}' contract (share.DynamoWorkRecordsTest holds the
 * DynamoDB one to the same rules): for tests of what reads and writes it. It can be made unavailable, and counts reads.
 */
public final class MemoryWorkRecords implements WorkRecords {
    private final Map<Root, WorkRecord> items = new HashMap<>();
    private volatile boolean down;
    public final AtomicInteger reads = new AtomicInteger();

    /** From now on every call fails as an unreachable table does. */
    public void down(boolean down) {
        this.down = down;
    }

    /** Puts {@code r} as it is, whatever stands (a forged or stale record). */
    public synchronized void put(WorkRecord r) {
        items.put(r.root(), r);
    }

    private void check() {
        if (down) throw new RecordUnavailable("table down (test)", null);
    }

    @Override
    public synchronized Optional<WorkRecord> read(Root root) {
        check();
        reads.incrementAndGet();
        WorkRecord r = items.get(root);
        return r == null || r.expired(System.currentTimeMillis()) ? Optional.empty() : Optional.of(r);
    }

    @Override
    public synchronized Claim claim(WorkRecord wanted, long nowMillis) {
        check();
        WorkRecord r = items.get(wanted.root());
        boolean stands = r != null
                && !r.expired(nowMillis)
                && (r.live(nowMillis)
                        || (r.state() == WorkRecord.State.FOUND
                                && r.difficulty().compareTo(wanted.difficulty()) >= 0));
        if (stands) return new Claim.Standing(r);
        items.put(wanted.root(), wanted);
        return new Claim.Claimed(wanted);
    }

    @Override
    public synchronized boolean join(
            Root root, String searchId, String asker, Difficulty difficulty, long leaseUntilMillis) {
        check();
        WorkRecord r = items.get(root);
        if (!searching(r, searchId)) return false;
        Set<String> askers = new HashSet<>(r.askers());
        askers.add(asker);
        items.put(
                root,
                new WorkRecord(
                        root,
                        r.state(),
                        r.difficulty().compareTo(difficulty) >= 0 ? r.difficulty() : difficulty,
                        searchId,
                        r.work(),
                        askers,
                        Math.max(r.leaseUntilMillis(), leaseUntilMillis),
                        r.expiresAtSeconds()));
        return true;
    }

    @Override
    public synchronized boolean found(Root root, String searchId, Work work, long expiresAtSeconds) {
        check();
        WorkRecord r = items.get(root);
        if (!searching(r, searchId)) return false;
        items.put(
                root,
                new WorkRecord(
                        root,
                        WorkRecord.State.FOUND,
                        r.difficulty(),
                        searchId,
                        Optional.of(work),
                        Set.of(),
                        r.leaseUntilMillis(),
                        expiresAtSeconds));
        return true;
    }

    @Override
    public synchronized Optional<WorkRecord> withdraw(Root root, String asker) {
        check();
        WorkRecord r = items.get(root);
        if (r == null || r.state() != WorkRecord.State.SEARCHING) return Optional.empty();
        Set<String> askers = new HashSet<>(r.askers());
        askers.remove(asker);
        WorkRecord after = new WorkRecord(
                root,
                askers.isEmpty() ? WorkRecord.State.CANCELLED : r.state(),
                r.difficulty(),
                r.searchId(),
                r.work(),
                askers,
                r.leaseUntilMillis(),
                r.expiresAtSeconds());
        items.put(root, after);
        return Optional.of(after);
    }

    @Override
    public synchronized void cancel(Root root) {
        check();
        WorkRecord r = items.get(root);
        if (r == null || r.state() != WorkRecord.State.SEARCHING) return;
        items.put(
                root,
                new WorkRecord(
                        root,
                        WorkRecord.State.CANCELLED,
                        r.difficulty(),
                        r.searchId(),
                        r.work(),
                        Set.of(),
                        r.leaseUntilMillis(),
                        r.expiresAtSeconds()));
    }

    private static boolean searching(WorkRecord r, String searchId) {
        return r != null
                && r.state() == WorkRecord.State.SEARCHING
                && r.searchId().equals(searchId);
    }
}
