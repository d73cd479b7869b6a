package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

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
}
