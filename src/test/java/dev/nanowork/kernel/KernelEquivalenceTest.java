package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.nanowork.kernel.vector.VectorKernels;
import dev.nanowork.support.Vectors;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kernel against the scalar reference {@link WorkValue}, lane by lane: each block of lanes holds
 * consecutive nonces, so every lane hashes a different input and a lane-routing error cannot hide.
 *
 * <p>Each JVM runs compiled only the vector kernels of its widest width ({@link KernelCase#kernelOrSkip}), and
 * the Java-fallback test last: C2 compiles a kernel's one big method at full speed only while the Vector API's
 * shared methods have seen one vector class (round 5, docs/kernels.md).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KernelEquivalenceTest {
    static List<KernelCase> kernels() {
        return KernelCase.list();
    }

    private static Root randomRoot(SplittableRandom random) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return Root.of(bytes);
    }

    /** On an emulated Graviton core the JVM really is aarch64, with the vector width of that core. */
    @Test
    void theEmulatedCoresAreAarch64WithTheirWidth() {
        assumeTrue(EmulatedCore.name().isPresent(), "runs on the emulated cores only (infra/arm64-java.sh)");
        assertEquals("aarch64", System.getProperty("os.arch"));
        assertEquals(EmulatedCore.name().get().equals("graviton3") ? 256 : 128, VectorKernels.preferredBits());
    }

    /** In the narrowed surefire executions, the narrowing took: the JIT's widest vector is the one asked for. */
    @Test
    void theNarrowedExecutionsReallyRunTheirWidth() {
        String narrowed = System.getProperty("nanowork.test.maxVectorBits");
        assumeTrue(narrowed != null, "runs in the -XX:MaxVectorSize executions only");
        assertEquals(Integer.parseInt(narrowed), VectorKernels.preferredBits());
    }

    /**
     * A kernel wider than the JIT compiles still runs, on the Vector API's Java fallback (about 100x slower):
     * a smaller sample there checks its lane logic on machines that cannot run it compiled (e.g. vector512
     * on AVX2). Its compiled code is checked only where the skipped tests above run. Only in the narrowed
     * executions, and last there: the fallback feeds the Vector API's profiles a second vector class.
     */
    @Order(Integer.MAX_VALUE)
    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void kernelsWiderThanTheJitCompilesAreStillCorrectOnTheJavaFallback(KernelCase c) {
        assumeTrue(
                System.getProperty("nanowork.test.maxVectorBits") != null,
                "runs in the -XX:MaxVectorSize executions only, after their compiled kernels");
        assumeTrue(c.bits() > VectorKernels.preferredBits(), c + " is compiled here: the tests above cover it");
        WorkKernel kernel = VectorKernels.create(c.variant());
        SplittableRandom random = new SplittableRandom(512);
        int checked = 0;
        // 25 roots x 40 nonces: the fallback is ~100x slower, and there are four wider variants at 128 bits.
        for (int r = 0; r < 25; r++) {
            Root root = randomRoot(random);
            long start = r == 0 ? -20 : random.nextLong(); // the first range crosses 2^64 - 1
            long[] out = new long[40];
            kernel.forRoot(root).values(start, out);
            for (int i = 0; i < out.length; i++) {
                assertEquals(
                        WorkValue.value(root, start + i), out[i], "root " + root + " nonce " + new Work(start + i));
                checked++;
            }
            long first = -1;
            for (int i = 0; i < out.length && first < 0; i++)
                if (Long.compareUnsigned(out[i], 0xf000000000000000L) >= 0) first = i;
            assertEquals(first, kernel.forRoot(root).search(start, out.length, 0xf000000000000000L));
        }
        assertEquals(1000, checked, "pairs checked");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void valuesMatchTheReferenceOnRandomRootsAndNonces(KernelCase c) {
        WorkKernel kernel = c.kernelOrSkip();
        SplittableRandom random = new SplittableRandom(0x5eedL + c.bits());
        int checked = 0;
        for (int r = 0; r < 160; r++) {
            Root root = randomRoot(random);
            // 64 values from a random start: several blocks, and an odd length to end on a partial block.
            long start = random.nextLong();
            long[] out = new long[r % 2 == 0 ? 64 : 67];
            kernel.forRoot(root).values(start, out);
            for (int i = 0; i < out.length; i++) {
                long nonce = start + i;
                assertEquals(
                        WorkValue.value(root, nonce),
                        out[i],
                        "root " + root + " nonce " + new Work(nonce) + " (lane " + i % kernel.lanes() + ")");
                checked++;
            }
        }
        assertEquals(80 * 64 + 80 * 67, checked, "pairs checked");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void nonceRangesThatCrossTwoToTheSixtyFour(KernelCase c) {
        WorkKernel kernel = c.kernelOrSkip();
        SplittableRandom random = new SplittableRandom(64);
        int checked = 0;
        // Starts chosen so the wrap from 2^64 - 1 to 0 lands on every lane position and between states.
        for (int before = 1; before <= 33; before++) {
            Root root = randomRoot(random);
            long start = -before;
            long[] out = new long[40];
            kernel.forRoot(root).values(start, out);
            for (int i = 0; i < out.length; i++) {
                assertEquals(
                        WorkValue.value(root, start + i), out[i], "root " + root + " nonce " + new Work(start + i));
                checked++;
            }
        }
        // The sign boundary 2^63 - 1 -> 2^63 as well.
        Root root = randomRoot(random);
        long[] out = new long[40];
        kernel.forRoot(root).values(Long.MAX_VALUE - 17, out);
        for (int i = 0; i < out.length; i++) {
            assertEquals(WorkValue.value(root, Long.MAX_VALUE - 17 + i), out[i]);
            checked++;
        }
        assertEquals(34 * 40, checked, "pairs checked");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void searchReturnsTheFirstHitOfABruteForceScan(KernelCase c) {
        WorkKernel kernel = c.kernelOrSkip();
        SplittableRandom random = new SplittableRandom(0xb7a7eL);
        int windows = 0;
        for (int w = 0; w < 4; w++) {
            Root root = randomRoot(random);
            int size = EmulatedCore.size(1 << 16, 1 << 12); // qemu runs C2's code 10-100x slower
            // The last window wraps past 2^64 - 1 (at 30,000 of 65,536).
            long start = w == 3 ? -(size * 30_000L / 65_536) : random.nextLong();
            long[] values = new long[size];
            for (int i = 0; i < size; i++) values[i] = WorkValue.value(root, start + i);
            WorkKernel.RootSearch search = kernel.forRoot(root);
            // Zero low 32 bits, as the network's thresholds; and a threshold equal to a value of the window
            // (non-zero low bits): it must hit exactly there, and one more must hit later or nowhere.
            long max = 0;
            for (long v : values) if (Long.compareUnsigned(v, max) > 0) max = v;
            long secondBest = 0;
            for (long v : values) if (v != max && Long.compareUnsigned(v, secondBest) > 0) secondBest = v;
            long[] thresholds = {
                0xfff0000000000000L, 0xffff000000000000L, max, max + 1, secondBest, secondBest + 1, 0L, -1L
            };
            for (long threshold : thresholds) {
                for (int offset : new int[] {0, 3, 17}) {
                    long expected = WorkKernel.NOT_FOUND;
                    for (int i = offset; i < size; i++) {
                        if (Long.compareUnsigned(values[i], threshold) >= 0) {
                            expected = (long) i - offset;
                            break;
                        }
                    }
                    long count = (long) size - offset;
                    assertEquals(
                            expected,
                            search.search(start + offset, count, threshold),
                            "root " + root + " threshold " + new Difficulty(threshold) + " offset " + offset);
                }
            }
            windows++;
        }
        assertEquals(4, windows);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void searchHonoursCountsThatEndInsideABlock(KernelCase c) {
        WorkKernel kernel = c.kernelOrSkip();
        Root root = Root.of(new byte[32]);
        long[] values = new long[64];
        for (int i = 0; i < values.length; i++) values[i] = WorkValue.value(root, i);
        WorkKernel.RootSearch search = kernel.forRoot(root);
        for (int at = 0; at < 40; at++) {
            long threshold = values[at];
            long first = -1;
            for (int i = 0; i < values.length; i++) {
                if (Long.compareUnsigned(values[i], threshold) >= 0) {
                    first = i;
                    break;
                }
            }
            // A count that stops just before the first hit must not report it, even inside the same block.
            assertEquals(WorkKernel.NOT_FOUND, search.search(0, first, threshold), "count " + first);
            assertEquals(first, search.search(0, first + 1, threshold), "count " + (first + 1));
        }
        assertEquals(WorkKernel.NOT_FOUND, search.search(0, 0, 0), "an empty range has no hit");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void firstNonceVectors(KernelCase c) {
        WorkKernel kernel = c.kernelOrSkip();
        List<Map<String, String>> rows = Vectors.read("first-nonce.csv");
        for (Map<String, String> row : rows) {
            Root root = Root.parse(row.get("root"));
            long threshold = Difficulty.parse(row.get("threshold")).threshold();
            long first = Work.parse(row.get("first_work")).value();
            WorkKernel.RootSearch search = kernel.forRoot(root);
            // From nonce 0; on an emulated core from 4,096 before the first hit (the rows' hits are 0.4 and 4 M in).
            long start = first - Math.min(first, EmulatedCore.size(Integer.MAX_VALUE, 4_096));
            assertEquals(first - start, search.search(start, first - start + 1000, threshold), "root " + root);
            long[] value = new long[1];
            search.values(first, value);
            assertEquals(row.get("difficulty"), new Difficulty(value[0]).toString());
        }
        assertEquals(2, rows.size(), "rows checked in first-nonce.csv");
    }
}
