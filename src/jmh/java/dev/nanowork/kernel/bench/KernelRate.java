package dev.nanowork.kernel.bench;

import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.kernel.KernelChoice;
import dev.nanowork.kernel.KernelSelector;
import dev.nanowork.kernel.KernelVariant;
import dev.nanowork.kernel.KernelWarmup;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The kernels' benchmark harness beside JMH ({@code KernelBenchmark}), one command line for every script that times a
 * kernel:
 *
 * <ul>
 *   <li>{@code KernelRate <kernel> <threads> <seconds>} prints {@code <kernel> <threads> <MH/s>}: the bare search rate,
 *       for comparing against the C anchors in the same window ({@code infra/model-check.sh}, {@code
 *       infra/kernel-path.sh}); {@code <kernel>} is a configuration value or the class name of a {@code
 *       KernelGenerator --try} kernel.
 *   <li>{@code KernelRate <choice> startup [judge]}: what selection and priming cost at start-up ({@code
 *       infra/auto-startups.sh}).
 *   <li>{@code KernelRate alternate <seconds> <kernel|class>...}: the kernels in one JVM, taking turns in slices of
 *       0.1 s for about {@code seconds} in all; each one's median rate and, slice by slice, its ratio to the first's
 *       ({@code infra/split-loops.sh}). Within one JVM a difference of 1-2% shows that runs in JVMs of their own,
 *       whose rates move by up to 15% from JVM to JVM on a shared host, do not; each JVM places the code its own
 *       way, so take several JVMs and both orders (round 15: 0.97-0.98 in four, 1.02 in calls of 2^14).
 *   <li>{@code KernelRate bench ...}: JSON lines of rates against Bouncy Castle in the same JVMs ({@link
 *       BaselineRuns}, {@code infra/bench.sh}).
 *   <li>{@code KernelRate list}: the variants of the catalogue this JVM runs at full speed.
 * </ul>
 */
public final class KernelRate {
    private KernelRate() {}

    /** A kernel class written by {@code KernelGenerator --try}. */
    private static WorkKernel tried(String className) {
        try {
            return Class.forName(className)
                    .asSubclass(WorkKernel.class)
                    .getConstructor()
                    .newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(className, e);
        }
    }

    /** The root every timing here hashes. */
    private static final Root ROOT = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2");

    /** One search of about {@code seconds} on one thread, MH/s. */
    private static double rate(WorkSearch search, double seconds) {
        SearchResult r = search.search(
                ROOT, new Difficulty(-1L), System.nanoTime() + (long) (seconds * 1e9), new CancelSignal());
        return r.megahashesPerSecond();
    }

    /**
     * As {@link #rate(WorkSearch, double)}, per second the process had the CPU when that is less than the wall time:
     * on a shared machine another process on the same vCPU slows the wall-clock rate, not the kernel.
     */
    private static double cpuRate(WorkSearch search, double seconds) {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu = os.getProcessCpuTime();
        SearchResult r = search.search(
                ROOT, new Difficulty(-1L), System.nanoTime() + (long) (seconds * 1e9), new CancelSignal());
        long used = Math.max(1, Math.min(r.elapsedNanos(), os.getProcessCpuTime() - cpu));
        return r.attempts() * 1e3 / used;
    }

    /**
     * The judge of {@code auto}'s choice in the JVM that made it (issue 22): after priming, every kernel the race
     * timed runs through the request path ({@code WorkSearch}, one thread) in {@code rounds} rounds of {@code
     * seconds} each, the order turning every round ({@link #cpuRate}); the median of each, MH/s by name, the kept
     * kernel first.
     */
    private static Map<String, Double> judge(KernelSelector.Selection selection, int rounds, double seconds) {
        List<WorkKernel> kernels = new ArrayList<>();
        for (String name : selection.measured().keySet())
            kernels.add(
                    name.equals(selection.kernel().name())
                            ? selection.kernel()
                            : KernelSelector.select(KernelChoice.parse(name)).kernel());
        Map<String, List<Double>> rates = new LinkedHashMap<>();
        List<WorkSearch> searches = new ArrayList<>();
        for (WorkKernel k : kernels) {
            rates.put(k.name(), new ArrayList<>());
            searches.add(new WorkSearch(k, 1));
        }
        try {
            for (WorkSearch s : searches) rate(s, 0.2); // a search of the request path's own, off the record
            for (int round = 0; round < rounds; round++) {
                for (int j = 0; j < searches.size(); j++) {
                    WorkSearch s = searches.get((round + j) % searches.size());
                    rates.get(s.kernel().name()).add(cpuRate(s, seconds));
                }
            }
        } finally {
            searches.forEach(WorkSearch::close);
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        rates.forEach((name, list) -> {
            List<Double> sorted = list.stream().sorted().toList();
            medians.put(name, sorted.get(sorted.size() / 2));
        });
        return medians;
    }

    /**
     * {@code kernels} on this thread in turns of 0.1 s each for about {@code seconds}, the order turning every round,
     * each turn's rate per second of this thread's own CPU time (the process's CPU time ticks in 10 ms, a tenth of a
     * turn), in calls of the request path's batch ({@code WorkSearch.BATCH}) straight to the kernel, so that the call
     * site stays the kernels' own (through {@code WorkSearch} a third kernel would make it megamorphic); prints each
     * kernel's median and the median of its per-turn ratio to the first kernel's, with the quartiles.
     */
    private static void alternate(List<WorkKernel> kernels, double seconds) {
        int n = kernels.size();
        int rounds = Math.max(3, (int) (seconds / (0.1 * n)));
        double[][] rates = new double[n][rounds];
        List<WorkKernel.RootSearch> searches = new ArrayList<>();
        for (WorkKernel k : kernels) {
            KernelWarmup.prime(k);
            searches.add(k.forRoot(ROOT));
        }
        var threads = ManagementFactory.getThreadMXBean();
        long nonce = 0, sink = 0;
        for (int round = 0; round < rounds; round++) {
            for (int j = 0; j < n; j++) {
                int i = (round + j) % n;
                long wall = System.nanoTime(), cpu = threads.getCurrentThreadCpuTime(), hashes = 0;
                while (System.nanoTime() - wall < 100_000_000L) {
                    sink += searches.get(i).search(nonce, WorkSearch.BATCH, -1L);
                    nonce += WorkSearch.BATCH;
                    hashes += WorkSearch.BATCH;
                }
                rates[i][round] = hashes * 1e3 / Math.max(1, threads.getCurrentThreadCpuTime() - cpu);
            }
        }
        for (int i = 0; i < n; i++) {
            double[] ratio = new double[rounds];
            for (int r = 0; r < rounds; r++) ratio[r] = rates[i][r] / rates[0][r];
            double[] rate = rates[i].clone();
            Arrays.sort(rate);
            Arrays.sort(ratio);
            System.out.printf(
                    Locale.ROOT,
                    "%s median %.2f MH/s (%d turns of 0.1 s); / %s per turn: median %.3f, quartiles %.3f-%.3f%s%n",
                    kernels.get(i).name(),
                    rate[rounds / 2],
                    rounds,
                    kernels.get(0).name(),
                    ratio[rounds / 2],
                    ratio[rounds / 4],
                    ratio[3 * rounds / 4],
                    sink == 42 ? " " : "");
        }
    }

    /** A configured kernel by its configuration value, or a {@code KernelGenerator --try} kernel by class name. */
    private static WorkKernel kernel(String name) {
        return name.contains(".")
                ? tried(name)
                : KernelSelector.select(KernelChoice.parse(name)).kernel();
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || args[0].equals("--help")) {
            System.out.println("KernelRate <kernel|class> <threads> <seconds> | <choice> startup [judge] | alternate"
                    + " <seconds> <kernel|class>... | bench [--kernel K|all] [--threads \"1 2\"] [--seconds S] [--runs R]"
                    + " | list");
            return;
        }
        if (args[0].equals("alternate")) {
            List<WorkKernel> kernels = new ArrayList<>();
            for (int i = 2; i < args.length; i++) kernels.add(kernel(args[i]));
            alternate(kernels, Double.parseDouble(args[1]));
            return;
        }
        if (args[0].equals("list")) {
            for (KernelVariant v : KernelSelector.runnable(JvmProbe.current())) System.out.println(v.wireName());
            return;
        }
        if (args[0].equals("bench")) {
            BaselineRuns.run(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (args.length >= 2
                && args[1].equals("startup")) { // KernelRate <choice> startup [judge]: what selection costs
            long began = System.nanoTime();
            KernelSelector.Selection selection = KernelSelector.select(KernelChoice.parse(args[0]));
            long selected = System.nanoTime();
            KernelWarmup.Primed primed = selection.primed();
            long primedAt = System.nanoTime();
            double up = ManagementFactory.getRuntimeMXBean().getUptime() / 1e3;
            String judged = "";
            if (args.length > 2
                    && args[2].equals("judge")
                    && selection.measured().size() > 1) {
                Map<String, Double> steady = judge(selection, 5, 0.3);
                double best = steady.values().stream()
                        .mapToDouble(Double::doubleValue)
                        .max()
                        .orElseThrow();
                double kept = steady.get(selection.kernel().name());
                judged = String.format(
                        Locale.ROOT,
                        " | same JVM steady: %s; kept %.2fx the fastest, primed %.2fx its steady",
                        steady.entrySet().stream()
                                .map(e -> String.format(Locale.ROOT, "%s %.1f", e.getKey(), e.getValue()))
                                .collect(Collectors.joining(", ")),
                        kept / best,
                        primed.mhs() / kept);
            }
            System.out.printf(
                    Locale.ROOT,
                    "%s | select %.2f s, prime %.2f s (%s), JVM up %.2f s%s%n",
                    selection.startupLine(1),
                    (selected - began) / 1e9,
                    (primedAt - selected) / 1e9,
                    selection.primedLine(primed),
                    up,
                    judged);
            return;
        }
        WorkKernel kernel = kernel(args[0]);
        int threads = Integer.parseInt(args[1]);
        double seconds = Double.parseDouble(args[2]);
        KernelWarmup.prime(kernel);
        try (WorkSearch search = new WorkSearch(kernel, threads)) {
            rate(search, 0.3);
            System.out.printf(Locale.ROOT, "%s %d %.2f%n", kernel.name(), threads, rate(search, seconds));
        }
    }
}
