package dev.nanowork.fanout;

import static dev.nanowork.fanout.SharedSearchTest.EASY;
import static dev.nanowork.fanout.SharedSearchTest.NEVER;
import static dev.nanowork.fanout.SharedSearchTest.ROOT;
import static dev.nanowork.fanout.SharedSearchTest.SETTINGS;
import static dev.nanowork.fanout.SharedSearchTest.in;
import static dev.nanowork.fanout.SharedSearchTest.searching;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.search.Caller;
import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.Asker;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.support.LogCapture;
import dev.nanowork.support.MemoryWorkRecords;
import dev.nanowork.support.ScalarBackedKernel;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.WorkValue;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The fan-out's hardening (issue 43), each finding with its test: every asker answered at its own difficulty, a raise
 * adds the workers it warrants, a find the record misses stops the workers before it is answered, and a queue's turns
 * leave the record and its workers alone.
 */
class SharedAskersTest {
    final MemoryWorkRecords records = new MemoryWorkRecords();
    final WorkSearch local = new WorkSearch(new ScalarKernel(), 1);
    final SharedSearchTest.FakeWorkers workers = new SharedSearchTest.FakeWorkers();

    @AfterEach
    void close() {
        local.close();
    }

    SharedSearch shared(WorkSearch search, double hashesPerSecond) {
        return new SharedSearch(search, records, workers, SETTINGS, () -> hashesPerSecond, Clock.systemUTC());
    }

    /** A search that never finds: it runs until the record or a cancel stops it. */
    static WorkSearch blind() {
        return new WorkSearch(
                new ScalarBackedKernel("blind") {
                    @Override
                    protected long search(RootSearch scalar, long start, long count, long threshold) {
                        return NOT_FOUND;
                    }
                },
                1);
    }

    Future<SearchResult> inBackground(SharedSearch s, dev.nanowork.work.Difficulty d, CancelSignal c, String asker) {
        return Executors.newVirtualThreadPerTaskExecutor()
                .submit(() -> s.search(ROOT, d, in(Duration.ofSeconds(10)), c, Set.of(asker)));
    }

    long crews(dev.nanowork.work.Root root) {
        return workers.tasks.stream().filter(t -> t.root().equals(root)).count();
    }

    @Test
    void aJoinerIsAnsweredAtItsOwnDifficultyWhateverAStrangerAsked() {
        // A stranger's search for what is never found stands; a request for an easy work joins it. Were the joiner
        // to search for the record's difficulty, it would reach its deadline.
        records.put(searching("stranger-search", "198.51.100.9", NEVER));
        long began = System.nanoTime();
        SearchResult r =
                shared(local, 0).search(ROOT, EASY, in(Duration.ofSeconds(3)), new CancelSignal(), Set.of("192.0.2.1"));
        SearchResult.Found f = assertInstanceOf(SearchResult.Found.class, r);
        assertTrue(WorkValue.isValid(ROOT, f.work().value(), EASY));
        assertTrue(System.nanoTime() - began < TimeUnit.SECONDS.toNanos(2), "at once, not at the deadline");
        WorkRecord after = records.read(ROOT).orElseThrow();
        assertEquals(WorkRecord.State.SEARCHING, after.state(), "the stranger's search goes on");
        assertEquals("stranger-search", after.searchId());
        assertEquals(java.util.Optional.of(f.work()), after.work(), "the find is the record's best so far");
        assertEquals(NEVER, after.difficulty());
    }

    @Test
    void aRaiseInvokesTheWorkersTheHigherDifficultyWarrantsOnce() throws Exception {
        records.put(searching("first", "198.51.100.9", EASY)); // no worker: EASY is within target alone
        CancelSignal first = new CancelSignal();
        CancelSignal second = new CancelSignal();
        try (WorkSearch never = blind()) {
            // At 1 H/s NEVER takes for ever alone: the cap's worth of workers, invoked by the joiner that raised it.
            Future<SearchResult> raiser = inBackground(shared(never, 1), NEVER, first, "192.0.2.1");
            SharedSearchTest.waitFor(() -> workers.tasks.size() == SETTINGS.maxWorkers());
            Future<SearchResult> again = inBackground(shared(never, 1), NEVER, second, "192.0.2.2");
            SharedSearchTest.waitFor(
                    () -> records.read(ROOT).orElseThrow().askers().size() == 3);
            Thread.sleep(100);
            assertEquals(SETTINGS.maxWorkers(), workers.tasks.size(), "the second joiner adds none: the cap is met");
            assertEquals(SETTINGS.maxWorkers(), records.read(ROOT).orElseThrow().workers());
            assertTrue(workers.tasks.stream().allMatch(t -> t.searchId().equals("first")), "workers of that search");
            first.cancel();
            second.cancel();
            raiser.get(5, TimeUnit.SECONDS);
            again.get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aFindTheRecordMissesCancelsTheSearchBeforeItIsAnswered() {
        records.refuse("offer", true);
        try (LogCapture log = LogCapture.atLeast(Level.WARNING)) {
            SearchResult r = shared(local, 0)
                    .search(ROOT, EASY, in(Duration.ofSeconds(5)), new CancelSignal(), Set.of("192.0.2.1"));
            assertTrue(WorkValue.isValid(
                    ROOT, assertInstanceOf(SearchResult.Found.class, r).work().value(), EASY));
            assertEquals(
                    WorkRecord.State.CANCELLED,
                    records.stored(ROOT).orElseThrow().state(),
                    "every worker stops within a poll: " + log.lines());
            assertTrue(
                    log.lines().stream().anyMatch(l -> l.contains("not recorded")),
                    log.lines().toString());
        }
        // Neither written: the work is still answered (the workers stop when they cannot read the record).
        MemoryWorkRecords down = new MemoryWorkRecords();
        down.put(searching("s", "192.0.2.1", EASY));
        down.refuse("offer", true);
        down.refuse("cancel", true);
        SearchResult r = new SharedSearch(local, down, workers, SETTINGS, () -> 0, Clock.systemUTC())
                .search(ROOT, EASY, in(Duration.ofSeconds(5)), new CancelSignal(), Set.of("192.0.2.1"));
        assertInstanceOf(SearchResult.Found.class, r);
    }

    @Test
    void aQueuesTurnsLeaveTheRecordAndItsWorkersAlone() throws Exception {
        // Two clients take turns of 250 ms on one process with the table: the long search's turn ends every time the
        // other client's search waits, and must neither cancel its record nor claim it again with a new crew.
        try (WorkSearch never = blind();
                WorkQueue queue = new WorkQueue(never, shared(never, 1), Wiring.limits(8, 4, 8))) {
            Caller alice = Caller.at("192.0.2.1");
            Caller mallory = Caller.at("192.0.2.66");
            var alices = queue.submit(ROOT, NEVER, in(Duration.ofSeconds(20)), alice);
            SharedSearchTest.waitFor(() -> crews(ROOT) == SETTINGS.maxWorkers());
            String searchId = records.read(ROOT).orElseThrow().searchId();
            for (int i = 0; i < 4; i++) {
                byte[] other = new byte[32];
                other[0] = (byte) (i + 1);
                queue.submit(dev.nanowork.work.Root.of(other), NEVER, in(Duration.ofMillis(600)), mallory);
            }
            Thread.sleep(2_000); // eight turns or so
            WorkRecord after = records.read(ROOT).orElseThrow();
            assertEquals(WorkRecord.State.SEARCHING, after.state());
            assertEquals(searchId, after.searchId(), "claimed once");
            assertEquals(SETTINGS.maxWorkers(), crews(ROOT), "one crew, however many turns");
            assertEquals(Set.of(new Asker("192.0.2.1", NEVER)), after.askers());
            queue.cancel(ROOT, alice);
            assertInstanceOf(SearchResult.Cancelled.class, alices.await());
            assertEquals(
                    WorkRecord.State.CANCELLED, records.read(ROOT).orElseThrow().state(), "a cancel withdraws");
        }
    }
}
