package dev.nanowork.cost;

import static dev.nanowork.cost.CostFixtures.catalog;
import static dev.nanowork.cost.CostFixtures.rate;
import static dev.nanowork.cost.CostFixtures.target;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RateModelTest {
    private final TargetCatalog catalog = catalog();

    @Test
    void aDeployedMeasurementBeatsAUsersFigureAndTheLastOfEqualsWins() {
        RateModel model = new RateModel(
                catalog,
                List.of(
                        rate("lmi-c7g", 300, 8, RateSource.MEASURED_DEPLOYED),
                        rate("lmi-c7g", 999, 8, RateSource.USER),
                        rate("lmi-c7g", 310, 8, RateSource.MEASURED_DEPLOYED),
                        rate("lmi-c7g", 1, 8, RateSource.MODELLED)));
        ResolvedRate r = model.resolve(target(catalog, "lmi-c7g"));
        assertEquals(310, r.mhs(), 0);
        assertFalse(r.modelled());
        assertEquals("measured-deployed", r.basis());
    }

    @Test
    void aModelledLineOnTheTargetItselfStaysModelled() {
        RateModel model = new RateModel(catalog, List.of(rate("lmi-c7g", 300, 8, RateSource.MODELLED)));
        assertTrue(model.resolve(target(catalog, "lmi-c7g")).modelled());
    }

    @Test
    void anotherSizeOfTheFamilyScalesByVcpusAndIsModelled() {
        RateModel model = new RateModel(
                catalog,
                List.of(
                        rate("lambda-x86_64-10240", 120, 6, RateSource.MEASURED_DEPLOYED),
                        rate("lmi-c7g", 400, 8, RateSource.MEASURED_DEPLOYED)));

        ResolvedRate lambda = model.resolve(target(catalog, "lambda-x86_64-1769"));
        assertTrue(lambda.modelled());
        assertEquals(120 / (10240 / 1769.0), lambda.mhs(), 1e-9, "Lambda scales by vCPU credit, not by visible CPUs");
        assertTrue(lambda.basis().contains("lambda-x86_64-10240"), lambda.basis());

        ResolvedRate ec2 = model.resolve(target(catalog, "ec2-c7g.large"));
        assertTrue(ec2.modelled());
        assertEquals(100, ec2.mhs(), 1e-9); // 400 MH/s on 8 vCPUs -> 2 vCPUs
    }

    @Test
    void aLambdaMeasurementAtAMemorySizeOutsideTheTableStillScales() {
        // the test catalogue has 1,769, 3,538 and 10,240 MB; 7,076 MB is four vCPUs of credit
        RateModel model =
                new RateModel(catalog, List.of(rate("lambda-arm64-7076", 64, 4, RateSource.MEASURED_DEPLOYED)));
        assertEquals(
                64 / 4.0 * 2,
                model.resolve(target(catalog, "lambda-arm64-3538")).mhs(),
                1e-9);
        assertEquals(
                64 / 4.0 * (10240 / 1769.0),
                model.resolve(target(catalog, "lambda-arm64-10240")).mhs(),
                1e-9);
    }

    @Test
    void withoutAFamilyMeasurementTheLocalKernelOfTheIsaIsScaledByCoreFactorSmtAndVcpus() {
        RateModel model = new RateModel(
                catalog,
                List.of(
                        rate("local-vector512", 148, 2, RateSource.MEASURED_LOCAL),
                        rate("local-vector128", 20, 1, RateSource.MODELLED)));

        // c7i: avx512, SMT, core factor 0.5 in the test pricing: 74 MH/s/thread x 0.5 x 0.6 x 4 vCPU
        ResolvedRate c7i = model.resolve(target(catalog, "ec2-c7i.xlarge"));
        assertEquals(74 * 0.5 * RateModel.SMT_VCPU_YIELD * 4, c7i.mhs(), 1e-9);
        assertTrue(c7i.modelled());

        // arm64 Lambda: neon128, no SMT, core factor 0.5: 20 x 0.5 x 1 vCPU
        assertEquals(10, model.resolve(target(catalog, "lambda-arm64-1769")).mhs(), 1e-9);
    }

    @Test
    void aMissingBasisLineIsNamed() {
        RateModel model = new RateModel(catalog, List.of(rate("local-vector512", 74, 1, RateSource.MEASURED_LOCAL)));
        CostInputException e =
                assertThrows(CostInputException.class, () -> model.resolve(target(catalog, "lambda-x86_64-1769")));
        assertEquals(
                "no rate for lambda-x86_64-1769 and no \"local-vector256-avx2\" line to model it from: "
                        + "add a measured line for it to the rates file",
                e.getMessage());
    }
}
