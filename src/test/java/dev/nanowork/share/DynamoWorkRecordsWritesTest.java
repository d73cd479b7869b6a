package dev.nanowork.share;

import static dev.nanowork.share.RecordCases.ANY;
import static dev.nanowork.share.RecordCases.HIGH;
import static dev.nanowork.share.RecordCases.LOW;
import static dev.nanowork.share.RecordCases.inAnHour;
import static dev.nanowork.share.RecordCases.now;
import static dev.nanowork.share.RecordCases.root;
import static dev.nanowork.share.RecordCases.searching;
import static dev.nanowork.share.RecordCases.workReaching;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.Dynalite;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Join, found, withdraw and cancel against dynalite: each a compare-and-set on the record's state and search. */
class DynamoWorkRecordsWritesTest {
    static Dynalite dynalite;
    static DynamoWorkRecords records;

    @BeforeAll
    static void start() {
        dynalite = Dynalite.start();
        records = RecordCases.records(dynalite, dynalite.workTable());
    }

    @AfterAll
    static void stop() {
        if (dynalite != null) dynalite.close();
    }

    static WorkRecord claimed(Root root, Difficulty difficulty, long lease, String... askers) {
        WorkRecord wanted = searching(root, difficulty, lease, askers);
        assertInstanceOf(WorkRecords.Claim.Claimed.class, records.claim(wanted, now()));
        return wanted;
    }

    static WorkRecord read(Root root) {
        return records.read(root).orElseThrow();
    }

    @Test
    void aJoinRaisesTheLeaseAndTheDifficultyAndNeverLowersThem() {
        Root root = root();
        long lease = now() + 10_000;
        WorkRecord search = claimed(root, LOW, lease, "10.0.0.1");
        assertTrue(records.join(root, search.searchId(), "10.0.0.2", HIGH, lease + 5_000));
        assertEquals(HIGH, read(root).difficulty());
        assertEquals(lease + 5_000, read(root).leaseUntilMillis());
        // Lower both: the asker is added, neither value goes down.
        assertTrue(records.join(root, search.searchId(), "10.0.0.3", LOW, lease));
        // One higher, one lower: the lease rises, the difficulty stays.
        assertTrue(records.join(root, search.searchId(), "10.0.0.4", ANY, lease + 9_000));
        WorkRecord after = read(root);
        assertEquals(HIGH, after.difficulty());
        assertEquals(lease + 9_000, after.leaseUntilMillis());
        assertEquals(Set.of("10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"), after.askers());
        assertEquals(WorkRecord.State.SEARCHING, after.state());
        assertEquals(search.searchId(), after.searchId());
    }

    @Test
    void aJoinAfterTheSearchEndedOrWasTakenOverIsRefused() {
        long now = now();
        Root found = root();
        WorkRecord a = claimed(found, ANY, now + 10_000, "10.0.0.1");
        assertTrue(records.found(found, a.searchId(), new Work(1), inAnHour()));
        assertFalse(records.join(found, a.searchId(), "10.0.0.2", ANY, now + 20_000));
        assertEquals(Set.of(), read(found).askers());

        Root taken = root();
        WorkRecord lapsed = claimed(taken, LOW, now + 1_000, "10.0.0.1");
        WorkRecord next = searching(taken, LOW, now + 30_000, "10.0.0.3");
        assertInstanceOf(WorkRecords.Claim.Claimed.class, records.claim(next, now + 1_000));
        assertFalse(records.join(taken, lapsed.searchId(), "10.0.0.2", LOW, now + 20_000));
        assertEquals(next, read(taken));

        Root cancelled = root();
        WorkRecord c = claimed(cancelled, LOW, now + 10_000, "10.0.0.1");
        records.cancel(cancelled);
        assertFalse(records.join(cancelled, c.searchId(), "10.0.0.2", LOW, now + 20_000));
        assertFalse(records.join(root(), c.searchId(), "10.0.0.2", LOW, now + 20_000), "no record at all");
    }

    @Test
    void ofTwoFindsTheFirstWinsAndASecondSendingOfItIsStillItsOwn() {
        Root root = root();
        WorkRecord search = claimed(root, ANY, now() + 10_000, "10.0.0.1");
        long expires = inAnHour() + 100;
        assertTrue(records.found(root, search.searchId(), new Work(7), expires));
        assertFalse(records.found(root, search.searchId(), new Work(8), expires), "a late find changes nothing");
        assertFalse(records.found(root, "another-search", new Work(9), expires));
        WorkRecord after = read(root);
        assertEquals(WorkRecord.State.FOUND, after.state());
        assertEquals(Optional.of(new Work(7)), after.work());
        assertEquals(expires, after.expiresAtSeconds(), "kept to answer retries and duplicates");
        assertEquals(Set.of(), after.askers());
        // The SDK's retry of the winning write, whose answer was lost, meets its own find: it was set.
        assertTrue(records.found(root, search.searchId(), new Work(7), expires));
    }

    @Test
    void aFindBelowADifficultyRaisedMeanwhileIsNotRecorded() {
        Root root = root();
        WorkRecord search = claimed(root, ANY, now() + 10_000, "10.0.0.1");
        Work lower = new Work(0);
        Work higher = workReaching(root, new Difficulty(WorkValue.value(root, lower) + 1), 1);
        Difficulty raised = new Difficulty(WorkValue.value(root, higher));
        assertTrue(records.join(root, search.searchId(), "10.0.0.2", raised, now() + 10_000));
        assertFalse(records.found(root, search.searchId(), lower, inAnHour()));
        assertEquals(WorkRecord.State.SEARCHING, read(root).state(), "the search goes on for the raised difficulty");
        assertTrue(records.found(root, search.searchId(), higher, inAnHour()), "a work exactly at it is recorded");
    }

    @Test
    void theLastAskerWithdrawingCancelsTheSearchOneOfTwoDoesNot() {
        Root root = root();
        WorkRecord search = claimed(root, LOW, now() + 10_000, "10.0.0.1");
        assertTrue(records.join(root, search.searchId(), "10.0.0.2", LOW, now() + 10_000));
        WorkRecord one = records.withdraw(root, "10.0.0.1").orElseThrow();
        assertEquals(WorkRecord.State.SEARCHING, one.state());
        assertEquals(Set.of("10.0.0.2"), one.askers());
        assertEquals(one, read(root));
        WorkRecord none = records.withdraw(root, "10.0.0.2").orElseThrow();
        assertEquals(WorkRecord.State.CANCELLED, none.state());
        assertEquals(Set.of(), none.askers());
        assertEquals(none, read(root));
        assertEquals(Optional.empty(), records.withdraw(root, "10.0.0.2"), "no searching record is left");
        assertEquals(Optional.empty(), records.withdraw(root(), "10.0.0.2"), "no record at all");
    }

    @Test
    void aWithdrawalOfSomeoneNotAskingLeavesTheSearchAlone() {
        Root root = root();
        claimed(root, LOW, now() + 10_000, "10.0.0.1");
        WorkRecord after = records.withdraw(root, "10.0.0.9").orElseThrow();
        assertEquals(WorkRecord.State.SEARCHING, after.state());
        assertEquals(Set.of("10.0.0.1"), after.askers());
    }

    @Test
    void aCancelStopsASearchWhoeverAskedAndLeavesAFoundWork() {
        Root root = root();
        WorkRecord search = claimed(root, LOW, now() + 10_000, "10.0.0.1", "10.0.0.2");
        records.cancel(root);
        WorkRecord after = read(root);
        assertEquals(WorkRecord.State.CANCELLED, after.state());
        assertEquals(search.searchId(), after.searchId(), "its executions see their search cancelled");
        assertEquals(Set.of(), after.askers());

        Root found = root();
        WorkRecord f = claimed(found, ANY, now() + 10_000, "10.0.0.1");
        assertTrue(records.found(found, f.searchId(), new Work(3), inAnHour()));
        records.cancel(found);
        assertEquals(WorkRecord.State.FOUND, read(found).state());
        records.cancel(root()); // no record: nothing happens, nothing is thrown
    }

    @Test
    void aReadIgnoresAnExpiredItemThatTtlHasNotDeleted() {
        Root root = root();
        long now = now();
        WorkRecord old = RecordCases.searching(root, RecordCases.search(), LOW, now + 60_000, now / 1000 - 1);
        assertInstanceOf(WorkRecords.Claim.Claimed.class, records.claim(old, now - 10_000));
        assertEquals(Optional.empty(), records.read(root));
        assertTrue(dynalite.client()
                .getItem(g -> g.tableName(tableOf()).key(RecordItems.key(root)))
                .hasItem());
    }

    static String tableOf() {
        return dynalite.client().listTables().tableNames().getFirst();
    }
}
