package dev.nanowork.kernel;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import javax.management.ObjectName;

/**
 * Keeps C1 away from the vector kernels' round methods, so that they go from the interpreter straight to C2.
 *
 * <p>Why: a round method is too big for C1 ("out of virtual registers in linear scan"). When the C2 queue is
 * long (start-up, one vCPU, several kernels timed at once) tiered compilation first compiles a hot method at
 * tier 2, and from tier 2 its next step is tier 3, which C1 refuses: the method then stays on tier-2 code for
 * good. Measured here: a two-state kernel at 1.5-5 MH/s instead of 35-55 in one JVM of five, the stuck methods
 * plain in {@code -XX:+PrintCompilation}. With C1 excluded up front the interpreter profiles the method and
 * C2 compiles it, every time.
 *
 * <p>How: a compiler directive added at run time through the {@code DiagnosticCommand} MBean
 * ({@code jcmd <pid> Compiler.directives_add}, which takes a file). When that fails (no MBean, a read-only file
 * system) the kernels still work; the reason is returned for the log.
 */
final class C1Exclusion {
    /** The generated kernels' round methods: {@code step<N>} in every class of the vector package. */
    static final String DIRECTIVE = "[{ match: \"dev/nanowork/kernel/vector/*.step*\", c1: { Exclude: true } }]";

    private static volatile boolean added;

    private C1Exclusion() {}

    /** Adds the directive once per JVM; empty when it was added, else why not. */
    static synchronized Optional<String> apply() {
        if (added) return Optional.empty();
        try {
            Path file = Files.createTempFile("nano-work-c1-exclusion", ".json");
            try {
                Files.writeString(file, DIRECTIVE, StandardCharsets.UTF_8);
                ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                        "compilerDirectivesAdd", new Object[] {new String[] {file.toString()}},
                        new String[] {String[].class.getName()});
            } finally {
                Files.deleteIfExists(file);
            }
            added = true;
            return Optional.empty();
        } catch (IOException | javax.management.JMException | RuntimeException e) {
            return Optional.of("could not keep C1 away from the vector kernels (" + e + "): a kernel may stay on slow"
                    + " tier-2 code; -XX:CompileCommand=exclude is no substitute (it excludes C2 too)");
        }
    }
}
