package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/** The selection ladder, on injected probes; and once for real in child JVMs. */
class KernelSelectorTest {
    private static final JvmProbe AVX512 = new JvmProbe(true, true, "on", 512);
    private static final JvmProbe AVX2 = new JvmProbe(true, true, "on", 256);
    private static final JvmProbe NEON = new JvmProbe(true, true, "on", 128);
    private static final JvmProbe NO_MODULE = new JvmProbe(false, true, "on", 0);
    private static final JvmProbe LAMBDA_C1 = new JvmProbe(true, false, "C2 is off: TieredStopAtLevel=1 (JAVA_TOOL_OPTIONS)", 256);

    /** Builds a stand-in for {@code vector<bits>}, recording which widths were asked for. */
    private static final class Factory implements IntFunction<WorkKernel> {
        final List<Integer> asked = new ArrayList<>();

        @Override
        public WorkKernel apply(int bits) {
            asked.add(bits);
            return new WorkKernel() {
                @Override
                public String name() {
                    return "vector" + bits;
                }

                @Override
                public int lanes() {
                    return bits / 64;
                }

                @Override
                public int states() {
                    return 1;
                }

                @Override
                public RootSearch forRoot(dev.nanowork.work.Root root) {
                    throw new UnsupportedOperationException("a stand-in: only its name and shape are used");
                }
            };
        }
    }

    @Test
    void autoTakesTheWidestVectorTheJitCompiles() {
        for (JvmProbe probe : List.of(AVX512, AVX2, NEON)) {
            Factory factory = new Factory();
            Selection s = KernelSelector.select(KernelChoice.AUTO, probe, factory);
            assertEquals("vector" + probe.preferredBits(), s.kernel().name());
            assertEquals(List.of(probe.preferredBits()), factory.asked);
            assertTrue(s.warning().isEmpty());
            assertTrue(s.c2On());
        }
    }

    @Test
    void autoFallsBackToScalarWithOneWarningThatNamesTheFix() {
        Factory factory = new Factory();
        Selection noModule = KernelSelector.select(KernelChoice.AUTO, NO_MODULE, factory);
        assertEquals("scalar", noModule.kernel().name());
        assertTrue(noModule.warning().orElseThrow().contains("--add-modules=jdk.incubator.vector"), noModule.warning().get());

        Selection c1 = KernelSelector.select(KernelChoice.AUTO, LAMBDA_C1, factory);
        assertEquals("scalar", c1.kernel().name());
        assertFalse(c1.c2On());
        assertTrue(c1.warning().orElseThrow().contains("-XX:TieredStopAtLevel=4"), c1.warning().get());
        assertTrue(c1.warning().get().contains("TieredStopAtLevel=1 (JAVA_TOOL_OPTIONS)"), c1.warning().get());

        Selection noSimd = KernelSelector.select(KernelChoice.AUTO, new JvmProbe(true, true, "on", 64), factory);
        assertEquals("scalar", noSimd.kernel().name());
        assertTrue(noSimd.warning().isPresent());
        assertEquals(List.of(), factory.asked, "no vector kernel is built when none can run");
    }

    @Test
    void anExplicitKernelThisJvmCannotRunStopsStartUpListingWhatCan() {
        IllegalStateException tooWide = assertThrows(IllegalStateException.class,
                () -> KernelSelector.select(KernelChoice.VECTOR512, AVX2, new Factory()));
        assertTrue(tooWide.getMessage().contains("kernel vector512 cannot run"), tooWide.getMessage());
        assertTrue(tooWide.getMessage().endsWith("it can run: vector256, vector128, scalar"), tooWide.getMessage());

        IllegalStateException noModule = assertThrows(IllegalStateException.class,
                () -> KernelSelector.select(KernelChoice.VECTOR128, NO_MODULE, new Factory()));
        assertTrue(noModule.getMessage().contains("--add-modules=jdk.incubator.vector"), noModule.getMessage());
        assertTrue(noModule.getMessage().endsWith("it can run: scalar"), noModule.getMessage());

        IllegalStateException c1 = assertThrows(IllegalStateException.class,
                () -> KernelSelector.select(KernelChoice.VECTOR256, LAMBDA_C1, new Factory()));
        assertTrue(c1.getMessage().endsWith("it can run: scalar"), c1.getMessage());
    }

    @Test
    void explicitKernelsThatCanRun() {
        assertEquals("vector256", KernelSelector.select(KernelChoice.VECTOR256, AVX512, new Factory()).kernel().name());
        assertEquals("vector128", KernelSelector.select(KernelChoice.VECTOR128, AVX2, new Factory()).kernel().name());
        Selection scalar = KernelSelector.select(KernelChoice.SCALAR, NO_MODULE, new Factory());
        assertEquals("scalar", scalar.kernel().name());
        assertTrue(scalar.warning().isEmpty(), "a configured scalar kernel is not a fallback");
    }

    @Test
    void autoMeasuresVector128AgainstScalarAndKeepsTheFaster() {
        Selection neon = KernelSelector.select(KernelChoice.AUTO, NEON, new Factory());
        Selection slowVector = KernelSelector.measureIfClose(neon, KernelChoice.AUTO,
                k -> k.name().equals("scalar") ? 5.0 : 4.0);
        assertEquals("scalar", slowVector.kernel().name());
        assertEquals("auto: measured vector128 4.0 MH/s, scalar 5.0 MH/s", slowVector.reason());
        Selection fastVector = KernelSelector.measureIfClose(neon, KernelChoice.AUTO,
                k -> k.name().equals("scalar") ? 5.0 : 9.0);
        assertEquals("vector128", fastVector.kernel().name());

        List<String> measured = new ArrayList<>();
        Selection wide = KernelSelector.select(KernelChoice.AUTO, AVX2, new Factory());
        KernelSelector.measureIfClose(wide, KernelChoice.AUTO, k -> {
            measured.add(k.name());
            return 1;
        });
        Selection configured = KernelSelector.select(KernelChoice.VECTOR128, NEON, new Factory());
        KernelSelector.measureIfClose(configured, KernelChoice.VECTOR128, k -> {
            measured.add(k.name());
            return 1;
        });
        assertEquals(List.of(), measured, "wider vectors and configured kernels are not measured");
    }

    @Test
    void theStartupLine() {
        Selection s = KernelSelector.select(KernelChoice.AUTO, AVX512, new Factory());
        assertEquals("work kernel: vector512 (8 lanes x 1 state, C2 on, 2 threads)", s.startupLine(2));
        Selection c1 = KernelSelector.select(KernelChoice.AUTO, LAMBDA_C1, new Factory());
        assertEquals("work kernel: scalar (1 lane x 1 state, C2 off, 1 thread)", c1.startupLine(1));
    }

    @Test
    void c2IsReadFromTheVmFlags() {
        assertTrue(c2(Map.of("TieredCompilation", "true", "TieredStopAtLevel", "4")).on());
        JvmProbe.C2 lambda = c2(Map.of("TieredCompilation", "true", "TieredStopAtLevel", "1"));
        assertFalse(lambda.on());
        assertTrue(lambda.detail().contains("TieredStopAtLevel=1"), lambda.detail());
        assertTrue(c2(Map.of("TieredCompilation", "false", "TieredStopAtLevel", "1")).on(), "-TieredCompilation is C2 only");
        assertFalse(c2(Map.of("UseCompiler", "false", "TieredCompilation", "true", "TieredStopAtLevel", "4")).on(), "-Xint");
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
        assertEquals("work kernel: scalar (1 lane x 1 state, C2 on, 1 thread)", runChild(List.of()).get(0));
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
        return out.lines().filter(l -> l.startsWith("work kernel:") || l.startsWith("warning:")).toList();
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
