package dev.nanowork.cost;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Every target's estimate at one difficulty, and the Lambda row that capacity-billed targets break even
 * against: the cheapest Lambda row that misses API Gateway's 30 s limit at most {@link #REFERENCE_MAX_MISS}
 * of the time (the cheapest Lambda row of all when none does); and the kernels measured on this machine, which
 * the modelled rows scale from, with their estimates at the price of a Lambda size ({@link LocalPricing}).
 */
public record CostReport(
        Pricing pricing,
        DifficultyInput difficulty,
        List<Estimate> estimates,
        Estimate reference,
        List<Rate> measuredHere,
        List<LocalPricing.LocalPoint> localPoints) {
    /** A Lambda configuration that times out more often than this is no real alternative. */
    public static final double REFERENCE_MAX_MISS = 0.01;

    public static CostReport build(TargetCatalog catalog, RateModel rates, DifficultyInput difficulty) {
        List<Estimate> raw = new ArrayList<>();
        for (Target target : catalog.targets())
            raw.add(CostModel.estimate(target, rates.resolve(target), difficulty.difficulty()));
        // Memory sizes of one architecture cost the same per work (rate and price both follow memory): among
        // costs equal to 9 significant figures the faster row is the better reference.
        Comparator<Estimate> cheapest = Comparator.comparingDouble((Estimate e) -> roundTo9(e.costPerWork()))
                .thenComparingDouble(Estimate::meanSeconds);
        List<Estimate> lambdas =
                raw.stream().filter(e -> !e.target().kind().capacityBilled()).toList();
        Estimate reference = lambdas.stream()
                .filter(e -> e.missProbability() <= REFERENCE_MAX_MISS)
                .min(cheapest)
                .or(() -> lambdas.stream().min(cheapest))
                .orElseThrow(() ->
                        new CostInputException(catalog.pricing().origin() + ": no Lambda target to compare against"));
        List<Estimate> estimates = raw.stream()
                .map(e -> e.target().kind().capacityBilled()
                        ? e.withBreakEven(CostModel.breakEvenUtilisation(e, reference.costPerWork()))
                        : e)
                .toList();
        return new CostReport(
                catalog.pricing(),
                difficulty,
                estimates,
                reference,
                rates.measuredHere(),
                LocalPricing.price(rates.measuredHere(), catalog, difficulty.difficulty()));
    }

    /** False when no Lambda row met {@link #REFERENCE_MAX_MISS} and the reference is merely the cheapest. */
    public boolean referenceMeetsMissBound() {
        return reference.missProbability() <= REFERENCE_MAX_MISS;
    }

    private static double roundTo9(double value) {
        return new java.math.BigDecimal(value)
                .round(new java.math.MathContext(9))
                .doubleValue();
    }

    public boolean anyModelled() {
        return estimates.stream().anyMatch(Estimate::modelled);
    }

    public boolean anyUnverifiedPrice() {
        return estimates.stream().anyMatch(e -> !e.target().pricesVerified());
    }
}
