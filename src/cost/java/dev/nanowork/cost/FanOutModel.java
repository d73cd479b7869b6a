package dev.nanowork.cost;

import dev.nanowork.fanout.FanOutSettings;

/**
 * One work searched by n Lambda executions at once (the generate function and n - 1 workers, docs/endpoint.md "One
 * work, many executions"). The generate function writes the record and searches at rate r from t = 0; the workers
 * join after the dispatch time d; the first find stops the rest within the stop lag. The attempt count is geometric
 * whoever makes the attempts, so the search needs a number of one-execution seconds s that is exponential with mean
 * E / r, spent at rate 1 before d and at rate n after:
 * <pre>
 *   latency(q)     = c + (s_q &lt;= d ? s_q : d + (s_q - d) / n),   s_q = -ln(1 - q) E / r
 *   mean latency   = c + E/r (1 - e^(-d r/E)) + e^(-d r/E) E / (n r)
 *   P(miss t)      = e^(-(t - c) r / E) before d, e^(-(d + n (t - c - d)) r / E) after
 *   cost per work  = perSecond (E/r + (n - 1)(b + L)) + perRequest + (n - 1) invoke + 2 writes + n (mean / poll) reads
 * </pre>
 * The hashing is E / r execution-seconds however it is shared; what the fan-out adds is each worker's billed start b
 * (its handler's start to full rate, and a restore's billed part) and stop lag L, its invoke and the record's reads and
 * writes. The dispatch's way to the worker (the Invoke request, the restore of the snapshot itself) delays the workers
 * but is billed to nobody: Lambda bills a worker from its handler's start, and the generate function hashes meanwhile.
 * n = 1 is the single execution with no record.
 */
public final class FanOutModel {
    /** The executions per work the report shows. */
    public static final java.util.List<Integer> EXECUTIONS = java.util.List.of(1, 4, 8, 16, 32);

    private FanOutModel() {}

    /**
     * The overheads, each in seconds, with what it stands on.
     *
     * @param claim the record's conditional write before the search
     * @param dispatch from the decision to invoke to a warm worker hashing at full rate (the wait, not billed)
     * @param workerStart of that, the worker's own part: its handler's start to full rate (billed)
     * @param restore a worker's SnapStart restore, added to the dispatch when no worker is warm (the wait)
     * @param billedRestore of that, what Lambda bills: loading the runtime and the after-restore hooks
     * @param stopLag from the find to a worker's invoke returning (billed)
     * @param poll every execution's record read interval
     * @param readPrice DynamoDB on-demand, one strongly consistent read of an item under 4 KB
     * @param writePrice DynamoDB on-demand, one write of an item under 1 KB
     */
    public record Overheads(
            double claim,
            double dispatch,
            double workerStart,
            double restore,
            double billedRestore,
            double stopLag,
            double poll,
            double readPrice,
            double writePrice,
            String basis) {
        /**
         * What the report uses: the worker's start and the stop lag measured locally, the restore as published, the
         * rest assumed until measured on AWS (each figure's basis in {@link #basis}).
         */
        public static final Overheads DEFAULTS = new Overheads(
                0.010,
                0.050,
                0.011,
                1.4,
                1.4,
                0.060,
                FanOutSettings.DEFAULTS.pollInterval().toNanos() / 1e9,
                0.125e-6,
                0.625e-6,
                "claim 10 ms and dispatch 50 ms assumed (an in-region request each), not billed to the worker;"
                        + " the worker's start 11 ms, billed, measured locally (a task's invoke to a worker's answer,"
                        + " loopback, the record read included: more than the worker's own part); SnapStart restore"
                        + " 1.4 s, the p50 published for primed Java 21, billed whole (AWS bills loading the runtime"
                        + " and the after-restore hooks, not the snapshot's restore: an upper bound); stop lag 60 ms,"
                        + " the median measured locally with the default 50 ms poll (infra/fanout-bench.sh: AMD EPYC,"
                        + " 2 cores, 3 worker processes; p99 383 ms); DynamoDB on demand $0.125 per million reads and"
                        + " $0.625 per million writes (us-east-1, unverified)");
    }

    /**
     * The wait and the cost of one work at one target, searched by {@code executions}.
     *
     * @param executions n, the generate function included
     * @param snapStart whether every worker starts from a SnapStart restore
     */
    public record FanOutEstimate(
            Estimate single,
            int executions,
            boolean snapStart,
            double meanSeconds,
            double p50Seconds,
            double p99Seconds,
            double missProbability,
            double costPerWork) {
        /** The cost against the single execution's at the same target. */
        public double costRatio() {
            return costPerWork / single.costPerWork();
        }
    }

    /**
     * The estimate for {@code executions} searching what {@code single} searches alone.
     *
     * @param invokePrice Lambda's request charge for one worker invoke
     */
    public static FanOutEstimate estimate(
            Estimate single, int executions, boolean snapStart, Overheads o, double invokePrice) {
        if (executions < 1) throw new IllegalArgumentException("executions must be at least 1, was " + executions);
        double alone = single.meanSeconds();
        if (executions == 1)
            return new FanOutEstimate(
                    single,
                    1,
                    snapStart,
                    alone,
                    quantile(0.5, alone, 0, 1, 0),
                    single.p99Seconds(),
                    single.missProbability(),
                    single.costPerWork());
        int n = executions;
        double d = o.dispatch() + (snapStart ? o.restore() : 0);
        double billedStart = o.workerStart() + (snapStart ? o.billedRestore() : 0);
        double beforeJoin = Math.exp(-d / alone);
        double mean = o.claim() + alone * (1 - beforeJoin) + beforeJoin * alone / n;
        double searching = mean - o.claim();
        double t = CostModel.GATEWAY_LIMIT_SECONDS - o.claim();
        double miss = Math.exp(-(t <= d ? t : d + n * (t - d)) / alone);
        Target target = single.target();
        double cost = target.perSecond() * (alone + (n - 1) * (billedStart + o.stopLag()))
                + target.perRequest()
                + (n - 1) * invokePrice
                + 2 * o.writePrice()
                + n * (searching / o.poll()) * o.readPrice();
        return new FanOutEstimate(
                single,
                n,
                snapStart,
                mean,
                quantile(0.5, alone, d, n, o.claim()),
                quantile(0.99, alone, d, n, o.claim()),
                miss,
                cost);
    }

    /** The q-quantile of the latency: c plus the time n executions joining at d take to spend s_q. */
    static double quantile(double q, double alone, double d, int n, double claim) {
        double s = -Math.log(1 - q) * alone;
        return claim + (s <= d ? s : d + (s - d) / n);
    }
}
