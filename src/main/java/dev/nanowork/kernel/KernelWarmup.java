package dev.nanowork.kernel;

import dev.nanowork.work.Root;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Gets a kernel to full speed before the first request (call it at start-up and before a SnapStart
 * snapshot). Under tiered compilation a kernel whose first call is a long search was measured crawling at
 * 2 MH/s for up to 15 s: C2 compiled it from a profile that had never seen the loop exit or a hit, and the
 * first of either deoptimised it. So first come 2,000 tiny calls that take every path (no hit,
 * a hit in every lane position, ranges ending inside a block, {@code values}), then batches of the size
 * {@code WorkSearch} uses until the rate stops rising. Rates are per second of the timing thread's own CPU time
 * ({@link #cpuNanos}).
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
        long[] next = {0};
        while (System.nanoTime() < deadline) {
            rate = slice(search, 50_000_000L, 1 << 14, next);
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

    /** Whether this JVM tells a thread's own CPU time (HotSpot on Linux does; Lambda's runtime is that). */
    private static final boolean THREAD_CPU_TIME = cpuTimeOn();

    private static boolean cpuTimeOn() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
    }

    /**
     * This thread's CPU time in nanoseconds (the wall clock where the JVM cannot tell). The rates here are per second
     * of it: on one vCPU the JIT's compiler threads, GC and the rest of start-up take the CPU from the timing thread
     * for whole slices (round 8b: race slices at 14 MH/s of a kernel then primed at 27), which the wall clock counts
     * against whichever kernel was running; the kernel's own CPU time does not.
     */
    private static long cpuNanos() {
        return THREAD_CPU_TIME ? ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() : System.nanoTime();
    }

    /** Searches {@code search} for about {@code wallNanos}; MH/s per second of this thread's CPU time. */
    private static double slice(WorkKernel.RootSearch search, long wallNanos, int chunk, long[] nonce) {
        long start = System.nanoTime(), cpu = cpuNanos(), count = 0, sink = 0;
        while (System.nanoTime() - start < wallNanos) {
            sink += search.search(nonce[0], chunk, -1L);
            nonce[0] += chunk;
            count += chunk;
        }
        long used = Math.max(1, cpuNanos() - cpu);
        blackhole = sink;
        return count * 1e3 / used;
    }

    /**
     * The CPU time of every thread but this one (the compiler threads, GC, the rest of start-up), in nanoseconds; 0
     * where the JVM cannot tell, so that the race then waits for the compiled floor alone.
     */
    private static long othersCpuNanos() {
        if (!THREAD_CPU_TIME
                || !(ManagementFactory.getOperatingSystemMXBean()
                        instanceof com.sun.management.OperatingSystemMXBean os)) return 0;
        return os.getProcessCpuTime() - cpuNanos();
    }

    /**
     * The race ranks only after a turn in which the rest of the JVM used less than this share of the turn's time:
     * a vector kernel above {@link #COMPILED_FLOOR_MHS} has its round method compiled, but the loop around it
     * ({@code BlockKernel}'s search) and the kernels' {@code hash} may still be C1's profiling code with C2 compiling
     * them (round 8b, {@code -XX:+PrintCompilation} on one vCPU under {@code -XX:UseAVX=2}: the last round method
     * compiled at 4.9 s after JVM start, the search loop at 6.3 s), and while that runs it is not the kernels' rate.
     */
    static final double QUIET_SHARE = 0.1;

    /** Slice of each turn while {@link #race} waits for C2. */
    private static final long SLICE_NANOS = 25_000_000L;

    /**
     * {@link #race} waits for C2 at least this long: C2 has compiled the round methods by then on two vCPUs, and the
     * calling loop ({@code BlockKernel}'s search) with them.
     */
    private static final long MIN_RACE_NANOS = 600_000_000L;

    /**
     * While a vector candidate is still below {@link #COMPILED_FLOOR_MHS} (interpreted: C2 has not compiled its
     * round method yet) the race waits for it, up to this long: on a Zen 4 with one vCPU the two-state kernels were
     * still interpreted after 2 s (C2 takes 3 s there), were timed at 0.0-0.1 MH/s and lost to a slower kernel (issue
     * 22). Past this bound a kernel C2 has still not compiled loses. Kept well inside Lambda's 10 s init phase, with
     * the ranking rounds and priming after it.
     */
    static final long RACE_COMPILE_BOUND_NANOS = 5_000_000_000L;

    /**
     * Rounds of {@link #race}'s ranking, each giving every candidate one slice of {@link #RANK_SLICE_NANOS}: 8 rounds
     * of 2-3 candidates take 0.6-1.0 s. The median of 8 is past any 3 slices a compile or an interrupt slowed.
     */
    static final int RANK_ROUNDS = 8;

    /** Ranking stops after this many rounds when the race is past {@link #RACE_COMPILE_BOUND_NANOS}. */
    private static final int MIN_RANK_ROUNDS = 3;

    /** A ranking slice: longer than a waiting turn, the code being C2's by then. */
    private static final long RANK_SLICE_NANOS = 40_000_000L;

    /**
     * Times {@code kernels} on this thread, in two phases. First it waits for C2: after a few hundred tiny calls
     * each, the kernels take turns in slices of 25 ms (so that all of them are being compiled at once) for at least
     * 0.6 s and until every vector kernel is above {@link #COMPILED_FLOOR_MHS} in a turn the rest of the JVM was
     * quiet in ({@link #QUIET_SHARE}: the compiler threads done), or {@link #RACE_COMPILE_BOUND_NANOS} has passed;
     * on one vCPU it leaves the CPU to the compiler for a turn's time after each turn that was not quiet. Then it ranks them: {@link #RANK_ROUNDS} rounds of one 40 ms slice each, the order turning every
     * round, every rate per second of this thread's own CPU time. Returns each kernel's median ranking rate, MH/s by
     * name.
     *
     * <p>Issue 22, round 8b: the single 25 ms turns it used to compare (the better of each kernel's last two) were
     * timed by the wall clock, so on one vCPU a compile or GC in another thread during one kernel's turn ranked it
     * below one 10% slower.
     */
    public static Map<String, Double> race(List<WorkKernel> kernels) {
        return race(kernels, RACE_COMPILE_BOUND_NANOS, RANK_ROUNDS);
    }

    /** As {@link #race(List)}, with the bound for waiting on C2 and the ranking rounds (tests shorten them). */
    static Map<String, Double> race(List<WorkKernel> kernels, long compileBoundNanos, int rankRounds) {
        long began = System.nanoTime();
        List<WorkKernel.RootSearch> searches = new ArrayList<>();
        long sink = 0;
        for (WorkKernel k : kernels) {
            WorkKernel.RootSearch search = k.forRoot(ROOT);
            sink += tinyCalls(search, k.lanes() * k.states(), 300);
            searches.add(search);
        }
        blackhole = sink;
        int n = kernels.size();
        long[] nonce = {0};
        double[] last = new double[n];
        boolean oneCpu = Runtime.getRuntime().availableProcessors() == 1;
        while (true) {
            boolean allCompiled = true;
            long turn = System.nanoTime(), others = othersCpuNanos();
            for (int i = 0; i < n; i++) {
                last[i] = slice(searches.get(i), SLICE_NANOS, 1 << 12, nonce);
                allCompiled &= compiled(kernels.get(i), last[i]);
            }
            boolean quiet = othersCpuNanos() - others < QUIET_SHARE * (System.nanoTime() - turn);
            long elapsed = System.nanoTime() - began;
            if ((allCompiled && quiet && elapsed > MIN_RACE_NANOS) || elapsed > compileBoundNanos) break;
            // One vCPU: the compiler threads have what this thread leaves them (running interpreted code helps
            // no compile that is queued already).
            if (oneCpu && !quiet) LockSupport.parkNanos(n * SLICE_NANOS);
        }
        double[][] ranked = new double[n][rankRounds];
        int rounds = 0;
        while (rounds < rankRounds && (rounds < MIN_RANK_ROUNDS || System.nanoTime() - began < compileBoundNanos)) {
            for (int j = 0; j < n; j++) {
                int i = (rounds + j) % n;
                ranked[i][rounds] = slice(searches.get(i), RANK_SLICE_NANOS, 1 << 12, nonce);
            }
            rounds++;
        }
        Map<String, Double> rates = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) rates.put(kernels.get(i).name(), median(ranked[i], rounds));
        return rates;
    }

    /** The median of the first {@code size} values. */
    static double median(double[] values, int size) {
        double[] sorted = Arrays.copyOf(values, size);
        Arrays.sort(sorted);
        return size % 2 == 1 ? sorted[size / 2] : (sorted[size / 2 - 1] + sorted[size / 2]) / 2;
    }
}
