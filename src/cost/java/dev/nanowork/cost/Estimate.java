package dev.nanowork.cost;

/**
 * What one work costs on one target and how long it takes.
 *
 * @param costPerWork        at full utilisation for capacity-billed targets
 * @param breakEvenUtilisation for capacity-billed targets, the share of the time the instance must be busy
 *                           for its cost per work to equal the reference Lambda row's; above 1 it never
 *                           does; NaN for Lambda rows
 */
public record Estimate(
        Target target,
        ResolvedRate rate,
        double expectedAttempts,
        double meanSeconds,
        double p99Seconds,
        double missProbability,
        double costPerWork,
        double breakEvenUtilisation) {

    public double costPerMillionWorks() {
        return costPerWork * 1e6;
    }

    /** True when any figure of this row rests on a modelled rate. */
    public boolean modelled() {
        return rate.modelled();
    }

    Estimate withBreakEven(double utilisation) {
        return new Estimate(
                target, rate, expectedAttempts, meanSeconds, p99Seconds, missProbability, costPerWork, utilisation);
    }
}
