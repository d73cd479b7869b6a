package dev.nanowork.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Times the candidates of {@code auto} (or of a width) against each other at start-up, on this thread, in two
 * phases: it waits for C2 to compile them, then ranks them in interleaved slices timed by the thread's own CPU time
 * ({@link CpuClock}). Its rates are what {@link KernelSelector} keeps the fastest by.
 */
public final class KernelRace {
    /**
     * The race ranks only after a turn in which the rest of the JVM used less than this share of the turn's time:
     * a vector kernel above {@link KernelWarmup#COMPILED_FLOOR_MHS} has its round method compiled, but the loop around
     * it ({@code BlockKernel}'s search) and the kernels' {@code hash} may still be C1's profiling code with C2
     * compiling them (round 8b, {@code -XX:+PrintCompilation} on one vCPU under {@code -XX:UseAVX=2}: the last round
     * method compiled at 4.9 s after JVM start, the search loop at 6.3 s), and while that runs it is not the kernels'
     * rate.
     */
    static final double QUIET_SHARE = 0.1;

    /** Slice of each turn while the race waits for C2. */
    private static final long SLICE_NANOS = 25_000_000L;

    /**
     * The race waits for C2 at least this long: C2 has compiled the round methods by then on two vCPUs, and the
     * calling loop ({@code BlockKernel}'s search) with them.
     */
    private static final long MIN_RACE_NANOS = 600_000_000L;

    /**
     * While a vector candidate is still below {@link KernelWarmup#COMPILED_FLOOR_MHS} (interpreted: C2 has not
     * compiled its round method yet) the race waits for it, up to this long: on a Zen 4 with one vCPU the two-state
     * kernels were still interpreted after 2 s (C2 takes 3 s there), were timed at 0.0-0.1 MH/s and lost to a slower
     * kernel (issue 22). Past this bound a kernel C2 has still not compiled loses. Kept well inside Lambda's 10 s init
     * phase, with the ranking rounds and priming after it.
     */
    static final long RACE_COMPILE_BOUND_NANOS = 5_000_000_000L;

    /**
     * Rounds of the ranking, each giving every candidate one slice of {@link #RANK_SLICE_NANOS}: 8 rounds of 2-3
     * candidates take 0.6-1.0 s. The median of 8 is past any 3 slices a compile or an interrupt slowed.
     */
    static final int RANK_ROUNDS = 8;

    /** Ranking stops after this many rounds when the race is past {@link #RACE_COMPILE_BOUND_NANOS}. */
    private static final int MIN_RANK_ROUNDS = 3;

    /**
     * How long past {@link #RACE_COMPILE_BOUND_NANOS} the ranking waits for quiet slices (in which the rest of the JVM
     * used less than {@link #QUIET_SHARE} of the slice) before it counts any slice. Round 13 (Zen 5, one vCPU,
     * {@code -XX:UseAVX=2}): C2 was still compiling through the ranking (other threads took 9-29 ms of a 40 ms slice),
     * and {@code vector256x2perm}, 18.5 MH/s in the quiet slices before and after, was ranked at 15.5 in those and lost
     * to {@code vector256x2} (15.8).
     */
    static final long RANK_BOUND_NANOS = 1_000_000_000L;

    /**
     * A ranking slice: longer than a waiting turn, the code being C2's by then; its calls are the request path's
     * ({@link CpuClock#REQUEST_BATCH}).
     */
    private static final long RANK_SLICE_NANOS = 40_000_000L;

    /**
     * The ranking times each kernel through 1 to this many frames below the race's own (turning every round), never
     * from the race's frame itself; see {@link #rankSlice}.
     */
    static final int RANK_DEPTHS = 3;

    private KernelRace() {}

    /**
     * Times {@code kernels} on this thread, in two phases. First it waits for C2: after a few hundred tiny calls
     * each, the kernels take turns in slices of 25 ms (so that all of them are being compiled at once) for at least
     * 0.6 s and until every vector kernel is above {@link KernelWarmup#COMPILED_FLOOR_MHS} in a turn the rest of the
     * JVM was quiet in ({@link #QUIET_SHARE}: the compiler threads done), or {@link #RACE_COMPILE_BOUND_NANOS} has
     * passed; on one vCPU it leaves the CPU to the compiler for a turn's time after each turn that was not quiet. Then
     * it ranks them: 40 ms slices, the order turning every round, every rate per second of this thread's own CPU time,
     * until each kernel has {@link #RANK_ROUNDS} slices in which the rest of the JVM was quiet ({@link #QUIET_SHARE};
     * on one vCPU it leaves the CPU to the others after a turn that was not); past the bound, {@link #MIN_RANK_ROUNDS}
     * of them will do, and {@link #RANK_BOUND_NANOS} later any slice counts. Returns each kernel's median ranking rate,
     * MH/s by name (a vector kernel still below the floor then was not compiled by the race's end: its rate is the
     * interpreter's).
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
            WorkKernel.RootSearch search = k.forRoot(KernelWarmup.ROOT);
            sink += KernelWarmup.tinyCalls(search, k.lanes() * k.states(), 300);
            searches.add(search);
        }
        CpuClock.consume(sink);
        int n = kernels.size();
        long[] nonce = {0};
        boolean oneCpu = CpuClock.oneCpu();
        while (true) {
            boolean allCompiled = true;
            Stretch turn = Stretch.begin();
            for (int i = 0; i < n; i++) {
                double rate = CpuClock.slice(searches.get(i), SLICE_NANOS, 1 << 12, nonce);
                allCompiled &= KernelWarmup.compiled(kernels.get(i), rate);
            }
            boolean quiet = turn.quiet();
            long elapsed = System.nanoTime() - began;
            if ((allCompiled && quiet && elapsed > MIN_RACE_NANOS) || elapsed > compileBoundNanos) break;
            // One vCPU: the compiler threads have what this thread leaves them (running interpreted code helps
            // no compile that is queued already).
            if (oneCpu && !quiet) LockSupport.parkNanos(n * SLICE_NANOS);
        }
        double[][] ranked = new double[n][rankRounds];
        int[] counted = new int[n];
        for (int turn = 0; !ranked(counted, rankRounds, System.nanoTime() - began, compileBoundNanos); turn++) {
            boolean lastResort = System.nanoTime() - began > compileBoundNanos + RANK_BOUND_NANOS;
            boolean quietTurn = true;
            for (int j = 0; j < n; j++) {
                int i = (turn + j) % n;
                Stretch slice = Stretch.begin();
                double rate = rankSlice(searches.get(i), nonce, 1 + turn % RANK_DEPTHS);
                boolean quiet = slice.quiet();
                quietTurn &= quiet;
                if ((quiet || lastResort) && counted[i] < rankRounds) ranked[i][counted[i]++] = rate;
            }
            if (oneCpu && !quietTurn) LockSupport.parkNanos(n * RANK_SLICE_NANOS);
        }
        Map<String, Double> rates = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) rates.put(kernels.get(i).name(), median(ranked[i], counted[i]));
        return rates;
    }

    /**
     * One ranking slice of {@code search}, timed {@code depth} calls below the caller. Round 14 (Zen 5, one vCPU,
     * {@code -XX:UseAVX=2}): {@code vector256x2perm} ran at 13.1-17.1 MH/s when the race's own (interpreted) frame called
     * the slice, in every ranking and in slices after it, and at 18.7-20.3 through one to forty frames more, in
     * priming and through the request path: the same compiled code, no recompile between, and it lost to {@code
     * vector256x2} in 5 of 7 start-ups. Where its frames land on the stack is the likeliest cause (it spills half its
     * state there under AVX2's 16 registers; not proved further). Timing every kernel at several depths keeps one
     * placement from deciding the ranking. (The waiting phase's slices only tell compiled from interpreted code.)
     */
    static double rankSlice(WorkKernel.RootSearch search, long[] nonce, int depth) {
        return depth > 0
                ? rankSlice(search, nonce, depth - 1)
                : CpuClock.slice(search, RANK_SLICE_NANOS, CpuClock.REQUEST_BATCH, nonce);
    }

    /**
     * Whether the ranking has what it needs: {@code rankRounds} counted slices of every candidate, or, past the race's
     * bound for waiting on C2, {@link #MIN_RANK_ROUNDS} of each.
     */
    static boolean ranked(int[] counted, int rankRounds, long elapsedNanos, long compileBoundNanos) {
        int fewest = Arrays.stream(counted).min().orElse(rankRounds);
        return fewest >= rankRounds || (fewest >= MIN_RANK_ROUNDS && elapsedNanos > compileBoundNanos);
    }

    /** A stretch of the race from its wall-clock start and the rest of the JVM's CPU time then. */
    private record Stretch(long wallNanos, long othersNanos) {
        static Stretch begin() {
            return new Stretch(System.nanoTime(), CpuClock.othersNanos());
        }

        /** Whether the rest of the JVM used less than {@link #QUIET_SHARE} of the stretch so far. */
        boolean quiet() {
            return CpuClock.othersNanos() - othersNanos < QUIET_SHARE * (System.nanoTime() - wallNanos);
        }
    }

    /** The median of the first {@code size} values. */
    static double median(double[] values, int size) {
        double[] sorted = Arrays.copyOf(values, size);
        Arrays.sort(sorted);
        return size % 2 == 1 ? sorted[size / 2] : (sorted[size / 2 - 1] + sorted[size / 2]) / 2;
    }
}
