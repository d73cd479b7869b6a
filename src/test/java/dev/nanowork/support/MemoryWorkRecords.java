package dev.nanowork.support;

import dev.nanowork.share.RecordUnavailable;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link WorkRecords} in memory, each method one atomic step as each of DynamoDB's conditional writes is, for the tests
 * of what reads and writes the record. {@link #unavailable} makes every call throw {@link RecordUnavailable}, as a
 * table that is down or throttled does; {@link #reads} counts the reads.
 */
public final class MemoryWorkRecords implements WorkRecords {
    private final Map<Root, WorkRecord> records = new ConcurrentHashMap<>();
    private final AtomicInteger reads = new AtomicInteger();
    private volatile boolean unavailable;

    /** A searching record of {@code root} under {@code searchId}, leased for {@code leaseMillis} from now. */
    public static WorkRecord searching(Root root, Difficulty difficulty, String searchId, long leaseMillis) {
        long now = System.currentTimeMillis();
        return new WorkRecord(
                root,
                WorkRecord.State.SEARCHING,
                difficulty,
                searchId,
                Optional.empty(),
                Set.of("192.0.2.1"),
                now + leaseMillis,
                now / 1000 + 3600);
    }

    /** Stores {@code record} as is (a test's starting state). */
    public void put(WorkRecord record) {
        records.put(record.root(), record);
    }

    /** Whether every call fails as a table that cannot be reached does. */
    public void unavailable(boolean down) {
        unavailable = down;
    }

    public int reads() {
        return reads.get();
    }

    /** The stored record, expired or not, without counting a read. */
    public Optional<WorkRecord> stored(Root root) {
        return Optional.ofNullable(records.get(root));
    }

    private void reachable() {
        if (unavailable) throw new RecordUnavailable("table unreachable (MemoryWorkRecords)", null);
    }

    @Override
    public Optional<WorkRecord> read(Root root) {
        reachable();
        reads.incrementAndGet();
        return Optional.ofNullable(records.get(root)).filter(r -> !r.expired(System.currentTimeMillis()));
    }

    @Override
    public Claim claim(WorkRecord wanted, long nowMillis) {
        reachable();
        WorkRecord[] standing = new WorkRecord[1];
        records.compute(wanted.root(), (root, old) -> {
            boolean stands = old != null
                    && !old.expired(nowMillis)
                    && (old.live(nowMillis)
                            || (old.state() == WorkRecord.State.FOUND
                                    && old.difficulty().compareTo(wanted.difficulty()) >= 0));
            standing[0] = stands ? old : null;
            return stands ? old : wanted;
        });
        return standing[0] == null ? new Claim.Claimed(wanted) : new Claim.Standing(standing[0]);
    }

    @Override
    public boolean join(Root root, String searchId, String asker, Difficulty difficulty, long leaseUntilMillis) {
        reachable();
        boolean[] joined = new boolean[1];
        records.computeIfPresent(root, (r, old) -> {
            if (!owned(old, searchId)) return old;
            joined[0] = true;
            Set<String> askers = new HashSet<>(old.askers());
            askers.add(asker);
            Difficulty raised = old.difficulty().compareTo(difficulty) >= 0 ? old.difficulty() : difficulty;
            return new WorkRecord(
                    root,
                    old.state(),
                    raised,
                    searchId,
                    old.work(),
                    askers,
                    Math.max(old.leaseUntilMillis(), leaseUntilMillis),
                    old.expiresAtSeconds());
        });
        return joined[0];
    }

    @Override
    public boolean found(Root root, String searchId, Work work, long expiresAtSeconds) {
        reachable();
        boolean[] set = new boolean[1];
        records.computeIfPresent(root, (r, old) -> {
            if (!owned(old, searchId)) return old;
            set[0] = true;
            return new WorkRecord(
                    root,
                    WorkRecord.State.FOUND,
                    old.difficulty(),
                    searchId,
                    Optional.of(work),
                    Set.of(),
                    old.leaseUntilMillis(),
                    expiresAtSeconds);
        });
        return set[0];
    }

    @Override
    public Optional<WorkRecord> withdraw(Root root, String asker) {
        reachable();
        boolean[] was = new boolean[1];
        WorkRecord after = records.computeIfPresent(root, (r, old) -> {
            if (old.state() != WorkRecord.State.SEARCHING) return old;
            was[0] = true;
            Set<String> askers = new HashSet<>(old.askers());
            askers.remove(asker);
            return new WorkRecord(
                    root,
                    askers.isEmpty() ? WorkRecord.State.CANCELLED : old.state(),
                    old.difficulty(),
                    old.searchId(),
                    old.work(),
                    askers,
                    old.leaseUntilMillis(),
                    old.expiresAtSeconds());
        });
        return was[0] ? Optional.of(after) : Optional.empty();
    }

    @Override
    public void cancel(Root root) {
        reachable();
        records.computeIfPresent(
                root,
                (r, old) -> old.state() != WorkRecord.State.SEARCHING
                        ? old
                        : new WorkRecord(
                                root,
                                WorkRecord.State.CANCELLED,
                                old.difficulty(),
                                old.searchId(),
                                old.work(),
                                Set.of(),
                                old.leaseUntilMillis(),
                                old.expiresAtSeconds()));
    }

    private static boolean owned(WorkRecord record, String searchId) {
        return record.state() == WorkRecord.State.SEARCHING && record.searchId().equals(searchId);
    }
}
