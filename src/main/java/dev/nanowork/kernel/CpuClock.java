package dev.nanowork.kernel;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * How priming and the race time a kernel: slices of searches, each rate per second of the timing thread's own CPU
 * time. On one vCPU the JIT's compiler threads, GC and the rest of start-up take the CPU from the timing thread for
 * whole slices (round 8b: race slices at 14 MH/s of a kernel then primed at 27), which the wall clock counts against
 * whichever kernel was running; the kernel's own CPU time does not.
 */
final class CpuClock {
    /** Whether this JVM tells a thread's own CPU time (HotSpot on Linux does; Lambda's runtime is that). */
    private static final boolean THREAD_CPU_TIME = cpuTimeOn();

    /**
     * Nonces per search call when the race ranks and priming times compiled code: the request path's batch ({@code
     * WorkSearch.BATCH}), so that start-up times the kernels as requests run them. Each call allocates the kernel's
     * scratch (20 KB for vector512x2); in calls of 2^12 the race allocated 16 times as much a hash as requests do,
     * about 100 MB/s, and round 15 (Zen 5, two vCPUs, vector512x2 in two loops) saw a third of the start-ups rank
     * while that stream still met fresh heap pages (23,000 page faults a second, 12-30% of the timing thread in the
     * kernel), both kernels at 0.4-0.75x their rate, and keep vector512x1 (5 of 14); in calls of 2^16, 12 of 12 kept
     * vector512x2.
     */
    static final int REQUEST_BATCH = 1 << 16;

    /** Keeps the searches' results alive so that no compiler drops them. */
    @SuppressWarnings("unused")
    private static volatile long blackhole;

    private CpuClock() {}

    private static boolean cpuTimeOn() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
    }

    /** This thread's CPU time in nanoseconds (the wall clock where the JVM cannot tell). */
    static long threadNanos() {
        return THREAD_CPU_TIME ? ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() : System.nanoTime();
    }

    /**
     * The CPU time of every thread but this one (the compiler threads, GC, the rest of start-up), in nanoseconds; 0
     * where the JVM cannot tell, so that the race then waits for the compiled floor alone.
     */
    static long othersNanos() {
        if (!THREAD_CPU_TIME
                || !(ManagementFactory.getOperatingSystemMXBean()
                        instanceof com.sun.management.OperatingSystemMXBean os)) return 0;
        return os.getProcessCpuTime() - threadNanos();
    }

    /**
     * Searches {@code search} for about {@code wallNanos} in calls of {@code chunk} nonces from {@code nonce[0]} (which
     * it advances), none of them a hit; MH/s per second of this thread's CPU time.
     */
    static double slice(WorkKernel.RootSearch search, long wallNanos, int chunk, long[] nonce) {
        long start = System.nanoTime(), cpu = threadNanos(), count = 0, sink = 0;
        while (System.nanoTime() - start < wallNanos) {
            sink += search.search(nonce[0], chunk, -1L);
            nonce[0] += chunk;
            count += chunk;
        }
        long used = Math.max(1, threadNanos() - cpu);
        blackhole = sink;
        return count * 1e3 / used;
    }

    /**
     * Whether this JVM has one CPU: there a thread timing a kernel C2 has not compiled yet takes the CPU the compile
     * needs, so the race and priming park a slice after such a slice (rounds 13 and 15, docs/kernels.md).
     */
    static boolean oneCpu() {
        return Runtime.getRuntime().availableProcessors() == 1;
    }

    /** Keeps {@code sink} alive. */
    static void consume(long sink) {
        blackhole = sink;
    }
}
