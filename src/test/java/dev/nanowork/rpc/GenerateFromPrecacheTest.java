package dev.nanowork.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.access.Credentials;
import dev.nanowork.search.LocalPrecache;
import dev.nanowork.search.Precache;
import dev.nanowork.search.PrecacheSettings;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.LogCapture;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.ScalarBackedKernel;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A work_generate asks the precache before it queues: a work held for its root that reaches its difficulty is the
 * answer, with no search; one that does not reach both, whatever held it, is never answered.
 */
class GenerateFromPrecacheTest {
    static final Root ROOT = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2");
    /** One value in 16 reaches it: a search ends in its first batch. */
    static final String LOW = "f000000000000000";

    final AtomicLong batches = new AtomicLong();
    final WorkQueue queue = Wiring.queue(new WorkSearch(ScalarBackedKernel.counting(batches), 1), 4);

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    MapRpc rpc(Precache precache) {
        return MapRpc.of(
                Wiring.rpc(queue, WorkRpcTest.settings("both", new Difficulty(0)), Credentials.NONE, precache));
    }

    static Map<String, String> generate(MapRpc rpc) {
        return rpc.handle(
                "{\"action\":\"work_generate\",\"hash\":\"" + ROOT + "\",\"difficulty\":\"" + LOW + "\"}",
                System.nanoTime() + TimeUnit.SECONDS.toNanos(5));
    }

    /** A precache that holds {@code work} for {@link #ROOT}, whatever is asked. */
    static Precache holding(long work) {
        return new Precache() {
            @Override
            public State precache(Root root, Difficulty difficulty, dev.nanowork.search.Caller caller) {
                return State.READY;
            }

            @Override
            public Optional<SearchResult.Found> ready(Root root, Difficulty difficulty) {
                return Optional.of(new SearchResult.Found(new Work(work), -1L, 0, 0));
            }
        };
    }

    static long firstWork(Difficulty difficulty) {
        long work = 0;
        while (!WorkValue.isValid(ROOT, work, difficulty)) work++;
        return work;
    }

    @Test
    void aHeldWorkIsTheAnswerWithNoSearch() {
        long work = firstWork(Difficulty.parse(LOW));
        Map<String, String> a = generate(rpc(holding(work)));
        assertEquals(new Work(work).toString(), a.get("work"), a.toString());
        assertEquals(new Difficulty(WorkValue.value(ROOT, work)).toString(), a.get("difficulty"), "its own value");
        assertEquals(0, batches.get(), "no search");
    }

    @Test
    void aHeldWorkThatDoesNotReachIsNeverAnswered() {
        long right = firstWork(Difficulty.parse(LOW));
        long wrong = right + 1;
        while (Difficulty.parse(LOW).isReachedBy(WorkValue.value(ROOT, wrong))) wrong++;
        try (LogCapture severe = LogCapture.atLeast(Level.SEVERE)) {
            // Planted: GenerateHandler trusting the precache (no check of its work): the wrong work was answered.
            Map<String, String> a = generate(rpc(holding(wrong)));
            assertNotEquals(new Work(wrong).toString(), a.get("work"), a.toString());
            assertTrue(
                    Difficulty.parse(LOW).isReachedBy(WorkValue.value(ROOT, Work.parse(a.get("work")))), a.toString());
            assertTrue(batches.get() > 0, "searched instead");
            assertTrue(
                    severe.allText().contains("searched instead"),
                    severe.lines().toString());
        }
    }

    @Test
    void aWorkPrecachedHereAnswersTheWalletsWorkGenerate() throws Exception {
        try (LocalPrecache local = new LocalPrecache(
                queue.search(), new PrecacheSettings(4, 4, 16, Duration.ofDays(7)), Clock.systemUTC())) {
            MapRpc rpc = rpc(local);
            String body = "{\"action\":\"work_precache\",\"hash\":\"" + ROOT + "\",\"difficulty\":\"" + LOW + "\"}";
            assertEquals("started", rpc.handle(body, 0).get("precache"));
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!"ready".equals(rpc.handle(body, 0).get("precache"))) {
                assertTrue(System.nanoTime() < until, "not ready within 5 s");
                Thread.sleep(5);
            }
            long searched = batches.get();
            Map<String, String> a = generate(rpc);
            assertTrue(
                    Difficulty.parse(LOW).isReachedBy(WorkValue.value(ROOT, Work.parse(a.get("work")))), a.toString());
            assertEquals(searched, batches.get(), "answered from the precache, no search");
            assertEquals("started", rpc.handle(body, 0).get("precache"), "used once: a new precache searches again");
        }
    }
}
