package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Priming: the chosen kernel gets to its compiled rate before the first request, within its budget. */
class KernelWarmupTest {
    @Test
    void primingTakesEveryPathAndEndsWithinItsBudget() {
        WorkKernel kernel = KernelSelector.select(KernelChoice.AUTO).kernel();
        long began = System.nanoTime();
        double rate = KernelWarmup.prime(kernel, 1000);
        long tookMillis = (System.nanoTime() - began) / 1_000_000;
        assertTrue(rate > 0, "measured " + rate + " MH/s");
        assertTrue(tookMillis < 10_000, "priming took " + tookMillis + " ms");
    }

    /** After {@code auto}'s race the chosen kernel is C2's already: priming it is the short second phase. */
    @Test
    void aKernelTheRaceTimedIsPrimedToTheRaceRate() {
        KernelSelector.Selection selection = KernelSelector.select(KernelChoice.AUTO);
        double raced = selection.measured().get(selection.kernel().name());
        assertTrue(raced >= KernelWarmup.COMPILED_FLOOR_MHS, "raced at " + raced + " MH/s");
        long began = System.nanoTime();
        double rate = selection.prime().primed().orElseThrow();
        long tookMillis = (System.nanoTime() - began) / 1_000_000;
        assertTrue(rate >= KernelWarmup.COMPILED_FLOOR_MHS, "primed at " + rate + " MH/s");
        assertFalse(tookMillis > 10_000, "priming took " + tookMillis + " ms");
    }
}
