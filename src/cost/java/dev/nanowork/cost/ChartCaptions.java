package dev.nanowork.cost;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The chart's words about its points: which are solid and why, and where the lettered kernels were measured (the CPU
 * each rates line records, not the machine that draws the chart: the default rates were measured elsewhere).
 */
final class ChartCaptions {
    static final String NO_CPU = "a CPU the rates file does not record";

    private ChartCaptions() {}

    /**
     * Solid and pale told apart in words, true of the points drawn: "solid" names a target's point only when some
     * target has a rate of its own (a line for it, measured or given); the lettered points are measured kernels.
     */
    static String measuredOrNot(CostReport report) {
        if (!report.measured().isEmpty())
            return "stars M1...: measured on a deployed stack (its metrics), pale: modelled";
        boolean own = report.estimates().stream().anyMatch(e -> !e.modelled());
        if (own) return "solid: a rate measured or given for that target, pale: modelled";
        if (!report.localPoints().isEmpty()) return "every target pale: modelled (none has a rate of its own)";
        if (report.measuredHere().isEmpty()) return "every target pale: modelled";
        return "every target pale: modelled from the kernels measured on " + cpus(report);
    }

    /** The second subtitle: what the lettered points are, the CPU their rates file records, whose price they carry. */
    static String measuredHere(CostReport report) {
        int n = report.localPoints().size();
        String letters = n == 1 ? "A" : "A-" + ChartKey.letter(n - 1);
        return "solid " + letters + ": kernels measured on " + cpus(report) + " (as the rates file records them),"
                + " priced as " + pricedAs(report) + " (a Lambda vCPU per thread)";
    }

    /** The Lambda sizes the kernels measured here are priced as, e.g. "lambda-x86_64-1769". */
    static String pricedAs(CostReport report) {
        return report.localPoints().stream()
                .map(LocalPricing.LocalPoint::pricedAs)
                .distinct()
                .collect(Collectors.joining(", "));
    }

    /**
     * The CPUs the measured kernels' lines record, each up to its ISA, in their order: where they were measured,
     * whatever machine runs the report.
     */
    static String cpus(CostReport report) {
        List<String> cpus = report.measuredHere().stream()
                .map(r -> r.cpu() == null ? NO_CPU : r.cpu())
                .distinct()
                .toList();
        return cpus.isEmpty() ? NO_CPU : String.join(" and ", cpus);
    }
}
