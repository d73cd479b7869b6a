package dev.nanowork.cost;

import static dev.nanowork.cost.CostFixtures.catalog;
import static dev.nanowork.cost.CostFixtures.rate;
import static dev.nanowork.cost.CostFixtures.target;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.cost.FanOutModel.FanOutEstimate;
import dev.nanowork.cost.FanOutModel.Overheads;
import dev.nanowork.work.Difficulty;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fan-out's formulas against figures worked out by hand (a Python session) from the same inputs. */
class FanOutModelTest {
    /**
     * claim 10 ms, dispatch 50 ms of which the worker's start 50 ms, restore 1 s all billed, stop lag 35 ms, poll 50
     * ms, $0.125/M reads, $0.625/M writes.
     */
    static final Overheads OVERHEADS =
            new Overheads(0.010, 0.050, 0.050, 1.0, 1.0, 0.035, 0.050, 0.125e-6, 0.625e-6, "test");

    static final double INVOKE = 0.20e-6;

    /** Send at a measured 100 MH/s on lambda-x86_64-10240: 5.36870912 s alone, $0.000895986643 a work. */
    static Estimate single() {
        TargetCatalog catalog = catalog();
        Target lambda = target(catalog, "lambda-x86_64-10240");
        RateModel rates =
                new RateModel(catalog, List.of(rate("lambda-x86_64-10240", 100, 6, RateSource.MEASURED_DEPLOYED)));
        return CostModel.estimate(lambda, rates.resolve(lambda), Difficulty.SEND);
    }

    @Test
    void sixteenWarmExecutions() {
        FanOutEstimate f = FanOutModel.estimate(single(), 16, false, OVERHEADS, INVOKE);
        // 0.01 + 5.36870912 (1 - e^(-0.05/5.36870912)) + e^(-0.05/5.36870912) 5.36870912 / 16
        assertEquals(0.39220171732314457, f.meanSeconds(), 1e-12);
        // s = ln 2 x 5.36870912 = 3.7213 > 0.05: 0.01 + 0.05 + (3.7213 - 0.05) / 16
        assertEquals(0.28945659936090407, f.p50Seconds(), 1e-12);
        assertEquals(1.6021136985416475, f.p99Seconds(), 1e-12);
        // e^(-(0.05 + 16 (29.99 - 0.05)) / 5.36870912)
        assertEquals(1.7565509032962753e-39, f.missProbability(), 1e-50);
        // 10 GB x $0.0000166667 (5.36870912 + 15 x 0.085) + $1.2e-6 + 15 x $0.2e-6 + 2 x $0.625e-6
        //   + 16 x (0.3822 / 0.05) x $0.125e-6
        assertEquals(0.0011280251365959658, f.costPerWork(), 1e-15);
        assertEquals(1.2589753938084498, f.costRatio(), 1e-9);
    }

    @Test
    void sixteenExecutionsFromASnapStartRestoreSearchAloneUntilTheyJoin() {
        FanOutEstimate f = FanOutModel.estimate(single(), 16, true, OVERHEADS, INVOKE);
        assertEquals(1.2396386830880826, f.meanSeconds(), 1e-12);
        assertEquals(1.2269565993609042, f.p50Seconds(), 1e-12);
        assertEquals(2.5396136985416473, f.p99Seconds(), 1e-12);
        FanOutEstimate warm = FanOutModel.estimate(single(), 16, false, OVERHEADS, INVOKE);
        assertTrue(f.costPerWork() > warm.costPerWork(), "a restore is billed to each worker");
    }

    @Test
    void theDispatchDelaysTheWorkersAndOnlyTheirOwnStartIsBilled() {
        FanOutEstimate billedWhole = FanOutModel.estimate(single(), 16, true, OVERHEADS, INVOKE);
        Overheads ownPart = new Overheads(0.010, 0.050, 0.011, 1.0, 0.2, 0.035, 0.050, 0.125e-6, 0.625e-6, "test");
        FanOutEstimate f = FanOutModel.estimate(single(), 16, true, ownPart, INVOKE);
        assertEquals(billedWhole.p99Seconds(), f.p99Seconds(), 0, "the wait is the whole dispatch and restore");
        assertEquals(billedWhole.meanSeconds(), f.meanSeconds(), 0);
        // 15 workers x (0.05 + 1.0 - 0.011 - 0.2) s x 10 GB x $0.0000166667
        assertEquals(15 * 0.839 * 10 * 0.0000166667, billedWhole.costPerWork() - f.costPerWork(), 1e-9);
    }

    @Test
    void theDefaultSettingsMeetTheTargetAtTheirRate() {
        // 5.37 s alone at 100 MH/s: a 1 s target takes ceil(5.37) = 6 executions, 5 of them workers
        assertEquals(6, FanOutTable.defaultExecutions(single()));
    }

    @Test
    void oneExecutionIsTheSingleSearchWithNoRecord() {
        Estimate single = single();
        FanOutEstimate f = FanOutModel.estimate(single, 1, false, OVERHEADS, INVOKE);
        assertEquals(single.meanSeconds(), f.meanSeconds(), 0);
        assertEquals(Math.log(2) * single.meanSeconds(), f.p50Seconds(), 1e-12);
        assertEquals(single.p99Seconds(), f.p99Seconds(), 0);
        assertEquals(single.costPerWork(), f.costPerWork(), 0);
        assertEquals(1.0, f.costRatio(), 0);
    }

    @Test
    void moreExecutionsWaitLessAndCostMore() {
        Estimate single = single();
        FanOutEstimate previous = FanOutModel.estimate(single, 1, false, OVERHEADS, INVOKE);
        for (int n : new int[] {4, 8, 16, 32}) {
            FanOutEstimate f = FanOutModel.estimate(single, n, false, OVERHEADS, INVOKE);
            assertTrue(f.p99Seconds() < previous.p99Seconds(), n + " executions answer sooner");
            assertTrue(f.costPerWork() > previous.costPerWork(), n + " executions cost more");
            previous = f;
        }
    }

    @Test
    void theReportHasAFanOutRowPerLambdaSizeExecutionsAndStart() {
        TargetCatalog catalog = catalog();
        CostReport report = CostFixtures.measuredReport(catalog);
        long lambdas = report.estimates().stream()
                .filter(e -> e.target().kind() == Target.Kind.LAMBDA)
                .count();
        List<FanOutEstimate> rows = report.fanOut();
        long defaultsApart = report.estimates().stream()
                .filter(e -> e.target().kind() == Target.Kind.LAMBDA)
                .filter(e -> !FanOutModel.EXECUTIONS.contains(FanOutTable.defaultExecutions(e)))
                .count();
        assertEquals(
                lambdas * 9 + defaultsApart * 2,
                rows.size(),
                "n = 1, and 4, 8, 16, 32 and the defaults' warm and restored, per Lambda size");
        String md = MarkdownTable.render(report);
        FanOutEstimate sixteen = rows.stream()
                .filter(f -> f.single().target().name().equals("lambda-x86_64-10240")
                        && f.executions() == 16
                        && !f.snapStart())
                .findFirst()
                .orElseThrow();
        assertTrue(
                md.contains("| lambda-x86_64-10240 | 16 | warm | " + Figures.sig3(sixteen.meanSeconds()) + " | "
                        + Figures.sig3(sixteen.p50Seconds()) + " | " + Figures.sig3(sixteen.p99Seconds()) + " |"),
                md);
    }
}
