package dev.nanowork.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.LogCapture;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.OwnThread;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Faults inside a search: a kernel thread that throws, a cancel, a deadline, a kernel that lies. Each request
 * ends with its documented answer, the search threads come back (the next search runs on all of them) and
 * the next request is answered with valid work.
 */
class FaultTest {
    static final int THREADS = 2;
    static final String H = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    /** About 4,096 attempts: found in milliseconds. */
    static final String EASY =
            "{\"action\":\"work_generate\",\"hash\":\"" + H + "\",\"difficulty\":\"fff0000000000000\"}";
    /** 2 x send: never found within these tests' deadlines by the scalar kernel. */
    static final String HARD =
            "{\"action\":\"work_generate\",\"hash\":\"" + H + "\",\"difficulty\":\"fffffffc00000000\"}";

    final FaultyKernel kernel = new FaultyKernel();
    final WorkSearch search = new WorkSearch(kernel, THREADS);
    final WorkQueue queue = Wiring.queue(search, 4);
    final WorkRpc rpc = Wiring.rpc(
            queue,
            new WorkRpc.Settings(
                    Action.served("both"),
                    new Difficulty(0xf000000000000000L),
                    new Difficulty(0xfffffffc00000000L),
                    Duration.ofMillis(200),
                    Duration.ofSeconds(1),
                    "test",
                    false));

    @AfterEach
    void close() {
        queue.close();
        search.close();
    }

    static long in(long millis) {
        return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    }

    /** The next request finds valid work, and a benchmark runs on every search thread: none was lost. */
    void recovered() {
        Map<String, String> a = MapRpc.of(rpc).handle(EASY, in(10_000));
        assertTrue(
                WorkValue.value(Root.parse(a.get("hash")), Work.parse(a.get("work"))) >>> 52 == 0xfff,
                "valid work after the fault: " + a);
        kernel.callers.clear();
        Map<String, String> bench =
                MapRpc.of(rpc).handle("{\"action\":\"benchmark\",\"duration\":\"0.2\"}", in(10_000));
        assertEquals(Integer.toString(THREADS), bench.get("threads"), bench.toString());
        assertEquals(THREADS, kernel.callers.size(), "every search thread is back at work: " + kernel.callers);
        long until = in(2_000); // the runner marks itself idle just after it completes the answer
        while (queue.searching() && System.nanoTime() < until) Thread.onSpinWait();
        assertEquals("0", MapRpc.of(rpc).handle("{\"action\":\"status\"}", 0).get("searching"));
    }

    @Test
    void aKernelThreadThatThrowsFailsOnlyItsRequest() {
        kernel.throwsLeft.set(1);
        try (LogCapture logs = LogCapture.atLeast(Level.SEVERE)) {
            Map<String, String> a = MapRpc.of(rpc).handle(HARD, in(5_000));
            assertEquals(RpcError.FAILURE, a.get("error"), a.toString());
            assertTrue(
                    logs.lines().stream().anyMatch(l -> l.contains("injected kernel fault")),
                    "a server fault is logged: " + logs.lines());
        }
        recovered();
    }

    @Test
    void aCancelledSearchEndsAndTheNextRequestIsServed() throws Exception {
        CompletableFuture<Map<String, String>> caller =
                OwnThread.supply(() -> MapRpc.of(rpc).handle(HARD, in(20_000)));
        long until = in(5_000);
        while (!queue.searching()) {
            assertTrue(System.nanoTime() < until, "the search never started");
            Thread.onSpinWait();
        }
        long cancelledAt = System.nanoTime();
        MapRpc.of(rpc).handle("{\"action\":\"work_cancel\",\"hash\":\"" + H + "\"}", 0);
        assertEquals(Map.of("error", RpcError.CANCELLED), caller.get(5, TimeUnit.SECONDS));
        assertTrue(System.nanoTime() - cancelledAt < TimeUnit.SECONDS.toNanos(2), "stopped within a batch");
        recovered();
    }

    @Test
    void aDeadlineReachedEndsTheSearchOnTime() {
        MapRpc.of(rpc).handle("{\"action\":\"status\"}", 0); // loads the request classes first
        long start = System.nanoTime();
        Map<String, String> a = MapRpc.of(rpc).handle(HARD, in(300));
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(RpcError.DEADLINE, a.get("error"), a.toString());
        assertTrue(took >= 290 && took < 1_500, "answered at the deadline: " + took + " ms");
        recovered();
    }

    @Test
    void aLyingKernelNeverGetsInvalidWorkAnswered() {
        kernel.lies = true;
        try (LogCapture logs = LogCapture.atLeast(Level.SEVERE)) {
            MapRpc.of(rpc)
                    .handle(
                            "{\"action\":\"status\"}",
                            0); // loads the request classes first: a cold start takes part of a short deadline
            Map<String, String> a = MapRpc.of(rpc).handle(HARD, in(1_000));
            // Every hit it reports is refused by the scalar re-check; the search runs on to its deadline.
            assertEquals(RpcError.DEADLINE, a.get("error"), "never a work the reference refuses: " + a);
            assertTrue(
                    search.rejectedHits() > 0,
                    "the lies were seen and dropped: " + a + " callers " + kernel.callers + " logs "
                            + logs.lines().size());
            List<String> refusedLines = logs.lines().stream()
                    .filter(l -> l.contains("scalar reference refuses"))
                    .toList();
            // Hundreds of lies a second, one SEVERE line (then at most one a minute, with the count since).
            assertEquals(1, refusedLines.size(), "logged as a server fault, once: " + refusedLines);
            assertTrue(search.rejectedHits() > 10, "of many lies: " + search.rejectedHits());
        }
        kernel.lies = false;
        recovered();
    }
}
