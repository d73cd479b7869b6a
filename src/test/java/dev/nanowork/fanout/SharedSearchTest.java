package dev.nanowork.fanout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.search.Caller;
import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.Asker;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.support.MemoryWorkRecords;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A shared search against the record's rules, in one process: the table in memory, workers faked. What a search may
 * answer is always a valid work for its root and difficulty; the rest is who searches and when it stops.
 */
class SharedSearchTest {
    static final Root ROOT = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2");
    /** Found in a few hundred hashes. */
    static final Difficulty EASY = new Difficulty(0xff00000000000000L);
    /** Never found: a search for it runs until something stops it. */
    static final Difficulty NEVER = new Difficulty(0xffffffffffffffffL);

    static final FanOutSettings SETTINGS =
            new FanOutSettings(Duration.ofMillis(500), 4, Duration.ofMillis(20), Duration.ofHours(1));

    final MemoryWorkRecords records = new MemoryWorkRecords();
    final WorkSearch local = new WorkSearch(new ScalarKernel(), 1);
    final FakeWorkers workers = new FakeWorkers();

    @AfterEach
    void close() {
        local.close();
    }

    SharedSearch shared(double hashesPerSecond) {
        return new SharedSearch(local, records, workers, SETTINGS, () -> hashesPerSecond, Clock.systemUTC());
    }

    static long in(Duration d) {
        return System.nanoTime() + d.toNanos();
    }

    static Work easyWork() {
        try (WorkSearch s = new WorkSearch(new ScalarKernel(), 1)) {
            return ((SearchResult.Found) s.search(ROOT, EASY, in(Duration.ofSeconds(5)), new CancelSignal())).work();
        }
    }

    static WorkRecord searching(String id, String asker, Difficulty d) {
        long now = System.currentTimeMillis();
        return WorkRecord.claimed(ROOT, id, Set.of(new Asker(asker, d)), 0, now + 60_000, now / 1000 + 3600);
    }

    static WorkRecord found(Work work) {
        return new WorkRecord(
                ROOT,
                WorkRecord.State.FOUND,
                EASY,
                "other",
                Optional.of(work),
                Set.of(),
                0,
                1,
                0,
                System.currentTimeMillis() / 1000 + 60);
    }

    static long inAnHour() {
        return System.currentTimeMillis() / 1000 + 3600;
    }

    Future<SearchResult> inBackground(SharedSearch s, Difficulty d, CancelSignal cancel, String asker) {
        return Executors.newVirtualThreadPerTaskExecutor()
                .submit(() -> s.search(ROOT, d, in(Duration.ofSeconds(10)), cancel, Set.of(asker)));
    }

    @Test
    void aFoundRecordAnswersAtOnceWithoutSearching() {
        Work work = easyWork();
        records.put(found(work));
        SearchResult r = shared(0).search(ROOT, EASY, in(Duration.ofSeconds(5)), new CancelSignal(), Set.of("a"));
        Found f = found(r);
        assertEquals(work, f.work());
        assertEquals(0, r.attempts(), "answered from the record, nothing searched");
    }

    @Test
    void aForgedWorkInTheRecordIsNeverAnswered() {
        Work forged = new Work(0x1234L);
        records.put(found(forged));
        SearchResult r = shared(0).search(ROOT, EASY, in(Duration.ofSeconds(5)), new CancelSignal(), Set.of("a"));
        assertTrue(found(r).work().value() != forged.value()
                && WorkValue.isValid(ROOT, found(r).work().value(), EASY));
    }

    @Test
    void aFirstRequestClaimsTheRecordAndRecordsItsFind() {
        SearchResult r = shared(0).search(ROOT, EASY, in(Duration.ofSeconds(5)), new CancelSignal(), Set.of("a"));
        WorkRecord after = records.read(ROOT).orElseThrow();
        assertEquals(WorkRecord.State.FOUND, after.state());
        assertEquals(Optional.of(found(r).work()), after.work());
    }

    @Test
    void aDuplicateJoinsTheLiveSearchAndGetsWhatAnotherExecutionFinds() throws Exception {
        Work work = easyWork();
        records.put(searching("other", "b", EASY));
        Future<SearchResult> joined = inBackground(blind(), EASY, new CancelSignal(), "a");
        waitFor(() -> records.read(ROOT).orElseThrow().askers().contains(new Asker("a", EASY)));
        assertEquals("other", records.read(ROOT).orElseThrow().searchId(), "joined, not taken over");
        assertInstanceOf(WorkRecords.Offer.Found.class, records.offer(ROOT, "other", work));
        assertEquals(work, found(joined.get(5, TimeUnit.SECONDS)).work());
    }

    @Test
    void aCancelFromAnotherExecutionStopsTheSearch() throws Exception {
        records.put(searching("other", "b", NEVER));
        Future<SearchResult> joined = inBackground(blind(), NEVER, new CancelSignal(), "a");
        waitFor(() -> records.read(ROOT).orElseThrow().askers().contains(new Asker("a", NEVER)));
        shared(0).withdraw(ROOT, Caller.at("a")); // work_cancel from a's address, in another execution
        assertEquals(
                Set.of(new Asker("b", NEVER)), records.read(ROOT).orElseThrow().askers(), "b's goes on");
        assertInstanceOf(SearchResult.Cancelled.class, joined.get(5, TimeUnit.SECONDS));
    }

    @Test
    void aCancelHereWithdrawsAndTheLastWithdrawalCancelsTheRecord() throws Exception {
        CancelSignal cancel = new CancelSignal();
        Future<SearchResult> owner = inBackground(blind(), NEVER, cancel, "a");
        waitFor(() -> records.read(ROOT).isPresent());
        cancel.cancel();
        assertInstanceOf(SearchResult.Cancelled.class, owner.get(5, TimeUnit.SECONDS));
        assertEquals(
                WorkRecord.State.CANCELLED, records.read(ROOT).orElseThrow().state());
    }

    @Test
    void aWorkersFindEndsTheSearchAndAnInvalidOneIsIgnored() throws Exception {
        Work work = easyWork();
        workers.answer = t -> CompletableFuture.completedFuture(new WorkerOutcome(
                WorkerOutcome.Kind.FOUND, Optional.of(t.start() % 2 == 0 ? work : new Work(0x1234L))));
        // alone, EASY takes 256 hashes / 1 H/s: the plan asks for every worker allowed
        SearchResult r = shared(1).search(ROOT, EASY, in(Duration.ofSeconds(5)), new CancelSignal(), Set.of("a"));
        assertEquals(SETTINGS.maxWorkers(), workers.tasks.size());
        assertTrue(WorkValue.isValid(ROOT, found(r).work().value(), EASY));
    }

    @Test
    void anUnreachableTableLeavesTheSearchAlone() {
        records.unavailable(true);
        SearchResult r = shared(0).search(ROOT, EASY, in(Duration.ofSeconds(5)), new CancelSignal(), Set.of("a"));
        assertTrue(WorkValue.isValid(ROOT, found(r).work().value(), EASY));
        assertEquals(0, workers.tasks.size());
    }

    @Test
    void theWorkersMeetTheTargetAndNeverPassTheCap() {
        assertEquals(0, SETTINGS.workers(1e6, 4e6), "0.25 s alone: no worker");
        assertEquals(1, SETTINGS.workers(4e6, 4e6), "1 s alone: one worker makes 0.5 s");
        assertEquals(4, SETTINGS.workers(1e9, 4e6), "held to max-workers");
        assertEquals(0, SETTINGS.workers(1e9, 0), "unknown rate: none");
    }

    /** A search on a kernel that never finds: it runs until the record or a cancel stops it. */
    SharedSearch blind() {
        WorkSearch never = new WorkSearch(
                new dev.nanowork.support.ScalarBackedKernel("blind") {
                    @Override
                    protected long search(RootSearch scalar, long start, long count, long threshold) {
                        return NOT_FOUND;
                    }
                },
                1);
        return new SharedSearch(never, records, workers, SETTINGS, () -> 0, Clock.systemUTC());
    }

    static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) throw new AssertionError("not within 5 s");
            Thread.sleep(5);
        }
    }

    private static Found found(SearchResult r) {
        SearchResult.Found f = assertInstanceOf(SearchResult.Found.class, r);
        return new Found(f.work());
    }

    private record Found(Work work) {}

    /** Workers that answer what the test says, and count the tasks (started, and dispatched for a precache). */
    static final class FakeWorkers implements Workers {
        final java.util.List<WorkerTask> tasks = new java.util.concurrent.CopyOnWriteArrayList<>();
        final java.util.List<WorkerTask> dispatched = new java.util.concurrent.CopyOnWriteArrayList<>();
        volatile java.util.function.Function<WorkerTask, CompletableFuture<WorkerOutcome>> answer =
                t -> new CompletableFuture<>();
        volatile java.util.function.Function<WorkerTask, CompletableFuture<Void>> queue =
                t -> CompletableFuture.completedFuture(null);

        @Override
        public CompletableFuture<WorkerOutcome> start(WorkerTask task) {
            tasks.add(task);
            return answer.apply(task);
        }

        @Override
        public CompletableFuture<Void> dispatch(WorkerTask task) {
            dispatched.add(task);
            return queue.apply(task);
        }
    }
}
