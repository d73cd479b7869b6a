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
}
