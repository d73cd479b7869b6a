package dev.nanowork.kernel;

import dev.nanowork.work.Root;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gets a kernel to full speed before the first request (call it at start-up and before a SnapStart
 * snapshot). Under tiered compilation a kernel whose first call is a long search was measured crawling at
 * 2 MH/s for up to 15 s: C2 compiled it from a profile that had never seen the loop exit or a hit, and the
 * first of either deoptimised it. So first come 2,000 tiny calls that take every path (no hit,
 * a hit in every lane position, ranges ending inside a block, {@code values}), then batches of the size
 * {@code WorkSearch} uses until the rate stops rising.
 */
public final class KernelWarmup {
    /** Thresholds that never hit (practically), hit about one nonce in 16, and hit every nonce. */
    private static final long[] THRESHOLDS = {-1L, 0xf000000000000000L, 0L};

    /**
     * The second phase runs at least this long: tiered compilation reaches C2 for the kernel about 1 s after
     * JVM start here, and the slow tier-2 code before it is steady too, so a steady rate alone proves nothing.
     */
    private static final long MIN_SECOND_PHASE_NANOS = 400_000_000L;

    /**
     * The second phase's minimum for a kernel {@link #race} has just timed at compiled speed: its code is C2's
     * already, so two steady 50 ms rates are enough (this saves 0.3 s of {@code auto}'s start-up).
     */
    static final long RACED_SECOND_PHASE_MILLIS = 100;

    /** Keeps the calls' results alive so that no compiler drops them. */
    @SuppressWarnings("unused")
    private static volatile long blackhole;

    private KernelWarmup() {}

    /** The root every warm-up and timing hashes. */
    private static final Root ROOT = Root.of(new byte[] {
        0x4e, 0x61, 0x6e, 0x6f, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
        13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28
    });

    /** Tiny calls that take every path (no hit, hits in every lane position, short ranges, values). */
    private static long tinyCalls(WorkKernel.RootSearch search, int block, int calls) {
        long[] values = new long[3 * block + 1];
        long sink = 0;
        for (int i = 0; i < calls; i++) {
            long start = (long) i * 97 - 1000; // crosses 2^64 - 1 on the way
            sink += search.search(start, 1 + i % (3 * block), THRESHOLDS[i % THRESHOLDS.length]);
            if (i % 8 == 0) search.values(start, values);
        }
        return sink;
    }

    /**
     * What priming reached.
     *
     * @param mhs the last measured rate, MH/s on one thread
     * @param steady whether it ended on two rates within 5% at compiled speed, not on its time budget (a kernel C2
     *     has not compiled yet, or is still compiling, ends unsteady)
     */
    public record Primed(double mhs, boolean steady) {}

    /**
     * Primes {@code kernel}; returns the last measured rate in MH/s (one thread). Spends at most about
     * {@code maxMillis} in the second phase.
     */
    public static double prime(WorkKernel kernel, long maxMillis) {
        return primed(kernel, maxMillis, MIN_SECOND_PHASE_NANOS / 1_000_000L).mhs();
    }

    /** As {@link #prime(WorkKernel, long)}, with a second phase of at least {@code minMillis}, and whether it ended steady. */
    static Primed primed(WorkKernel kernel, long maxMillis, long minMillis) {
        WorkKernel.RootSearch search = kernel.forRoot(ROOT);
        long sink = tinyCalls(search, kernel.lanes() * kernel.states(), 2000);
        long phase2 = System.nanoTime();
        long deadline = phase2 + maxMillis * 1_000_000L;
        double previous = 0;
        double rate = 0;
        long nonce = 0;
        while (System.nanoTime() < deadline) {
            long began = System.nanoTime();
            long count = 0;
            while (System.nanoTime() - began < 50_000_000L) {
                sink += search.search(nonce, 1 << 14, -1L);
                nonce += 1 << 14;
                count += 1 << 14;
            }
            rate = count * 1e3 / (System.nanoTime() - began);
            boolean steady = previous > 0 && Math.abs(rate - previous) < 0.05 * previous && compiled(kernel, rate);
            if (steady && System.nanoTime() - phase2 >= minMillis * 1_000_000L) {
                blackhole = sink;
                return new Primed(rate, true);
            }
            previous = rate;
        }
        blackhole = sink;
        return new Primed(rate, false);
    }

    /**
     * Before a SnapStart snapshot, which carries the compiled code to every instance restored from it: runs the
     * kernel until two rates agree at compiled speed, up to {@code maxMillis}, and says whether they did.
     */
    public static Primed primeUntilSteady(WorkKernel kernel, long maxMillis) {
        return primed(kernel, maxMillis, RACED_SECOND_PHASE_MILLIS);
    }

    /** {@link #prime(WorkKernel, long)} with up to 2 s for the second phase. */
    public static double prime(WorkKernel kernel) {
        return prime(kernel, 2000);
    }

    /**
     * Below this a vector kernel still runs (partly) interpreted or on C1 code: 0.1-0.5 MH/s was measured there,
     * against 10-55 MH/s compiled by C2 on the CPUs measured, so a steady rate below it is not the end of warm-up.
     */
    static final double COMPILED_FLOOR_MHS = 2.0;

    private static boolean compiled(WorkKernel kernel, double mhs) {
        return kernel.lanes() == 1 || mhs >= COMPILED_FLOOR_MHS;
    }

    /** Slice of each turn when {@link #race} times kernels. */
    private static final long SLICE_NANOS = 25_000_000L;

    /** {@link #race} runs at least this long: C2 has compiled the round methods by then on two vCPUs. */
    private static final long MIN_RACE_NANOS = 600_000_000L;

    /**
     * {@link #race} stops after this long even when the rates are not steady yet: with every kernel's hot loop in
     * one method C2 has them compiled about 1.1 s after JVM start on one vCPU (round 3), and this bounds
     * {@code auto}'s extra start-up where it has not.
     */
    private static final long RACE_BUDGET_NANOS = 2_000_000_000L;

    /**
     * While a vector candidate is still below {@link #COMPILED_FLOOR_MHS} (interpreted: C2 has not compiled its
     * round method yet) the race goes on past {@link #RACE_BUDGET_NANOS}, up to this long: on a Zen 4 with one vCPU
     * the two-state kernels were still interpreted when the 2 s were over (C2 takes 3 s there), were timed at
     * 0.0-0.1 MH/s and lost to a slower kernel (issue 22; C2 had them about 3 s after JVM start). Past this bound a
     * kernel C2 has still not compiled loses. Kept well inside Lambda's 10 s init phase, with priming after it.
     */
    static final long RACE_COMPILE_BOUND_NANOS = 5_000_000_000L;

    /**
     * Times {@code kernels} on this thread: after a few hundred tiny calls each, the kernels take turns in slices
     * of 25 ms (so that all of them are being compiled at once and see the same load) until each has had
     * turns for 0.6 s and its last two rates agree within 4%, or 2 s have passed. A vector kernel below {@link
     * #COMPILED_FLOOR_MHS} is not steady yet, and while any is, the race goes on up to {@link
     * #RACE_COMPILE_BOUND_NANOS}: only compiled code is compared. Returns the best of each kernel's last two rates,
     * MH/s by name.
     */
    public static Map<String, Double> race(List<WorkKernel> kernels) {
        return race(kernels, RACE_BUDGET_NANOS, RACE_COMPILE_BOUND_NANOS);
    }

    /** As {@link #race(List)}, with the budget and the bound for waiting on C2 (tests shorten them). */
    static Map<String, Double> race(List<WorkKernel> kernels, long budgetNanos, long compileBoundNanos) {
        long began = System.nanoTime();
        List<WorkKernel.RootSearch> searches = new ArrayList<>();
        long sink = 0;
        for (WorkKernel k : kernels) {
            WorkKernel.RootSearch search = k.forRoot(ROOT);
            sink += tinyCalls(search, k.lanes() * k.states(), 300);
            searches.add(search);
        }
        double[] last = new double[kernels.size()], before = new double[kernels.size()];
        long nonce = 0;
        for (int turn = 1; ; turn++) {
            boolean steady = System.nanoTime() - began > MIN_RACE_NANOS;
            boolean allCompiled = true;
            for (int i = 0; i < kernels.size(); i++) {
                long start = System.nanoTime(), count = 0;
                while (System.nanoTime() - start < SLICE_NANOS) {
                    sink += searches.get(i).search(nonce, 1 << 12, -1L);
                    nonce += 1 << 12;
                    count += 1 << 12;
                }
                before[i] = last[i];
                last[i] = count * 1e3 / (System.nanoTime() - start);
                allCompiled &= compiled(kernels.get(i), last[i]);
                steady &= Math.abs(last[i] - before[i]) < 0.04 * Math.max(last[i], before[i])
                        && compiled(kernels.get(i), last[i]);
            }
            long elapsed = System.nanoTime() - began;
            if (steady || elapsed > compileBoundNanos || (elapsed > budgetNanos && allCompiled)) break;
        }
        blackhole = sink;
        Map<String, Double> rates = new LinkedHashMap<>();
        for (int i = 0; i < kernels.size(); i++) rates.put(kernels.get(i).name(), Math.max(last[i], before[i]));
        return rates;
    }
}
