package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What C2 wrote on each emulated Graviton core: the kernel test JVMs there print the kernels' round methods
 * ({@code -XX:CompileCommand=print}, into {@code target/arm64/<core>-c2.log}), and {@code infra/arm64-loops.py}
 * decodes them with binutils' aarch64 objdump and counts the hot code per hash by class. Every kernel of the core's
 * width and both scalar kernels must be there, compiled by C2, with no call and no allocation in their hot code (a
 * Vector API call C2 did not intrinsify boxes its vectors: a call to the runtime and TLAB allocations). Hot code is
 * what every block runs, on every path from the entry to the return: a call into C2's uncommon-trap blob (a deopt
 * exit) and a call on the hit branch (the values written once per found work) count apart, wherever the
 * profile-driven block layout put them. The script names the callee of every call it counts.
 *
 * <p>A kernel found with calls is compiled once more, alone, in a fresh JVM on the same core ({@link
 * EmulatedCore#main}), and fails only if that code has calls too: C2 now and then writes one kernel boxed in one of
 * the test JVMs (Vector128x1 on graviton4, twice in CI, never in the reruns here: round 16, docs/kernels.md), which
 * says something about that compile, not about the kernel's code. A kernel whose code has calls in every JVM (a Vector
 * API call C2 cannot intrinsify, a helper past C2's inlining limits) fails both times; the first finding and the
 * retry are printed.
 */
class Arm64CodeTest {
    private static final Pattern WITH_CALLS = Pattern.compile("(?m)^calls or allocations in the hot code of: (.+)$");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"graviton2", "graviton3", "graviton4"})
    void everyKernelIsCompiledWithoutCallsOrAllocations(String core) throws IOException, InterruptedException {
        Path log = Path.of("target/arm64/" + core + "-c2.log");
        assumeTrue(
                Boolean.getBoolean("nanowork.test.arm64Code"),
                "run by pom.xml's kernels-arm64-code execution, after the emulated cores wrote their logs");
        assumeFalse(
                core.equals("graviton4") && Boolean.getBoolean("nanowork.test.skipGraviton4"),
                "graviton4 left out (-DskipGraviton4)");
        // pom.xml runs this after the emulated kernel tests: a missing log is a core that did not run them.
        assertTrue(Files.exists(log), () -> log + " is missing: the emulated kernel tests did not run on " + core);
        Path json = Path.of("target/arm64/" + core + "-loops.json");
        Loops loops = loops(log, json);
        List<KernelVariant> ofCore = new ArrayList<>();
        int bits = core.equals("graviton3") ? 256 : 128;
        for (KernelVariant variant : KernelVariant.values())
            if (!variant.vector() || variant.bits() == bits) ofCore.add(variant);
        if (!loops.withCalls().isEmpty()) {
            System.out.println("arm64-loops.py on " + log + ": " + loops.errors() + "compiling again, alone: "
                    + loops.withCalls());
            for (String kernelClass : loops.withCalls()) compiledAgain(core, variantOf(kernelClass, ofCore));
        } else {
            assertEquals(0, loops.exit(), "arm64-loops.py on " + log + ": " + loops.errors());
        }
        for (KernelVariant variant : ofCore)
            assertTrue(
                    loops.hasCode(variant),
                    () -> variant + " (" + className(variant) + ") has no C2 code in " + log + ": " + loops.rows());
        assertTrue(loops.rows().contains("\"loop per round\""), "no rounds loop found in " + json);
    }

    /** One kernel compiled in a fresh JVM on the emulated core, alone, its code judged as the first JVM's was. */
    private static void compiledAgain(String core, KernelVariant variant) throws IOException, InterruptedException {
        Path log = Path.of("target/arm64/" + core + "-" + variant.wireName() + "-again-c2.log");
        Path java = Path.of(System.getProperty("nanowork.test.arm64Cache"), "jdk-" + core, "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString()));
        for (String arg :
                System.getProperty("nanowork.test.arm64ArgLine").trim().split("\\s+")) command.add(arg);
        command.addAll(List.of(
                "-XX:LogFile=" + log,
                "-Dnanowork.test.arm64Core=" + core,
                "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                EmulatedCore.class.getName(),
                variant.name()));
        Path out = Path.of("target/arm64/" + core + "-" + variant.wireName() + "-again.out");
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(variant + " compiled again on " + core + ": not done in 300 s (" + out + ")");
        }
        String output = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), () -> variant + " compiled again on " + core + ": " + output);
        Loops again = loops(log, Path.of("target/arm64/" + core + "-" + variant.wireName() + "-again-loops.json"));
        assertTrue(again.hasCode(variant), () -> variant + " has no C2 code in " + log + " (" + out + ")");
        assertEquals(
                0,
                again.exit(),
                () -> variant + " has calls or allocations in the hot code C2 wrote on " + core
                        + " twice, in the kernel tests' JVM and alone in a fresh one: " + again.errors());
        System.out.println(variant + " compiled again on " + core + ", alone: no call or allocation in its hot code");
    }

    /** What {@code infra/arm64-loops.py} said of one log: its exit, errors, kernels with calls and its JSON rows. */
    private record Loops(int exit, String errors, List<String> withCalls, String rows) {
        /** Whether the log holds C2's code for {@code variant}'s kernel (a row names its class). */
        boolean hasCode(KernelVariant variant) {
            return rows.contains("\"kernel\": \"" + className(variant) + "\"");
        }
    }

    /** {@code infra/arm64-loops.py} on one log, its JSON rows written to {@code json}. */
    private static Loops loops(Path log, Path json) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("python3", "infra/arm64-loops.py", log.toString(), "--json")
                .redirectOutput(json.toFile())
                .redirectError(ProcessBuilder.Redirect.PIPE)
                .start();
        String errors = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "arm64-loops.py did not finish");
        Matcher m = WITH_CALLS.matcher(errors);
        List<String> withCalls = m.find() ? List.of(m.group(1).trim().split(",\\s*")) : List.of();
        return new Loops(p.exitValue(), errors, withCalls, Files.readString(json, StandardCharsets.UTF_8));
    }

    private static KernelVariant variantOf(String kernelClass, List<KernelVariant> ofCore) {
        for (KernelVariant variant : ofCore) if (className(variant).equals(kernelClass)) return variant;
        throw new AssertionError(kernelClass + " is no kernel of this core: " + ofCore);
    }

    private static String className(KernelVariant variant) {
        return variant.create().getClass().getSimpleName();
    }
}
