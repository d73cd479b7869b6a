package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.nanowork.kernel.vector.VectorKernels;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every kernel the code base has, for parameterised tests. A vector kernel wider than what this JVM's JIT
 * compiles is skipped with the reason (it would only run the Vector API's slow Java fallback); the surefire
 * executions with {@code -XX:MaxVectorSize=32} and {@code =16} narrow the JVM so that 256- and 128-bit
 * kernels are the widest there. On an emulated Graviton core ({@link EmulatedCore}) a kernel is handed out once C2
 * has compiled it.
 */
public record KernelCase(KernelVariant variant) {
    public static Stream<KernelCase> all() {
        return Stream.of(KernelVariant.values()).map(KernelCase::new);
    }

    public String label() {
        return variant.wireName();
    }

    public int bits() {
        return variant.bits();
    }

    public static List<KernelCase> list() {
        return all().toList();
    }

    /**
     * The kernel, or a skipped test (JUnit assumption) naming why this JVM does not run it compiled: a vector
     * kernel runs only where its width is the widest the JIT compiles. Narrower ones run in the surefire
     * executions narrowed to their width, so that each JVM's profiles of the Vector API's shared methods see one
     * vector class: with two, C2 leaves calls in a kernel's one big method virtual and it runs at 0.1-0.5 MH/s
     * (round 5, docs/kernels.md).
     */
    public WorkKernel kernelOrSkip() {
        if (!variant.vector()) return EmulatedCore.compiled(variant.create());
        int preferred = VectorKernels.preferredBits();
        int bits = variant.bits();
        String label = label();
        assumeTrue(
                bits <= preferred,
                () -> label + " skipped: this JVM compiles vectors of at most " + preferred
                        + " bits (LongVector.SPECIES_PREFERRED; CPU or -XX:MaxVectorSize)");
        assumeTrue(
                bits == preferred,
                () -> label + " skipped here: it runs compiled in the surefire execution narrowed to " + bits
                        + " bits (-XX:MaxVectorSize), where it is the widest");
        return EmulatedCore.compiled(variant.create());
    }

    @Override
    public String toString() {
        return label();
    }
}
