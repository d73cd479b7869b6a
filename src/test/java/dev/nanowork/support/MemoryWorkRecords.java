package dev.nanowork.support;

import dev.nanowork.observe.SearchTally;
import dev.nanowork.share.Asker;
import dev.nanowork.share.RecordUnavailable;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * {@link WorkRecords} in memory, each method one atomic step as each of DynamoDB's conditional writes is, for the tests
 * of what reads and writes the record; {@code share.WritesContract} and {@code share.ClaimContract} hold it to the same
 * cases as the DynamoDB table. {@link #unavailable} makes every call throw {@link RecordUnavailable}, as a table that is
 * down or throttled does, and {@link #refuse} the calls of one method; {@link #reads} counts the reads, {@link
 * #history} keeps every record written.
 */
public final class MemoryWorkRecords implements WorkRecords {
    private final Map<Root, WorkRecord> records = new ConcurrentHashMap<>();
    private final Map<Root, List<WorkRecord>> history = new ConcurrentHashMap<>();
    private final AtomicInteger reads = new AtomicInteger();
    private final Set<String> refused = ConcurrentHashMap.newKeySet();
    private volatile boolean unavailable;

    /** A searching record of {@code root} under {@code searchId} for 192.0.2.1, leased for {@code leaseMillis}. */
    public static WorkRecord searching(Root root, Difficulty difficulty, String searchId, long leaseMillis) {
        long now = System.currentTimeMillis();
        return WorkRecord.claimed(
                root, searchId, Set.of(new Asker("192.0.2.1", difficulty)), 0, now + leaseMillis, now / 1000 + 3600);
    }

    /** Stores {@code record} as is (a test's starting state). */
    public void put(WorkRecord record) {
        compute(record.root(), (root, old) -> record);
    }

    /** Every record {@code root} has had, in order (each write that changed it). */
    public List<WorkRecord> history(Root root) {
        return List.copyOf(history.getOrDefault(root, List.of()));
    }

    /** Whether every call fails as a table that cannot be reached does. */
    public void unavailable(boolean down) {
        unavailable = down;
    }

    /** Whether calls of the method named (offer, cancel, ...) fail as a table that cannot be reached does. */
    public void refuse(String method, boolean refuse) {
        if (refuse) refused.add(method);
        else refused.remove(method);
    }

    public int reads() {
        return reads.get();
    }

    /** The stored record, expired or not, without counting a read. */
    public Optional<WorkRecord> stored(Root root) {
        return Optional.ofNullable(records.get(root));
    }

    private void reachable(String method) {
        if (unavailable || refused.contains(method))
            throw new RecordUnavailable("table unreachable (MemoryWorkRecords, " + method + ")", null);
    }

    @Override
    public Optional<WorkRecord> read(Root root) {
        reachable("read");
        reads.incrementAndGet();
        SearchTally.current().recordRead(); // as DynamoWorkRecords counts its GetItem

        return Optional.ofNullable(records.get(root)).filter(r -> !r.expired(System.currentTimeMillis()));
    }

    @Override
    public Claim claim(WorkRecord wanted, long nowMillis) {
        reachable("claim");
        WorkRecord[] standing = new WorkRecord[1];
        compute(wanted.root(), (root, old) -> {
            boolean stands = old != null
                    && !old.expired(nowMillis)
                    && (old.live(nowMillis)
                            || (old.state() == WorkRecord.State.FOUND
                                    && wanted.difficulty().isReachedBy(old.bestValue())));
            standing[0] = stands ? old : null;
            return stands ? old : wanted;
        });
        if (standing[0] == null) return new Claim.Claimed(wanted);
        // Our own claim, sent again: it is ours (as DynamoWorkRecords learns from the refusal).
        if (standing[0].searchId().equals(wanted.searchId())) return new Claim.Claimed(standing[0]);
        return new Claim.Standing(standing[0]);
    }

    @Override
    public Optional<WorkRecord> join(
            Root root, String searchId, Set<Asker> askers, long leaseUntilMillis, long expiresAtSeconds) {
        reachable("join");
        return change(root, searchId, old -> {
            Set<Asker> all = new HashSet<>(old.askers());
            all.addAll(askers);
            Difficulty d = WorkRecord.highest(askers);
            return new NextRecord(old)
                    .difficulty(old.difficulty().compareTo(d) >= 0 ? old.difficulty() : d)
                    .askers(all)
                    .lease(Math.max(old.leaseUntilMillis(), leaseUntilMillis))
                    .expires(Math.max(old.expiresAtSeconds(), expiresAtSeconds))
                    .done();
        });
    }

    @Override
    public Offer offer(Root root, String searchId, Work work) {
        reachable("offer");
        long value = WorkValue.value(root, work);
        Offer[] offer = new Offer[1];
        compute(root, (r, old) -> {
            if (old == null || !owned(old, searchId)) {
                boolean own = old != null
                        && old.state() == WorkRecord.State.FOUND
                        && old.searchId().equals(searchId)
                        && old.work().equals(Optional.of(work));
                offer[0] = own ? new Offer.Found(old) : new Offer.Over(Optional.ofNullable(old));
                return old;
            }
            if (old.difficulty().isReachedBy(value)) {
                WorkRecord found = new NextRecord(old)
                        .state(WorkRecord.State.FOUND)
                        .work(work)
                        .askers(Set.of())
                        .done();
                offer[0] = new Offer.Found(found);
                return found;
            }
            if (old.work().isPresent() && Long.compareUnsigned(old.bestValue(), value) >= 0) {
                offer[0] = new Offer.Kept(old);
                return old;
            }
            WorkRecord better = new NextRecord(old).work(work).done();
            offer[0] = new Offer.Better(better);
            return better;
        });
        return offer[0];
    }

    @Override
    public Optional<WorkRecord> withdraw(Root root, Predicate<Asker> which) {
        reachable("withdraw");
        boolean[] was = new boolean[1];
        WorkRecord after = compute(root, (r, old) -> {
            if (old == null || old.state() != WorkRecord.State.SEARCHING) return old;
            was[0] = true;
            Set<Asker> withdrawn = old.askers().stream().filter(which).collect(Collectors.toSet());
            if (withdrawn.isEmpty()) return old;
            Set<Asker> left = new HashSet<>(old.askers());
            left.removeAll(withdrawn);
            if (old.work().isPresent() && WorkRecord.highest(left).isReachedBy(old.bestValue()))
                return new NextRecord(old)
                        .state(WorkRecord.State.FOUND)
                        .askers(Set.of())
                        .done();
            if (left.isEmpty())
                return new NextRecord(old)
                        .state(WorkRecord.State.CANCELLED)
                        .askers(Set.of())
                        .done();
            return new NextRecord(old)
                    .difficulty(WorkRecord.highest(left))
                    .askers(left)
                    .done();
        });
        return was[0] ? Optional.of(after) : Optional.empty();
    }

    @Override
    public boolean cancel(Root root, String searchId) {
        reachable("cancel");
        return change(
                        root,
                        searchId,
                        old -> new NextRecord(old)
                                .state(WorkRecord.State.CANCELLED)
                                .askers(Set.of())
                                .done())
                .isPresent();
    }

    @Override
    public boolean addWorkers(Root root, String searchId, int seen, int total) {
        reachable("addWorkers");
        return change(
                        root,
                        searchId,
                        old -> old.workers() == seen
                                ? new NextRecord(old).workers(total).done()
                                : null)
                .isPresent();
    }

    /** {@code write} as one atomic step, as a conditional write is; a record it changes is kept in the history. */
    private WorkRecord compute(Root root, BiFunction<Root, WorkRecord, WorkRecord> write) {
        return records.compute(root, (r, old) -> {
            WorkRecord after = write.apply(r, old);
            if (after != null && !after.equals(old))
                history.computeIfAbsent(r, k -> new CopyOnWriteArrayList<>()).add(after);
            return after;
        });
    }

    /**
     * {@code write} applied to {@code searchId}'s searching record, when it returns a record; the record after, empty
     * when there was none or {@code write} declined (null).
     */
    private Optional<WorkRecord> change(Root root, String searchId, UnaryOperator<WorkRecord> write) {
        WorkRecord[] after = new WorkRecord[1];
        compute(root, (r, old) -> {
            if (old == null || !owned(old, searchId)) return old;
            after[0] = write.apply(old);
            return after[0] == null ? old : after[0];
        });
        return Optional.ofNullable(after[0]);
    }

    private static boolean owned(WorkRecord record, String searchId) {
        return record.state() == WorkRecord.State.SEARCHING && record.searchId().equals(searchId);
    }
}
