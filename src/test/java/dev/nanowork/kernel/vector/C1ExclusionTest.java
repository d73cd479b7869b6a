package dev.nanowork.kernel.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.generator.KernelGenerator;
import java.nio.file.Path;
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

    /** Every two-state loop kernel's loop method is the one the directive names, and nothing else is. */
    @Test
    void theDirectiveNamesTheGeneratedTwoStateLoop() {
        assertTrue(C1Exclusion.DIRECTIVE.contains(
                "dev/nanowork/kernel/vector/*." + KernelGenerator.TWO_STATE_LOOP + "\""));
        int loops = 0;
        for (Map.Entry<String, String> f : KernelGenerator.files().entrySet()) {
            boolean declares = f.getValue().contains("private static void " + KernelGenerator.TWO_STATE_LOOP + "(");
            if (declares) loops++;
            assertEquals(
                    declares,
                    f.getKey().endsWith("Vector512x2.java") || f.getKey().endsWith("Vector256x2.java"),
                    f.getKey());
        }
        assertEquals(2, loops);
    }
}
