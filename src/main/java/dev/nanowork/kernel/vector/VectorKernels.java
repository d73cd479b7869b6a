package dev.nanowork.kernel.vector;

import dev.nanowork.kernel.WorkKernel;
import java.util.logging.Level;
import java.util.logging.Logger;
import jdk.incubator.vector.LongVector;

/**
 * The door to the Vector API kernels: the only class outside this package's generated kernels that names
 * {@code jdk.incubator.vector}. Call it only after checking that the module is readable (see
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
     * The kernel named {@code name}, e.g. {@code vector512x2}. Before the first one it keeps C1 away from the
     * kernels' round methods ({@link C1Exclusion}), logging a WARN line if it could not.
     *
     * @throws IllegalArgumentException for a name with no vector kernel
     */
    public static WorkKernel create(String name) {
        C1Exclusion.apply().ifPresent(why -> LOG.log(Level.WARNING, why));
        return switch (name) {
            case "vector512x2" -> new Vector512x2();
            case "vector512x1" -> new Vector512x1();
            case "vector256x2" -> new Vector256x2();
            case "vector256x2perm" -> new Vector256x2Perm();
            case "vector256x1" -> new Vector256x1();
            case "vector256x2nz" -> new Vector256x2Nz();
            case "vector256x1nz" -> new Vector256x1Nz();
            case "vector128x1shuf" -> new Vector128x1Shuf();
            case "vector128x2" -> new Vector128x2();
            case "vector128x1" -> new Vector128x1();
            default -> throw new IllegalArgumentException("no vector kernel named " + name);
        };
    }
}
