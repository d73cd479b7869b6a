package dev.nanowork.cost;

import java.util.Locale;

/** The words beside the rows a deployed stack measured: what each figure is, and what it rests on. */
final class MeasuredNotes {
    private MeasuredNotes() {}

    /** The rate column of a measured row: the stack, the window, the works, and what was billed. */
    static String rateColumn(Measured m) {
        return String.format(
                Locale.ROOT,
                "%s; wait p50 %s s; billed: generate %s s and workers %s s of duration, %d worker invocations"
                        + " (%s MH/s each), %s read and %s write units",
                m.provenance(),
                Figures.sig3(m.p50Seconds()),
                Figures.sig3(m.generateMs() / 1000),
                Figures.sig3(m.workerMs() / 1000),
                m.workerInvocations(),
                Double.isFinite(m.workerMhs()) ? Figures.sig3(m.workerMhs()) : "-",
                Figures.sig3(m.readUnits()),
                Figures.sig3(m.writeUnits()));
    }

    /** The note under a table that holds measured rows. */
    static void render(StringBuilder md, CostReport report) {
        md.append("\n**measured** rows are what a deployed stack's metrics say it did (infra/measured-cost.sh, read")
                .append(" from CloudWatch): MH/s is one execution's measured rate (the generate function's HashRate),")
                .append(" mean and p99 the work_generate latency its wallets waited, at the difficulties they asked")
                .append(" (not necessarily ")
                .append(report.difficulty().label())
                .append("), P(> 30 s) the share of works that reached the deadline, and the cost per work as billed")
                .append(" at these prices: the generate and worker functions' duration (all their actions), Lambda's")
                .append(" and the HTTP API's request per work, Lambda's per worker invocation, and the record")
                .append(" table's reads and writes its functions counted (RecordReads, RecordWrites). Beside each, its")
                .append(" modelled row.\n");
    }
}
