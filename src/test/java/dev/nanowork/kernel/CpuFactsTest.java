package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The CPU facts of status and benchmark, and which kernels a CPU's features allow (the SnapStart restore check). */
class CpuFactsTest {
    static JvmProbe.CpuFacts x86(String... features) {
        return new JvmProbe.CpuFacts("test CPU", List.of(features), true, "2", "32", 256);
    }

    @Test
    void thisMachinesFacts() {
        JvmProbe.CpuFacts facts = JvmProbe.CpuFacts.current();
        assertFalse(facts.model().isBlank());
        assertEquals(facts.flagsKnown() ? String.join(" ", facts.features()) : "unknown", facts.featureList());
        assertTrue(
                JvmProbe.CpuFacts.FEATURES.containsAll(facts.features()),
                facts.features().toString());
    }

    @Test
    void vectorKernelsNeedTheirFeatures() {
        assertTrue(x86("avx2", "avx512f").allows("vector512"));
        assertFalse(x86("avx2").allows("vector512x2"), "every variant of a width");
        assertTrue(x86("avx2").allows("vector256x1"));
        assertFalse(x86("avx2").allows("vector512"), "a CPU template that hides AVX-512");
        assertTrue(x86("avx2").allows("vector256"));
        assertFalse(x86().allows("vector256"));
        assertTrue(x86().allows("vector128"));
        assertTrue(x86().allows("scalar"));
        assertTrue(new JvmProbe.CpuFacts("ARM CPU part 0xd0c", List.of("asimd"), true, "none", "16", 128)
                .allows("vector128"));
        assertFalse(new JvmProbe.CpuFacts("ARM CPU part 0xd0c", List.of("asimd"), true, "none", "16", 128)
                .allows("vector256"));
        assertTrue(
                new JvmProbe.CpuFacts("unknown", List.of(), false, "none", "none", 0).allows("vector512"),
                "unreadable flags decide nothing");
    }
}
