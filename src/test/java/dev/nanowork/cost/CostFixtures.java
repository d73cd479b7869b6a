package dev.nanowork.cost;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The test pricing file (round, hand-checkable figures) and helpers shared by the cost tests. */
final class CostFixtures {
    static final String PRICING_RESOURCE = "/cost/pricing-test.json";

    private CostFixtures() {}

    static String pricingJson() {
        try (InputStream in = CostFixtures.class.getResourceAsStream(PRICING_RESOURCE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static TargetCatalog catalog() {
        return new TargetCatalog(PricingFile.parse(pricingJson(), "pricing-test.json"));
    }

    static Target target(TargetCatalog catalog, String name) {
        return catalog.targets().stream()
                .filter(t -> t.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no target " + name));
    }

    static Rate rate(String target, double mhs, int threads, RateSource source) {
        return new Rate(target, mhs, threads, "test", source, null, null);
    }

    /** The report at send difficulty from {@code rates} alone. */
    static CostReport sendReport(TargetCatalog catalog, Rate... rates) {
        return CostReport.build(
                catalog, new RateModel(catalog, java.util.List.of(rates)), DifficultyInput.parse("send"));
    }

    /** A kernel measured off AWS on one thread, on the CPU its line records ({@code cpu}, or null: none recorded). */
    static Rate measuredLocal(String target, double mhs, String kernel, String cpu) {
        return new Rate(target, mhs, 1, kernel, RateSource.MEASURED_LOCAL, cpu, null);
    }

    /**
     * The report at send difficulty with lambda-x86_64-10240 and ec2-c7g.large measured and everything else modelled
     * from them or from local kernels.
     */
    static CostReport measuredReport(TargetCatalog catalog) {
        return measuredReport(catalog, "send");
    }

    static CostReport measuredReport(TargetCatalog catalog, String difficulty) {
        return CostReport.build(
                catalog,
                new RateModel(
                        catalog,
                        java.util.List.of(
                                rate("local-vector512", 74, 1, RateSource.MEASURED_LOCAL),
                                rate("local-vector256", 39.5, 1, RateSource.MEASURED_LOCAL),
                                rate("local-vector128", 19.75, 1, RateSource.MODELLED),
                                rate("lambda-x86_64-10240", 60, 6, RateSource.MEASURED_DEPLOYED),
                                rate("ec2-c7g.large", 50, 2, RateSource.MEASURED_DEPLOYED))),
                DifficultyInput.parse(difficulty));
    }
}
