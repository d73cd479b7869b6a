package dev.nanowork.kernel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Chooses the kernel once, at start-up, from the {@code kernel} setting and what this JVM can run. The hot
 * loop never asks again.
 *
 * <p>The ladder, as Lucene's vectorization provider does it: the vector kernels need the
 * {@code jdk.incubator.vector} module to be readable, C2 to be on (under C1 alone they run ~400x slower),
 * and a width the JIT compiles ({@code LongVector.SPECIES_PREFERRED}; a wider species runs without error
 * at ~1 MH/s). Of the variants of the catalogue ({@link KernelVariant}) that pass, {@code auto} races those the
 * catalogue marks for the widest width ({@link KernelRace}) and keeps the fastest: which wins differs by CPU. Without
 * any vector kernel it takes {@code scalar} with one WARN line that names the fix. An explicit choice that fails
 * stops start-up with the list of what can run.
 */
public final class KernelSelector {
    private static final Logger LOG = Logger.getLogger(KernelSelector.class.getName());

    private KernelSelector() {}

    /**
     * The kernel chosen and why.
     *
     * @param reason one phrase, e.g. {@code auto: fastest measured}
     * @param c2On whether the optimising compiler is on
     * @param warning the WARN line when {@code auto} had to fall back to scalar, naming the fix
     * @param measured MH/s per thread of every kernel timed, the chosen one first (empty when none was timed)
     * @param timedMillis how long timing them took (0 when none was timed)
     */
    public record Selection(
            WorkKernel kernel,
            String reason,
            boolean c2On,
            Optional<String> warning,
            Map<String, Double> measured,
            long timedMillis) {
        /** A kernel chosen without timing any. */
        Selection(WorkKernel kernel, String reason, boolean c2On, Optional<String> warning) {
            this(kernel, reason, c2On, warning, Map.of(), 0);
        }

        /** Whether the race timed {@code name} running compiled code (a vector kernel below the floor ran interpreted). */
        boolean racedCompiled(String name) {
            Double rate = measured.get(name);
            if (rate == null) return false;
            boolean scalar = name.equals(kernel.name())
                    ? kernel.lanes() == 1
                    : KernelVariant.named(name).filter(v -> !v.vector()).isPresent();
            return scalar || rate >= KernelWarmup.COMPILED_FLOOR_MHS;
        }

        /** The kept kernel's raced rate when the race timed its compiled code; empty otherwise. */
        OptionalDouble racedRate() {
            return racedCompiled(kernel.name())
                    ? OptionalDouble.of(measured.get(kernel.name()))
                    : OptionalDouble.empty();
        }

        /** The one start-up line; see {@link SelectionLines#startup}. */
        public String startupLine(int threads) {
            return SelectionLines.startup(this, threads);
        }

        /** Logs {@link #startupLine} at INFO and returns it. */
        public String logStartup(int threads) {
            String line = startupLine(threads);
            LOG.info(line);
            return line;
        }

        /**
         * Gets the kernel to full speed; see {@link KernelWarmup}. A kernel the race timed at compiled speed needs a
         * shorter second phase. Logs a WARN line when it did not get there; returns what it reached against the raced
         * rate.
         */
        public PrimedRate prime() {
            KernelWarmup.Primed primed = primed();
            if (!atFullSpeed(primed)) LOG.warning(primedLine(primed));
            return primedRate(primed);
        }

        /** As {@link #prime()}, with whether priming ended steady; logs nothing. */
        public KernelWarmup.Primed primed() {
            return KernelWarmup.primed(kernel, racedRate());
        }

        /** {@code primed} against the compiled rate the race timed the kernel at (none when it timed none). */
        public PrimedRate primedRate(KernelWarmup.Primed primed) {
            return PrimedRate.of(racedRate(), primed);
        }

        /** Whether priming ended at the kernel's compiled speed; see {@link PrimedRate#fullSpeed}. */
        public boolean atFullSpeed(KernelWarmup.Primed primed) {
            return primedRate(primed).fullSpeed();
        }

        /** The primed rate against the raced one; see {@link SelectionLines#primed}. */
        public String primedLine(KernelWarmup.Primed primed) {
            return SelectionLines.primed(this, primed);
        }
    }

    /** How the selector times a set of kernels: MH/s per thread by kernel name. */
    @FunctionalInterface
    public interface Timer {
        Map<String, Double> rates(List<WorkKernel> kernels);
    }

    /**
     * Selects the kernel for {@code choice} on this JVM, timing candidates where the choice asks for it, and
     * logging the WARN line if {@code auto} fell back.
     *
     * @throws IllegalStateException when {@code choice} names a kernel this JVM cannot run; the message lists
     *     the ones it can
     */
    public static Selection select(KernelChoice choice) {
        return select(choice, JvmProbe.current());
    }

    /** As {@link #select(KernelChoice)}, with the probe the caller made once at start-up. */
    public static Selection select(KernelChoice choice, JvmProbe probe) {
        Selection selection = select(choice, probe, KernelVariant::create, KernelRace::race);
        selection.warning().ifPresent(w -> LOG.log(Level.WARNING, w));
        return selection;
    }

    /**
     * The decision itself, for a given probe; {@code factory} makes a kernel (called only for variants the probe says
     * can run) and {@code timer} times candidates.
     */
    public static Selection select(
            KernelChoice choice, JvmProbe probe, Function<KernelVariant, WorkKernel> factory, Timer timer) {
        List<KernelVariant> runnable = runnable(probe);
        String name = choice.configName();
        if (choice.equals(KernelChoice.AUTO)) {
            if (!runnable.get(0).vector()) {
                String why = whyNoVector(probe);
                return new Selection(
                        factory.apply(KernelVariant.SCALAR),
                        "auto: " + why,
                        probe.c2On(),
                        Optional.of("work kernel: scalar, about 10x slower than a vector kernel, because " + why));
            }
            return fastest(candidates(runnable), "auto: fastest measured", probe, factory, timer);
        }
        if (choice.isWidth()) {
            List<KernelVariant> variants =
                    runnable.stream().filter(v -> v.bits() == choice.bits()).toList();
            if (!variants.isEmpty())
                return fastest(variants, name + ": the fastest of its variants, measured", probe, factory, timer);
        } else if (choice.variant().filter(runnable::contains).isPresent()) {
            return new Selection(factory.apply(choice.variant().get()), "configured", probe.c2On(), Optional.empty());
        }
        String why = probe.vectorModuleReadable() && probe.c2On()
                ? "the JIT compiles vectors of at most " + probe.preferredBits()
                        + " bits here (LongVector.SPECIES_PREFERRED; CPU features or -XX:MaxVectorSize)"
                : whyNoVector(probe);
        throw new IllegalStateException("kernel " + name + " cannot run on this JVM: " + why + "; it can run: "
                + String.join(
                        ", ", runnable.stream().map(KernelVariant::wireName).toList()));
    }

    /**
     * What {@code auto} times: the variants the catalogue races where the widest runnable width is the widest
     * ({@code KernelVariant.racedWhereWidest}; the generator's shape list says which and why). Narrower widths are not
     * timed: every kernel timed costs C2 compile time at start-up (0.3-0.6 s of one vCPU each).
     */
    static List<KernelVariant> candidates(List<KernelVariant> runnable) {
        int widest = runnable.get(0).bits();
        return runnable.stream().filter(v -> v.racedWhereWidest(widest)).toList();
    }

    /**
     * The fastest of {@code variants} as {@code timer} times them. A vector kernel timed below the compiled floor ran
     * interpreted (C2 had not compiled it by the race's end): its rate says nothing about its compiled speed, so it
     * does not win while another ran compiled; when none did, the first of the catalogue's order is kept.
     */
    private static Selection fastest(
            List<KernelVariant> variants,
            String reason,
            JvmProbe probe,
            Function<KernelVariant, WorkKernel> factory,
            Timer timer) {
        List<WorkKernel> kernels = variants.stream().map(factory).toList();
        long began = System.nanoTime();
        Map<String, Double> rates = timer.rates(kernels);
        long timedMillis = (System.nanoTime() - began) / 1_000_000;
        WorkKernel best = kernels.get(0);
        for (WorkKernel k : kernels) if (rank(k, rates) > rank(best, rates)) best = k;
        Map<String, Double> measured = new LinkedHashMap<>();
        measured.put(best.name(), rates.get(best.name()));
        for (WorkKernel k : kernels) measured.putIfAbsent(k.name(), rates.get(k.name()));
        return new Selection(best, reason, probe.c2On(), Optional.empty(), measured, timedMillis);
    }

    /** A kernel's rate for ranking: 0 where it ran interpreted. */
    private static double rank(WorkKernel kernel, Map<String, Double> rates) {
        double rate = rates.get(kernel.name());
        return KernelWarmup.compiled(kernel, rate) ? rate : 0;
    }

    /** The variants this JVM runs at full speed, in the catalogue's order (widest and two-state first); scalar always. */
    public static List<KernelVariant> runnable(JvmProbe probe) {
        List<KernelVariant> kernels = new ArrayList<>();
        boolean vectors = probe.vectorModuleReadable() && probe.c2On();
        for (KernelVariant v : KernelVariant.values())
            if (!v.vector() || (vectors && v.bits() <= probe.preferredBits())) kernels.add(v);
        return kernels;
    }

    /** Why no vector kernel can run, with the fix. */
    private static String whyNoVector(JvmProbe probe) {
        if (!probe.vectorModuleReadable()) {
            return JvmProbe.VECTOR_MODULE + " is not readable: add --add-modules=" + JvmProbe.VECTOR_MODULE
                    + " to the JVM options (on AWS Lambda in JAVA_TOOL_OPTIONS, with the '=')";
        }
        if (!probe.c2On()) {
            return probe.c2Detail() + ": add -XX:TieredStopAtLevel=4 to the JVM options (on AWS Lambda in"
                    + " JAVA_TOOL_OPTIONS; its default stops at C1 unless SnapStart or provisioned concurrency is on)";
        }
        return "the JIT compiles no 128-bit vectors here (LongVector.SPECIES_PREFERRED is " + probe.preferredBits()
                + " bits)";
    }
}
