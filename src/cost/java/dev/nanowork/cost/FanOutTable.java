package dev.nanowork.cost;

import dev.nanowork.cost.FanOutModel.FanOutEstimate;
import dev.nanowork.cost.FanOutModel.Overheads;
import java.util.ArrayList;
import java.util.List;

/**
 * The fan-out's part of the report: for each Lambda size, the wait and the cost of a work searched by 1, 4, 8, 16 and
 * 32 executions, with warm workers and with every worker starting from a SnapStart restore ({@link FanOutModel}).
 */
final class FanOutTable {
    private FanOutTable() {}

    static List<FanOutEstimate> estimates(CostReport report, Overheads overheads) {
        double invokePrice = report.pricing().lambda().requestPerMillion() / 1e6;
        List<FanOutEstimate> rows = new ArrayList<>();
        for (Estimate single : report.estimates()) {
            if (single.target().kind() != Target.Kind.LAMBDA) continue;
            for (int n : FanOutModel.EXECUTIONS) {
                rows.add(FanOutModel.estimate(single, n, false, overheads, invokePrice));
                if (n > 1) rows.add(FanOutModel.estimate(single, n, true, overheads, invokePrice));
            }
        }
        return rows;
    }

    static void render(StringBuilder md, CostReport report, Overheads overheads) {
        md.append("\nFan-out: one work searched by n executions (the generate function and n - 1 workers), warm")
                .append(" workers and workers from a SnapStart restore (the generate function searching while they")
                .append(" start). Cost against the single execution's at the same size. Overheads: ")
                .append(overheads.basis())
                .append(".\n\n")
                .append("| target | n | workers | mean s | p50 s | p99 s | P(> 30 s) | $ per work | x single |\n")
                .append("|---|--:|---|--:|--:|--:|--:|--:|--:|\n");
        for (FanOutEstimate f : estimates(report, overheads)) {
            String m = f.single().modelled() ? MarkdownTable.MODELLED : "";
            md.append("| ")
                    .append(f.single().target().name())
                    .append(" | ")
                    .append(f.executions())
                    .append(" | ")
                    .append(f.executions() == 1 ? "none" : f.snapStart() ? "restored" : "warm")
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
