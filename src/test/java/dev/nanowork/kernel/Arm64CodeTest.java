package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * profile-driven block layout put them (CI once failed on Vector128x1 on graviton4 with such a call before the
 * return). The script names the callee of every call it counts.
 */
class Arm64CodeTest {
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
        List<String> command = new ArrayList<>(List.of("python3", "infra/arm64-loops.py", log.toString(), "--json"));
        Process p = new ProcessBuilder(command)
                .redirectOutput(json.toFile())
                .redirectError(ProcessBuilder.Redirect.PIPE)
                .start();
        String errors = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "arm64-loops.py did not finish");
        assertEquals(0, p.exitValue(), "arm64-loops.py on " + log + ": " + errors);
        String rows = Files.readString(json, StandardCharsets.UTF_8);
        int bits = core.equals("graviton3") ? 256 : 128;
        for (KernelVariant variant : KernelVariant.values()) {
            if (variant.vector() && variant.bits() != bits) continue;
            String className = variant.create().getClass().getSimpleName();
            assertTrue(
                    rows.contains("\"kernel\": \"" + className + "\""),
                    variant + " (" + className + ") has no C2 code in " + log + ": " + rows);
        }
        assertTrue(rows.contains("\"loop per round\""), "no rounds loop found in " + json);
    }
}
