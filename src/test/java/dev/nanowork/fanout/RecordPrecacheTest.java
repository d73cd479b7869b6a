package dev.nanowork.fanout;

import static dev.nanowork.fanout.SharedSearchTest.EASY;
import static dev.nanowork.fanout.SharedSearchTest.NEVER;
import static dev.nanowork.fanout.SharedSearchTest.ROOT;
import static dev.nanowork.fanout.SharedSearchTest.SETTINGS;
import static dev.nanowork.fanout.SharedSearchTest.easyWork;
import static dev.nanowork.fanout.SharedSearchTest.in;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.search.Caller;
import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.Precache;
import dev.nanowork.search.PrecacheRefusal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.Asker;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.support.MemoryWorkRecords;
import dev.nanowork.work.Work;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code work_precache} on the record (issue 45): a claim whose owner does not wait, its workers queued with {@code
 * Event}, a root already found or searched one read, and what a later {@code work_generate} gets from it.
 */
class RecordPrecacheTest {
    static final Duration PRECACHE_TTL = Duration.ofDays(7);
    static final Duration RUN = Duration.ofSeconds(25);
    static final Caller WALLET = Caller.at("198.51.100.20");

    final MemoryWorkRecords records = new MemoryWorkRecords();
    final WorkSearch local = new WorkSearch(new ScalarKernel(), 1);
    final SharedSearchTest.FakeWorkers workers = new SharedSearchTest.FakeWorkers();

    @AfterEach
    void close() {
        local.close();
    }

    SharedSearch shared(double hashesPerSecond) {
        return new SharedSearch(local, records, workers, SETTINGS, () -> hashesPerSecond, Clock.systemUTC());
    }

    Precache precache(double hashesPerSecond) {
        return shared(hashesPerSecond).precache(PRECACHE_TTL, RUN);
    }

    @Test
    void aFirstPrecacheClaimsTheRecordForDaysQueuesItsWorkersAndAnswersAtOnce() {
        long before = System.currentTimeMillis();
        assertEquals(Precache.State.STARTED, precache(1).precache(ROOT, NEVER, WALLET));
        WorkRecord record = records.read(ROOT).orElseThrow();
        assertEquals(WorkRecord.State.SEARCHING, record.state());
        assertEquals(Set.of(new Asker("198.51.100.20", NEVER)), record.askers());
        assertTrue(record.expiresAtSeconds() >= before / 1000 + PRECACHE_TTL.toSeconds(), "kept a week");
        assertEquals(SETTINGS.maxWorkers(), workers.dispatched.size(), "NEVER at 1 H/s: the cap, queued");
        assertEquals(0, workers.tasks.size(), "none invoked synchronously: nobody waits");
        assertEquals(SETTINGS.maxWorkers(), record.workers());
        assertTrue(
                record.leaseUntilMillis() <= System.currentTimeMillis() + RecordPrecache.WORKER_START.toMillis(),
                "leased only until a worker starts (it holds the lease then), so a dropped precache lapses in seconds");
        for (var task : workers.dispatched) {
            assertEquals(record.searchId(), task.searchId());
            long left = task.deadlineEpochMillis() - before;
            assertTrue(
                    left > RUN.toMillis() - 1_000 && left <= RUN.toMillis() + 1_000, "searched for the run: " + left);
        }
    }

    @Test
    void anEasyPrecacheStillQueuesOneWorker() {
        assertEquals(Precache.State.STARTED, precache(1e9).precache(ROOT, EASY, WALLET));
        assertEquals(1, workers.dispatched.size(), "within target alone, but nobody here searches: one worker");
    }

    @Test
    void aRootFoundOrSearchedCostsOneReadAndNoWrite() {
        Work work = easyWork();
        records.put(SharedSearchTest.found(work));
        int written = records.history(ROOT).size();
        assertEquals(Precache.State.READY, precache(1).precache(ROOT, EASY, WALLET));
        assertEquals(1, records.reads());
        assertEquals(written, records.history(ROOT).size(), "nothing written");

        MemoryWorkRecords searched = new MemoryWorkRecords();
        searched.put(SharedSearchTest.searching("other", "203.0.113.5", NEVER));
        Precache p = new SharedSearch(local, searched, workers, SETTINGS, () -> 1, Clock.systemUTC())
                .precache(PRECACHE_TTL, RUN);
        assertEquals(Precache.State.SEARCHING, p.precache(ROOT, EASY, WALLET));
        assertEquals(1, searched.reads());
        assertEquals(1, searched.history(ROOT).size(), "nothing written");
        assertEquals(0, workers.dispatched.size());
    }

    @Test
    void aPrecacheWhoseWorkersLambdaWillNotQueueIsWithdrawnAndRefused() {
        workers.queue = t -> CompletableFuture.failedFuture(new IllegalStateException("429 TooManyRequests"));
        PrecacheRefusal e =
                assertThrows(PrecacheRefusal.class, () -> precache(1).precache(ROOT, NEVER, WALLET));
        assertTrue(e.getMessage().contains("throttled"), e.getMessage());
        assertEquals(
                WorkRecord.State.CANCELLED,
                records.stored(ROOT).orElseThrow().state(),
                "the wallet's work_generate claims afresh, with workers of its own");
    }

    @Test
    void aForgedWorkIsNeverReadyAndAnUnreachableTableIsRefused() {
        Work forged = new Work(0x1234L);
        records.put(SharedSearchTest.found(forged));
        assertEquals(Precache.State.STARTED, precache(1).precache(ROOT, EASY, WALLET), "never ready: claimed over");
        assertTrue(records.read(ROOT).orElseThrow().work().isEmpty(), "the forged work is gone");
        MemoryWorkRecords down = new MemoryWorkRecords();
        down.unavailable(true);
        Precache p = new SharedSearch(local, down, workers, SETTINGS, () -> 1, Clock.systemUTC())
                .precache(PRECACHE_TTL, RUN);
        PrecacheRefusal e = assertThrows(PrecacheRefusal.class, () -> p.precache(ROOT, EASY, WALLET));
        assertTrue(e.getMessage().contains("out of reach"), e.getMessage());
    }

    @Test
    void aWorkGenerateAfterTheWorkersFoundIsAnsweredFromTheRecordWithoutASearch() {
        assertEquals(Precache.State.STARTED, precache(1).precache(ROOT, EASY, WALLET));
        WorkRecord record = records.read(ROOT).orElseThrow();
        Work work = easyWork();
        // What a queued worker does once it finds: the record is found.
        assertInstanceOf(WorkRecords.Offer.Found.class, records.offer(ROOT, record.searchId(), work));
        SearchResult r = shared(1).search(ROOT, EASY, in(Duration.ofSeconds(5)), new CancelSignal(), Set.of("w"));
        SearchResult.Found f = assertInstanceOf(SearchResult.Found.class, r);
        assertEquals(work, f.work());
        assertEquals(0, r.attempts(), "answered from the record");
        assertEquals(Optional.of(work), records.read(ROOT).orElseThrow().work());
    }
}
