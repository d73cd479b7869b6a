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
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.crypto.digests.Blake2bDigest;

/**
 * What {@code infra/bench.sh} runs: the search rate of one kernel on N threads, and in the same process the
 * rate of Bouncy Castle's general {@code Blake2bDigest} (one nonce at a time, N threads) as the baseline. The two
 * take turns in ten slices, and {@code paired_ratio} is the median of the slices' kernel/baseline ratios: on a
 * shared machine the rates of one run move by tens of percent, the paired ratio much less.
 *
 * <p>{@code KernelBench --kernel K --threads N --seconds S --runs R} starts R child JVMs with this JVM's
 * options (so {@code -XX:UseAVX=2} and the like carry over), one measurement each, and prints one JSON line
 * with the medians. {@code --child} is one measurement; {@code --check} fails when this JVM cannot run the kernel.
 */
public final class KernelBench {
    /** Practically unreachable (only 2^64 - 1 reaches it), so the search runs until its deadline. */
    private static final Difficulty UNREACHABLE = new Difficulty(-1L);

    private static final Root ROOT = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2");

    private KernelBench() {}

    public static void main(String[] args) throws Exception {
        String kernel = option(args, "--kernel", "auto");
        int threads = Integer.parseInt(option(args, "--threads", "1"));
        double seconds = Double.parseDouble(option(args, "--seconds", "5"));
        int runs = Integer.parseInt(option(args, "--runs", "3"));
        if (Arrays.asList(args).contains("--check")) { // exits 1 when this JVM cannot run the kernel
            KernelSelector.select(KernelChoice.parse(kernel));
            return;
        }
        if (Arrays.asList(args).contains("--child")) {
            Measurement m = measure(KernelChoice.parse(kernel), threads, seconds);
            System.out.printf(
                    Locale.ROOT,
                    "RESULT %s %d %d %.3f %.3f %.3f %.3f %.3f%n",
                    m.kernel(),
                    m.lanes(),
                    m.states(),
                    m.mhs(),
                    m.baselineMhs(),
                    m.cores(),
                    m.baselineCores(),
                    m.pairedRatio());
            return;
        }
        List<String> jvmOptions = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> !a.startsWith("-Djava.class.path"))
                .toList();
        double[] mhs = new double[runs];
        double[] baseline = new double[runs];
        double[] cores = new double[runs];
        double[] baselineCores = new double[runs];
        double[] pairedRatios = new double[runs];
        String[] shape = null;
        for (int r = 0; r < runs; r++) {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(jvmOptions);
            command.addAll(List.of(
                    "-cp",
                    System.getProperty("java.class.path"),
                    KernelBench.class.getName(),
                    "--child",
                    "--kernel",
                    kernel,
                    "--threads",
                    Integer.toString(threads),
                    "--seconds",
                    Double.toString(seconds)));
            Process child =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (child.waitFor() != 0) throw new IllegalStateException("benchmark JVM failed:\n" + out);
            String line = out.lines()
                    .filter(l -> l.startsWith("RESULT "))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no result from the benchmark JVM:\n" + out));
            String[] f = line.split(" ");
            shape = f;
            mhs[r] = Double.parseDouble(f[4]);
            baseline[r] = Double.parseDouble(f[5]);
            cores[r] = Double.parseDouble(f[6]);
            baselineCores[r] = Double.parseDouble(f[7]);
            pairedRatios[r] = Double.parseDouble(f[8]);
        }
        double medianMhs = median(mhs);
        double medianBaseline = median(baseline);
        System.out.println(String.format(
                Locale.ROOT,
                "{\"kernel\":\"%s\",\"lanes\":%s,\"states\":%s,\"threads\":%d,\"mhs\":%.2f,\"baseline_mhs\":%.2f,"
                        + "\"ratio\":%.1f,\"paired_ratio\":%.2f,\"cores_used\":%.2f,\"baseline_cores_used\":%.2f,\"runs\":%d,\"seconds\":%s,\"mhs_runs\":%s,\"baseline_runs\":%s,\"paired_ratio_runs\":%s,"
                        + "\"jvm_options\":\"%s\",\"java\":\"%s\",\"cpu\":\"%s\",\"load_average\":%.2f}",
                shape[1],
                shape[2],
                shape[3],
                threads,
                medianMhs,
                medianBaseline,
                medianMhs / medianBaseline,
                median(pairedRatios),
                median(cores),
                median(baselineCores),
                runs,
                seconds,
                json(mhs),
                json(baseline),
                json(pairedRatios),
                String.join(" ", jvmOptions).replace("\"", "'"),
                System.getProperty("java.vm.version"),
                cpuModel(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
    }

    /**
     * One measurement in one JVM: the kernel's rate and Bouncy Castle's, both on the same threads, and the
     * CPU cores the process really got meanwhile (process CPU time over wall time: on a shared machine
     * 2 threads may get less than 2 cores).
     */
    record Measurement(
            String kernel,
            int lanes,
            int states,
            double mhs,
            double baselineMhs,
            double cores,
            double baselineCores,
            double pairedRatio) {}

    /** Turns of kernel and baseline per measurement. */
    private static final int SLICES = 10;

    static Measurement measure(KernelChoice choice, int threads, double seconds) throws InterruptedException {
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
        return new Measurement(
                kernel.name(),
                kernel.lanes(),
                kernel.states(),
                kernelHashes * 1e3 / kernelNanos,
                baselineHashes * 1e3 / baselineNanos,
                (double) kernelCpu / kernelNanos,
                (double) baselineCpu / baselineNanos,
                median(pairs));
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

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static String json(double[] values) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < values.length; i++)
            s.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.2f", values[i]));
        return s.append(']').toString();
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .orElse("unknown");
        } catch (IOException e) {
            return System.getProperty("os.arch");
        }
    }

    private static String option(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) if (args[i].equals(name)) return args[i + 1];
        return fallback;
    }
}
