package dev.nanowork.kernel.vector;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Keeps C1 away from the loop kernels' one method ({@code rounds}) and from the step methods of the kernels that
 * add no zero message word ({@code vector256x1nz}, ...), so that they go from the interpreter straight to C2.
 *
 * <p>Why: a method with the whole block (round 0, the loop over rounds 1 to 10 with the state vectors in locals,
 * round 11) is past C1's limit at tier 3 ("out of virtual registers in LIR generator") but not at tier 2, which
 * tiered compilation picks when the C2 queue is long (start-up, one vCPU); from tier 2 its next step is tier 3,
 * which C1 refuses, so such a method stayed on tier-2 code for good: 0.3-0.6 MH/s instead of 55-60 in 5 of 8 JVMs
 * (docs/kernels.md, round 2). Excluded from C1, it is interpreted for a few hundred calls and then compiled by
 * C2. The {@code nz} kernels' step methods (three rounds of one state, or a round and a half of two, 3,600-4,000
 * bytecodes each) are the same risk: with eleven half-rounds a method stayed at 0.3 MH/s (round 7). Only those:
 * {@code vector128x2}'s round methods and the scalar kernels stay within C1's limit and keep their quick tier-3
 * code.
 *
 * <p>How: a compiler directive added at run time through the {@code DiagnosticCommand} MBean, as
 * {@code jcmd <pid> Compiler.directives_add <file>} does (it takes a file). No JVM flag is needed.
 */
final class C1Exclusion {
    /** The step kernels whose {@code step} methods are kept from C1, as the generator's shape list says. */
    static final List<String> STEP_KERNELS = VectorVariants.STEP_KERNELS_KEPT_FROM_C1;

    /**
     * The directive: every one-method kernel's method of the package ({@code rounds}, {@link
     * VectorVariants#ONE_METHOD}) and every {@code step} method of {@link #STEP_KERNELS}.
     */
    static final String DIRECTIVE = "[{ match: [\"dev/nanowork/kernel/vector/*." + VectorVariants.ONE_METHOD + "\""
            + STEP_KERNELS.stream()
                    .map(c -> ", \"dev/nanowork/kernel/vector/" + c + ".step*\"")
                    .collect(Collectors.joining())
            + "], c1: { Exclude: true } }]";

    private static boolean added;

    private C1Exclusion() {}

    /** Adds the directive once per JVM (temporary file in {@code java.io.tmpdir}); empty when done, else why not. */
    static synchronized Optional<String> apply() {
        return apply(Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** As {@link #apply()}, writing the directive's file in {@code dir}. */
    static synchronized Optional<String> apply(Path dir) {
        if (added) return Optional.empty();
        Optional<String> failure = add(dir);
        added = failure.isEmpty();
        return failure;
    }

    /** Adds the directive (again); empty when done, else why not. */
    static Optional<String> add(Path dir) {
        try {
            Path file = Files.createTempFile(dir, "nano-work-c1-exclusion", ".json");
            try {
                Files.writeString(file, DIRECTIVE, StandardCharsets.UTF_8);
                ManagementFactory.getPlatformMBeanServer()
                        .invoke(
                                new ObjectName("com.sun.management:type=DiagnosticCommand"),
                                "compilerDirectivesAdd",
                                new Object[] {new String[] {file.toString()}},
                                new String[] {String[].class.getName()});
            } finally {
                Files.deleteIfExists(file);
            }
            return Optional.empty();
        } catch (IOException | JMException | RuntimeException e) {
            return Optional.of("could not keep C1 away from the vector kernels' round methods (" + e
                    + "): a vector kernel may stay on slow tier-2 code");
        }
    }
}
