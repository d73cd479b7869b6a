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
        List<LocalPricing.LocalPoint> localPoints,
        List<MeasuredRow> measured) {
    /** What a wallet should wait at most, 99 times in 100: the reference configuration meets it. */
    public static final double REFERENCE_P99_SECONDS = 5;

    /**
     * A Lambda row a deployed stack ran, as its metrics measured it ({@link Measured}): the rate of one execution, the
     * wait its wallets had (mean and p99 of work_generate's latency, at the difficulties they asked), the share of
     * works that missed the deadline as its P(miss) and the cost per work as billed at this report's prices.
     */
    public record MeasuredRow(Measured measured, Estimate estimate) {}

    public static CostReport build(TargetCatalog catalog, RateModel rates, DifficultyInput difficulty) {
        return build(catalog, rates, difficulty, List.of());
    }

    public static CostReport build(
            TargetCatalog catalog, RateModel rates, DifficultyInput difficulty, List<Measured> measured) {
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
                LocalPricing.price(rates.measuredHere(), catalog, difficulty.difficulty()),
                measured.stream().map(m -> row(m, catalog, difficulty)).toList());
    }

    private static MeasuredRow row(Measured m, TargetCatalog catalog, DifficultyInput difficulty) {
        Target target = catalog.find(m.target())
                .orElseThrow(() -> new CostInputException("measured " + m.variant() + ": target " + m.target()
                        + " is not a Lambda size of " + catalog.pricing().origin()));
        FanOutModel.Overheads o = FanOutModel.Overheads.DEFAULTS;
        double cost =
                m.billed(target, catalog.pricing().lambda().requestPerMillion() / 1e6, o.readPrice(), o.writePrice());
        return new MeasuredRow(
                m,
                new Estimate(
                        target,
                        new ResolvedRate(m.mhs(), false, m.provenance()),
                        difficulty.difficulty().expectedAttempts(),
                        m.meanSeconds(),
                        m.p99Seconds(),
                        (double) m.deadlines() / m.works(),
                        cost,
                        Double.NaN));
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
