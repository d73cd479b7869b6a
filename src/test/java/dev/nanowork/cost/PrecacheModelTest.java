package dev.nanowork.cost;

import static dev.nanowork.cost.FanOutModelTest.INVOKE;
import static dev.nanowork.cost.FanOutModelTest.OVERHEADS;
import static dev.nanowork.cost.FanOutModelTest.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.cost.FanOutModel.FanOutEstimate;
import dev.nanowork.cost.PrecacheModel.PrecacheEstimate;
import org.junit.jupiter.api.Test;

/** A precached work's formulas against figures worked out by hand from the fan-out test's inputs. */
class PrecacheModelTest {
    @Test
    void fifteenQueuedWorkersReadyWithinAboutASecondTheWalletWaitingTheClaim() {
        PrecacheEstimate p = PrecacheModel.estimate(single(), 15, OVERHEADS, INVOKE);
        assertEquals(0.010, p.walletWait(), 1e-12, "the refused claim that brings the found work back");
        // 0.05 + ln 2 x 5.36870912 / 15, and 0.05 + ln 100 x 5.36870912 / 15
        assertEquals(0.29808703931829766, p.readyP50(), 1e-12);
        assertEquals(1.6982546117777575, p.readyP99(), 1e-12);
        // 10 GB x $0.0000166667 (0.05 + 5.36870912 + 15 x 0.085 + 0.02) + 2 x $1.2e-6 + 15 x $0.2e-6 + 3 x $0.625e-6
        //   + 15 x (5.36870912 / 15 / 0.05) x $0.125e-6
        assertEquals(0.00113965053070304, p.costPerWork(), 1e-15);
    }

    @Test
    void aPrecachedWorkCostsAboutWhatTheFanOutDoesAndTheWalletWaitsAFractionOfIt() {
        FanOutEstimate fanOut = FanOutModel.estimate(single(), 16, false, OVERHEADS, INVOKE);
        PrecacheEstimate p = PrecacheModel.estimate(single(), 15, OVERHEADS, INVOKE);
        double ratio = p.costPerWork() / fanOut.costPerWork();
        assertTrue(ratio > 1 && ratio < 1.02, "one request and 70 ms more, the same hashes: " + ratio);
        assertTrue(p.walletWait() < fanOut.p50Seconds() / 10, p.walletWait() + " against " + fanOut.p50Seconds());
    }

    @Test
    void aPrecacheQueuesAtLeastOneWorker() {
        assertThrows(IllegalArgumentException.class, () -> PrecacheModel.estimate(single(), 0, OVERHEADS, INVOKE));
        PrecacheEstimate one = PrecacheModel.estimate(single(), 1, OVERHEADS, INVOKE);
        assertEquals(0.05 + Math.log(2) * 5.36870912, one.readyP50(), 1e-9, "one worker searches it all");
    }
}
