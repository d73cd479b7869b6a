package dev.nanowork.cost;

import static dev.nanowork.cost.CostFixtures.catalog;
import static dev.nanowork.cost.CostFixtures.rate;
import static dev.nanowork.cost.CostFixtures.target;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.work.Difficulty;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-computed cases: the figures in comments were worked out on paper from the test pricing file. */
class CostModelTest {
    private static final double SEND_ATTEMPTS = 536_870_912; // 2^64 / (2^64 - 0xfffffff800000000) = 2^64 / 2^35 = 2^29

    @Test
    void sendAtAMeasuredHundredMegahashOnLambdaX86At10240Mb() {
        TargetCatalog catalog = catalog();
        Target lambda = target(catalog, "lambda-x86_64-10240");
        RateModel rates =
                new RateModel(catalog, List.of(rate("lambda-x86_64-10240", 100, 6, RateSource.MEASURED_DEPLOYED)));

        Estimate e = CostModel.estimate(lambda, rates.resolve(lambda), Difficulty.SEND);

        assertEquals(SEND_ATTEMPTS, e.expectedAttempts(), 0);
        assertEquals(5.36870912, e.meanSeconds(), 1e-12); // 2^29 / 1e8
        // 10 GB x $0.0000166667/GB-s x 5.36870912 s + ($0.20 Lambda + $1.00 API Gateway) / 1e6
        assertEquals(0.000895986643, e.costPerWork(), 1e-12);
        assertEquals(895.986643, e.costPerMillionWorks(), 1e-6);
        assertFalse(e.modelled(), "a rate measured on the target itself is not modelled");
    }

    @Test
    void sendOnLambdaX86At3538MbModelledFromTwentyMegahashPerVcpu() {
        TargetCatalog catalog = catalog();
        Target lambda = target(catalog, "lambda-x86_64-3538");
        assertEquals(2.0, lambda.vcpus(), 1e-12, "3,538 MB is two vCPUs of credit");
        // test pricing: x86_64 Lambda is avx2 (vector256-avx2 kernel), core factor 1, no SMT penalty
        RateModel rates =
                new RateModel(catalog, List.of(rate("local-vector256-avx2", 10, 1, RateSource.MEASURED_LOCAL)));

        Estimate e = CostModel.estimate(lambda, rates.resolve(lambda), Difficulty.SEND);

        assertEquals(20, e.rate().mhs(), 1e-12); // 10 MH/s per thread x 2 vCPU
        assertTrue(e.modelled());
        assertEquals(26.8435456, e.meanSeconds(), 1e-9); // 2^29 / 2e7
        assertEquals(123.619096, e.p99Seconds(), 1e-6); // ln(100) x 26.8435456
        assertEquals(0.327068029, e.missProbability(), 1e-9); // e^(-30 x 2e7 / 2^29) = e^-1.11758709
        // 3538/1024 GB x $0.0000166667 x 26.8435456 s + $1.2e-6
        assertEquals(0.00154697888, e.costPerWork(), 1e-11);
    }

    @Test
    void tailProbabilityIsExponentialInTimesRateOverAttempts() {
        double attempts = Difficulty.SEND.expectedAttempts();
        for (double mhs : new double[] {1, 50, 100, 400}) {
            for (double t : new double[] {1, 10, 30}) {
                assertEquals(Math.exp(-t * mhs * 1e6 / attempts), CostModel.missProbability(t, attempts, mhs), 1e-15);
            }
        }
        // The geometric tail: at 100 MH/s 0.4% of send works need longer than 30 s, at 50 MH/s 6%
        assertEquals(0.0037, CostModel.missProbability(30, attempts, 100), 0.0001);
        assertEquals(0.061, CostModel.missProbability(30, attempts, 50), 0.001);
    }

    @Test
    void receiveNeedsAQuarterOfTheAttemptsOfEpochOneAndAnEighthOfItsTime() {
        TargetCatalog catalog = catalog();
        Target ec2 = target(catalog, "ec2-c7i.xlarge");
        ResolvedRate r = new ResolvedRate(100, false, "test");
        Estimate receive = CostModel.estimate(ec2, r, Difficulty.RECEIVE);
        Estimate epoch1 = CostModel.estimate(ec2, r, Difficulty.EPOCH_1);
        assertEquals(1 << 23, receive.expectedAttempts(), 0);
        assertEquals(1 << 26, epoch1.expectedAttempts(), 0);
        assertEquals(epoch1.meanSeconds() / 8, receive.meanSeconds(), 1e-15);
    }

    @Test
    void ec2CostIsTheHourlyPriceOverTheMeanSearchAndBreaksEvenAgainstTheReferenceLambda() {
        TargetCatalog catalog = catalog();
        RateModel rates = new RateModel(
                catalog,
                List.of(
                        rate("lambda-x86_64-10240", 100, 6, RateSource.MEASURED_DEPLOYED),
                        rate("lambda-arm64-10240", 100, 6, RateSource.MEASURED_DEPLOYED),
                        rate("ec2-c7i.xlarge", 100, 4, RateSource.MEASURED_DEPLOYED),
                        rate("lmi-c7g", 100, 8, RateSource.USER)));

        CostReport report = CostReport.build(catalog, rates, DifficultyInput.parse("send"));

        Estimate ec2 = estimate(report, "ec2-c7i.xlarge");
        assertEquals(0.000266198494, ec2.costPerWork(), 1e-12); // $0.1785 / 3600 x 5.36870912 s, no request charges
        // the cheapest Lambda configuration with a p99 within 5 s: arm64 at 10,240 MB with a measured 100 MH/s
        // (5.36870912 s alone: p99 24.7 s) fanned out over the 6 executions the default 1 s target gives (p99 4.2 s):
        // 10 GB x $0.0000133334 x (5.36870912 + 5 x (0.011 + 0.060)) + $1.2e-6 + 5 x $0.2e-6 + 2 x $0.625e-6
        //   + 6 x ((0.946256 - 0.01) / 0.05) x $0.125e-6 = $0.000780659 (a Python session)
        assertEquals("lambda-arm64-10240", report.reference().single().target().name());
        assertEquals(6, report.reference().executions());
        assertEquals(0.000780658903, report.reference().costPerWork(), 1e-12);
        assertEquals(0.000266198494 / 0.000780658903, ec2.breakEvenUtilisation(), 1e-8);
        assertTrue(
                Double.isNaN(estimate(report, "lambda-x86_64-10240").breakEvenUtilisation()),
                "Lambda has no break-even");
    }

    @Test
    void managedInstancesPayTheEc2VcpuPricePlusTheFeeAndBothRequestCharges() {
        TargetCatalog catalog = catalog();
        Target lmi = target(catalog, "lmi-c7i");
        assertEquals(8, lmi.vcpus(), 0);
        // $0.1785 / 4 vCPU x 8 vCPU x 1.15 / 3600 per second, ($0.20 + $1.00) / 1e6 per request
        assertEquals(0.1785 / 4 * 8 * 1.15 / 3600, lmi.perSecond(), 1e-15);
        assertEquals(1.2e-6, lmi.perRequest(), 1e-15);
        Estimate e = CostModel.estimate(lmi, new ResolvedRate(100, false, "test"), Difficulty.SEND);
        assertEquals(0.000613456536, e.costPerWork(), 1e-12);
    }

    @Test
    void breakEvenIsNeverWhenTheRequestChargesAloneReachTheReference() {
        Target lmi = target(catalog(), "lmi-c7i");
        Estimate e = CostModel.estimate(lmi, new ResolvedRate(100, false, "test"), Difficulty.SEND);
        assertEquals(Double.POSITIVE_INFINITY, CostModel.breakEvenUtilisation(e, lmi.perRequest()));
        assertTrue(
                CostModel.breakEvenUtilisation(e, e.costPerWork() / 2) > 1,
                "cheaper reference: more than 100% busy needed");
        assertEquals(1.0, CostModel.breakEvenUtilisation(e, e.costPerWork()), 1e-12);
    }

    private static Estimate estimate(CostReport report, String name) {
        return report.estimates().stream()
                .filter(e -> e.target().name().equals(name))
                .findFirst()
                .orElseThrow();
    }
}
