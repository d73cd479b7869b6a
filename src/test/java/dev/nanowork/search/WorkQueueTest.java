package dev.nanowork.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The self-hosted queue: FIFO, coalescing, cancel of running and queued searches, refusal when full. */
class WorkQueueTest {
    static final Difficulty UNREACHABLE = new Difficulty(-1L);
    static final long LONG = TimeUnit.SECONDS.toNanos(20);

    final WorkQueue queue = new WorkQueue(new WorkSearch(new ScalarKernel(), 1), 1);

    static Root root(int b) {
        byte[] bytes = new byte[32];
        bytes[0] = (byte) b;
        return Root.of(bytes);
    }

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    /** Waits, at most 5 s, until the runner has taken the waiting search: fails instead of hanging. */
    static void awaitTaken(WorkQueue queue) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (queue.waiting() > 0) {
            if (System.nanoTime() - until > 0)
                fail("the runner never took the search: " + queue.waiting() + " waiting");
            Thread.sleep(1);
        }
    }

    static SearchResult await(CompletableFuture<SearchResult> f) throws Exception {
        return f.get(5, TimeUnit.SECONDS); // a stopped search ends within one batch (~10 ms with scalar)
    }

    @Test
    void identicalRequestsShareOneSearchAndCancelReachesEveryCaller() throws Exception {
        long deadline = System.nanoTime() + LONG;
        CompletableFuture<SearchResult> running = queue.submit(root(1), UNREACHABLE, deadline);
        awaitTaken(queue); // the runner has taken it
        CompletableFuture<SearchResult> joined = queue.submit(root(1), UNREACHABLE, deadline);
        assertSame(running, joined, "the second caller joins the running search");
        CompletableFuture<SearchResult> queued = queue.submit(root(2), UNREACHABLE, deadline);
        assertSame(queued, queue.submit(root(2), UNREACHABLE, deadline), "and a queued one");
        assertEquals(1, queue.waiting());

        assertEquals(1, queue.cancel(root(2)), "cancels the queued search");
        assertInstanceOf(SearchResult.Cancelled.class, await(queued));
        assertEquals(1, queue.cancel(root(1)), "cancels the running search");
        assertInstanceOf(SearchResult.Cancelled.class, await(running));
        assertEquals(0, queue.cancel(root(3)), "nothing to cancel for another root");
    }

    @Test
    void refusesASearchThatWouldWaitPastItsDeadlineOnceTheRateIsKnown() throws Exception {
        // Before any search has measured the rate, nothing is refused for time.
        assertInstanceOf(
                SearchResult.DeadlineReached.class,
                await(queue.submit(root(1), UNREACHABLE, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200))));
        long now = System.nanoTime();
        CompletableFuture<SearchResult> running = queue.submit(root(2), UNREACHABLE, now + LONG);
        awaitTaken(queue); // the runner has taken it
        // Ahead: the running search, expected to last until its own deadline (20 s); a 1 s deadline cannot be met.
        QueueRefusal late = assertThrows(
                QueueRefusal.class, () -> queue.submit(root(3), Difficulty.RECEIVE, now + TimeUnit.SECONDS.toNanos(1)));
        assertTrue(late.getMessage().contains("would likely reach its deadline"), late.getMessage());
        // With time for the search ahead and its own (~2^23 attempts at the measured rate), it queues.
        CompletableFuture<SearchResult> queued =
                queue.submit(root(3), Difficulty.RECEIVE, now + TimeUnit.SECONDS.toNanos(120));
        assertEquals(1, queue.waiting());
        queue.cancel(root(3));
        queue.cancel(root(2));
        await(running);
        await(queued);
    }

    @Test
    void refusesBeyondItsCapacity() throws Exception {
        long deadline = System.nanoTime() + LONG;
        CompletableFuture<SearchResult> running = queue.submit(root(1), UNREACHABLE, deadline);
        awaitTaken(queue); // the runner has taken it
        CompletableFuture<SearchResult> queued = queue.submit(root(2), UNREACHABLE, deadline);
        QueueRefusal full = assertThrows(QueueRefusal.class, () -> queue.submit(root(3), UNREACHABLE, deadline));
        assertTrue(full.getMessage().startsWith("1 searches are already waiting"), full.getMessage());
        queue.cancel(root(1));
        queue.cancel(root(2));
        await(running);
        await(queued);
    }

    @Test
    void aQueuedSearchPastItsDeadlineDoesNotRunAndFifoOrderHolds() throws Exception {
        CompletableFuture<SearchResult> first =
                queue.submit(root(1), UNREACHABLE, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300));
        CompletableFuture<SearchResult> expired =
                queue.submit(root(2), Difficulty.RECEIVE, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100));
        SearchResult firstResult = await(first);
        assertInstanceOf(SearchResult.DeadlineReached.class, firstResult);
        SearchResult second = await(expired);
        assertInstanceOf(SearchResult.DeadlineReached.class, second);
        assertEquals(0, second.attempts(), "it never ran");
    }

    @Test
    void findsWork() throws Exception {
        SearchResult r = await(queue.submit(root(9), new Difficulty(0xff00000000000000L), System.nanoTime() + LONG));
        assertInstanceOf(SearchResult.Found.class, r);
    }
}
