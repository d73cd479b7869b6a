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

    /** Every loop kernel's two methods are the ones the directive names, and no other kernel has them. */
    @Test
    void theDirectiveNamesTheGeneratedLoopMethods() {
        assertTrue(
                C1Exclusion.DIRECTIVE.contains("dev/nanowork/kernel/vector/*." + KernelGenerator.ROUND_METHODS + "\""));
        List<String> declaring = new ArrayList<>();
        for (Map.Entry<String, String> f : KernelGenerator.files().entrySet()) {
            String code = f.getValue();
            boolean round0 = code.contains("private static void round0(");
            assertEquals(round0, code.contains("private static boolean rounds1To11("), f.getKey());
            assertEquals(
                    round0,
                    code.matches("(?s).*static \\w+ round.*"),
                    f.getKey() + ": only the loop kernels name a method round*");
            if (round0) declaring.add(Path.of(f.getKey()).getFileName().toString());
        }
        assertEquals(
                List.of(
                        "Vector512x1.java",
                        "Vector512x2.java",
                        "Vector256x1.java",
                        "Vector256x2.java",
                        "Vector256x2Perm.java",
                        "Vector128x1.java"),
                declaring);
    }
}
