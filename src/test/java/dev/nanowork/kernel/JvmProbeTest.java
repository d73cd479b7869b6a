package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.JvmProbe.Flag;
import dev.nanowork.kernel.KernelSelector.Selection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What the selector's ladder reads from a real JVM: the C2 rule on VM flags, this test JVM's probe, and the ladder
 * run for real in child JVMs without the vector module or without C2 (the injected probes: {@link
 * KernelSelectorTest}).
 */
class JvmProbeTest {
    @Test
    void c2IsReadFromTheVmFlags() {
        assertTrue(c2(Map.of("TieredCompilation", "true", "TieredStopAtLevel", "4"))
                .on());
        JvmProbe.C2 lambda = c2(Map.of("TieredCompilation", "true", "TieredStopAtLevel", "1"));
        assertFalse(lambda.on());
        assertTrue(lambda.detail().contains("TieredStopAtLevel=1"), lambda.detail());
        assertTrue(
                c2(Map.of("TieredCompilation", "false", "TieredStopAtLevel", "1"))
                        .on(),
                "-TieredCompilation is C2 only");
        assertFalse(
                c2(Map.of("UseCompiler", "false", "TieredCompilation", "true", "TieredStopAtLevel", "4"))
                        .on(),
                "-Xint");
        assertTrue(c2(Map.of()).on(), "a VM without these flags is assumed to optimise");
    }

    private static JvmProbe.C2 c2(Map<String, String> values) {
        return JvmProbe.c2(name -> Optional.ofNullable(values.get(name)).map(v -> new Flag(v, "VM_CREATION")));
    }

    @Test
    void thisJvmProbesAsTheTestsRunIt() {
        JvmProbe probe = JvmProbe.current();
        assertTrue(probe.vectorModuleReadable(), "surefire runs with --add-modules jdk.incubator.vector");
        assertTrue(probe.c2On(), probe.c2Detail());
        assertTrue(probe.preferredBits() >= 128, "preferred bits " + probe.preferredBits());
    }

    /** The real ladder in child JVMs: no module, and C1 only (as AWS Lambda's default). */
    @Test
    void childJvmsWithoutTheModuleOrWithoutC2FallBackToScalar() throws Exception {
        assertEquals(
                "work kernel: scalar (1 lane x 1 state, C2 on, 1 thread)",
                runChild(List.of()).get(0));
        List<String> c1 = runChild(List.of("--add-modules=jdk.incubator.vector", "-XX:TieredStopAtLevel=1"));
        assertEquals("work kernel: scalar (1 lane x 1 state, C2 off, 1 thread)", c1.get(0));
        assertTrue(c1.get(1).contains("TieredStopAtLevel=1 (command line)"), c1.get(1));
    }

    private static List<String> runChild(List<String> jvmOptions) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SelectorMain.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "child JVM finished");
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), out);
        return out.lines()
                .filter(l -> l.startsWith("work kernel:") || l.startsWith("warning:"))
                .toList();
    }

    /** The child: selects {@code auto} as start-up does, prints the start-up line, then the warning. */
    public static final class SelectorMain {
        public static void main(String[] args) {
            Selection s = KernelSelector.select(KernelChoice.AUTO);
            System.out.println(s.startupLine(1));
            System.out.println("warning: " + s.warning().orElse(""));
        }
    }
}
