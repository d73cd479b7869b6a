package dev.nanowork.cost;

import dev.nanowork.cost.FanOutModel.FanOutEstimate;
import dev.nanowork.cost.FanOutModel.Overheads;
import dev.nanowork.cost.PrecacheModel.PrecacheEstimate;
import java.util.List;

/**
 * The precache's part of the report: for each Lambda size, a work precached with the workers the default settings give
 * it ({@link PrecacheModel}), beside the same size's fan-out with the defaults (the {@code work_generate} that was not
 * precached).
 */
final class PrecacheTable {
    private PrecacheTable() {}

    /** Each Lambda size's precached work, next to its defaults' fan-out row (warm workers). */
    static List<PrecacheEstimate> estimates(CostReport report, Overheads overheads) {
        double invoke = report.pricing().lambda().requestPerMillion() / 1e6;
        return defaults(report).stream()
                .map(f -> PrecacheModel.estimate(f.single(), Math.max(1, f.executions() - 1), overheads, invoke))
                .toList();
    }

    private static List<FanOutEstimate> defaults(CostReport report) {
        return report.fanOut().stream()
                .filter(f -> !f.snapStart() && f.executions() == FanOutTable.defaultExecutions(f.single()))
                .toList();
    }

    static void render(StringBuilder md, CostReport report, Overheads overheads) {
        List<FanOutEstimate> fanOut = defaults(report);
        List<PrecacheEstimate> precached = estimates(report, overheads);
        md.append("\nPrecache: the work asked for with `work_precache` when the wallet publishes the block before it;")
                .append(
                        " the workers the defaults give (at least one) queued asynchronously, no search in the generate")
                .append(" function; the wallet's `work_generate` answered from the record. Its wait is the record's")
                .append(" claim (")
                .append(Figures.sig3(overheads.claim()))
                .append(
                        " s, refused with the found work), against the fan-out's at the same size; \"ready\" is how long")
                .append(" after the precache the work is found. The precache request ")
                .append(Figures.sig3(PrecacheModel.PRECACHE_REQUEST_SECONDS))
                .append(" s and the answer from the record ")
                .append(Figures.sig3(PrecacheModel.ANSWER_FROM_RECORD_SECONDS))
                .append(" s billed at the size, assumed.\n\n")
                .append(
                        "| target | workers | wallet waits s | fan-out p50 s | fan-out p99 s | ready p50 s | ready p99 s")
                .append(" | $ per work | x single | x fan-out |\n")
                .append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (int i = 0; i < precached.size(); i++) {
            PrecacheEstimate p = precached.get(i);
            FanOutEstimate f = fanOut.get(i);
            String m = p.single().modelled() ? MarkdownTable.MODELLED : "";
            md.append("| ")
                    .append(p.single().target().name())
                    .append(" | ")
                    .append(p.workers())
                    .append(" | ")
                    .append(Figures.sig3(p.walletWait()))
                    .append(" | ")
                    .append(Figures.sig3(f.p50Seconds()))
                    .append(m)
                    .append(" | ")
                    .append(Figures.sig3(f.p99Seconds()))
                    .append(m)
                    .append(" | ")
                    .append(Figures.sig3(p.readyP50()))
                    .append(m)
                    .append(" | ")
                    .append(Figures.sig3(p.readyP99()))
                    .append(m)
                    .append(" | ")
                    .append(Figures.dollars(p.costPerWork()))
                    .append(m)
                    .append(" | ")
                    .append(Figures.sig3(p.costRatio()))
                    .append(" | ")
                    .append(String.format(java.util.Locale.ROOT, "%.3f", p.costPerWork() / f.costPerWork()))
                    .append(" |\n");
        }
    }
}
