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
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The self-hosted queue: FIFO per client, clients in turns, coalescing that keeps each caller's budget, waiters that
 * leave at their deadline. Cancels and callers that disconnect: {@link CancelTest}; what it refuses: {@link
 * AdmissionTest}.
 */
class WorkQueueTest {
    WorkQueue queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 1), 1);

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    @Test
    void identicalRequestsShareOneSearchAndCancelReachesEveryCaller() throws Exception {
        long deadline = System.nanoTime() + LONG;
        Waiter running = queue.submit(root(1), UNREACHABLE, deadline, Caller.LOCAL);
        awaitTaken(queue);
        Waiter joined = queue.submit(root(1), UNREACHABLE, deadline, Caller.LOCAL);
        Waiter queued = queue.submit(root(2), UNREACHABLE, deadline, Caller.LOCAL);
        Waiter queuedToo = queue.submit(root(2), UNREACHABLE, deadline, Caller.LOCAL);
        assertEquals(1, queue.waiting(), "the joiners started no search of their own");

        assertEquals(1, queue.cancel(root(2), Caller.LOCAL), "cancels the queued search");
        assertInstanceOf(SearchResult.Cancelled.class, await(queued));
        assertInstanceOf(SearchResult.Cancelled.class, await(queuedToo));
        assertEquals(0, queue.waiting(), "and drops it");
        assertEquals(1, queue.cancel(root(1), Caller.LOCAL), "cancels the running search");
        assertInstanceOf(SearchResult.Cancelled.class, await(running));
        assertInstanceOf(SearchResult.Cancelled.class, await(joined));
        assertEquals(0, queue.cancel(root(3), Caller.LOCAL), "nothing to cancel for another root");
        awaitThat("the runner is idle", () -> !queue.searching());
    }

    @Test
    void joinersShareOneAnswer() throws Exception {
        Waiter first =
                queue.submit(root(9), new Difficulty(0xffff000000000000L), System.nanoTime() + LONG, Caller.LOCAL);
        Waiter second =
                queue.submit(root(9), new Difficulty(0xffff000000000000L), System.nanoTime() + LONG, Caller.LOCAL);
        SearchResult.Found a = assertInstanceOf(SearchResult.Found.class, await(first));
        assertSame(a, await(second), "one search, one answer for both");
    }

    @Test
    void aJoinJustBeforeARunningSearchsDeadlineGetsItsOwnBudget() throws Exception {
        long first = in(600);
        Waiter early = queue.submit(root(1), UNREACHABLE, first, Caller.LOCAL);
        awaitTaken(queue);
        Thread.sleep(500); // 0.1 s before the running search's deadline
        long asked = System.nanoTime();
        // Its own budget is longer than the 0.1 s left by more than the join tolerance: it must not join.
        long own = asked + TimeUnit.MILLISECONDS.toNanos(100) + WorkQueue.JOIN_TOLERANCE_NANOS + 500_000_000L;
        Waiter late = queue.submit(root(1), UNREACHABLE, own, Caller.LOCAL);
        assertEquals(1, queue.waiting(), "a search of its own, queued");
        assertInstanceOf(SearchResult.DeadlineReached.class, await(early));
        SearchResult.DeadlineReached d = assertInstanceOf(SearchResult.DeadlineReached.class, await(late));
        long answeredAfter = System.nanoTime() - asked;
        assertTrue(
                answeredAfter >= own - asked - TimeUnit.MILLISECONDS.toNanos(10),
                "answered at its own deadline, not the search it found: " + answeredAfter / 1e6 + " ms");
        assertTrue(d.attempts() > 0, "its own search ran: " + d);
    }

    @Test
    void aJoinerNeverExtendsAQueuedSearchsDeadline() throws Exception {
        Waiter running = queue.submit(root(1), UNREACHABLE, in(300), Caller.LOCAL);
        awaitTaken(queue);
        long first = in(700);
        Waiter queued = queue.submit(root(2), UNREACHABLE, first, Caller.LOCAL);
        // Within the join tolerance: it joins, and the search keeps the first caller's deadline.
        Waiter joiner =
                queue.submit(root(2), UNREACHABLE, first + WorkQueue.JOIN_TOLERANCE_NANOS - 1_000_000, Caller.LOCAL);
        assertEquals(1, queue.waiting(), "joined");
        await(running);
        SearchResult r = await(queued);
        long late = System.nanoTime() - first;
        assertInstanceOf(SearchResult.DeadlineReached.class, r);
        assertTrue(late < TimeUnit.MILLISECONDS.toNanos(200), "ended at the first caller's deadline: +" + late / 1e6);
        assertSame(r, await(joiner), "the joiner shares that answer");
    }

    @Test
    void everyWaitEndsByTheWaitersOwnDeadline() throws Exception {
        Waiter longer = queue.submit(root(1), UNREACHABLE, in(1_500), Caller.LOCAL);
        awaitTaken(queue);
        long own = in(700);
        Waiter joiner = queue.submit(root(1), UNREACHABLE, own, Caller.LOCAL); // within the tolerance: joins
        assertEquals(0, queue.waiting(), "joined the running search");
        SearchResult r = await(joiner);
        long past = System.nanoTime() - own;
        assertInstanceOf(SearchResult.DeadlineReached.class, r);
        assertTrue(
                past >= 0 && past < Waiter.ANSWER_GRACE_NANOS + TimeUnit.MILLISECONDS.toNanos(150),
                "answered by its own deadline plus the grace: +" + past / 1e6 + " ms");
        assertTrue(queue.searching(), "the search runs on for the caller with the longer deadline");
        assertInstanceOf(SearchResult.DeadlineReached.class, await(longer));
    }

    @Test
    void aCancelledSearchIsNotJoined() throws Exception {
        Caller gone = Caller.at("192.0.2.7");
        queue.submit(root(1), UNREACHABLE, System.nanoTime() + LONG, gone);
        awaitTaken(queue);
        gone.left(); // the search is being stopped
        Waiter same = queue.submit(root(1), UNREACHABLE, in(500), Caller.LOCAL);
        SearchResult r = await(same);
        assertInstanceOf(SearchResult.DeadlineReached.class, r, "a search of its own, not Cancelled");
        assertTrue(r.attempts() > 0, "and it ran: " + r);
    }

    @Test
    void aSearchStoppedFromElsewhereIsCancelledNotRunAgain() throws Exception {
        close();
        AtomicInteger runs = new AtomicInteger();
        // As a shared search ends when another execution's work_cancel empties its record: Cancelled, on a turn
        // nobody here cancelled.
        Searcher stoppedElsewhere = (root, difficulty, deadlineNanos, cancel, askers) -> {
            runs.incrementAndGet();
            return new SearchResult.Cancelled(1, 1);
        };
        WorkSearch search = new WorkSearch(new ScalarKernel(), 1);
        queue = new WorkQueue(
                search,
                stoppedElsewhere,
                Wiring.limits(1, QueueLimits.WAITERS_PER_SEARCH, QueueLimits.SEARCHES_PER_CLIENT));
        SearchResult r = await(queue.submit(root(70), UNREACHABLE, in(2_000), ALICE));
        assertInstanceOf(SearchResult.Cancelled.class, r);
        assertEquals(1, runs.get(), "the search ran once, not again until its deadline");
    }

    @Test
    void clientsTakeTurnsSoOneClientsSearchesDoNotStarveAnother() throws Exception {
        close();
        queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 1), 8);
        long deadline = System.nanoTime() + LONG;
        for (int i = 0; i < 4; i++) queue.submit(root(40 + i), UNREACHABLE, deadline, MALLORY);
        awaitThat("the first search runs", queue::searching);
        long asked = System.nanoTime();
        // 256 attempts: found in the first turn Alice gets, a turn after Mallory's running search.
        SearchResult mine = await(queue.submit(root(50), new Difficulty(0xff00000000000000L), deadline, ALICE));
        long tookMs = (System.nanoTime() - asked) / 1_000_000;
        assertInstanceOf(SearchResult.Found.class, mine, "found before Mallory's searches reach their deadline");
        assertTrue(tookMs < 4_000, "within a few turns of 250 ms, not after 4 x 20 s: " + tookMs + " ms");
        assertEquals(4, queue.searchesFor(MALLORY), "Mallory's searches wait on, in its line");
    }

    @Test
    void aSearchThatTookTurnsAddsUpWhatItCost() throws Exception {
        close();
        queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 1), 8);
        Waiter alice = queue.submit(root(60), UNREACHABLE, in(1_200), ALICE);
        awaitThat("alice's search runs", queue::searching);
        Waiter mallory = queue.submit(root(61), UNREACHABLE, in(1_200), MALLORY);
        SearchResult a = await(alice);
        SearchResult m = await(mallory);
        assertInstanceOf(SearchResult.DeadlineReached.class, a);
        assertInstanceOf(SearchResult.DeadlineReached.class, m);
        // Both searched in turns within the same 1.2 s: each about half of it, together about all of it.
        long both = (a.elapsedNanos() + m.elapsedNanos()) / 1_000_000;
        assertTrue(m.elapsedNanos() > 0 && a.elapsedNanos() > 0 && both <= 1_300, a + " " + m);
        assertTrue(a.attempts() > 0 && m.attempts() > 0, a + " " + m);
    }

    @Test
    void aQueuedSearchPastItsDeadlineDoesNotRunAndFifoOrderHolds() throws Exception {
        Waiter first = queue.submit(root(1), UNREACHABLE, in(300), Caller.LOCAL);
        Waiter expired = queue.submit(root(2), Difficulty.RECEIVE, in(100), Caller.LOCAL);
        assertInstanceOf(SearchResult.DeadlineReached.class, await(first));
        SearchResult second = await(expired);
        assertInstanceOf(SearchResult.DeadlineReached.class, second);
        assertEquals(0, second.attempts(), "it never ran");
    }

    @Test
    void aBenchmarkNeverCoalesces() throws Exception {
        long deadline = in(300);
        Waiter one = queue.submitAlone(root(1), UNREACHABLE, deadline, Caller.LOCAL);
        Waiter two = queue.submitAlone(root(1), UNREACHABLE, deadline, Caller.LOCAL);
        assertNotSame(await(one), await(two));
    }

    @Test
    void findsWork() throws Exception {
        SearchResult r = await(
                queue.submit(root(9), new Difficulty(0xff00000000000000L), System.nanoTime() + LONG, Caller.LOCAL));
        assertInstanceOf(SearchResult.Found.class, r);
    }
}
