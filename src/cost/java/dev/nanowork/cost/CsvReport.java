package dev.nanowork.cost;

import dev.nanowork.cost.FanOutModel.FanOutEstimate;
import java.util.Locale;

/**
 * The report as CSV with unrounded figures: {@code cost.csv} one row per target, {@code rate_modelled} and {@code
 * prices_verified} marking each; {@code cost-fan-out.csv} the fan-out table's rows, the reference among them.
 */
public final class CsvReport {
    static final String FAN_OUT_FILE = "cost-fan-out.csv";
    static final String FAN_OUT_HEADER = "target,executions,workers,default_executions,reference,mean_seconds,"
            + "p50_seconds,p99_seconds,p_miss_30s,cost_per_work_usd,cost_vs_single,rate_modelled,rate_basis";
    static final String HEADER =
            "target,kind,family,memory_mb,vcpus,threads,mhs,rate_modelled,rate_basis,expected_attempts,"
                    + "mean_seconds,p99_seconds,p_miss_30s,cost_per_work_usd,cost_per_million_works_usd,break_even_utilisation,prices_verified";

    private CsvReport() {}

    public static String render(CostReport report) {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (Estimate e : report.estimates()) {
            Target t = e.target();
            csv.append(String.join(
                            ",",
                            t.name(),
                            quote(t.kind().label()),
                            t.family(),
                            String.valueOf(t.memoryMb()),
                            num(t.vcpus()),
                            String.valueOf(t.threads()),
                            num(e.rate().mhs()),
                            e.modelled() ? "modelled" : "measured",
                            quote(e.rate().basis()),
                            num(e.expectedAttempts()),
                            num(e.meanSeconds()),
                            num(e.p99Seconds()),
                            num(e.missProbability()),
                            num(e.costPerWork()),
                            num(e.costPerMillionWorks()),
                            Double.isNaN(e.breakEvenUtilisation()) ? "" : num(e.breakEvenUtilisation()),
                            String.valueOf(t.pricesVerified())))
                    .append('\n');
        }
        return csv.toString();
    }

    /** Every fan-out row as the Markdown's fan-out table has it, marking the default n and the reference row. */
    public static String fanOut(CostReport report) {
        StringBuilder csv = new StringBuilder(FAN_OUT_HEADER).append('\n');
        for (FanOutEstimate f : report.fanOut()) {
            Estimate single = f.single();
            csv.append(String.join(
                            ",",
                            single.target().name(),
                            String.valueOf(f.executions()),
                            f.executions() == 1 ? "none" : f.snapStart() ? "restored" : "warm",
                            String.valueOf(f.executions() == FanOutTable.defaultExecutions(single)),
                            String.valueOf(f.equals(report.reference())),
                            num(f.meanSeconds()),
                            num(f.p50Seconds()),
                            num(f.p99Seconds()),
                            num(f.missProbability()),
                            num(f.costPerWork()),
                            num(f.costRatio()),
                            single.modelled() ? "modelled" : "measured",
                            quote(single.rate().basis())))
                    .append('\n');
        }
        return csv.toString();
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }

    private static String quote(String s) {
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
