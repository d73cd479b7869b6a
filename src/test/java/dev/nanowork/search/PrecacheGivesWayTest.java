package dev.nanowork.search;

import static dev.nanowork.search.Queues.UNREACHABLE;
import static dev.nanowork.search.Queues.awaitThat;
import static dev.nanowork.search.Queues.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.nanowork.support.OwnThread;
import dev.nanowork.work.Root;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Interactive work first: a precache never takes the threads from an interactive search (a work_generate's, a
 * benchmark's), gives them up within a batch when one begins, and searches on once they are free again.
 */
class PrecacheGivesWayTest {
    static final Root PRECACHED = root(0xa1);
    static final Root ASKED = root(0xb2);

    RecordingKernel kernel;
    WorkSearch search;
    LocalPrecache precache;

    @BeforeEach
    void start() {
        kernel = new RecordingKernel();
        search = new WorkSearch(kernel, 2);
        precache = new LocalPrecache(search, new PrecacheSettings(4, 4, 16, Duration.ofDays(7)), Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        precache.close();
        search.close();
    }

    /** An interactive search of {@code ASKED} for {@code millis}, on its own thread. */
    CompletableFuture<SearchResult> interactive(long millis) {
        return OwnThread.supply(() -> search.search(ASKED, UNREACHABLE, 0, Queues.in(millis), new CancelSignal()));
    }

    @Test
    void aRunningPrecacheGivesWayWithinABatchAndSearchesOnAfter() throws Exception {
        assertEquals(Precache.State.STARTED, precache.precache(PRECACHED, UNREACHABLE, Queues.ALICE));
        awaitThat("the precache searches", () -> kernel.begun(PRECACHED) > 0);
        kernel.watch(PRECACHED, ASKED);
        // Planted: an interactive search that does not stop the precache (Foreground.enter without the cancel) waits
        // behind it in the pool for the precache's whole life, and this get times out; a precache that resumes at once
        // (Foreground.awaitIdle not waiting) queues in the pool ahead of the interactive search's end, and overlaps.
        SearchResult result = interactive(300).get(5, TimeUnit.SECONDS);
        kernel.unwatch();
        assertInstanceOf(SearchResult.DeadlineReached.class, result, "the interactive search ran its whole time");
        assertEquals(0, kernel.overlaps(), "no batch of the precache began once the interactive search had run one");
        long before = kernel.begun(PRECACHED);
        awaitThat("the precache searches again", () -> kernel.begun(PRECACHED) > before);
        assertEquals(1, precache.searches(), "the same precache, resumed");
    }

    @Test
    void aPrecacheWaitsWhileAnInteractiveSearchRuns() throws Exception {
        CompletableFuture<SearchResult> asked = interactive(400);
        awaitThat("the interactive search runs", () -> kernel.begun(ASKED) > 0);
        precache.precache(PRECACHED, UNREACHABLE, Queues.ALICE);
        asked.get(5, TimeUnit.SECONDS);
        // Planted: a precache given threads of its own (a WorkSearch apart from the interactive one's) ran beside
        // the interactive search, 2,567 batches. (awaitIdle returning at once is not seen here: the pool runs the
        // precache's tasks after the interactive ones; the test above sees it.)
        assertEquals(0, kernel.begun(PRECACHED), "no precache batch while the interactive search ran");
        awaitThat("the precache searches once the threads are free", () -> kernel.begun(PRECACHED) > 0);
    }

    @Test
    void aWorkGenerateForItsRootDropsARunningPrecache() throws Exception {
        precache.precache(PRECACHED, UNREACHABLE, Queues.ALICE);
        awaitThat("the precache searches", () -> kernel.begun(PRECACHED) > 0);
        // Planted: a ready() that leaves the precache running: it would search on for a root being made now.
        assertEquals(java.util.Optional.empty(), precache.ready(PRECACHED, UNREACHABLE));
        awaitThat("the precache is dropped", () -> precache.searches() == 0);
        long stopped = kernel.begun(PRECACHED);
        Thread.sleep(100);
        assertEquals(stopped, kernel.begun(PRECACHED), "the dropped precache searches no more");
    }

    @Test
    void closingStopsTheSearchAndRefusesMore() throws Exception {
        precache.precache(PRECACHED, UNREACHABLE, Queues.ALICE);
        awaitThat("the precache searches", () -> kernel.begun(PRECACHED) > 0);
        precache.close();
        awaitThat("the search has stopped", () -> precache.searches() == 0);
        long stopped = kernel.begun(PRECACHED);
        Thread.sleep(100);
        assertEquals(stopped, kernel.begun(PRECACHED), "a closed precache searches no more");
        PrecacheRefusal refused = org.junit.jupiter.api.Assertions.assertThrows(
                PrecacheRefusal.class, () -> precache.precache(ASKED, UNREACHABLE, Queues.ALICE));
        assertEquals("this server is stopping; your work_generate will search as usual", refused.getMessage());
    }
}
