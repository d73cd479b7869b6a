package dev.nanowork.kernel;

import dev.nanowork.kernel.vector.VectorKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.ToDoubleFunction;
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
 * at ~1 MH/s). {@code auto} takes the widest vector kernel that passes, else {@code scalar} with one WARN
 * line that names the fix. An explicit choice that fails stops start-up with the list of what can run.
 */
public final class KernelSelector {
    private static final Logger LOG = Logger.getLogger(KernelSelector.class.getName());

    /** Vector widths from the widest; the kernel {@code vector<bits>} exists for each. */
    private static final int[] WIDTHS = {512, 256, 128};

    private KernelSelector() {}

    /**
     * The kernel chosen and why.
     *
     * @param reason one phrase, e.g. {@code auto: widest vector the JIT compiles (256 bits)}
     * @param c2On whether the optimising compiler is on
     * @param warning the WARN line when {@code auto} had to fall back to scalar, naming the fix
     */
    public record Selection(WorkKernel kernel, String reason, boolean c2On, Optional<String> warning) {
        /** The single start-up line, e.g. {@code work kernel: vector512 (8 lanes x 1 state, C2 on, 2 threads)}. */
        public String startupLine(int threads) {
            String described = kernel.describe();
            return "work kernel: " + described.substring(0, described.length() - 1) + ", C2 " + (c2On ? "on" : "off")
                    + ", " + threads + (threads == 1 ? " thread)" : " threads)");
        }

        /** Gets the kernel to full speed; see {@link KernelWarmup#prime(WorkKernel)}. Returns the MH/s reached. */
        public double prime() {
            return KernelWarmup.prime(kernel);
        }

        /** Logs {@link #startupLine} at INFO and returns it. */
        public String logStartup(int threads) {
            String line = startupLine(threads);
            LOG.info(line);
            return line;
        }
    }

    /**
     * Selects the kernel for {@code choice} on this JVM, logging the WARN line if {@code auto} fell back.
     *
     * @throws IllegalStateException when {@code choice} names a kernel this JVM cannot run; the message lists
     *     the ones it can
     */
    public static Selection select(KernelChoice choice) {
        return select(choice, JvmProbe.current());
    }

    /** As {@link #select(KernelChoice)}, with the probe the caller made once at start-up. */
    public static Selection select(KernelChoice choice, JvmProbe probe) {
        Selection selection = measureIfClose(select(choice, probe, VectorKernels::create), choice,
                kernel -> KernelWarmup.prime(kernel, MEASURE_MILLIS));
        selection.warning().ifPresent(w -> LOG.log(Level.WARNING, w));
        return selection;
    }

    /** Time for each candidate's measurement when {@code auto} has to measure (after its warm-up calls). */
    private static final long MEASURE_MILLIS = 700;

    /**
     * When {@code auto} chose {@code vector128}, scalar can be close (two 64-bit lanes; ARM NEON has no
     * 64-bit vector rotate): then both are measured and the faster kept. Wider vectors were not close on any
     * machine measured (vector256 3.5x scalar on AVX2), so they are not measured.
     *
     * @param rate warms a kernel and returns its MH/s on one thread
     */
    static Selection measureIfClose(Selection selection, KernelChoice choice, ToDoubleFunction<WorkKernel> rate) {
        if (choice != KernelChoice.AUTO || !selection.kernel().name().equals("vector128")) return selection;
        WorkKernel scalar = new ScalarKernel();
        double vectorRate = rate.applyAsDouble(selection.kernel());
        double scalarRate = rate.applyAsDouble(scalar);
        String measured = String.format(java.util.Locale.ROOT, "vector128 %.1f MH/s, scalar %.1f MH/s", vectorRate, scalarRate);
        if (vectorRate >= scalarRate) {
            return new Selection(selection.kernel(), "auto: measured " + measured, selection.c2On(), selection.warning());
        }
        return new Selection(scalar, "auto: measured " + measured, selection.c2On(), selection.warning());
    }

    /**
     * The decision itself, for a given probe; {@code vectorKernel} makes {@code vector<bits>} and is called
     * only when the probe says the module is readable.
     */
    public static Selection select(KernelChoice choice, JvmProbe probe, IntFunction<WorkKernel> vectorKernel) {
        List<KernelChoice> runnable = runnable(probe);
        if (choice == KernelChoice.SCALAR) return new Selection(new ScalarKernel(), "configured", probe.c2On(), Optional.empty());
        if (choice == KernelChoice.AUTO) {
            if (runnable.get(0) != KernelChoice.SCALAR) {
                int bits = bits(runnable.get(0));
                return new Selection(vectorKernel.apply(bits), "auto: widest vector the JIT compiles (" + bits + " bits)",
                        probe.c2On(), Optional.empty());
            }
            String why = whyNoVector(probe);
            return new Selection(new ScalarKernel(), "auto: " + why, probe.c2On(),
                    Optional.of("work kernel: scalar, about 10x slower than a vector kernel, because " + why));
        }
        if (runnable.contains(choice)) {
            return new Selection(vectorKernel.apply(bits(choice)), "configured", probe.c2On(), Optional.empty());
        }
        String why = probe.vectorModuleReadable() && probe.c2On()
                ? "the JIT compiles vectors of at most " + probe.preferredBits()
                        + " bits here (LongVector.SPECIES_PREFERRED; CPU features or -XX:MaxVectorSize)"
                : whyNoVector(probe);
        throw new IllegalStateException("kernel " + choice.configName() + " cannot run on this JVM: " + why
                + "; it can run: " + runnable.stream().map(KernelChoice::configName).collect(Collectors.joining(", ")));
    }

    /** The kernels this JVM runs at full speed, fastest first; scalar always. */
    public static List<KernelChoice> runnable(JvmProbe probe) {
        List<KernelChoice> kernels = new ArrayList<>();
        if (probe.vectorModuleReadable() && probe.c2On()) {
            for (int bits : WIDTHS) {
                if (bits <= probe.preferredBits()) kernels.add(KernelChoice.parse("vector" + bits));
            }
        }
        kernels.add(KernelChoice.SCALAR);
        return kernels;
    }

    private static int bits(KernelChoice choice) {
        return Integer.parseInt(choice.configName().substring("vector".length()));
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
