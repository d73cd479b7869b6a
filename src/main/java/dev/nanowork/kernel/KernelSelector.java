package dev.nanowork.kernel;

import dev.nanowork.kernel.vector.VectorKernels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Chooses the kernel once, at start-up, from the {@code kernel} setting and what this JVM can run. The hot
 * loop never asks again.
 *
 * <p>The ladder, as Lucene's vectorization provider does it: the vector kernels need the
 * {@code jdk.incubator.vector} module to be readable, C2 to be on (under C1 alone they run ~400x slower),
 * and a width the JIT compiles ({@code LongVector.SPECIES_PREFERRED}; a wider species runs without error
 * at ~1 MH/s). Of the kernels that pass, {@code auto} times the candidates ({@link #candidates}) in turns
 * after warm-up and keeps the fastest: which variant wins differs by CPU (one or two interleaved states). Without any vector kernel it
 * takes {@code scalar} with one WARN line that names the fix. An explicit choice that fails stops start-up
 * with the list of what can run.
 */
public final class KernelSelector {
    private static final Logger LOG = Logger.getLogger(KernelSelector.class.getName());

    /** What {@code auto} times where the widest vector is 128 bits; see {@link #candidates}. */
    private static final List<String> NEON_CANDIDATES = List.of("vector128x1shuf", "scalarx2");

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
        public Selection(WorkKernel kernel, String reason, boolean c2On, Optional<String> warning) {
            this(kernel, reason, c2On, warning, Map.of(), 0);
        }

        public Selection(
                WorkKernel kernel,
                String reason,
                boolean c2On,
                Optional<String> warning,
                Map<String, Double> measured) {
            this(kernel, reason, c2On, warning, measured, 0);
        }

        /**
         * The single start-up line, e.g. {@code work kernel: vector512x2 37.6 MH/s/thread (vector512x1 33.9,
         * vector256x2 31.0), raced 1.6 s, C2 on, 2 threads} when kernels were timed, else
         * {@code work kernel: vector256x1 (4 lanes x 1 state, C2 on, 2 threads)}.
         */
        public String startupLine(int threads) {
            String tail = "C2 " + (c2On ? "on" : "off") + ", " + threads + (threads == 1 ? " thread" : " threads");
            if (measured.isEmpty()) {
                String described = kernel.describe();
                return "work kernel: " + described.substring(0, described.length() - 1) + ", " + tail + ")";
            }
            String others = measured.entrySet().stream()
                    .filter(e -> !e.getKey().equals(kernel.name()))
                    .map(e -> e.getKey() + " " + mhs(e.getValue()))
                    .collect(Collectors.joining(", "));
            return "work kernel: " + kernel.name() + " " + mhs(measured.get(kernel.name())) + " MH/s/thread"
                    + (others.isEmpty() ? "" : " (" + others + ")")
                    + String.format(Locale.ROOT, ", raced %.1f s, ", timedMillis / 1e3) + tail;
        }

        /**
         * Gets the kernel to full speed; see {@link KernelWarmup#prime(WorkKernel)}. A kernel the race timed at
         * compiled speed needs a shorter second phase. Logs a WARN line when it did not get there; returns what it
         * reached against the raced rate.
         */
        public PrimedRate prime() {
            KernelWarmup.Primed primed = primed();
            if (!atFullSpeed(primed)) LOG.warning(primedLine(primed));
            return primedRate(primed);
        }

        /** As {@link #prime()}, with whether priming ended steady; logs nothing. */
        public KernelWarmup.Primed primed() {
            Double raced = measured.get(kernel.name());
            return raced != null && (kernel.lanes() == 1 || raced >= KernelWarmup.COMPILED_FLOOR_MHS)
                    ? KernelWarmup.primed(kernel, 2000, KernelWarmup.RACED_SECOND_PHASE_MILLIS)
                    : KernelWarmup.primed(kernel, 2000, 400);
        }

        /** {@code primed} against the rate the race timed the kernel at (none for a configured kernel). */
        public PrimedRate primedRate(KernelWarmup.Primed primed) {
            Double raced = measured.get(kernel.name());
            return PrimedRate.of(raced == null ? OptionalDouble.empty() : OptionalDouble.of(raced), primed);
        }

        /**
         * Whether priming ended at the kernel's compiled speed: steady, and when the race timed the kernel (C2's
         * code), within 10% of that rate.
         */
        public boolean atFullSpeed(KernelWarmup.Primed primed) {
            return primedRate(primed).fullSpeed();
        }

        /**
         * The primed rate against the compiled one, e.g. {@code work kernel vector512x2 primed at 31.9 MH/s/thread,
         * 0.99x its raced 32.2} or {@code ..., not at full speed: 4.5 MH/s/thread, 0.23x its raced 19.2}.
         */
        public String primedLine(KernelWarmup.Primed primed) {
            Double raced = measured.get(kernel.name());
            String against = raced == null
                    ? ""
                    : String.format(Locale.ROOT, ", %.2fx its raced %s", primed.mhs() / raced, mhs(raced));
            return "work kernel " + kernel.name() + (atFullSpeed(primed) ? " primed at " : " not at full speed: ")
                    + mhs(primed.mhs()) + " MH/s/thread" + against
                    + (primed.steady() ? "" : " (no two rates agreed: C2 may not have compiled it yet)");
        }

        /** Logs {@link #startupLine} at INFO and returns it. */
        public String logStartup(int threads) {
            String line = startupLine(threads);
            LOG.info(line);
            return line;
        }
    }

    private static String mhs(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
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
        Selection selection = select(choice, probe, KernelSelector::create, KernelWarmup::race);
        selection.warning().ifPresent(w -> LOG.log(Level.WARNING, w));
        return selection;
    }

    /** The kernel named {@code name}; vector kernels only after the probe found the module readable. */
    static WorkKernel create(String name) {
        return switch (name) {
            case "scalar" -> new ScalarKernel();
            case "scalarx2" -> new ScalarX2Kernel();
            default -> VectorKernels.create(name);
        };
    }

    /**
     * The decision itself, for a given probe; {@code factory} makes a kernel by name (called only for kernels the
     * probe says can run) and {@code timer} times candidates.
     */
    public static Selection select(
            KernelChoice choice, JvmProbe probe, Function<String, WorkKernel> factory, Timer timer) {
        List<String> runnable = runnable(probe);
        String name = choice.configName();
        if (choice.equals(KernelChoice.AUTO)) {
            if (!runnable.get(0).startsWith("vector")) {
                String why = whyNoVector(probe);
                return new Selection(
                        factory.apply("scalar"),
                        "auto: " + why,
                        probe.c2On(),
                        Optional.of("work kernel: scalar, about 10x slower than a vector kernel, because " + why));
            }
            return fastest(candidates(runnable), "auto: fastest measured", probe, factory, timer);
        }
        if (choice.isWidth()) {
            List<String> variants = runnable.stream()
                    .filter(v -> KernelChoice.bits(v) == choice.bits())
                    .toList();
            if (!variants.isEmpty())
                return fastest(variants, name + ": the fastest of its variants, measured", probe, factory, timer);
        } else if (runnable.contains(name)) {
            return new Selection(factory.apply(name), "configured", probe.c2On(), Optional.empty());
        }
        String why = probe.vectorModuleReadable() && probe.c2On()
                ? "the JIT compiles vectors of at most " + probe.preferredBits()
                        + " bits here (LongVector.SPECIES_PREFERRED; CPU features or -XX:MaxVectorSize)"
                : whyNoVector(probe);
        throw new IllegalStateException(
                "kernel " + name + " cannot run on this JVM: " + why + "; it can run: " + String.join(", ", runnable));
    }

    /**
     * What {@code auto} times: every loop variant of the widest width (three at 256 bits). The {@code nz} variants
     * (rounds in step methods, no zero word) are left to the width choice and to their names: on one vCPU under
     * AVX2-only code C2 had not compiled {@code vector256x2nz} by the end of the race in 5 of 5 start-ups, the race
     * took 5.9-6.4 s with them (JVM up 7.0-7.7 s when primed, near Lambda's 10 s init phase), and at steady state
     * every 256-bit variant was within a few percent of the others in the same JVM (docs/kernels.md, round 8b:
     * the merged race). When the widest is 128 bits
     * (ARM NEON's width, and SVE2's on Graviton4: two lanes, no 64-bit vector rotate) only what can win there:
     * {@code vector128x1shuf} and {@code scalarx2}. C2's aarch64 code for them, on llvm-mca's Neoverse N1 model, is
     * 365 and 460 cycles per hash; vector128x1 533 and vector128x2 588 lose to scalarx2 (docs/kernels.md, round 6).
     * Narrower widths are not timed: every kernel timed costs C2 compile time at start-up (0.3-0.6 s of one vCPU
     * each).
     */
    static List<String> candidates(List<String> runnable) {
        int widest = KernelChoice.bits(runnable.get(0));
        if (widest == 128)
            return NEON_CANDIDATES.stream().filter(runnable::contains).toList();
        List<String> out = new ArrayList<>();
        for (String v : runnable) if (KernelChoice.bits(v) == widest && !v.endsWith("nz")) out.add(v);
        return out;
    }

    private static Selection fastest(
            List<String> names, String reason, JvmProbe probe, Function<String, WorkKernel> factory, Timer timer) {
        List<WorkKernel> kernels = names.stream().map(factory).toList();
        long began = System.nanoTime();
        Map<String, Double> rates = timer.rates(kernels);
        long timedMillis = (System.nanoTime() - began) / 1_000_000;
        WorkKernel best = kernels.get(0);
        for (WorkKernel k : kernels) if (rates.get(k.name()) > rates.get(best.name())) best = k;
        Map<String, Double> measured = new LinkedHashMap<>();
        measured.put(best.name(), rates.get(best.name()));
        for (WorkKernel k : kernels) measured.putIfAbsent(k.name(), rates.get(k.name()));
        return new Selection(best, reason, probe.c2On(), Optional.empty(), measured, timedMillis);
    }

    /** The kernels this JVM runs at full speed, widest and two-state first; scalar always. */
    public static List<String> runnable(JvmProbe probe) {
        List<String> kernels = new ArrayList<>();
        boolean vectors = probe.vectorModuleReadable() && probe.c2On();
        for (String v : KernelChoice.VARIANTS) {
            int bits = KernelChoice.bits(v);
            if (bits == 0 || (vectors && bits <= probe.preferredBits())) kernels.add(v);
        }
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
