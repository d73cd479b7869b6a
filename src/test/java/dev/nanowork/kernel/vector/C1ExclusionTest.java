package dev.nanowork.kernel.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.nanowork.kernel.EmulatedCore;
import dev.nanowork.kernel.KernelVariant;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.kernel.generator.KernelGenerator;
import dev.nanowork.work.Root;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The directive reaches the JVM, names the methods the generator writes, and keeps C1 from them at run time. */
class C1ExclusionTest {
    @Test
    void theDirectiveIsAcceptedByThisJvm(@TempDir Path dir) {
        assertEquals(Optional.empty(), C1Exclusion.add(dir));
        assertEquals(Optional.empty(), C1Exclusion.apply());
        assertEquals(Optional.empty(), C1Exclusion.apply(dir.resolve("missing")), "added once per JVM");
    }

    @Test
    void aFailureIsReportedNotThrown(@TempDir Path dir) {
        Optional<String> failure = C1Exclusion.add(dir.resolve("missing"));
        assertTrue(failure.orElseThrow().startsWith("could not keep C1 away"), failure.toString());
    }

    /** Every loop kernel's one method is the one the directive names, and no other kernel has it. */
    @Test
    void theDirectiveNamesTheGeneratedLoopMethod() {
        assertTrue(
                C1Exclusion.DIRECTIVE.contains("dev/nanowork/kernel/vector/*." + KernelGenerator.oneMethod() + "\""));
        List<String> declaring = new ArrayList<>();
        for (Map.Entry<String, String> f : KernelGenerator.files(Path.of(".")).entrySet()) {
            if (f.getValue().contains("private static boolean " + KernelGenerator.oneMethod() + "("))
                declaring.add(Path.of(f.getKey()).getFileName().toString());
        }
        assertEquals(
                KernelGenerator.oneMethodKernels().stream()
                        .map(c -> c + ".java")
                        .toList(),
                declaring,
                "the one-method kernels of the shape list");
        assertTrue(declaring.contains("Vector512x2.java"), declaring.toString());
        assertFalse(declaring.contains("Vector128x2.java"), "vector128x2's step methods keep C1's quick code");
        assertFalse(declaring.contains("Vector256x1Nz.java"), "the nz kernels' step methods are named by STEP_KERNELS");
    }

    /** The step kernels kept from C1 are the generator's, and the directive names each one's step methods. */
    @Test
    void theDirectiveNamesTheStepMethodsOfTheKernelsWithNoZeroWord() {
        assertEquals(KernelGenerator.stepKernelsKeptFromC1(), C1Exclusion.STEP_KERNELS);
        for (String kernel : C1Exclusion.STEP_KERNELS)
            assertTrue(C1Exclusion.DIRECTIVE.contains("\"dev/nanowork/kernel/vector/" + kernel + ".step*\""), kernel);
        assertFalse(C1Exclusion.DIRECTIVE.contains("Vector128x2"), "vector128x2's small methods keep C1's quick code");
    }

    /**
     * The proof at run time, in the surefire execution narrowed to 256 bits under AVX2-only code (where no other
     * vector class reaches the Vector API's profiles): {@code vector256x1nz} runs until C2's code is in use for {@code hash} and each of the
     * step methods of rounds 1 to 11 (round 0's two small ones, {@code step0} and {@code step1}, C2 may inline into
     * {@code hash}), and at no point did C1 compile a step method ({@code Compiler.codelist} lists every tier's code).
     */
    @Test
    void theStepMethodsGoFromTheInterpreterStraightToC2() {
        KernelVariant variant = KernelVariant.VECTOR256X1NZ;
        String name = variant.wireName();
        assumeTrue(
                VectorKernels.preferredBits() == 256,
                "runs in the kernels-256-bit execution, where 256-bit vectors are the widest the JIT compiles");
        WorkKernel kernel = VectorKernels.create(variant); // adds the directive first
        List<String> steps = new ArrayList<>();
        for (Method m : kernel.getClass().getDeclaredMethods())
            if (m.getName().startsWith("step")) steps.add(m.getName());
        assertEquals(6, steps.size(), steps.toString());
        Set<String> wanted = new TreeSet<>(steps);
        wanted.removeAll(List.of("step0", "step1"));
        wanted.add("hash");
        WorkKernel.RootSearch search = kernel.forRoot(Root.of(new byte[32]));
        long[] out = new long[64];
        long started = System.nanoTime();
        Set<String> onC2 = new TreeSet<>();
        for (long calls = 1; !onC2.containsAll(wanted); calls++) {
            search.values(calls * out.length, out);
            if (calls % 25 != 0) continue;
            for (String line : EmulatedCore.codeList().lines().toList()) {
                Matcher m = CODE.matcher(line);
                if (!m.matches() || !m.group(3).equals(kernel.getClass().getName())) continue;
                String method = m.group(4);
                if (steps.contains(method))
                    assertEquals(
                            "4", m.group(2), "C1 compiled " + name + "." + method + " (" + calls + " calls): " + line);
                if (m.group(2).equals("4")) onC2.add(method);
            }
            assertTrue(
                    System.nanoTime() - started < 120_000_000_000L,
                    name + ": only " + onC2 + " of " + wanted + " on C2 after " + calls + " calls");
        }
    }

    /** {@code Compiler.codelist}'s line: compile id, tier, state, {@code class.method(signature)}. */
    private static final Pattern CODE = Pattern.compile("(\\d+) (\\d) \\d+ ([\\w.$]+)\\.(\\w+)\\(.*");
}
