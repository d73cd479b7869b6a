package dev.nanowork.cost;

import dev.nanowork.cost.StackMetrics.Query;
import dev.nanowork.observe.Metric;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a deployed stack's metrics over a window and makes one {@link Measured} per variant billed per GB-second: the
 * functions' own metrics (observe/Metric's names, Variant and Action dimensions) for the works, the wait and the rate;
 * AWS/Lambda's Duration and Invocations per function and AWS/DynamoDB's consumed units for the bill, as the
 * dashboard's cost per work reads them (terraform/modules/work-observe). Sums are read per period and added (many
 * datapoints, so several pages over a long window); the percentiles and averages over one period as long as the
 * window, which CloudWatch computes from every value in it.
 */
public final class MeasuredStack {
    private static final String WORK = Metric.Actions.WORK_GENERATE;
    private static final Duration FIFTEEN_DAYS = Duration.ofDays(15);
    private static final Duration SIXTY_THREE_DAYS = Duration.ofDays(63);

    private MeasuredStack() {}

    /**
     * The period of the summed series: CloudWatch keeps 1-minute data 15 days, 5-minute data 63 days, hourly data
     * after (API Reference, "MetricStat", Period).
     */
    static int period(Instant from, Instant now) {
        Duration age = Duration.between(from, now);
        if (age.compareTo(FIFTEEN_DAYS) <= 0) return 60;
        return age.compareTo(SIXTY_THREE_DAYS) <= 0 ? 300 : 3600;
    }

    public static List<Measured> read(
            ObservedStack stack,
            StackMetrics metrics,
            Instant from,
            Instant to,
            Instant now,
            TargetCatalog catalog,
            PrintStream notes) {
        int period = period(from, now);
        int whole = (int) ((Duration.between(from, to).toSeconds() + period - 1) / period * period);
        List<Query> queries = new ArrayList<>();
        List<ObservedStack.Variant> billed = new ArrayList<>();
        for (ObservedStack.Variant v : stack.variants()) {
            if (!v.durationBilled()) {
                notes.println("measured: " + v.name() + " (" + v.target() + ") skipped: Managed Instances are"
                        + " billed for their fleet, not per GB-second");
                continue;
            }
            String k = "v" + billed.size() + "_";
            billed.add(v);
            Map<String, String> work = Map.of(Metric.VARIANT, v.name(), Metric.ACTION, WORK);
            Map<String, String> worker = Map.of(Metric.VARIANT, v.name(), Metric.ACTION, Metric.Actions.WORKER);
            String ns = stack.namespace();
            String latency = Metric.LATENCY.metricName();
            queries.add(new Query(k + "works", ns, latency, work, "SampleCount", period));
            queries.add(new Query(k + "mean", ns, latency, work, "Average", whole));
            queries.add(new Query(k + "p50", ns, latency, work, "p50", whole));
            queries.add(new Query(k + "p99", ns, latency, work, "p99", whole));
            queries.add(new Query(k + "rate", ns, Metric.HASH_RATE.metricName(), work, "Average", whole));
            queries.add(new Query(k + "wrate", ns, Metric.HASH_RATE.metricName(), worker, "Average", whole));
            queries.add(new Query(k + "deadlines", ns, Metric.DEADLINE.metricName(), work, "Sum", period));
            queries.add(new Query(k + "asked", ns, Metric.WORKERS_ASKED.metricName(), work, "Sum", period));
            lambda(queries, k + "g", v.generateFunction(), period);
            if (v.workerFunction() != null) lambda(queries, k + "w", v.workerFunction(), period);
        }
        if (stack.table() != null)
            for (String units : List.of("ConsumedReadCapacityUnits", "ConsumedWriteCapacityUnits"))
                queries.add(new Query(
                        units.contains("Read") ? "reads" : "writes",
                        "AWS/DynamoDB",
                        units,
                        Map.of("TableName", stack.table()),
                        "Sum",
                        period));
        Map<String, List<Double>> values = metrics.read(queries, from, to);
        Sums s = new Sums(values);
        double allWorks = 0;
        for (int i = 0; i < billed.size(); i++) allWorks += s.sum("v" + i + "_works");
        List<Measured> measured = new ArrayList<>();
        for (int i = 0; i < billed.size(); i++) {
            ObservedStack.Variant v = billed.get(i);
            String k = "v" + i + "_";
            long works = Math.round(s.sum(k + "works"));
            if (works == 0) {
                notes.println("measured: " + v.name() + " (" + v.target() + ") skipped: no work_generate request in"
                        + " the window");
                continue;
            }
            // The table is shared: each variant carries its works' share of its units.
            double share = works / allWorks;
            Target target = catalog.find(v.target())
                    .orElseThrow(() -> new CostInputException(
                            "variant " + v.name() + ": target " + v.target() + " is not a Lambda size of the pricing"));
            double generateMs = s.sum(k + "g_ms");
            double workerMs = s.sum(k + "w_ms");
            long workerInvocations = Math.round(s.sum(k + "w_n"));
            double reads = s.sum("reads") * share;
            double writes = s.sum("writes") * share;
            Pricing p = catalog.pricing();
            double lambdaRequest = p.lambda().requestPerMillion() / 1e6;
            FanOutModel.Overheads o = FanOutModel.Overheads.DEFAULTS;
            measured.add(new Measured(
                    v.name(),
                    v.target(),
                    stack.namespace(),
                    from.toString(),
                    to.toString(),
                    works,
                    s.one(k + "rate") / 1e6,
                    s.one(k + "wrate") / 1e6,
                    s.one(k + "mean") / 1000,
                    s.one(k + "p50") / 1000,
                    s.one(k + "p99") / 1000,
                    Math.round(s.sum(k + "deadlines")),
                    Math.round(s.sum(k + "asked")),
                    generateMs,
                    Math.round(s.sum(k + "g_n")),
                    workerMs,
                    workerInvocations,
                    reads,
                    writes,
                    Measured.billed(
                            target,
                            lambdaRequest,
                            o.readPrice(),
                            o.writePrice(),
                            works,
                            generateMs,
                            workerMs,
                            workerInvocations,
                            reads,
                            writes),
                    p.origin()));
        }
        return measured;
    }

    private static void lambda(List<Query> queries, String k, String function, int period) {
        Map<String, String> name = Map.of("FunctionName", function);
        queries.add(new Query(k + "_ms", "AWS/Lambda", "Duration", name, "Sum", period));
        queries.add(new Query(k + "_n", "AWS/Lambda", "Invocations", name, "Sum", period));
    }

    /** The answer's series: summed over periods, or the one value of a whole-window statistic (NaN for none). */
    private record Sums(Map<String, List<Double>> values) {
        double sum(String id) {
            return values.getOrDefault(id, List.of()).stream()
                    .mapToDouble(Double::doubleValue)
                    .sum();
        }

        double one(String id) {
            List<Double> v = values.getOrDefault(id, List.of());
            return v.isEmpty() ? Double.NaN : v.getFirst();
        }
    }
}
