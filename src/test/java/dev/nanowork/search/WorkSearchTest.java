package dev.nanowork.search;

import static dev.nanowork.support.WorkBodies.randomRoot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.KernelChoice;
import dev.nanowork.kernel.KernelSelector;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.support.FrozenRandom;
import dev.nanowork.support.ScalarBackedKernel;
import dev.nanowork.support.Vectors;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class WorkSearchTest {
    /** Practically unreachable: only a value of 2^64 - 1 reaches it. */
    private static final Difficulty UNREACHABLE = new Difficulty(-1L);

    private static WorkKernel kernel;

    @BeforeAll
    static void fastestKernel() {
        kernel = KernelSelector.select(KernelChoice.AUTO).kernel();
    }

    private static long inSeconds(double seconds) {
        return System.nanoTime() + (long) (seconds * 1e9);
    }

    @Test
    void oneThreadReturnsTheFirstHitOfABruteForceScan() {
        SplittableRandom random = new SplittableRandom(7);
        try (WorkSearch search = new WorkSearch(kernel, 1)) {
            for (long threshold : new long[] {0xfff0000000000000L, 0xfff00000ffffffffL}) {
                for (int i = 0; i < 4; i++) {
                    Root root = randomRoot(random);
                    long start = i == 3 ? -5000 : random.nextLong(); // the last one wraps past 2^64 - 1
                    long expected = start;
                    while (Long.compareUnsigned(WorkValue.value(root, expected), threshold) < 0) expected++;
                    SearchResult result =
                            search.search(root, new Difficulty(threshold), start, inSeconds(30), new CancelSignal());
                    SearchResult.Found found = assertInstanceOf(SearchResult.Found.class, result);
                    assertEquals(new Work(expected), found.work(), "root " + root);
                    assertEquals(WorkValue.value(root, expected), found.value());
                    assertEquals(expected - start + 1, found.attempts(), "attempts count the hit itself");
                }
            }
        }
    }

    @Test
    void firstNonceVectorsCountingUpFromZero() {
        List<Map<String, String>> rows = Vectors.read("first-nonce.csv");
        try (WorkSearch search = new WorkSearch(kernel, 1)) {
            for (Map<String, String> row : rows) {
                SearchResult result = search.search(
                        Root.parse(row.get("root")),
                        Difficulty.parse(row.get("threshold")),
                        0,
                        inSeconds(60),
                        new CancelSignal());
                SearchResult.Found found = assertInstanceOf(SearchResult.Found.class, result);
                assertEquals(row.get("first_work"), found.work().toString());
                assertEquals(row.get("difficulty"), new Difficulty(found.value()).toString());
            }
        }
        assertEquals(2, rows.size(), "rows checked in first-nonce.csv");
    }

    @Test
    void severalThreadsFindAValidWorkInTheirOwnRanges() {
        SplittableRandom random = new SplittableRandom(11);
        for (int threads : new int[] {2, 3}) {
            try (WorkSearch search = new WorkSearch(kernel, threads)) {
                for (int i = 0; i < 3; i++) {
                    Root root = randomRoot(random);
                    long start = random.nextLong();
                    SearchResult result =
                            search.search(root, Difficulty.RECEIVE, start, inSeconds(60), new CancelSignal());
                    SearchResult.Found found = assertInstanceOf(SearchResult.Found.class, result);
                    assertTrue(Difficulty.RECEIVE.isReachedBy(
                            WorkValue.value(root, found.work().value())));
                    long stride = Long.divideUnsigned(-1L, threads) + 1;
                    boolean inARange = false;
                    for (int t = 0; t < threads; t++) {
                        long offset = found.work().value() - (start + t * stride);
                        inARange |= Long.compareUnsigned(offset, found.attempts()) < 0;
                    }
                    assertTrue(inARange, "work " + found.work() + " lies within some thread's scanned range");
                    assertEquals(0, search.rejectedHits());
                }
            }
        }
    }

    private static ScheduledExecutorService timer;

    @BeforeAll
    static void timer() {
        timer = Executors.newSingleThreadScheduledExecutor();
    }

    @AfterAll
    static void stopTimer() {
        timer.shutdownNow();
    }

    @Test
    void aCancelStopsEveryThreadWithinMilliseconds() {
        for (int threads : new int[] {1, 2}) {
            try (WorkSearch search = new WorkSearch(kernel, threads)) {
                CancelSignal cancel = new CancelSignal();
                long began = System.nanoTime();
                var unused = timer.schedule(cancel::cancel, 100, TimeUnit.MILLISECONDS);
                SearchResult result =
                        search.search(randomRoot(new SplittableRandom(3)), UNREACHABLE, inSeconds(30), cancel);
                long tookMillis = (System.nanoTime() - began) / 1_000_000;
                assertInstanceOf(SearchResult.Cancelled.class, result);
                assertTrue(tookMillis >= 100 && tookMillis < 400, "stopped after " + tookMillis + " ms");
                assertTrue(result.attempts() > 0);
            }
        }
        try (WorkSearch search = new WorkSearch(kernel, 2)) {
            CancelSignal already = new CancelSignal();
            already.cancel();
            SearchResult result =
                    search.search(randomRoot(new SplittableRandom(4)), UNREACHABLE, inSeconds(30), already);
            assertInstanceOf(SearchResult.Cancelled.class, result);
            assertEquals(0, result.attempts(), "a search cancelled before it starts does no work");
        }
    }

    @Test
    void theDeadlineStopsEveryThread() {
        for (int threads : new int[] {1, 2}) {
            try (WorkSearch search = new WorkSearch(kernel, threads)) {
                long began = System.nanoTime();
                SearchResult result = search.search(
                        randomRoot(new SplittableRandom(5)), UNREACHABLE, inSeconds(0.15), new CancelSignal());
                long tookMillis = (System.nanoTime() - began) / 1_000_000;
                assertInstanceOf(SearchResult.DeadlineReached.class, result);
                assertTrue(tookMillis >= 150 && tookMillis < 450, "stopped after " + tookMillis + " ms");
                assertTrue(result.megahashesPerSecond() > 0);
            }
        }
    }

    @Test
    void aHitTheReferenceRefusesIsDroppedAndTheSearchGoesOn() {
        WorkKernel liar = new ScalarBackedKernel("liar") {
            @Override
            protected long search(RootSearch scalar, long start, long count, long threshold) {
                return count > 0 ? 0 : NOT_FOUND; // claims every nonce is a hit
            }
        };
        try (WorkSearch search = new WorkSearch(liar, 1)) {
            SearchResult result = search.search(
                    randomRoot(new SplittableRandom(6)), UNREACHABLE, inSeconds(0.05), new CancelSignal());
            assertInstanceOf(SearchResult.DeadlineReached.class, result);
            assertTrue(search.rejectedHits() > 0);
        }
    }

    @Test
    void aFailingKernelEndsTheSearchWithItsCause() {
        WorkKernel broken = new ScalarBackedKernel("broken") {
            @Override
            protected long search(RootSearch scalar, long start, long count, long threshold) {
                throw new IllegalStateException("kernel fault");
            }
        };
        try (WorkSearch search = new WorkSearch(broken, 2)) {
            SearchResult result =
                    search.search(randomRoot(new SplittableRandom(8)), UNREACHABLE, inSeconds(5), new CancelSignal());
            SearchResult.Failed failed = assertInstanceOf(SearchResult.Failed.class, result);
            assertEquals("kernel fault", failed.cause().getMessage());
        }
    }

    @Test
    void theScalarKernelSearchesToo() {
        try (WorkSearch search = new WorkSearch(new ScalarKernel(), 2)) {
            Root root = randomRoot(new SplittableRandom(9));
            SearchResult result =
                    search.search(root, new Difficulty(0xff00000000000000L), inSeconds(30), new CancelSignal());
            SearchResult.Found found = assertInstanceOf(SearchResult.Found.class, result);
            assertTrue(WorkValue.isValid(root, found.work().value(), new Difficulty(0xff00000000000000L)));
        }
    }

    @Test
    void reseedingMakesTheCopiesOfOneSnapshotDrawDifferentStarts() {
        FrozenRandom snapshot = new FrozenRandom("one snapshot");
        try (WorkSearch first = new WorkSearch(new ScalarKernel(), 1, snapshot.copy());
                WorkSearch second = new WorkSearch(new ScalarKernel(), 1, snapshot.copy())) {
            // Not reseeded, two restored instances search from the same nonces: the same work, twice the cost.
            assertEquals(FrozenRandom.nextStart(first), FrozenRandom.nextStart(second));
            first.reseed(new byte[] {1});
            second.reseed(new byte[] {2});
            assertNotEquals(FrozenRandom.nextStart(first), FrozenRandom.nextStart(second));
        }
    }
}
