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
import java.util.Locale;

/**
 * The bare search rate of one kernel, without a baseline, for comparing against the C anchors in the same
 * window: {@code KernelRate <kernel> <threads> <seconds>} prints {@code <kernel> <threads> <MH/s>}.
 */
public final class KernelRate {
    private KernelRate() {}

    /** A kernel class written by {@code KernelGenerator --try}. */
    private static WorkKernel tried(String className) {
        try {
            return (WorkKernel) Class.forName(className).getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(className, e);
        }
    }

    public static void main(String[] args) {
        if (args.length == 2 && args[1].equals("startup")) { // KernelRate <choice> startup: what selection costs
            long began = System.nanoTime();
            KernelSelector.Selection selection = KernelSelector.select(KernelChoice.parse(args[0]));
            long selected = System.nanoTime();
            KernelWarmup.Primed primed = selection.primed();
            System.out.printf(
                    Locale.ROOT,
                    "%s | select %.2f s, prime %.2f s (%s), JVM up %.2f s%n",
                    selection.startupLine(1),
                    (selected - began) / 1e9,
                    (System.nanoTime() - selected) / 1e9,
                    selection.primedLine(primed),
                    java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() / 1e3);
            return;
        }
        WorkKernel kernel = args[0].contains(".")
                ? tried(args[0])
                : KernelSelector.select(KernelChoice.parse(args[0])).kernel();
        int threads = Integer.parseInt(args[1]);
        double seconds = Double.parseDouble(args[2]);
        KernelWarmup.prime(kernel);
        Root root = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2");
        try (WorkSearch search = new WorkSearch(kernel, threads)) {
            search.search(root, new Difficulty(-1L), System.nanoTime() + 300_000_000L, new CancelSignal());
            SearchResult r = search.search(
                    root, new Difficulty(-1L), System.nanoTime() + (long) (seconds * 1e9), new CancelSignal());
            System.out.printf(Locale.ROOT, "%s %d %.2f%n", kernel.name(), threads, r.megahashesPerSecond());
        }
    }
}
