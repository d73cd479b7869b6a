package dev.nanowork.search;

import static dev.nanowork.search.Queues.ALICE;
import static dev.nanowork.search.Queues.LONG;
import static dev.nanowork.search.Queues.MALLORY;
import static dev.nanowork.search.Queues.UNREACHABLE;
import static dev.nanowork.search.Queues.await;
import static dev.nanowork.search.Queues.awaitTaken;
import static dev.nanowork.search.Queues.in;
import static dev.nanowork.search.Queues.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.support.ScalarBackedKernel;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the queue refuses at once ({@link Admission}), each refusal a {@link QueueRefusal} that says why: beyond its
 * capacity, the callers of one search, the searches and callers of one client (a trusted work peer: its own bounds)
 * and all callers; and a search that would wait past its deadline, once a search has measured the rate.
 */
class AdmissionTest {
    WorkQueue queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 1), 1);

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    /** This test's queue from now on: one of {@code limits}, on one scalar thread. */
    void use(QueueLimits limits) {
        close();
        queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 1), limits);
    }

    @Test
    void aFullSearchStartsAnotherAndEachClientIsBoundedBySearches() throws Exception {
        use(Wiring.limits(8, 2, 2));
        long deadline = System.nanoTime() + LONG;
        queue.submit(root(1), UNREACHABLE, deadline, ALICE);
        awaitTaken(queue);
        queue.submit(root(1), UNREACHABLE, deadline, MALLORY);
        // The search has its 2 waiters: a third caller of the same root starts another search instead of a refusal.
        queue.submit(root(1), UNREACHABLE, deadline, ALICE);
        assertEquals(1, queue.waiting(), "a second search of root 1");
        assertEquals(2, queue.searchesFor(ALICE));

        queue.submit(root(2), UNREACHABLE, deadline, MALLORY);
        QueueRefusal greedy =
                assertThrows(QueueRefusal.class, () -> queue.submit(root(3), UNREACHABLE, deadline, MALLORY));
        assertTrue(greedy.getMessage().startsWith("this client already waits for 2 searches"), greedy.getMessage());
        assertEquals(2, queue.searchesFor(Caller.at("192.0.2.66")), "counted by address");
        queue.submit(root(3), UNREACHABLE, deadline, Caller.at("192.0.2.3")); // another client still gets in
        queue.submit(root(4), UNREACHABLE, deadline, Caller.LOCAL); // and the process itself is not limited per client
        queue.submit(root(5), UNREACHABLE, deadline, Caller.LOCAL);
        assertEquals(5, queue.waiting());
    }

    @Test
    void callersAreBoundedPerClientAndInAll() throws Exception {
        use(new QueueLimits(8, 16, 4, 3, 5, 16));
        long deadline = System.nanoTime() + LONG;
        for (int i = 0; i < 3; i++) queue.submit(root(1), UNREACHABLE, deadline, ALICE);
        QueueRefusal mine = assertThrows(QueueRefusal.class, () -> queue.submit(root(1), UNREACHABLE, deadline, ALICE));
        assertTrue(mine.getMessage().startsWith("this client already waits for 3 answers"), mine.getMessage());
        queue.submit(root(1), UNREACHABLE, deadline, MALLORY);
        queue.submit(root(2), UNREACHABLE, deadline, MALLORY);
        QueueRefusal all = assertThrows(
                QueueRefusal.class, () -> queue.submit(root(3), UNREACHABLE, deadline, Caller.at("192.0.2.3")));
        assertTrue(all.getMessage().startsWith("5 callers already wait for work"), all.getMessage());
        assertEquals(5, queue.waiters());
    }

    @Test
    void aTrustedWorkPeerHasItsOwnBounds() throws Exception {
        use(new QueueLimits(16, 16, 2, 16, 96, 6));
        long deadline = System.nanoTime() + LONG;
        Caller node = Caller.workPeerAt("192.0.2.7");
        for (int i = 0; i < 6; i++) queue.submit(root(10 + i), UNREACHABLE, deadline, node);
        QueueRefusal peerFull =
                assertThrows(QueueRefusal.class, () -> queue.submit(root(20), UNREACHABLE, deadline, node));
        assertTrue(peerFull.getMessage().startsWith("this client already waits for 6 searches"), peerFull.getMessage());
        queue.submit(root(30), UNREACHABLE, deadline, ALICE);
        queue.submit(root(31), UNREACHABLE, deadline, ALICE);
        assertThrows(QueueRefusal.class, () -> queue.submit(root(32), UNREACHABLE, deadline, ALICE));
    }

    @Test
    void refusesASearchThatWouldWaitPastItsDeadlineOnceTheRateIsKnown() throws Exception {
        // Before any search has measured the rate, nothing is refused for time.
        assertInstanceOf(
                SearchResult.DeadlineReached.class, await(queue.submit(root(1), UNREACHABLE, in(200), Caller.LOCAL)));
        long now = System.nanoTime();
        Waiter running = queue.submit(root(2), UNREACHABLE, now + LONG, Caller.LOCAL);
        awaitTaken(queue);
        // Ahead: the running search, expected to last until its own deadline (20 s); a 1 s deadline cannot be met.
        QueueRefusal late = assertThrows(
                QueueRefusal.class,
                () -> queue.submit(root(3), Difficulty.RECEIVE, now + TimeUnit.SECONDS.toNanos(1), Caller.LOCAL));
        assertTrue(late.getMessage().contains("would likely reach its deadline"), late.getMessage());
        // With time for the search ahead and its own (~2^23 attempts at the measured rate), it queues.
        Waiter queued = queue.submit(root(3), Difficulty.RECEIVE, now + TimeUnit.SECONDS.toNanos(120), Caller.LOCAL);
        assertEquals(1, queue.waiting());
        queue.cancel(root(3), Caller.LOCAL);
        queue.cancel(root(2), Caller.LOCAL);
        await(running);
        await(queued);
    }

    /** Every batch takes 20 ms; at threshold 0 it reports a hit at its first nonce, else none. */
    static final class SlowLuckyKernel extends ScalarBackedKernel {
        SlowLuckyKernel() {
            super("slow-lucky");
        }

        @Override
        protected long search(RootSearch scalar, long start, long count, long threshold) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return threshold == 0 ? 0 : dev.nanowork.kernel.WorkKernel.NOT_FOUND;
        }
    }

    @Test
    void aSearchFoundInItsFirstNoncesDoesNotSetTheRate() throws Exception {
        close();
        queue = Wiring.queue(new WorkSearch(new SlowLuckyKernel(), 1), 1);
        // Value 0 reaches threshold 0: found at the first nonce, 1 attempt in 20 ms (50 attempts a second).
        assertInstanceOf(
                SearchResult.Found.class, await(queue.submit(root(1), new Difficulty(0), in(5_000), Caller.LOCAL)));
        Waiter running = queue.submit(root(2), UNREACHABLE, in(5_000), Caller.LOCAL);
        awaitTaken(queue);
        // At 50 attempts a second, a receive search (2^23) would be expected to take days and be refused at once.
        Waiter queued = queue.submit(root(3), Difficulty.RECEIVE, in(60_000), Caller.LOCAL);
        assertEquals(1, queue.waiting(), "queued: the rate is still unknown");
        queue.cancel(root(3), Caller.LOCAL);
        queue.cancel(root(2), Caller.LOCAL);
        assertInstanceOf(SearchResult.Cancelled.class, await(running));
        assertInstanceOf(SearchResult.Cancelled.class, await(queued));
    }

    @Test
    void refusesBeyondItsCapacity() throws Exception {
        long deadline = System.nanoTime() + LONG;
        Waiter running = queue.submit(root(1), UNREACHABLE, deadline, Caller.LOCAL);
        awaitTaken(queue);
        Waiter queued = queue.submit(root(2), UNREACHABLE, deadline, Caller.LOCAL);
        QueueRefusal full =
                assertThrows(QueueRefusal.class, () -> queue.submit(root(3), UNREACHABLE, deadline, Caller.LOCAL));
        assertTrue(full.getMessage().startsWith("1 searches are already waiting"), full.getMessage());
        queue.cancel(root(1), Caller.LOCAL);
        queue.cancel(root(2), Caller.LOCAL);
        await(running);
        await(queued);
    }
}
