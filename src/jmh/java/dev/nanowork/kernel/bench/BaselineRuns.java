package dev.nanowork.kernel.bench;

import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.kernel.KernelChoice;
import dev.nanowork.kernel.KernelSelector;
import dev.nanowork.kernel.KernelVariant;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code KernelRate bench}, what {@code infra/bench.sh} runs: the search rate of a kernel on N threads, and in the
 * same process the rate of Bouncy Castle's general {@code Blake2bDigest} (one nonce at a time, N threads) as the
 * baseline. The two take turns in ten slices, and {@code paired_ratio} is the median of the slices' kernel/baseline
 * ratios: on a shared machine the rates of one run move by tens of percent, the paired ratio much less.
 *
 * <p>{@code KernelRate bench [--kernel K|all] [--threads "1 2"] [--seconds S] [--runs R]}: for each kernel ({@code
 * all}: every variant of the catalogue this JVM runs) and each thread count, R child JVMs with this JVM's options (so
 * {@code -XX:UseAVX=2} and the like carry over), one measurement each, and one JSON line with the medians.
 */
final class BaselineRuns {
    private BaselineRuns() {}

    static void run(String[] args) throws IOException, InterruptedException {
        String kernel = option(args, "--kernel", "all");
        double seconds = Double.parseDouble(option(args, "--seconds", "5"));
        if (Arrays.asList(args).contains("--child")) {
            child(kernel, Integer.parseInt(option(args, "--threads", "1")), seconds);
            return;
        }
        int runs = Integer.parseInt(option(args, "--runs", "3"));
        List<String> kernels = kernel.equals("all")
                ? KernelSelector.runnable(JvmProbe.current()).stream()
                        .map(KernelVariant::wireName)
                        .toList()
                : List.of(kernel);
        System.err.printf(
                Locale.ROOT,
                "# %s load average: %.2f kernels: %s threads: %s%n",
                Instant.now(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                String.join(" ", kernels),
                option(args, "--threads", "1"));
        for (String k : kernels)
            for (String threads : option(args, "--threads", "1").strip().split("\\s+"))
                System.out.println(runs(k, Integer.parseInt(threads), seconds, runs));
    }

    private static void child(String kernel, int threads, double seconds) throws InterruptedException {
        PairedMeasurement m = PairedMeasurement.measure(KernelChoice.parse(kernel), threads, seconds);
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
    }

    /** {@code runs} child JVMs measuring {@code kernel} on {@code threads}; the JSON line of their medians. */
    private static String runs(String kernel, int threads, double seconds, int runs)
            throws IOException, InterruptedException {
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
                    KernelRate.class.getName(),
                    "bench",
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
        return String.format(
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
                JvmProbe.cpuModel(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    static double median(double[] values) {
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

    private static String option(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) if (args[i].equals(name)) return args[i + 1];
        return fallback;
    }
}
