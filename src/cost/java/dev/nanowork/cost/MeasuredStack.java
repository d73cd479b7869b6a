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
 * functions' own metrics (observe/Metric's names, Variant and Action dimensions) for the works, the wait, the rate and
 * the record table's reads and writes (RecordReads and RecordWrites of work_generate and worker: each function counts
 * its own calls, so a variant's units are exact where the table's consumed units are shared by every variant);
 * AWS/Lambda's Duration and Invocations per function for the bill, as the dashboard's cost per work reads them
 * (terraform/modules/work-observe). AWS/DynamoDB's consumed units only as a cross-check in the notes. Sums are read
 * per period and added (many datapoints, so several pages over a long window); the percentiles and averages over one
 * period as long as the window, which CloudWatch computes from every value in it. The rate stays the mean of the
 * executions' HashRate: a sum of attempts over a sum of search times would need the search time, which no metric
 * carries.
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
            for (Map.Entry<String, Map<String, String>> action :
                    Map.of("g", work, "w", worker).entrySet()) {
                String a = k + action.getKey();
                queries.add(new Query(
                        a + "_reads", ns, Metric.RECORD_READS.metricName(), action.getValue(), "Sum", period));
                queries.add(new Query(
                        a + "_writes", ns, Metric.RECORD_WRITES.metricName(), action.getValue(), "Sum", period));
            }
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
        List<Measured> measured = new ArrayList<>();
        double counted = 0;
        for (int i = 0; i < billed.size(); i++) {
            ObservedStack.Variant v = billed.get(i);
            String k = "v" + i + "_";
            long works = Math.round(s.sum(k + "works"));
            double reads = s.sum(k + "g_reads") + s.sum(k + "w_reads");
            double writes = s.sum(k + "g_writes") + s.sum(k + "w_writes");
            counted += reads + writes;
            if (works == 0) {
                notes.println("measured: " + v.name() + " (" + v.target() + ") skipped: no work_generate request in"
                        + " the window");
                continue;
            }
            Target target = catalog.find(v.target())
                    .orElseThrow(() -> new CostInputException(
                            "variant " + v.name() + ": target " + v.target() + " is not a Lambda size of the pricing"));
            double generateMs = s.sum(k + "g_ms");
            double workerMs = s.sum(k + "w_ms");
            long workerInvocations = Math.round(s.sum(k + "w_n"));
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
        if (stack.table() != null)
            notes.println("measured: cross-check: table " + stack.table() + " consumed " + Figures.sig3(s.sum("reads"))
                    + " read and " + Figures.sig3(s.sum("writes"))
                    + " write units in the window; the functions counted "
                    + Figures.sig3(counted) + " reads and writes (a unit each; an eventually consistent read is half a"
                    + " unit, an item over 4 KB read or 1 KB written more than one)");
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
