package dev.nanowork.fanout;

import static dev.nanowork.support.WorkBodies.randomRoot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.observe.SearchTally;
import dev.nanowork.search.SearchResult;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.support.MemoryWorkRecords;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * What the watch tells the records about a search it stopped: how much this execution searched after another's find
 * (at most what it searched since the last read that saw the search open), and its reads, counted in the watching
 * search's tally.
 */
class RecordWatchAfterFindTest {
    private static final Duration POLL = Duration.ofMillis(20);
    private static final Difficulty EASY = new Difficulty(0);

    private final MemoryWorkRecords records = new MemoryWorkRecords();
    private final Root root = randomRoot(new SplittableRandom());

    @Test
    void aRoundStoppedByAnotherExecutionsFindCountsOnlyWhatCameAfterTheLastOpenRead() {
        WorkRecord entered = MemoryWorkRecords.searching(root, EASY, "search-1", 10_000);
        records.put(entered);
        try (RecordWatch watch = watch(entered)) {
            long began = System.nanoTime();
            // Several polls see the search open; then another execution finds, and the next poll sees it.
            LockSupport.parkNanos(POLL.toNanos() * 5);
            assertEquals(Optional.empty(), watch.end());
            records.offer(root, "search-1", new Work(7));
            waitFor(() -> watch.end().isPresent());
            long elapsed = System.nanoTime() - began;
            SearchResult stopped = new SearchResult.Cancelled(1_000_000, elapsed);
            long after = watch.searchedAfterFind(stopped);
            assertTrue(after > 0, "some came after the find: " + after);
            // The last open read came at most a poll (and a scheduling delay) before the find was seen.
            assertTrue(after < 1_000_000 / 2, "only what came since the last open read: " + after);
            assertEquals(
                    0, watch.searchedAfterFind(new SearchResult.Found(new Work(7), 0, 1_000_000, elapsed)), "its own");
        }
    }

    @Test
    void aRoundStoppedForAnythingButAFindSearchedNothingAfterOne() {
        WorkRecord entered = MemoryWorkRecords.searching(root, EASY, "search-2", 10_000);
        records.put(entered);
        try (RecordWatch watch = watch(entered)) {
            assertEquals(0, watch.searchedAfterFind(new SearchResult.Cancelled(1_000, 1_000_000)), "still open");
            records.cancel(root, "search-2");
            waitFor(() -> watch.end().isPresent());
            assertEquals(0, watch.searchedAfterFind(new SearchResult.Cancelled(1_000, 1_000_000)), "cancelled");
        }
    }

    @Test
    void theWatchsReadsAreCountedInTheTallyOfTheSearchThatStartedIt() {
        WorkRecord entered = MemoryWorkRecords.searching(root, EASY, "search-3", 10_000);
        records.put(entered);
        SearchTally tally = new SearchTally();
        int before = records.reads();
        SearchTally.within(tally, () -> {
            try (RecordWatch watch = watch(entered)) {
                waitFor(() -> records.reads() >= before + 3);
                assertEquals(Optional.empty(), watch.end());
            }
            return null;
        });
        assertTrue(tally.recordReads() >= 3, "reads " + tally.recordReads());
    }

    private RecordWatch watch(WorkRecord entered) {
        return new RecordWatch(
                records,
                entered,
                Set.of(),
                r -> r.threshold(Optional.empty()),
                POLL,
                RecordWatch.Unreadable.IGNORED,
                Clock.systemUTC());
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) {
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < until, "not within 5 s");
            LockSupport.parkNanos(1_000_000);
        }
    }
}
