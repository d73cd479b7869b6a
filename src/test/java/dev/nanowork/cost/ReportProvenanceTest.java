package dev.nanowork.cost;

import static dev.nanowork.cost.CostFixtures.catalog;
import static dev.nanowork.cost.CostFixtures.measuredLocal;
import static dev.nanowork.cost.CostFixtures.measuredReport;
import static dev.nanowork.cost.CostFixtures.rate;
import static dev.nanowork.cost.CostFixtures.sendReport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the report says about its own inputs (issue 44): where each rate was measured, as its rates line records it
 * (not the machine running the report), and the fan-out's rows, the reference among them, in a CSV of their own.
 */
class ReportProvenanceTest {
    private final TargetCatalog catalog = catalog();
    private final CostReport report = measuredReport(catalog);

    /**
     * Whoever runs the report, a rate is said to be measured where its line records: never "this machine", and a
     * modelled row names the CPU of the measurement it scales.
     */
    @Test
    void everyRateSaysTheCpuItsLineRecordsNotTheMachineRunningTheReport() {
        String intel = "Intel Xeon family 6 model 207 (Emerald Rapids), 2 cores, KVM";
        CostReport onIntel = sendReport(
                catalog,
                measuredLocal("local-vector512", 50, "vector512x2", intel),
                measuredLocal("local-vector256-avx2", 11.4, "x", null),
                rate("local-vector256", 30, 1, RateSource.MEASURED_LOCAL),
                rate("local-vector128", 19.75, 1, RateSource.MODELLED));
        String md = MarkdownTable.render(onIntel);
        assertFalse(md.contains("this machine"), md);
        assertTrue(
                md.startsWith("Difficulty send")
                        && md.contains("\nMeasured kernels, each on the CPU its rates line"
                                + " records (not necessarily the machine that ran this report)."),
                md);
        assertTrue(md.contains(" | lambda-x86_64-1769 | " + intel + " |"), "the line's own CPU: " + md);
        String noCpu = md.lines()
                .filter(l -> l.contains("| local-vector256-avx2 | x |"))
                .findFirst()
                .orElseThrow();
        assertTrue(noCpu.endsWith(" | " + ChartCaptions.NO_CPU + " |"), "a line without a CPU says so: " + noCpu);
        // ec2-c7i.xlarge (avx512) modelled from local-vector512: where that was measured, in the rate column
        assertTrue(
                row(md.lines().toList(), "| ec2-c7i.xlarge |")
                        .contains("modelled: local-vector512 (measured-local on Intel Xeon family 6 model 207"
                                + " (Emerald Rapids)) 50.00 MH/s/thread"),
                md);
        String chart = ChartCaptions.measuredHere(onIntel);
        assertTrue(
                chart.startsWith("solid A-C: kernels measured on Intel Xeon family 6 model 207 (Emerald Rapids) and "
                        + ChartCaptions.NO_CPU + " (as the rates file records them)"),
                chart);
        assertFalse(chart.contains("AMD") || chart.contains("this machine"), chart);
    }

    /** The fan-out's rows, which the reference comes from, in a CSV of their own, the reference and defaults marked. */
    @Test
    void theFanOutRowsHaveACsvWithTheReferenceMarked() {
        List<String> lines = CsvReport.fanOut(report).lines().toList();
        assertEquals(CsvReport.FAN_OUT_HEADER, lines.get(0));
        assertEquals(report.fanOut().size() + 1, lines.size());
        List<String> header = Arrays.asList(CsvReport.FAN_OUT_HEADER.split(","));
        List<String> references = lines.stream()
                .skip(1)
                .filter(l -> l.split(",")[header.indexOf("reference")].equals("true"))
                .toList();
        FanOutModel.FanOutEstimate ref = report.reference();
        assertEquals(1, references.size(), "one reference row: " + references);
        String[] cells = references.get(0).split(",");
        assertEquals(ref.single().target().name(), cells[0]);
        assertEquals(String.valueOf(ref.executions()), cells[header.indexOf("executions")]);
        assertEquals("warm", cells[header.indexOf("workers")]);
        assertEquals(
                ref.costPerWork(),
                Double.parseDouble(cells[header.indexOf("cost_per_work_usd")]),
                ref.costPerWork() * 1e-5);
        assertEquals(
                ref.p99Seconds(), Double.parseDouble(cells[header.indexOf("p99_seconds")]), ref.p99Seconds() * 1e-5);
        for (String l : lines.subList(1, lines.size())) {
            String[] c = l.split(",");
            String workers = c[header.indexOf("workers")];
            assertTrue(
                    c[header.indexOf("executions")].equals("1")
                            ? workers.equals("none")
                            : workers.matches("warm|restored"),
                    l);
        }
        long defaults = lines.stream()
                .skip(1)
                .filter(l -> l.split(",")[header.indexOf("default_executions")].equals("true"))
                .count();
        assertTrue(defaults >= 1, "the defaults' n marked");
    }

    private static String row(List<String> rows, String prefix) {
        return rows.stream()
                .filter(r -> r.startsWith(prefix))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + prefix));
    }
}
