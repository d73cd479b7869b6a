package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** What the start-up and primed lines say, the race having timed compiled code or not. */
class SelectionLinesTest {
    private static KernelSelector.Selection raced(WorkKernel kept, Map<String, Double> rates, long millis) {
        return new KernelSelector.Selection(kept, "auto", true, Optional.empty(), rates, millis);
    }

    private static Map<String, Double> rates(Object... nameAndRate) {
        Map<String, Double> rates = new LinkedHashMap<>();
        for (int i = 0; i < nameAndRate.length; i += 2) rates.put((String) nameAndRate[i], (Double) nameAndRate[i + 1]);
        return rates;
    }

    @Test
    void thePrimedLineSaysThePrimedRateAgainstTheRacedOne() {
        KernelSelector.Selection selection =
                raced(FakeKernels.compiledAfter("vector256x1", 0), rates("vector256x1", 20.0), 900);
        KernelWarmup.Primed full = new KernelWarmup.Primed(19.0, true);
        assertTrue(selection.atFullSpeed(full));
        assertEquals(
                "work kernel vector256x1 primed at 19.0 MH/s/thread, 0.95x its raced 20.0", selection.primedLine(full));
        KernelWarmup.Primed half = new KernelWarmup.Primed(9.2, true);
        assertFalse(selection.atFullSpeed(half), "steady at half the raced rate is not full speed");
        assertEquals(
                "work kernel vector256x1 not at full speed: 9.2 MH/s/thread, 0.46x its raced 20.0",
                selection.primedLine(half));
        KernelWarmup.Primed unsteady = new KernelWarmup.Primed(19.5, false);
        assertFalse(selection.atFullSpeed(unsteady));
        assertTrue(selection.primedLine(unsteady).endsWith("(no two rates agreed: C2 may not have compiled it yet)"));
    }

    /**
     * Issue 23: in {@code quarkus:dev} (its compiler queue full of the application's classes) the race ended with
     * both candidates interpreted, and the line said {@code work kernel: vector512x2 0.1 MH/s/thread (vector512x1
     * 0.1)} before priming reached 29.7. It now claims no rate for the kept kernel, and priming answers the primed one
     * against none.
     */
    @Test
    void aRaceThatEndedBeforeC2CompiledTheCandidatesClaimsNoRate() {
        KernelSelector.Selection dev = raced(
                FakeKernels.compiledAfter("vector512x2", 0), rates("vector512x2", 0.1, "vector512x1", 0.1), 5_300);
        assertEquals(
                "work kernel: vector512x2 (8 lanes x 1 state), not ranked: after 5.3 s of racing C2 had compiled none"
                        + " of them (vector512x2 0.1, vector512x1 0.1 MH/s/thread, interpreted), so the first is kept;"
                        + " C2 on, 2 threads",
                dev.startupLine(2));
        KernelWarmup.Primed primed = new KernelWarmup.Primed(29.7, true);
        assertEquals(
                "work kernel vector512x2 primed at 29.7 MH/s/thread (raced at 0.1, before C2 had compiled it)",
                dev.primedLine(primed));
        PrimedRate rate = dev.primedRate(primed);
        assertEquals(OptionalDouble.empty(), rate.raced(), "status answers raced_mhs none: no compiled rate was raced");
        assertTrue(rate.fullSpeed());
    }

    /** Where one candidate ran compiled and another interpreted, the interpreted one is tagged so. */
    @Test
    void aRivalTimedInterpretedIsSaidToBe() {
        KernelSelector.Selection neon =
                raced(new ScalarX2Kernel(), rates("scalarx2", 5.4, "vector128x1shuf", 0.2), 5_100);
        assertEquals(
                "work kernel: scalarx2 5.4 MH/s/thread (vector128x1shuf 0.2 interpreted), raced 5.1 s, C2 on, 1 thread",
                neon.startupLine(1));
    }
}
