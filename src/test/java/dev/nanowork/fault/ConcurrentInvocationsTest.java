package dev.nanowork.fault;

import static dev.nanowork.support.WorkBodies.randomRoot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.fuzz.Json;
import dev.nanowork.kernel.KernelChoice;
import dev.nanowork.kernel.KernelSelector;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Several Lambda invocations in flight in one JVM (the function-route entry WorkFunctions uses, with the
 * kernel auto selects): every answer belongs to its own request (its root, valid for it, at its
 * difficulty), identical requests share one answer (the same work), and concurrent searches never mix their state.
 */
class ConcurrentInvocationsTest {
    static final int INVOCATIONS = 24;

    /** The RPC of these tests: difficulties from ff00000000000000 to 2 x send. */
    static WorkRpc rpc(WorkQueue queue) {
        return Wiring.rpc(
                queue,
                new WorkRpc.Settings(
                        Action.served("both"),
                        new Difficulty(0xff00000000000000L),
                        new Difficulty(0xfffffffc00000000L),
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(2),
                        "test",
                        false));
    }

    @Test
    void concurrentInvocationsEachGetTheirOwnValidAnswer() throws Exception {
        SplittableRandom random = new SplittableRandom(42);
        try (WorkSearch search =
                        new WorkSearch(KernelSelector.select(KernelChoice.AUTO).kernel(), 2);
                WorkQueue queue = Wiring.queue(search, INVOCATIONS);
                ExecutorService callers = Executors.newFixedThreadPool(INVOCATIONS)) {
            WorkRpc rpc = rpc(queue);
            List<Root> roots = new ArrayList<>();
            List<CompletableFuture<Map<String, String>>> answers = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            Root shared = randomRoot(random);
            for (int i = 0; i < INVOCATIONS; i++) {
                Root r = i % 6 == 5 ? shared : randomRoot(random); // some invocations ask the same: they coalesce
                roots.add(r);
                String difficulty = i % 2 == 0 ? "fff8000000000000" : "ffff000000000000";
                String body = i % 3 == 2
                        ? "{\"hash\":\"" + r + "\",\"work\":\"" + Long.toHexString(random.nextLong() | 1L << 60) + "\"}"
                        : "{\"hash\":\"" + r + "\",\"difficulty\":\"" + difficulty + "\"}";
                Action action = i % 3 == 2 ? Action.WORK_VALIDATE : Action.WORK_GENERATE;
                answers.add(CompletableFuture.supplyAsync(
                        () -> MapRpc.of(rpc).handle(action, Json.object(body), deadline), callers));
            }
            Set<String> distinctWork = new HashSet<>();
            for (int i = 0; i < INVOCATIONS; i++) {
                Map<String, String> a = answers.get(i).get(60, TimeUnit.SECONDS);
                Root r = roots.get(i);
                if (i % 3 == 2) {
                    assertEquals(3, a.keySet().size() - 1, "validate answer " + a);
                    continue;
                }
                assertEquals(r.toString(), a.get("hash"), "answer " + i + " is for its own root: " + a);
                long value = WorkValue.value(r, dev.nanowork.work.Work.parse(a.get("work")));
                long threshold = i % 2 == 0 ? 0xfff8000000000000L : 0xffff000000000000L;
                assertTrue(
                        Long.compareUnsigned(value, threshold) >= 0,
                        "work valid for its own root and difficulty: " + a);
                assertEquals(new Difficulty(value).toString(), a.get("difficulty"));
                distinctWork.add(a.get("work"));
            }
            assertTrue(
                    distinctWork.size() >= 10, "independent searches found independent work: " + distinctWork.size());
        }
    }

    @Test
    void identicalInvocationsShareOneAnswer() throws Exception {
        SplittableRandom random = new SplittableRandom(11);
        int identical = 8;
        try (WorkSearch search =
                        new WorkSearch(KernelSelector.select(KernelChoice.AUTO).kernel(), 2);
                WorkQueue queue = Wiring.queue(search, INVOCATIONS);
                ExecutorService callers = Executors.newFixedThreadPool(identical + 1)) {
            WorkRpc rpc = rpc(queue);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            Root blocker = randomRoot(random);
            // A search that runs for minutes holds the runner, so the identical requests all meet in the queue.
            CompletableFuture<Map<String, String>> blocked = CompletableFuture.supplyAsync(
                    () -> MapRpc.of(rpc)
                            .handle(
                                    Action.WORK_GENERATE,
                                    Json.object("{\"hash\":\"" + blocker + "\",\"difficulty\":\"fffffffc00000000\"}"),
                                    deadline),
                    callers);
            awaitWaiters(queue, 1);
            Root shared = randomRoot(random);
            String body = "{\"hash\":\"" + shared + "\",\"difficulty\":\"fff8000000000000\"}";
            List<CompletableFuture<Map<String, String>>> answers = new ArrayList<>();
            for (int i = 0; i < identical; i++) {
                answers.add(CompletableFuture.supplyAsync(
                        () -> MapRpc.of(rpc).handle(Action.WORK_GENERATE, Json.object(body), deadline), callers));
            }
            awaitWaiters(queue, 1 + identical);
            assertEquals(1, queue.waiting(), "one queued search for all of them");
            MapRpc.of(rpc).handle("{\"action\":\"work_cancel\",\"hash\":\"" + blocker + "\"}", deadline);
            assertEquals("Cancelled", blocked.get(10, TimeUnit.SECONDS).get("error"));
            Set<String> works = new HashSet<>();
            for (CompletableFuture<Map<String, String>> a : answers) {
                Map<String, String> answer = a.get(10, TimeUnit.SECONDS);
                assertTrue(
                        Long.compareUnsigned(
                                        WorkValue.value(shared, dev.nanowork.work.Work.parse(answer.get("work"))),
                                        0xfff8000000000000L)
                                >= 0,
                        "valid: " + answer);
                works.add(answer.get("work"));
            }
            assertEquals(1, works.size(), "identical requests share one answer: " + works);
        }
    }

    static void awaitWaiters(WorkQueue queue, int n) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (queue.waiters() < n) {
            assertTrue(System.nanoTime() < until, "never " + n + " waiters: " + queue.waiters());
            Thread.sleep(1);
        }
    }

    @Test
    void concurrentSearchesOnOneWorkSearchDoNotShareState() throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        try (WorkSearch search =
                        new WorkSearch(KernelSelector.select(KernelChoice.AUTO).kernel(), 2);
                ExecutorService callers = Executors.newFixedThreadPool(8)) {
            List<Root> roots = new ArrayList<>();
            List<CompletableFuture<SearchResult>> results = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                Root r = randomRoot(random);
                roots.add(r);
                long start =
                        i % 4 == 0 ? 0 : random.nextLong(); // some from the same start: the same nonces, other roots
                results.add(CompletableFuture.supplyAsync(
                        () -> search.search(
                                r,
                                new Difficulty(0xfff0000000000000L),
                                start,
                                System.nanoTime() + TimeUnit.SECONDS.toNanos(60),
                                new CancelSignal()),
                        callers));
            }
            for (int i = 0; i < 16; i++) {
                SearchResult.Found f = assertInstanceOf(
                        SearchResult.Found.class, results.get(i).get(60, TimeUnit.SECONDS));
                assertEquals(WorkValue.value(roots.get(i), f.work()), f.value(), "the value is that of its own root");
                assertTrue(Long.compareUnsigned(f.value(), 0xfff0000000000000L) >= 0);
            }
            assertEquals(0, search.rejectedHits());
        }
    }
}
