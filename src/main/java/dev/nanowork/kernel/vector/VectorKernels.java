package dev.nanowork.kernel.vector;

import dev.nanowork.kernel.KernelVariant;
import dev.nanowork.kernel.WorkKernel;
import java.util.logging.Level;
import java.util.logging.Logger;
import jdk.incubator.vector.LongVector;

/**
 * The door to the Vector API kernels: the only class outside this package's generated kernels that names
 * {@code jdk.incubator.vector}, and what {@code KernelVariant.create} calls for a vector variant. Call it only after checking that the module is readable (see
 * {@code KernelSelector}); loading it without the module fails with {@code NoClassDefFoundError}.
 */
public final class VectorKernels {
    private static final Logger LOG = Logger.getLogger(VectorKernels.class.getName());

    private VectorKernels() {}

    /** The widest vector (bits) the JIT compiles on this JVM: {@code LongVector.SPECIES_PREFERRED}. */
    public static int preferredBits() {
        return LongVector.SPECIES_PREFERRED.vectorBitSize();
    }

    /**
     * A new kernel of {@code variant}, a vector one. Before the first it keeps C1 away from the kernels' round
     * methods ({@link C1Exclusion}), logging a WARN line if it could not.
     *
     * @throws IllegalArgumentException for a scalar variant
     */
    public static WorkKernel create(KernelVariant variant) {
        C1Exclusion.apply().ifPresent(why -> LOG.log(Level.WARNING, why));
        return VectorVariants.create(variant);
    }
}
