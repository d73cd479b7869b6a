package dev.nanowork.kernel.vector;

import dev.nanowork.kernel.WorkKernel;
import jdk.incubator.vector.LongVector;

/**
 * The door to the Vector API kernels: the only class outside this package's generated kernels that names
 * {@code jdk.incubator.vector}. Call it only after checking that the module is readable (see
 * {@code KernelSelector}); loading it without the module fails with {@code NoClassDefFoundError}.
 */
public final class VectorKernels {
    private VectorKernels() {}

    /** The widest vector (bits) the JIT compiles on this JVM: {@code LongVector.SPECIES_PREFERRED}. */
    public static int preferredBits() {
        return LongVector.SPECIES_PREFERRED.vectorBitSize();
    }

    /**
     * The kernel for {@code bits}-bit vectors (512, 256 or 128).
     *
     * @throws IllegalArgumentException for a width with no kernel
     */
    public static WorkKernel create(int bits) {
        return switch (bits) {
            case 512 -> new Vector512();
            case 256 -> new Vector256();
            case 128 -> new Vector128();
            default -> throw new IllegalArgumentException("no vector kernel for " + bits + " bits");
        };
    }
}
