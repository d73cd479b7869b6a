package dev.nanowork.worker;

import static dev.nanowork.support.MemoryWorkRecords.searching;
import static dev.nanowork.support.WorkBodies.randomRoot;
import static dev.nanowork.worker.WorkerTestTasks.REMAINING;
import static dev.nanowork.worker.WorkerTestTasks.UNREACHABLE;
import static dev.nanowork.worker.WorkerTestTasks.newSearchId;
import static dev.nanowork.worker.WorkerTestTasks.payload;
import static dev.nanowork.worker.WorkerTestTasks.scalar;
import static dev.nanowork.worker.WorkerTestTasks.worker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.fanout.WorkerOutcome;
import dev.nanowork.fanout.WorkerTasks;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.observe.RequestRecord;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.Asker;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.support.MemoryWorkRecords;
import dev.nanowork.support.ScalarBackedKernel;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A searching worker learns from its record that the search is over, or asks for more, and acts on it. */
class WorkerStopTest {
    static final WorkSearch SEARCH = scalar();
    static final ScheduledExecutorService LATER = Executors.newSingleThreadScheduledExecutor();
    final SplittableRandom random = new SplittableRandom(34);
    final MemoryWorkRecords records = new MemoryWorkRecords();

    @AfterAll
    static void close() {
        SEARCH.close();
        LATER.shutdownNow();
    }

    /** Runs an unreachable search, changes the record after 300 ms, and returns the answer and how long it took. */
    String stopAfterChange(Consumer<Root> change, long[] lagMillis) {
        Root root = randomRoot(random);
        String id = newSearchId();
        records.put(searching(root, UNREACHABLE, id, 30_000));
        AtomicLong changed = new AtomicLong();
        int readsBefore = records.reads();
        var unused = LATER.schedule(
                () -> {
                    // While the worker searches, however late it started on a loaded machine: after its first read
                    // and one poll.
                    while (records.reads() < readsBefore + 2)
                        java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
                    change.accept(root);
                    changed.set(System.nanoTime());
                },
                300,
                TimeUnit.MILLISECONDS);
        String answer = worker(SEARCH, records)
                .answer(payload(root, UNREACHABLE, id, 1, 20_000), REMAINING, RequestRecord.discarded());
        lagMillis[0] = (System.nanoTime() - changed.get()) / 1_000_000;
        return answer;
    }

    @Test
    void aFindByAnotherExecutionCancelAndTakeOverStopTheWorkerWithinAPoll() {
        long[] lag = new long[1];
        for (Consumer<Root> change : java.util.List.<Consumer<Root>>of(
                root -> {
                    WorkRecord r = records.stored(root).orElseThrow();
                    records.put(new WorkRecord(
                            root,
                            WorkRecord.State.FOUND,
                            r.difficulty(),
                            r.searchId(),
                            Optional.of(new Work(1)),
                            Set.of(),
                            r.workers(),
                            r.revision() + 1,
                            r.leaseUntilMillis(),
                            System.currentTimeMillis() / 1000 + 60));
                },
                root -> records.cancel(root, records.stored(root).orElseThrow().searchId()),
                root -> records.put(searching(root, UNREACHABLE, newSearchId(), 30_000)))) {
            assertEquals("{\"outcome\":\"stopped\"}", stopAfterChange(change, lag));
            assertTrue(lag[0] < 500, "stopped " + lag[0] + " ms after the record changed (poll every 20 ms)");
        }
    }

    @Test
    void aRecordUnreadableForASecondStopsTheSearch() {
        long[] lag = new long[1];
        AtomicLong wentAway = new AtomicLong();
        WorkerRefusal e = assertThrows(
                WorkerRefusal.class,
                () -> stopAfterChange(
                        root -> {
                            records.unavailable(true);
                            wentAway.set(System.nanoTime());
                        },
                        lag));
        assertTrue(e.getMessage().contains("unreadable"), e.getMessage());
        long ms = (System.nanoTime() - wentAway.get()) / 1_000_000;
        // The second counts from the last read that succeeded, a poll (20 ms) or, on a loaded machine, a delayed
        // poll before the table went away: 800 ms leaves room for that and still fails a worker that stops at the
        // first unreadable read (within a poll).
        assertTrue(ms >= 800 && ms < 2_500, "stopped " + ms + " ms after the table went away");
    }

    /** The first batch takes 300 ms, long enough for the record's difficulty to be raised under it. */
    static WorkSearch slowFirstBatch() {
        return new WorkSearch(
                new ScalarBackedKernel("slow-first-batch") {
                    final AtomicLong calls = new AtomicLong();

                    @Override
                    protected long search(RootSearch scalar, long start, long count, long threshold) {
                        if (calls.getAndIncrement() == 0) {
                            try {
                                Thread.sleep(300);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        return scalar.search(start, count, threshold);
                    }
                },
                1);
    }

    static final Difficulty LOW = new Difficulty(0xffff000000000000L);
    static final Difficulty RAISED = new Difficulty(0xfffff00000000000L);

    /** A start from which the first batch holds a nonce at {@link #LOW} or not, and none at {@link #RAISED}. */
    static long start(Root root, boolean lowHitInFirstBatch, SplittableRandom random) {
        while (true) {
            long start = random.nextLong();
            boolean low = false;
            boolean raised = false;
            for (long n = start; n != start + WorkSearch.BATCH; n++) {
                long value = WorkValue.value(root, n);
                low |= LOW.isReachedBy(value);
                raised |= RAISED.isReachedBy(value);
            }
            if (low == lowHitInFirstBatch && !raised) return start;
        }
    }

    @Test
    void aDifficultyRaisedMidSearchIsSearchedOnAndAFindBelowItIsTheBestSoFar() {
        for (boolean lowHit : new boolean[] {true, false}) {
            Root root = randomRoot(random);
            String id = newSearchId();
            records.put(searching(root, LOW, id, 30_000));
            // Chosen before the raise is scheduled: the worker must read LOW at its start and see the raise mid-search.
            long start = start(root, lowHit, random);
            var unused = LATER.schedule(
                    () -> records.join(
                            root,
                            id,
                            Set.of(new Asker("198.51.100.7", RAISED)),
                            System.currentTimeMillis() + 30_000,
                            System.currentTimeMillis() / 1000 + 3600),
                    100,
                    TimeUnit.MILLISECONDS);
            try (WorkSearch slow = slowFirstBatch()) {
                String answer = worker(slow, records)
                        .answer(payload(root, LOW, id, start, 20_000), REMAINING, RequestRecord.discarded());
                WorkerOutcome outcome = WorkerTasks.readOutcome(answer.getBytes(StandardCharsets.UTF_8));
                assertEquals(WorkerOutcome.Kind.FOUND, outcome.kind(), answer);
                long work = outcome.work().orElseThrow().value();
                assertTrue(
                        WorkValue.isValid(root, work, RAISED),
                        (lowHit ? "a work found for the lower difficulty" : "the search after the raise")
                                + " must reach the raised one: " + answer);
                WorkRecord after = records.stored(root).orElseThrow();
                assertEquals(WorkRecord.State.FOUND, after.state());
                assertEquals(outcome.work(), after.work());
            }
        }
    }

    @Test
    void aFindBelowAJoinersDifficultyIsRecordedAsTheBestAndTheWorkerSearchesOn() {
        // The joiner asked for more before the worker started: the worker searches the lowest asked first, records
        // that find (its asker is answered from it), and goes on for the joiner's (a find that loses to a raise is
        // never the end of a worker). One thread from nonce 1: the first LOW hit is the first nonce from 1 that
        // reaches LOW, and the root is one where that nonce does not reach RAISED too.
        Root root = randomRoot(random);
        while (RAISED.isReachedBy(WorkValue.value(root, firstFrom(root, 1)))) root = randomRoot(random);
        String id = newSearchId();
        records.put(searching(root, LOW, id, 30_000));
        records.join(
                root,
                id,
                Set.of(new Asker("198.51.100.7", RAISED)),
                System.currentTimeMillis() + 30_000,
                System.currentTimeMillis() / 1000 + 3600);
        try (WorkSearch one = new WorkSearch(new ScalarKernel(), 1)) {
            String answer = worker(one, records)
                    .answer(payload(root, LOW, id, 1, 20_000), REMAINING, RequestRecord.discarded());
            WorkerOutcome outcome = WorkerTasks.readOutcome(answer.getBytes(StandardCharsets.UTF_8));
            assertEquals(WorkerOutcome.Kind.FOUND, outcome.kind(), answer);
            assertTrue(WorkValue.isValid(root, outcome.work().orElseThrow().value(), RAISED), answer);
        }
        List<WorkRecord> history = records.history(root);
        WorkRecord last = history.getLast();
        assertEquals(WorkRecord.State.FOUND, last.state());
        WorkRecord best = history.get(history.size() - 2);
        assertEquals(WorkRecord.State.SEARCHING, best.state(), history.toString());
        assertEquals(Optional.of(new Work(firstFrom(root, 1))), best.work(), "the LOW find was the best on the way");
    }

    /** The first nonce from {@code start} whose value reaches {@link #LOW}. */
    static long firstFrom(Root root, long start) {
        long n = start;
        while (!LOW.isReachedBy(WorkValue.value(root, n))) n++;
        return n;
    }
}
