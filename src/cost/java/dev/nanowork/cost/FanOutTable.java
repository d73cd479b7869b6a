package dev.nanowork.cost;

import dev.nanowork.cost.FanOutModel.FanOutEstimate;
import dev.nanowork.cost.FanOutModel.Overheads;
import dev.nanowork.fanout.FanOutSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The fan-out's part of the report: for each Lambda size, the wait and the cost of a work searched by 1, 4, 8, 16 and
 * 32 executions and by as many as the default settings give it ({@link FanOutSettings#DEFAULTS}), with warm workers
 * and with every worker starting from a SnapStart restore ({@link FanOutModel}).
 */
final class FanOutTable {
    private FanOutTable() {}

    /** Every Lambda size's rows, in the order of {@code singles} and of n. */
    static List<FanOutEstimate> estimates(List<Estimate> singles, double invokePrice, Overheads overheads) {
        List<FanOutEstimate> rows = new ArrayList<>();
        for (Estimate single : singles) {
            if (single.target().kind() != Target.Kind.LAMBDA) continue;
            var executions = new TreeSet<>(FanOutModel.EXECUTIONS);
            executions.add(defaultExecutions(single));
            for (int n : executions) {
                rows.add(FanOutModel.estimate(single, n, false, overheads, invokePrice));
                if (n > 1) rows.add(FanOutModel.estimate(single, n, true, overheads, invokePrice));
            }
        }
        return rows;
    }

    /** The generate function and the workers the default settings give a search of {@code single}'s. */
    static int defaultExecutions(Estimate single) {
        return 1
                + FanOutSettings.DEFAULTS.workers(
                        single.expectedAttempts(), single.rate().mhs() * 1e6);
    }

    static void render(StringBuilder md, CostReport report, Overheads overheads) {
        md.append("\nFan-out: one work searched by n executions (the generate function and n - 1 workers), warm")
                .append(" workers and workers from a SnapStart restore (the generate function searching while they")
                .append(" start); \"warm, defaults\" is the n the default settings give (a ")
                .append(FanOutSettings.DEFAULT_TARGET)
                .append(" expected search, at most ")
                .append(FanOutSettings.DEFAULT_MAX_WORKERS)
                .append(" workers). Cost against the single execution's at the same size. Overheads: ")
                .append(overheads.basis())
                .append(".\n\n")
                .append("| target | n | workers | mean s | p50 s | p99 s | P(> 30 s) | $ per work | x single |\n")
                .append("|---|--:|---|--:|--:|--:|--:|--:|--:|\n");
        for (FanOutEstimate f : report.fanOut()) {
            String m = f.single().modelled() ? MarkdownTable.MODELLED : "";
            md.append("| ")
                    .append(f.single().target().name())
                    .append(" | ")
                    .append(f.executions())
                    .append(" | ")
                    .append(f.executions() == 1 ? "none" : f.snapStart() ? "restored" : "warm")
                    .append(f.executions() > 1 && f.executions() == defaultExecutions(f.single()) ? ", defaults" : "")
                    .append(" | ")
                    .append(Figures.sig3(f.meanSeconds()))
                    .append(m)
                    .append(" | ")
                    .append(Figures.sig3(f.p50Seconds()))
                    .append(m)
                    .append(" | ")
                    .append(Figures.sig3(f.p99Seconds()))
                    .append(m)
                    .append(" | ")
                    .append(Figures.percent(f.missProbability()))
                    .append(m)
                    .append(" | ")
                    .append(Figures.dollars(f.costPerWork()))
                    .append(m)
                    .append(" | ")
                    .append(Figures.sig3(f.costRatio()))
                    .append(" |\n");
        }
    }
}
