package dev.nanowork.kernel.bench;

import dev.nanowork.kernel.KernelChoice;
import dev.nanowork.kernel.KernelSelector;
import dev.nanowork.kernel.KernelWarmup;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.crypto.digests.Blake2bDigest;

/**
 * One measurement in one JVM ({@link BaselineRuns}' child): the kernel's rate and Bouncy Castle's, both on the same
 * threads, and the CPU cores the process really got meanwhile (process CPU time over wall time: on a shared machine
 * 2 threads may get less than 2 cores).
 */
record PairedMeasurement(
        String kernel,
        int lanes,
        int states,
        double mhs,
        double baselineMhs,
        double cores,
        double baselineCores,
        double pairedRatio) {
    /** Practically unreachable (only 2^64 - 1 reaches it), so the search runs until its deadline. */
    private static final Difficulty UNREACHABLE = new Difficulty(-1L);

    private static final Root ROOT = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2");

    /** Turns of kernel and baseline per measurement. */
    private static final int SLICES = 10;

    static PairedMeasurement measure(KernelChoice choice, int threads, double seconds) throws InterruptedException {
        WorkKernel kernel = KernelSelector.select(choice).kernel();
        KernelWarmup.prime(kernel);
        // The kernel and the baseline take turns, SLICES times each, so that both see the same load on a shared
        // machine; each turn's kernel/baseline ratio is kept and the median of them reported as paired_ratio.
        long kernelHashes = 0, kernelNanos = 0, kernelCpu = 0;
        long baselineNanos = 0, baselineCpu = 0;
        double baselineHashes = 0;
        double[] pairs = new double[SLICES];
        long slice = (long) (seconds * 1e9 / SLICES);
        try (WorkSearch search = new WorkSearch(kernel, threads)) {
            search.search(ROOT, UNREACHABLE, System.nanoTime() + 300_000_000L, new CancelSignal()); // threads warm
            bouncyCastle(threads, 1.0); // warm-up
            for (int i = 0; i < SLICES; i++) {
                long cpu = processCpuNanos();
                SearchResult result = search.search(ROOT, UNREACHABLE, System.nanoTime() + slice, new CancelSignal());
                kernelCpu += processCpuNanos() - cpu;
                kernelHashes += result.attempts();
                kernelNanos += result.elapsedNanos();
                cpu = processCpuNanos();
                long began = System.nanoTime();
                double rate = bouncyCastle(threads, slice / 1e9);
                long took = System.nanoTime() - began;
                baselineCpu += processCpuNanos() - cpu;
                baselineNanos += took;
                baselineHashes += rate * took / 1e3;
                pairs[i] = result.megahashesPerSecond() / rate;
            }
        }
        return new PairedMeasurement(
                kernel.name(),
                kernel.lanes(),
                kernel.states(),
                kernelHashes * 1e3 / kernelNanos,
                baselineHashes * 1e3 / baselineNanos,
                (double) kernelCpu / kernelNanos,
                (double) baselineCpu / baselineNanos,
                BaselineRuns.median(pairs));
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Bouncy Castle BLAKE2b-64 of (nonce LE || root), one nonce at a time, on {@code threads} threads; MH/s. */
    static double bouncyCastle(int threads, double seconds) throws InterruptedException {
        AtomicLong hashes = new AtomicLong();
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        byte[] root = ROOT.bytes();
        List<Thread> workers = new ArrayList<>();
        long began = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            long first = (long) t << 40;
            Thread worker = new Thread(() -> {
                Blake2bDigest digest = new Blake2bDigest(null, 8, null, null);
                byte[] nonce = new byte[8];
                byte[] out = new byte[8];
                long n = first;
                long sink = 0;
                while (System.nanoTime() < deadline) {
                    for (int i = 0; i < 1024; i++, n++) {
                        for (int b = 0; b < 8; b++) nonce[b] = (byte) (n >>> (8 * b));
                        digest.update(nonce, 0, 8);
                        digest.update(root, 0, 32);
                        digest.doFinal(out, 0);
                        sink += out[0];
                    }
                    hashes.addAndGet(1024);
                }
                if (sink == Long.MIN_VALUE) System.out.print(""); // keeps the digests alive
            });
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) worker.join();
        return hashes.get() * 1e3 / (System.nanoTime() - began);
    }
}
