package dev.nanowork.kernel.vector;

import dev.nanowork.kernel.WorkKernel;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
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
     * two-state loop ({@link C1Exclusion}), logging a WARN line if it could not.
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
            case "vector128x2" -> new Vector128x2();
            case "vector128x1" -> new Vector128x1();
            default -> throw new IllegalArgumentException("no vector kernel named " + name);
        };
    }

    /**
     * A fresh copy of the vector kernel {@code kernel}: its class defined again from the same bytes, as a hidden
     * class, so that the JIT compiles its methods anew. For a kernel whose C2 code came out slow: in about one JVM
     * in ten, C2 compiled a loop kernel's one method with some of the Vector API's calls left virtual, and it ran
     * at 1 MH/s instead of 50-70 for good (docs/kernels.md, round 5). The copy is compiled with the profiles the
     * slow runs gathered. The C1 directive matches the copy's name too.
     *
     * @throws IllegalStateException when the class cannot be defined again (its bytes unreadable)
     */
    public static WorkKernel freshCopy(WorkKernel kernel) {
        String name = kernel.getClass().getName();
        int hidden = name.indexOf('/'); // a copy's name is its original's plus "/0x..."
        String original = hidden < 0 ? name : name.substring(0, hidden);
        try (InputStream in = VectorKernels.class.getResourceAsStream("/" + original.replace('.', '/') + ".class")) {
            if (in == null) throw new IllegalStateException("no class file for " + original);
            MethodHandles.Lookup copy = MethodHandles.lookup().defineHiddenClass(in.readAllBytes(), true);
            return (WorkKernel) copy.findConstructor(copy.lookupClass(), MethodType.methodType(void.class))
                    .invoke();
        } catch (IOException | ReflectiveOperationException e) {
            throw new IllegalStateException("cannot define " + original + " again", e);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) { // what a constructor's MethodHandle declares
            throw new IllegalStateException("cannot construct a copy of " + original, e);
        }
    }
}
