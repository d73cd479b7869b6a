package dev.nanowork.cost;

import dev.nanowork.work.Difficulty;

/**
 * The formulas. Each attempt succeeds with probability p = (2^64 - threshold) / 2^64, independently, so the
 * attempt count is geometric with mean E = 1/p; at r attempts per second the search time is, to within
 * one attempt, exponential with mean E / r. Hence:
 * <pre>
 *   mean latency      = E / r
 *   p99 latency       = ln(100) * E / r            (P(T > t) = e^(-t r / E) = 0.01)
 *   P(miss t seconds) = e^(-t r / E)
 *   cost per work     = perSecond * E / r + perRequest
 * </pre>
 * Start-up, network and queueing time are left out: a warm function searching one work at a time.
 */
public final class CostModel {
    /** API Gateway HTTP API's integration timeout, not raisable (docs.aws.amazon.com/apigateway, HTTP API quotas). */
    public static final double GATEWAY_LIMIT_SECONDS = 30;

    private static final double LN_100 = Math.log(100);

    private CostModel() {}

    public static Estimate estimate(Target target, ResolvedRate rate, Difficulty difficulty) {
        double attempts = difficulty.expectedAttempts();
        double mean = meanSeconds(attempts, rate.mhs());
        return new Estimate(
                target,
                rate,
                attempts,
                mean,
                LN_100 * mean,
                missProbability(GATEWAY_LIMIT_SECONDS, attempts, rate.mhs()),
                target.perSecond() * mean + target.perRequest(),
                Double.NaN);
    }

    public static double meanSeconds(double expectedAttempts, double mhs) {
        return expectedAttempts / (mhs * 1e6);
    }

    /** P(search time > t) = e^(-t * rate / E). */
    public static double missProbability(double seconds, double expectedAttempts, double mhs) {
        return Math.exp(-seconds * mhs * 1e6 / expectedAttempts);
    }

    /**
     * A capacity-billed target busy a share u of the time pays each busy second's price over 1/u seconds, so
     * its cost per work is perSecond * E / r / u + perRequest; that equals {@code referenceCost} at
     * u = (perSecond * E / r) / (referenceCost - perRequest). Infinite when the per-request charges alone
     * already reach the reference.
     */
    public static double breakEvenUtilisation(Estimate capacityBilled, double referenceCost) {
        double perRequest = capacityBilled.target().perRequest();
        double capacity = capacityBilled.costPerWork() - perRequest;
        double room = referenceCost - perRequest;
        return room <= 0 ? Double.POSITIVE_INFINITY : capacity / room;
    }
}
