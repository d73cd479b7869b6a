package dev.nanowork.share;

import static dev.nanowork.share.RecordCases.ANY;
import static dev.nanowork.share.RecordCases.HIGH;
import static dev.nanowork.share.RecordCases.LOW;
import static dev.nanowork.share.RecordCases.now;
import static dev.nanowork.share.RecordCases.root;
import static dev.nanowork.share.RecordCases.search;
import static dev.nanowork.share.RecordCases.searching;
import static dev.nanowork.share.RecordCases.workReaching;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.share.WorkRecords.Claim;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The takeover rule of {@link WorkRecords#claim}, one case each, with the boundaries of each time: what every
 * implementation must do ({@link DynamoWorkRecordsClaimTest} on dynalite, {@link MemoryWorkRecordsClaimTest} in memory).
 */
abstract class ClaimContract {
    WorkRecords records;

    void assertClaimed(WorkRecord wanted, long now) {
        assertEquals(new Claim.Claimed(wanted), records.claim(wanted, now));
        assertEquals(Optional.of(wanted), records.read(wanted.root()), "the claimed record is the one read");
    }

    void assertStanding(WorkRecord standing, WorkRecord wanted, long now) {
        assertEquals(new Claim.Standing(standing), records.claim(wanted, now), "learnt with the refusal");
        assertEquals(Optional.of(standing), records.read(wanted.root()), "the standing record is unchanged");
    }

    @Test
    void theFirstClaimOfARootMakesItsRecord() {
        long now = now();
        WorkRecord wanted = searching(root(), LOW, now + 10_000, "10.0.0.1");
        assertClaimed(wanted, now);
        assertTrue(records.read(wanted.root()).orElseThrow().live(now));
    }

    @Test
    void aLiveSearchStandsUntilTheInstantItsLeasePasses() {
        Root root = root();
        long now = now();
        WorkRecord live = searching(root, LOW, now + 5_000, "10.0.0.1");
        assertClaimed(live, now);
        assertStanding(live, searching(root, LOW, now + 9_000, "10.0.0.2"), now);
        assertStanding(live, searching(root, HIGH, now + 9_000, "10.0.0.2"), now + 4_999);
        // Lease until t means live before t: at t the executions are gone and the next request takes over.
        assertClaimed(searching(root, LOW, now + 15_000, "10.0.0.3"), now + 5_000);
    }

    @Test
    void anExpiredRecordIsTakenOverEvenWithALiveLease() {
        Root root = root();
        long now = now();
        long expires = now / 1000 + 60;
        WorkRecord old = searching(root, search(), LOW, now + 3_600_000, expires, "10.0.0.1");
        assertClaimed(old, now);
        // Expired when expires * 1000 <= now, as WorkRecord.expired says; TTL may not have deleted it yet.
        assertStanding(old, searching(root, LOW, now + 3_600_000, "10.0.0.2"), expires * 1000 - 1);
        assertClaimed(searching(root, LOW, now + 3_600_000, "10.0.0.2"), expires * 1000);
    }

    @Test
    void aCancelledSearchIsTakenOver() {
        Root root = root();
        long now = now();
        WorkRecord first = searching(root, LOW, now + 60_000, "10.0.0.1");
        assertClaimed(first, now);
        assertTrue(records.cancel(root, first.searchId()));
        assertEquals(
                WorkRecord.State.CANCELLED, records.read(root).orElseThrow().state());
        assertClaimed(searching(root, LOW, now + 60_000, "10.0.0.2"), now);
    }

    /** {@code root} claimed for {@code difficulty} and found with the first work from 0 that reaches it. */
    WorkRecord found(Root root, Difficulty difficulty, long now) {
        WorkRecord search = searching(root, difficulty, now + 60_000, "10.0.0.1");
        assertClaimed(search, now);
        var work = workReaching(root, difficulty, 0);
        assertInstanceOf(WorkRecords.Offer.Found.class, records.offer(root, search.searchId(), work));
        WorkRecord found = records.read(root).orElseThrow();
        assertEquals(WorkRecord.State.FOUND, found.state());
        return found;
    }

    @Test
    void aFoundWorkAnswersItsDifficultyAndBelowAndIsTakenOverAbove() {
        Root root = root();
        long now = now();
        WorkRecord found = found(root, LOW, now);
        assertEquals(Optional.of(workReaching(root, LOW, 0)), found.work());
        assertStanding(found, searching(root, LOW, now + 60_000, "10.0.0.2"), now);
        assertStanding(found, searching(root, ANY, now + 60_000, "10.0.0.2"), now);
        // The work's value is what it answers: exactly at it stands, one above is taken over (a request never gets
        // a work below what it asked).
        Difficulty value = new Difficulty(found.bestValue());
        assertStanding(found, searching(root, value, now + 60_000, "10.0.0.2"), now);
        assertClaimed(searching(root, new Difficulty(value.threshold() + 1), now + 60_000, "10.0.0.2"), now);
    }

    @Test
    void theDifficultyComparisonIsUnsigned() {
        // 0xf0.. is negative as a long; the stored hex compares as the unsigned number.
        Root root = root();
        long now = now();
        WorkRecord found = found(root, HIGH, now);
        assertStanding(found, searching(root, LOW, now + 60_000, "10.0.0.2"), now);
        if (new Difficulty(-1L).isReachedBy(found.bestValue())) return; // 2^-64: never
        assertClaimed(searching(root, new Difficulty(-1L), now + 60_000, "10.0.0.2"), now);
    }

    @Test
    void aClaimSentAgainAfterItWasWrittenIsStillClaimed() {
        // What the SDK's retry of a PutItem whose answer was lost meets: its own record.
        long now = now();
        WorkRecord wanted = searching(root(), LOW, now + 10_000, "10.0.0.1");
        assertClaimed(wanted, now);
        assertInstanceOf(Claim.Claimed.class, records.claim(wanted, now));
    }
}
