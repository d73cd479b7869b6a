package dev.nanowork.kernel;

import dev.nanowork.work.Root;
import java.util.OptionalDouble;
import java.util.concurrent.locks.LockSupport;

/**
 * Gets a kernel to full speed before the first request (call it at start-up and before a SnapStart
 * snapshot). Under tiered compilation a kernel whose first call is a long search was measured crawling at
 * 2 MH/s for up to 15 s: C2 compiled it from a profile that had never seen the loop exit or a hit, and the
 * first of either deoptimised it. So first come 2,000 tiny calls that take every path (no hit,
 * a hit in every lane position, ranges ending inside a block, {@code values}), then batches of the size
 * {@code WorkSearch} uses until the rate stops rising. Rates are per second of the timing thread's own CPU time
 * ({@link CpuClock}).
 */
public final class KernelWarmup {
    /** Thresholds that never hit (practically), hit about one nonce in 16, and hit every nonce. */
    private static final long[] THRESHOLDS = {-1L, 0xf000000000000000L, 0L};

    /**
     * The second phase runs at least this long: tiered compilation reaches C2 for the kernel about 1 s after
     * JVM start here, and the slow tier-2 code before it is steady too, so a steady rate alone proves nothing.
     */
    private static final long MIN_SECOND_PHASE_MILLIS = 400;

    /**
     * The second phase's minimum for a kernel {@link KernelRace} has just timed at compiled speed: its code is C2's
     * already, so two steady 50 ms rates are enough (this saves 0.3 s of {@code auto}'s start-up).
     */
    static final long RACED_SECOND_PHASE_MILLIS = 100;

    /**
     * Below this a vector kernel still runs (partly) interpreted or on C1 code: 0.1-0.5 MH/s was measured there,
     * against 10-55 MH/s compiled by C2 on the CPUs measured, so a steady rate below it is not the end of warm-up.
     */
    static final double COMPILED_FLOOR_MHS = 2.0;

    /**
     * The second phase's budget: a kernel not raced may still be waiting for C2, which takes 1.5-3 s for a one-method
     * kernel on one vCPU (round 15, a configured vector512x2: with 2 s priming ended interpreted in 1 of 4 start-ups,
     * in 3 of 5 for its 7,692-bytecode two-loop shape; with 4 s in none of 6).
     */
    static final long BUDGET_MILLIS = 4000;

    /** A slice of the second phase. */
    private static final long SLICE_NANOS = 50_000_000L;

    /** The root every warm-up and timing hashes. */
    static final Root ROOT = Root.of(new byte[] {
        0x4e, 0x61, 0x6e, 0x6f, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
        13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28
    });

    private KernelWarmup() {}

    /** Tiny calls that take every path (no hit, hits in every lane position, short ranges, values). */
    static long tinyCalls(WorkKernel.RootSearch search, int block, int calls) {
        long[] values = new long[3 * block + 1];
        long sink = 0;
        for (int i = 0; i < calls; i++) {
            long start = (long) i * 97 - 1000; // crosses 2^64 - 1 on the way
            sink += search.search(start, 1 + i % (3 * block), THRESHOLDS[i % THRESHOLDS.length]);
            if (i % 8 == 0) search.values(start, values);
        }
        return sink;
    }

    /** Whether {@code mhs} is the rate of compiled code: a scalar kernel's always, a vector kernel's from the floor. */
    static boolean compiled(WorkKernel kernel, double mhs) {
        return kernel.lanes() == 1 || mhs >= COMPILED_FLOOR_MHS;
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
        return primed(kernel, maxMillis, MIN_SECOND_PHASE_MILLIS, 0).mhs();
    }

    /** {@link #prime(WorkKernel, long)} with up to {@link #BUDGET_MILLIS} for the second phase. */
    public static double prime(WorkKernel kernel) {
        return prime(kernel, BUDGET_MILLIS);
    }

    /**
     * Before a SnapStart snapshot, which carries the compiled code to every instance restored from it: runs the
     * kernel until two rates agree at compiled speed (and at {@link PrimedRate#FULL_SPEED_SHARE} of {@code raced}, the
     * rate the race timed it at, if any), up to {@code maxMillis}, and says whether they did.
     */
    public static Primed primeUntilSteady(WorkKernel kernel, OptionalDouble raced, long maxMillis) {
        return primed(kernel, maxMillis, RACED_SECOND_PHASE_MILLIS, PrimedRate.fullSpeedFloor(raced));
    }

    /**
     * As {@link #prime(WorkKernel, long)}, and whether it ended steady. {@code raced}: the rate the race has just
     * timed the kernel at, at compiled speed; then the shorter minimum will do, and two agreeing rates end priming
     * only from {@link PrimedRate#FULL_SPEED_SHARE} of it (round 13, two vCPUs: priming ended on two rates that agreed
     * at 0.57-0.83x the kernel's steady rate while the machine was busy, where going on costs nothing when it is not).
     */
    static Primed primed(WorkKernel kernel, OptionalDouble raced) {
        long minMillis = raced.isPresent() ? RACED_SECOND_PHASE_MILLIS : MIN_SECOND_PHASE_MILLIS;
        return primed(kernel, BUDGET_MILLIS, minMillis, PrimedRate.fullSpeedFloor(raced));
    }

    /**
     * Primes {@code kernel} with a second phase of at least {@code minMillis} and at most about {@code maxMillis},
     * ending on two rates within 5% of each other at compiled speed and at {@code floorMhs} or above.
     */
    static Primed primed(WorkKernel kernel, long maxMillis, long minMillis, double floorMhs) {
        WorkKernel.RootSearch search = kernel.forRoot(ROOT);
        CpuClock.consume(tinyCalls(search, kernel.lanes() * kernel.states(), 2000));
        long phase2 = System.nanoTime();
        long deadline = phase2 + maxMillis * 1_000_000L;
        double previous = 0;
        double rate = 0;
        long[] next = {0};
        boolean oneCpu = CpuClock.oneCpu();
        while (System.nanoTime() < deadline) {
            // Calls of 2^14 while the kernel may still be interpreted (a call then takes up to a few hundred ms), of
            // the request path's batch once it runs compiled.
            rate = CpuClock.slice(search, SLICE_NANOS, compiled(kernel, rate) ? CpuClock.REQUEST_BATCH : 1 << 14, next);
            boolean steady = previous > 0
                    && Math.abs(rate - previous) < 0.05 * previous
                    && compiled(kernel, rate)
                    && rate >= floorMhs;
            if (steady && System.nanoTime() - phase2 >= minMillis * 1_000_000L) return new Primed(rate, true);
            // One vCPU, the kernel not compiled yet: the compiler has what this thread leaves it, as in the race
            // (round 15: a configured vector512x2 was still interpreted at the end of priming in 4 of 4 start-ups).
            if (oneCpu && !compiled(kernel, rate)) LockSupport.parkNanos(SLICE_NANOS);
            previous = rate;
        }
        return new Primed(rate, false);
    }
}
