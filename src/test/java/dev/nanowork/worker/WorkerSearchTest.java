package dev.nanowork.worker;

import static dev.nanowork.support.MemoryWorkRecords.searching;
import static dev.nanowork.support.WorkBodies.randomRoot;
import static dev.nanowork.worker.WorkerTestTasks.EASY;
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
import dev.nanowork.observe.RequestRecord;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.Asker;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.support.MemoryWorkRecords;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A worker searches only a well-formed task in bounds, and only while the record asks its search for it. */
class WorkerSearchTest {
    static final WorkSearch SEARCH = scalar();
    final SplittableRandom random = new SplittableRandom(33);
    final MemoryWorkRecords records = new MemoryWorkRecords();

    @AfterAll
    static void close() {
        SEARCH.close();
    }

    @Test
    void aValidTaskIsSearchedFoundAndRecorded() {
        Root root = randomRoot(random);
        String id = newSearchId();
        records.put(searching(root, EASY, id, 20_000));
        WorkerOutcome outcome = WorkerTasks.readOutcome(worker(SEARCH, records)
                .answer(payload(root, EASY, id, random.nextLong(), 10_000), REMAINING, RequestRecord.discarded())
                .getBytes(StandardCharsets.UTF_8));
        assertEquals(WorkerOutcome.Kind.FOUND, outcome.kind());
        long work = outcome.work().orElseThrow().value();
        assertTrue(WorkValue.isValid(root, work, EASY), "the work reaches the difficulty");
        WorkRecord record = records.stored(root).orElseThrow();
        assertEquals(WorkRecord.State.FOUND, record.state());
        assertEquals(outcome.work(), record.work(), "the work is recorded");
    }

    @Test
    void malformedOrOutOfBoundsTasksAreRefusedWithoutReadingOrSearching() {
        Root root = randomRoot(random);
        String id = newSearchId();
        records.put(searching(root, EASY, id, 20_000));
        WorkerSearch bounded = new WorkerSearch(
                SEARCH, records, new TaskBounds(Difficulty.RECEIVE, Difficulty.SEND), WorkerTestTasks.POLL);
        String valid = new String(payload(root, Difficulty.RECEIVE, id, 7, 10_000), StandardCharsets.UTF_8);
        List<String> refused = List.of(
                "not json",
                valid.replace("}", ",\"extra\":1}"),
                valid.replace("\"start\":\"0000000000000007\",", ""),
                valid.replace("\"0000000000000007\"", "7"),
                new String(payload(root, EASY, id, 7, 10_000), StandardCharsets.UTF_8),
                new String(payload(root, UNREACHABLE, id, 7, 10_000), StandardCharsets.UTF_8),
                new String(payload(root, Difficulty.RECEIVE, id, 7, -1), StandardCharsets.UTF_8),
                new String(payload(root, Difficulty.RECEIVE, id, 7, REMAINING + 5_000), StandardCharsets.UTF_8),
                valid.replace("}", "," + " ".repeat(WorkerSearch.LONGEST_PAYLOAD) + "}"));
        for (String payload : refused) {
            RequestRecord record = workerRecord();
            WorkerRefusal e = assertThrows(
                    WorkerRefusal.class,
                    () -> bounded.answer(payload.getBytes(StandardCharsets.UTF_8), REMAINING, record),
                    payload);
            assertTrue(!e.getMessage().isBlank(), payload);
            assertEquals(RequestRecord.Outcome.REFUSED, record.outcome(), payload);
            assertEquals(0, record.attempts(), payload);
        }
        assertEquals(0, records.reads(), "no record read, no search");
        assertEquals(
                WorkRecord.State.SEARCHING, records.stored(root).orElseThrow().state());
    }

    @Test
    void withoutATableEveryTaskIsRefused() {
        Root root = randomRoot(random);
        WorkerRefusal e = assertThrows(
                WorkerRefusal.class,
                () -> worker(SEARCH, null)
                        .answer(payload(root, EASY, newSearchId(), 1, 10_000), REMAINING, RequestRecord.discarded()));
        assertTrue(e.getMessage().contains("nano-work.fan-out.table"), e.getMessage());
    }

    @Test
    void aTaskWhoseRecordIsNotItsSearchEndsAtOnceWithoutSearching() {
        String id = newSearchId();
        Root absent = randomRoot(random);
        Root other = randomRoot(random);
        records.put(searching(other, EASY, newSearchId(), 20_000));
        Root leaseOver = randomRoot(random);
        records.put(searching(leaseOver, EASY, id, -1));
        // Within a second of the task's own deadline: a work_generate's lease, over, and not a precache's to hold.
        Root done = randomRoot(random);
        records.put(searching(done, EASY, id, 20_000));
        records.cancel(done, id);
        for (Root root : List.of(absent, other, leaseOver, done)) {
            long deadline = root.equals(leaseOver) ? 500 : 10_000;
            RequestRecord record = workerRecord();
            String answer = worker(SEARCH, records).answer(payload(root, EASY, id, 1, deadline), REMAINING, record);
            assertEquals("{\"outcome\":\"stopped\"}", answer, root.toString());
            assertEquals(RequestRecord.Outcome.STOPPED, record.outcome(), root.toString());
            assertEquals(0, record.attempts(), root.toString());
        }
        assertTrue(records.stored(other).orElseThrow().work().isEmpty(), "another search's record is left alone");
    }

    /**
     * A precache's claim is leased only until a worker starts (RecordPrecache.WORKER_START): the worker holds the lease
     * to its task's deadline, and searches one that lapsed while its invocation was queued, unless taken over. A
     * work_generate's workers, whose lease reaches their deadline, write nothing to start.
     */
    @Test
    void aPrecachesWorkerHoldsItsLeaseToTheTasksDeadline() {
        for (long lease : new long[] {3_000, -1}) {
            Root root = randomRoot(random);
            String id = newSearchId();
            records.put(searching(root, EASY, id, lease));
            long before = System.currentTimeMillis();
            WorkerOutcome outcome = WorkerTasks.readOutcome(worker(SEARCH, records)
                    .answer(payload(root, EASY, id, random.nextLong(), 10_000), REMAINING, RequestRecord.discarded())
                    .getBytes(StandardCharsets.UTF_8));
            assertEquals(WorkerOutcome.Kind.FOUND, outcome.kind(), "lease " + lease);
            List<WorkRecord> written = records.history(root);
            assertEquals(3, written.size(), "claimed, held, found: " + written);
            assertTrue(written.get(1).leaseUntilMillis() >= before + 9_000, "held to the deadline: " + written.get(1));
            assertEquals(WorkRecord.State.FOUND, written.get(2).state());
        }

        Root taken = randomRoot(random);
        records.put(searching(taken, EASY, newSearchId(), -1));
        String late = newSearchId();
        assertEquals(
                "{\"outcome\":\"stopped\"}",
                worker(SEARCH, records)
                        .answer(payload(taken, EASY, late, 1, 10_000), REMAINING, RequestRecord.discarded()),
                "a precache taken over while its worker was queued");
        assertEquals(1, records.history(taken).size(), "nothing written");

        Root generated = randomRoot(random);
        String id = newSearchId();
        records.put(searching(generated, EASY, id, 10_200));
        var unused = worker(SEARCH, records)
                .answer(payload(generated, EASY, id, 1, 10_000), REMAINING, RequestRecord.discarded());
        assertEquals(2, records.history(generated).size(), "a work_generate's worker writes only its find");
    }

    @Test
    void aRecordThatCannotBeReadAtTheStartIsAFunctionErrorWithoutSearch() {
        Root root = randomRoot(random);
        String id = newSearchId();
        records.put(searching(root, EASY, id, 20_000));
        records.unavailable(true);
        WorkerRefusal e = assertThrows(
                WorkerRefusal.class,
                () -> worker(SEARCH, records)
                        .answer(payload(root, EASY, id, 1, 10_000), REMAINING, RequestRecord.discarded()));
        assertTrue(e.getMessage().contains("record unavailable"), e.getMessage());
    }

    @Test
    void theDeadlineEndsTheSearch() {
        Root root = randomRoot(random);
        String id = newSearchId();
        records.put(searching(root, UNREACHABLE, id, 20_000));
        long began = System.nanoTime();
        String answer = worker(SEARCH, records)
                .answer(payload(root, UNREACHABLE, id, 1, 300), REMAINING, RequestRecord.discarded());
        assertEquals("{\"outcome\":\"deadline\"}", answer);
        long ms = (System.nanoTime() - began) / 1_000_000;
        assertTrue(ms >= 250 && ms < 2_000, "stopped at the deadline: " + ms + " ms");
    }

    @Test
    void aDifficultyAboveTheFunctionsHighestIsNeverFollowed() {
        // Only a record written by something else than this code asks past max-difficulty (the RPC refuses such a
        // request): the worker answers the askers within its bounds and stops, rather than search to its deadline.
        Root root = randomRoot(random);
        String id = newSearchId();
        records.put(searching(root, EASY, id, 20_000));
        records.join(
                root,
                id,
                java.util.Set.of(new Asker("198.51.100.9", UNREACHABLE)),
                System.currentTimeMillis() + 20_000,
                System.currentTimeMillis() / 1000 + 3600);
        WorkerSearch bounded =
                new WorkerSearch(SEARCH, records, new TaskBounds(new Difficulty(0), EASY), WorkerTestTasks.POLL);
        long began = System.nanoTime();
        String answer = bounded.answer(payload(root, EASY, id, 1, 10_000), REMAINING, RequestRecord.discarded());
        long ms = (System.nanoTime() - began) / 1_000_000;
        assertEquals("{\"outcome\":\"stopped\"}", answer);
        assertTrue(ms < 5_000, "stopped once its bounds were met, not at the deadline: " + ms + " ms");
        WorkRecord after = records.stored(root).orElseThrow();
        assertEquals(WorkRecord.State.SEARCHING, after.state(), "the record still asks for more");
        assertTrue(after.workFor(EASY).isPresent(), "the asker within bounds is answered from the record");
    }

    /** The record WorkerHandler writes for one invocation, which the worker fills in. */
    private static RequestRecord workerRecord() {
        return new RequestRecord("worker-test", "nano-work-worker", System.nanoTime());
    }
}
