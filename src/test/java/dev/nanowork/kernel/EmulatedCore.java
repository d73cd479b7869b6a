package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.fail;

import dev.nanowork.work.Root;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The surefire executions that run the kernel tests on an emulated Graviton core (infra/arm64-java.sh: Debian's arm64
 * JDK under qemu-user; pom.xml's {@code arm64} profile) name it in {@code nanowork.test.arm64Core}. There every kernel
 * is first run until C2 has compiled its round code (tier 4, seen in the JVM's code list), so that the tests check
 * the aarch64 code C2 writes, not the interpreter's Java fallback. The JVM gets
 * {@code -XX:CompileCommand=CompileThresholdScaling,dev.nanowork.kernel.*::*,0.05}, so a kernel needs a few hundred
 * calls, not 70-90 s of emulated running.
 */
public final class EmulatedCore {
    /** An emulated core gets as long as this to compile a kernel (two-state step kernels take 30-45 s there). */
    private static final long C2_BUDGET_NANOS = 240_000_000_000L;

    private static final Set<String> COMPILED = new HashSet<>();

    private EmulatedCore() {}

    /**
     * Runs each named kernel ({@link KernelVariant} names) until C2's code for its round methods is in use: what
     * {@link Arm64CodeTest} starts in a fresh emulated JVM to compile one kernel again, alone.
     */
    public static void main(String[] kernels) {
        if (name().isEmpty()) throw new IllegalStateException("nanowork.test.arm64Core names no emulated core");
        for (String kernel : kernels) compiled(KernelVariant.valueOf(kernel).create());
    }

    /** The emulated core this JVM runs on ({@code graviton2}, ...), if any. */
    public static Optional<String> name() {
        return Optional.ofNullable(System.getProperty("nanowork.test.arm64Core"));
    }

    /** Smaller samples where the tests are emulated: {@code full} on a real CPU, {@code emulated} under qemu. */
    public static int size(int full, int emulated) {
        return name().isPresent() ? emulated : full;
    }

    /**
     * On an emulated core, runs {@code kernel} until C2's code for its round methods is in use, failing the test when
     * it is not within the budget; elsewhere does nothing.
     */
    static synchronized WorkKernel compiled(WorkKernel kernel) {
        if (name().isEmpty() || !COMPILED.add(kernel.name())) return kernel;
        List<String> methods = roundMethods(kernel.getClass());
        WorkKernel.RootSearch search = kernel.forRoot(Root.of(new byte[32]));
        long[] out = new long[8 * kernel.lanes() * kernel.states()];
        long started = System.nanoTime();
        for (long calls = 1; ; calls++) {
            search.values(calls * out.length, out);
            search.search(calls * out.length, out.length, -1L); // -1: no hit, every block hashed
            if (calls % 20 != 0) continue;
            List<String> missing = notOnC2(kernel.getClass(), methods);
            if (missing.isEmpty()) return kernel;
            if (System.nanoTime() - started > C2_BUDGET_NANOS)
                fail(kernel.name() + ": not compiled by C2 after " + calls + " calls on " + name().get() + ": "
                        + missing);
        }
    }

    /** The methods a kernel's rounds run in: {@code rounds} (loop kernels) or {@code step<N>}. */
    static List<String> roundMethods(Class<?> kernel) {
        List<String> names = new ArrayList<>();
        for (Method m : kernel.getDeclaredMethods())
            if (m.getName().equals("rounds") || m.getName().startsWith("step")) names.add(m.getName());
        if (names.isEmpty()) throw new IllegalArgumentException(kernel + " has no round methods");
        return names;
    }

    /** Which of {@code methods} have no tier-4 code in use ({@code Compiler.codelist}: id, level, state, name). */
    private static List<String> notOnC2(Class<?> kernel, List<String> methods) {
        String list = codeList();
        List<String> missing = new ArrayList<>();
        for (String m : methods) {
            String prefix = kernel.getName() + "." + m + "(";
            if (list.lines().noneMatch(l -> l.matches("\\d+ 4 0 .*") && l.contains(" " + prefix))) missing.add(m);
        }
        return missing;
    }

    /** The JVM's {@code Compiler.codelist}: one line per compiled method, every tier's code. */
    public static String codeList() {
        try {
            return (String) ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            "compilerCodelist",
                            new Object[] {new String[0]},
                            new String[] {String[].class.getName()});
        } catch (JMException e) {
            throw new IllegalStateException("Compiler.codelist failed", e);
        }
    }
}
