package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.nanowork.kernel.vector.VectorKernels;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every kernel the code base has, for parameterised tests. A vector kernel wider than what this JVM's JIT
 * compiles is skipped with the reason (it would only run the Vector API's slow Java fallback); the surefire
 * executions with {@code -XX:MaxVectorSize=32} and {@code =16} narrow the JVM so that 256- and 128-bit
 * kernels are the widest there.
 */
public record KernelCase(String label, int bits) {
    public static Stream<KernelCase> all() {
        return KernelChoice.VARIANTS.stream().map(name -> new KernelCase(name, KernelChoice.bits(name)));
    }

    public static List<KernelCase> list() {
        return all().toList();
    }

    /** The kernel, or a skipped test (JUnit assumption) naming why this JVM cannot run it. */
    public WorkKernel kernelOrSkip() {
        if (bits == 0) return KernelSelector.create(label);
        int preferred = VectorKernels.preferredBits();
        assumeTrue(
                bits <= preferred,
                () -> label + " skipped: this JVM compiles vectors of at most " + preferred
                        + " bits (LongVector.SPECIES_PREFERRED; CPU or -XX:MaxVectorSize)");
        return KernelSelector.create(label);
    }

    @Override
    public String toString() {
        return label;
    }
}
