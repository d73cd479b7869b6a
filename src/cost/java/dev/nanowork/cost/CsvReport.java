package dev.nanowork.cost;

import java.util.Locale;

/** The report as CSV with unrounded figures; {@code rate_modelled} and {@code prices_verified} mark each row. */
public final class CsvReport {
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

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }

    private static String quote(String s) {
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
