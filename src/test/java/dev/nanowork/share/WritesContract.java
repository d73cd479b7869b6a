package dev.nanowork.share;

import static dev.nanowork.share.RecordCases.ANY;
import static dev.nanowork.share.RecordCases.HIGH;
import static dev.nanowork.share.RecordCases.LOW;
import static dev.nanowork.share.RecordCases.askers;
import static dev.nanowork.share.RecordCases.inAnHour;
import static dev.nanowork.share.RecordCases.lowOnly;
import static dev.nanowork.share.RecordCases.now;
import static dev.nanowork.share.RecordCases.root;
import static dev.nanowork.share.RecordCases.searching;
import static dev.nanowork.share.RecordCases.workBelow;
import static dev.nanowork.share.RecordCases.workReaching;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Join, offer, withdraw, cancel and the workers' count: each a compare-and-set on the record's state and search, and on
 * its revision where the write is computed from a read. What every implementation must do ({@link
 * DynamoWorkRecordsWritesTest} on dynalite, {@link MemoryWorkRecordsWritesTest} in memory).
 */
abstract class WritesContract {
    WorkRecords records;

    WorkRecord claimed(Root root, Difficulty difficulty, long lease, String... addresses) {
        WorkRecord wanted = searching(root, difficulty, lease, addresses);
        assertInstanceOf(WorkRecords.Claim.Claimed.class, records.claim(wanted, now()));
        return wanted;
    }

    WorkRecord read(Root root) {
        return records.read(root).orElseThrow();
    }

    @Test
    void aJoinRaisesTheLeaseAndTheDifficultyNeverLowersThemAndKeepsEachAskersOwn() {
        Root root = root();
        long lease = now() + 10_000;
        WorkRecord search = claimed(root, LOW, lease, "10.0.0.1");
        String id = search.searchId();
        WorkRecord raised =
                join(root, id, askers(HIGH, "10.0.0.2"), lease + 5_000).get();
        assertEquals(HIGH, raised.difficulty());
        assertEquals(lease + 5_000, raised.leaseUntilMillis());
        assertEquals(raised, read(root), "the record after the join comes back with it");
        // Lower both: the asker is added, neither value goes down.
        assertTrue(join(root, id, askers(LOW, "10.0.0.3"), lease).isPresent());
        // One higher, one lower: the lease rises, the difficulty stays; a precache keeps the work for days.
        long day = inAnHour() + 86_400;
        assertTrue(records.join(root, id, askers(ANY, "10.0.0.4"), lease + 9_000, day)
                .isPresent());
        WorkRecord after = read(root);
        assertEquals(HIGH, after.difficulty());
        assertEquals(lease + 9_000, after.leaseUntilMillis());
        assertTrue(after.expiresAtSeconds() >= inAnHour() + 86_399, "the expiry raised: " + after.expiresAtSeconds());
        Set<Asker> all = new HashSet<>(askers(LOW, "10.0.0.1", "10.0.0.3"));
        all.addAll(askers(HIGH, "10.0.0.2"));
        all.addAll(askers(ANY, "10.0.0.4"));
        assertEquals(all, after.askers(), "each asker with the difficulty it asked for");
        assertEquals(WorkRecord.State.SEARCHING, after.state());
        assertEquals(id, after.searchId());
        assertTrue(after.revision() >= 3, "every join is a revision: " + after.revision());
    }

    @Test
    void aJoinAfterTheSearchEndedOrWasTakenOverIsRefused() {
        long now = now();
        Root found = root();
        WorkRecord a = claimed(found, ANY, now + 10_000, "10.0.0.1");
        assertInstanceOf(WorkRecords.Offer.Found.class, records.offer(found, a.searchId(), new Work(1)));
        assertEquals(Optional.empty(), join(found, a.searchId(), askers(ANY, "10.0.0.2"), now + 20_000));
        assertEquals(Set.of(), read(found).askers());

        Root taken = root();
        WorkRecord lapsed = claimed(taken, LOW, now + 1_000, "10.0.0.1");
        WorkRecord next = searching(taken, LOW, now + 30_000, "10.0.0.3");
        assertInstanceOf(WorkRecords.Claim.Claimed.class, records.claim(next, now + 1_000));
        assertEquals(Optional.empty(), join(taken, lapsed.searchId(), askers(LOW, "10.0.0.2"), now + 20_000));
        assertEquals(next, read(taken));

        Root cancelled = root();
        WorkRecord c = claimed(cancelled, LOW, now + 10_000, "10.0.0.1");
        assertTrue(records.cancel(cancelled, c.searchId()));
        assertEquals(Optional.empty(), join(cancelled, c.searchId(), askers(LOW, "10.0.0.2"), now + 20_000));
        assertEquals(Optional.empty(), join(root(), c.searchId(), askers(LOW, "10.0.0.2"), now + 20_000), "none");
    }

    @Test
    void ofTwoFindsTheFirstWinsAndASecondSendingOfItIsStillItsOwn() {
        Root root = root();
        WorkRecord search = claimed(root, ANY, now() + 10_000, "10.0.0.1");
        assertInstanceOf(WorkRecords.Offer.Found.class, records.offer(root, search.searchId(), new Work(7)));
        WorkRecords.Offer late = records.offer(root, search.searchId(), new Work(8));
        assertEquals(new WorkRecords.Offer.Over(Optional.of(read(root))), late, "a late find changes nothing");
        assertInstanceOf(WorkRecords.Offer.Over.class, records.offer(root, "another-search", new Work(9)));
        WorkRecord after = read(root);
        assertEquals(WorkRecord.State.FOUND, after.state());
        assertEquals(Optional.of(new Work(7)), after.work());
        assertEquals(search.expiresAtSeconds(), after.expiresAtSeconds(), "kept as claimed, to answer retries");
        assertEquals(Set.of(), after.askers());
        // The SDK's retry of the winning write, whose answer was lost, meets its own find: it was set.
        assertEquals(new WorkRecords.Offer.Found(after), records.offer(root, search.searchId(), new Work(7)));
    }

    @Test
    void aFindBelowSomeAskersIsTheBestSoFarAndTheSearchGoesOnForTheOthers() {
        Root root = root();
        WorkRecord search = lowAndHigh(root);
        Work low = lowOnly(root);
        WorkRecords.Offer better = records.offer(root, search.searchId(), low);
        WorkRecord after =
                assertInstanceOf(WorkRecords.Offer.Better.class, better).record();
        assertEquals(after, read(root));
        assertEquals(WorkRecord.State.SEARCHING, after.state(), "the search goes on for the higher asker");
        assertEquals(Optional.of(low), after.workFor(LOW), "the lower asker is answered from it");
        assertEquals(Optional.of(HIGH), after.threshold(Optional.empty()), "what every execution searches next");
        assertEquals(2, after.askers().size());
        // A work no better than the one standing changes nothing.
        Work worse = workBelow(root, WorkValue.value(root, low));
        assertEquals(new WorkRecords.Offer.Kept(after), records.offer(root, search.searchId(), worse));
        Work high = workReaching(root, HIGH, 0);
        WorkRecord found = assertInstanceOf(WorkRecords.Offer.Found.class, records.offer(root, search.searchId(), high))
                .record();
        assertEquals(Optional.of(high), found.work());
    }

    @Test
    void aWithdrawalLowersTheDifficultyToWhatTheOthersWantAndTheLastCancels() {
        Root root = root();
        WorkRecord search = claimed(root, LOW, now() + 10_000, "10.0.0.1");
        join(root, search.searchId(), askers(HIGH, "10.0.0.2"), now() + 10_000);
        WorkRecord one =
                records.withdraw(root, a -> a.address().equals("10.0.0.2")).orElseThrow();
        assertEquals(WorkRecord.State.SEARCHING, one.state());
        assertEquals(askers(LOW, "10.0.0.1"), one.askers());
        assertEquals(LOW, one.difficulty(), "lowered to what the asker left wants");
        assertEquals(one, read(root));
        WorkRecord none =
                records.withdraw(root, a -> a.address().equals("10.0.0.1")).orElseThrow();
        assertEquals(WorkRecord.State.CANCELLED, none.state());
        assertEquals(Set.of(), none.askers());
        assertEquals(none, read(root));
        assertEquals(Optional.empty(), records.withdraw(root, a -> true), "no searching record left");
        assertEquals(Optional.empty(), records.withdraw(root(), a -> true), "no record at all");
    }

    @Test
    void aWithdrawalThatLeavesOnlyAskersTheBestWorkReachesFindsTheRecord() {
        Root root = root();
        WorkRecord search = lowAndHigh(root);
        Work low = lowOnly(root);
        records.offer(root, search.searchId(), low);
        long kept = read(root).expiresAtSeconds();
        WorkRecord after =
                records.withdraw(root, a -> a.difficulty().equals(HIGH)).orElseThrow();
        assertEquals(WorkRecord.State.FOUND, after.state(), "the one left is reached by the best work");
        assertEquals(Optional.of(low), after.work());
        assertEquals(kept, after.expiresAtSeconds(), "kept as claimed and joined");
        assertEquals(after, read(root));
    }

    @Test
    void aWithdrawalOfSomeoneNotAskingLeavesTheSearchAlone() {
        Root root = root();
        WorkRecord search = claimed(root, LOW, now() + 10_000, "10.0.0.1");
        WorkRecord after =
                records.withdraw(root, a -> a.address().equals("10.0.0.9")).orElseThrow();
        assertEquals(WorkRecord.State.SEARCHING, after.state());
        assertEquals(search.askers(), after.askers());
        assertEquals(search.revision(), after.revision(), "nothing written");
    }

    @Test
    void aCancelStopsOnlyItsOwnSearchWhoeverAskedAndLeavesAFoundWork() {
        Root root = root();
        WorkRecord search = claimed(root, LOW, now() + 10_000, "10.0.0.1", "10.0.0.2");
        assertFalse(records.cancel(root, "another-search"));
        assertTrue(records.cancel(root, search.searchId()));
        WorkRecord after = read(root);
        assertEquals(WorkRecord.State.CANCELLED, after.state());
        assertEquals(search.searchId(), after.searchId(), "its executions see their search cancelled");
        assertEquals(Set.of(), after.askers());
        assertFalse(records.cancel(root, search.searchId()), "once");

        Root found = root();
        WorkRecord f = claimed(found, ANY, now() + 10_000, "10.0.0.1");
        records.offer(found, f.searchId(), new Work(3));
        assertFalse(records.cancel(found, f.searchId()));
        assertEquals(Optional.empty(), records.withdraw(found, a -> true), "the operator's cancel");
        assertEquals(WorkRecord.State.FOUND, read(found).state());
        assertFalse(records.cancel(root(), f.searchId()), "no record: nothing happens, nothing is thrown");
    }

    @Test
    void workersAreAddedOnceByACompareAndSet() {
        Root root = root();
        WorkRecord search = claimed(root, HIGH, now() + 10_000, "10.0.0.1");
        assertFalse(records.addWorkers(root, search.searchId(), 3, 8), "not what stands");
        assertTrue(records.addWorkers(root, search.searchId(), 0, 8));
        assertFalse(records.addWorkers(root, search.searchId(), 0, 9), "raised by another since");
        assertEquals(8, read(root).workers());
        assertFalse(records.addWorkers(root, "another-search", 8, 9));
    }

    @Test
    void aReadIgnoresAnExpiredRecord() {
        Root root = root();
        claimExpired(root);
        assertEquals(Optional.empty(), records.read(root));
    }

    /** A record of {@code root} claimed ten seconds ago, expired a second ago, its lease a minute away. */
    void claimExpired(Root root) {
        long now = now();
        WorkRecord old = RecordCases.searching(root, RecordCases.search(), LOW, now + 60_000, now / 1000 - 1);
        assertInstanceOf(WorkRecords.Claim.Claimed.class, records.claim(old, now - 10_000));
    }

    /** A search of {@code root} for 10.0.0.1 at LOW, joined by 10.0.0.2 at HIGH. */
    WorkRecord lowAndHigh(Root root) {
        WorkRecord search = claimed(root, LOW, now() + 10_000, "10.0.0.1");
        join(root, search.searchId(), askers(HIGH, "10.0.0.2"), now() + 10_000);
        return search;
    }

    /** A join whose expiry is an hour away (a work_generate's). */
    private Optional<WorkRecord> join(Root root, String searchId, Set<Asker> askers, long lease) {
        return records.join(root, searchId, askers, lease, inAnHour());
    }
}
