package dev.nanowork.kernel;

import dev.nanowork.work.Root;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongBinaryOperator;

/** Stand-in kernels of 8 lanes whose speed a test sets: late to compile, never compiled, preempted. */
final class FakeKernels {
    private FakeKernels() {}

    /** A stand-in kernel that finds nothing and adds the nonce count of each search call to {@code counts}. */
    static WorkKernel countingCalls(String name, Set<Long> counts) {
        return fake(name, (start, count) -> {
            counts.add(count);
            return WorkKernel.NOT_FOUND;
        });
    }

    /** A stand-in kernel of 8 lanes, one state, whose every search is {@code search} (nonces hashed: none). */
    static WorkKernel fake(String name, LongBinaryOperator search) {
        return new WorkKernel() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public int lanes() {
                return 8;
            }

            @Override
            public int states() {
                return 1;
            }

            @Override
            public RootSearch forRoot(Root root) {
                return new RootSearch() {
                    @Override
                    public long search(long start, long count, long threshold) {
                        return search.applyAsLong(start, count);
                    }

                    @Override
                    public void values(long start, long[] out) {}
                };
            }
        };
    }

    /**
     * A kernel of 8 lanes that runs at about 1 MH/s (below the compiled floor: as if interpreted) for its first
     * {@code slowNanos}, then at full speed, as a vector kernel C2 compiles late.
     */
    static WorkKernel compiledAfter(String name, long slowNanos) {
        long born = System.nanoTime();
        return fake(name, (start, count) -> {
            if (System.nanoTime() - born < slowNanos) {
                long until = System.nanoTime() + count * 1_000L; // 1 us a nonce
                while (System.nanoTime() < until) Thread.onSpinWait();
            }
            return WorkKernel.NOT_FOUND;
        });
    }

    /**
     * An 8-lane kernel at full speed from the start, spending {@code nanosPerNonce} of CPU on every nonce; on a share
     * {@code parked} (between {@code minParked} and {@code maxParked} of each call, drawn per call) of the wall time
     * it is off the CPU, as a timing thread is while the JIT's compiler threads or GC take a single vCPU.
     */
    static WorkKernel preempted(String name, double nanosPerNonce, double minParked, double maxParked) {
        Random random = new Random(22);
        return fake(name, (start, count) -> {
            long busy = (long) (count * nanosPerNonce);
            long until = System.nanoTime() + busy;
            while (System.nanoTime() < until) Thread.onSpinWait();
            double share = minParked + (maxParked - minParked) * random.nextDouble();
            if (share > 0) LockSupport.parkNanos((long) (busy * share / (1 - share)));
            return WorkKernel.NOT_FOUND;
        });
    }

    /**
     * An 8-lane kernel at full speed from the start, spending {@code nanosPerNonce} of CPU on every nonce, and {@code
     * slowdown} times that while {@code busy} says the rest of the JVM is busy (as C2 compiling beside the race on one
     * vCPU slowed a kernel that was not slower).
     */
    static WorkKernel slowedWhile(String name, double nanosPerNonce, double slowdown, BooleanSupplier busy) {
        return fake(name, (start, count) -> {
            long until = System.nanoTime() + (long) (count * nanosPerNonce * (busy.getAsBoolean() ? slowdown : 1));
            while (System.nanoTime() < until) Thread.onSpinWait();
            return WorkKernel.NOT_FOUND;
        });
    }
}
