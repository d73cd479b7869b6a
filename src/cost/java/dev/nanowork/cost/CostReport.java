package dev.nanowork.cost;

import dev.nanowork.cost.FanOutModel.FanOutEstimate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Every target's estimate at one difficulty; every Lambda size's fan-out ({@link FanOutTable}); the Lambda
 * configuration that capacity-billed targets break even against: the cheapest size and fan-out, workers warm, whose
 * p99 is within {@link #REFERENCE_P99_SECONDS} (else the cheapest single execution); and the kernels measured on this
 * machine, which the modelled rows scale from, with their estimates at the price of a Lambda size ({@link
 * LocalPricing}). No single execution within 1% of missing API Gateway's 30 s needs the fallback: its expected search
 * is at most 6.5 s, which 32 executions bring to a p99 near 1 s.
 */
public record CostReport(
        Pricing pricing,
        DifficultyInput difficulty,
        List<Estimate> estimates,
        List<FanOutEstimate> fanOut,
        FanOutEstimate reference,
        List<Rate> measuredHere,
        List<LocalPricing.LocalPoint> localPoints) {
    /** What a wallet should wait at most, 99 times in 100: the reference configuration meets it. */
    public static final double REFERENCE_P99_SECONDS = 5;

    public static CostReport build(TargetCatalog catalog, RateModel rates, DifficultyInput difficulty) {
        List<Estimate> raw = new ArrayList<>();
        for (Target target : catalog.targets())
            raw.add(CostModel.estimate(target, rates.resolve(target), difficulty.difficulty()));
        // Memory sizes of one architecture cost the same per work (rate and price both follow memory): among
        // costs equal to 9 significant figures the faster row is the better reference.
        Comparator<FanOutEstimate> cheapest = Comparator.comparingDouble(
                        (FanOutEstimate e) -> roundTo9(e.costPerWork()))
                .thenComparingDouble(FanOutEstimate::meanSeconds);
        List<Estimate> lambdas =
                raw.stream().filter(e -> !e.target().kind().capacityBilled()).toList();
        List<FanOutEstimate> fanOut = FanOutTable.estimates(
                lambdas, catalog.pricing().lambda().requestPerMillion() / 1e6, FanOutModel.Overheads.DEFAULTS);
        List<FanOutEstimate> singles =
                fanOut.stream().filter(f -> f.executions() == 1).toList();
        FanOutEstimate reference = fanOut.stream()
                .filter(f -> !f.snapStart() && f.p99Seconds() <= REFERENCE_P99_SECONDS)
                .min(cheapest)
                .or(() -> singles.stream().min(cheapest))
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
                fanOut,
                reference,
                rates.measuredHere(),
                LocalPricing.price(rates.measuredHere(), catalog, difficulty.difficulty()));
    }

    /** True when the reference meets {@link #REFERENCE_P99_SECONDS}. */
    public boolean referenceMeetsP99Bound() {
        return reference.p99Seconds() <= REFERENCE_P99_SECONDS;
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
