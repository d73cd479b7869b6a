package dev.nanowork.search;

import static dev.nanowork.search.Queues.ALICE;
import static dev.nanowork.search.Queues.LONG;
import static dev.nanowork.search.Queues.MALLORY;
import static dev.nanowork.search.Queues.UNREACHABLE;
import static dev.nanowork.search.Queues.await;
import static dev.nanowork.search.Queues.awaitTaken;
import static dev.nanowork.search.Queues.awaitThat;
import static dev.nanowork.search.Queues.in;
import static dev.nanowork.search.Queues.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.support.ScalarBackedKernel;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.WorkValue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Who ends a search in the self-hosted queue: a cancel reaches only the cancelling caller's own waiters (the
 * operator's, every client's), and a caller that leaves stops the search it alone waited for and drops its queued
 * one, while a search shared with a caller still there runs on. The rest of the queue: {@link WorkQueueTest}.
 */
class CancelTest {
    WorkQueue queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 1), 1);

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    /** A search that blocks in its first batch until the test lets it go (at most 10 s), then searches on. */
    static final class HeldKernel extends ScalarBackedKernel {
        final CountDownLatch go = new CountDownLatch(1);

        HeldKernel() {
            super("held");
        }

        @Override
        protected long search(RootSearch scalar, long start, long count, long threshold) {
            try {
                if (!go.await(10, TimeUnit.SECONDS)) throw new IllegalStateException("never let go");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return scalar.search(start, Math.min(count, 4096), threshold);
        }
    }

    @Test
    void aCancelFromAnotherCallerLeavesTheSearchRunningAndItsWorkValid() throws Exception {
        HeldKernel held = new HeldKernel();
        close();
        queue = Wiring.queue(new WorkSearch(held, 1), 1);
        Difficulty d = new Difficulty(0xfff0000000000000L);
        Waiter alice = queue.submit(root(4), d, System.nanoTime() + LONG, ALICE);
        awaitTaken(queue);
        assertEquals(0, queue.cancel(root(4), MALLORY), "another address reaches nothing");
        held.go.countDown();
        SearchResult.Found found = assertInstanceOf(SearchResult.Found.class, await(alice));
        assertTrue(Long.compareUnsigned(WorkValue.value(root(4), found.work()), d.threshold()) >= 0, "valid work");
    }

    @Test
    void aCancelRemovesOnlyTheCancellingCallersWaiters() throws Exception {
        long deadline = in(1_000);
        Waiter alice = queue.submit(root(5), UNREACHABLE, deadline, ALICE);
        awaitTaken(queue);
        Waiter mallory = queue.submit(root(5), UNREACHABLE, deadline, MALLORY);
        assertEquals(1, queue.cancel(root(5), Caller.at("192.0.2.66")), "the same address is the same caller");
        assertInstanceOf(SearchResult.Cancelled.class, await(mallory));
        assertTrue(queue.searching(), "the shared search runs on for the other caller");
        SearchResult.DeadlineReached d = assertInstanceOf(SearchResult.DeadlineReached.class, await(alice));
        assertTrue(d.attempts() > 0, "it searched to its deadline: " + d);
    }

    @Test
    void onlyTheOperatorCancelsAnotherClientsSearch() {
        assertTrue(!ALICE.holdingKey().mayCancelFor(MALLORY.holdingKey()), "a shared wallet key makes no one an owner");
        assertTrue(ALICE.asOperator().mayCancelFor(MALLORY.holdingKey()), "the operator reaches every client");
        assertTrue(!MALLORY.mayCancelFor(ALICE), "without a key, addresses tell callers apart");
        assertTrue(MALLORY.holdingKey().mayCancelFor(MALLORY), "and the same address is always the same caller");
    }

    @Test
    void aCallerThatLeavesStopsItsRunningSearchAndDropsItsQueuedOne() throws Exception {
        Caller gone = Caller.at("192.0.2.7");
        Waiter running = queue.submit(root(1), UNREACHABLE, System.nanoTime() + LONG, gone);
        awaitTaken(queue);
        Waiter queued = queue.submit(root(2), UNREACHABLE, System.nanoTime() + LONG, gone);
        assertEquals(1, queue.waiting());
        gone.left();
        assertEquals(0, queue.waiting(), "the queued search is dropped at once");
        awaitThat("the running search stops within a batch", () -> !queue.searching());
        assertInstanceOf(SearchResult.Cancelled.class, await(running));
        assertInstanceOf(SearchResult.Cancelled.class, await(queued));
        assertEquals(0, queue.searchesFor(gone));
    }

    @Test
    void aSearchSharedWithACallerStillThereRunsOnWhenAnotherLeaves() throws Exception {
        Caller gone = Caller.at("192.0.2.7");
        long deadline = in(800);
        Waiter stays = queue.submit(root(1), UNREACHABLE, deadline, ALICE);
        awaitTaken(queue);
        queue.submit(root(1), UNREACHABLE, deadline, gone);
        gone.left();
        assertTrue(queue.searching(), "still searching for the caller still there");
        SearchResult.DeadlineReached d = assertInstanceOf(SearchResult.DeadlineReached.class, await(stays));
        assertTrue(d.attempts() > 0, d.toString());
    }

    @Test
    void aCallerThatLeftBeforeItsRequestWasQueuedStartsNothing() throws Exception {
        Caller gone = Caller.at("192.0.2.7");
        gone.left();
        Waiter late = queue.submit(root(1), UNREACHABLE, System.nanoTime() + LONG, gone);
        assertInstanceOf(SearchResult.Cancelled.class, await(late));
        awaitThat("nothing runs for it", () -> !queue.searching() && queue.waiting() == 0);
    }
}
