package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.work.Root;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
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

    /** After {@code auto}'s race the chosen kernel is C2's already: priming it is the short second phase. */
    @Test
    void aKernelTheRaceTimedIsPrimedToTheRaceRate() {
        KernelSelector.Selection selection = KernelSelector.select(KernelChoice.AUTO);
        double raced = selection.measured().get(selection.kernel().name());
        assertTrue(raced >= KernelWarmup.COMPILED_FLOOR_MHS, "raced at " + raced + " MH/s");
        long began = System.nanoTime();
        double rate = selection.prime().mhs();
        long tookMillis = (System.nanoTime() - began) / 1_000_000;
        assertTrue(rate >= KernelWarmup.COMPILED_FLOOR_MHS, "primed at " + rate + " MH/s");
        assertFalse(tookMillis > 10_000, "priming took " + tookMillis + " ms");
    }

    /**
     * A vector kernel that stays below compiled speed through its warm-up (C2's code for it slow) is replaced by
     * a fresh copy, primed again, and the copy is what the search gets.
     */
    @Test
    void aVectorKernelStillSlowAfterPrimingIsReplacedByAFreshCopy() {
        WorkKernel slow = standIn(true);
        WorkKernel fast = standIn(false);
        List<WorkKernel> copied = new ArrayList<>();
        KernelSelector.Primed primed = new KernelSelector.Selection(slow, "configured", true, Optional.empty())
                .prime(k -> {
                    copied.add(k);
                    return fast;
                });
        assertEquals(List.of(slow), copied, "one copy, of the slow kernel");
        assertSame(fast, primed.kernel());
        assertTrue(primed.mhs() >= KernelWarmup.COMPILED_FLOOR_MHS, "primed at " + primed.mhs() + " MH/s");
    }

    /** An 8-lane stand-in; a slow one takes 10 ms per 2^14 nonces (1.6 MH/s, below the compiled floor). */
    private static WorkKernel standIn(boolean slow) {
        return new WorkKernel() {
            @Override
            public String name() {
                return "vector512x1";
            }

            @Override
            public int lanes() {
                return 8;
            }

            @Override
            public int states() {
                return 1;
            }

            @Override
            public RootSearch forRoot(Root root) {
                return new RootSearch() {
                    @Override
                    public long search(long start, long count, long threshold) {
                        if (slow && count >= 1 << 14) LockSupport.parkNanos(10_000_000L);
                        return NOT_FOUND;
                    }

                    @Override
                    public void values(long start, long[] out) {}
                };
            }
        };
    }
}
