package dev.nanowork.kernel.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.generator.KernelGenerator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The directive reaches the JVM and names the method the generator writes. */
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
        assertTrue(C1Exclusion.DIRECTIVE.contains("dev/nanowork/kernel/vector/*." + KernelGenerator.ROUNDS + "\""));
        List<String> declaring = new ArrayList<>();
        for (Map.Entry<String, String> f : KernelGenerator.files().entrySet()) {
            if (f.getValue().contains("private static boolean " + KernelGenerator.ROUNDS + "("))
                declaring.add(Path.of(f.getKey()).getFileName().toString());
        }
        assertEquals(
                List.of(
                        "Vector512x1.java",
                        "Vector512x2.java",
                        "Vector256x1.java",
                        "Vector256x2.java",
                        "Vector256x2Perm.java",
                        "Vector128x1Shuf.java",
                        "Vector128x1.java"),
                declaring);
    }
}
