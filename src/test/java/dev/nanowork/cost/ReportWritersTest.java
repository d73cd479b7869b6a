package dev.nanowork.cost;

import static dev.nanowork.cost.CostFixtures.catalog;
import static dev.nanowork.cost.CostFixtures.measuredLocal;
import static dev.nanowork.cost.CostFixtures.measuredReport;
import static dev.nanowork.cost.CostFixtures.rate;
import static dev.nanowork.cost.CostFixtures.sendReport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every output marks each figure that rests on a modelled rate, and each cost that uses an unverified price. */
class ReportWritersTest {
    private final TargetCatalog catalog = catalog();
    private final CostReport report = measuredReport(catalog);

    @Test
    void markdownMarksModelledFiguresAndUnverifiedPrices() {
        String md = MarkdownTable.render(report);
        String targets = md.substring(0, md.indexOf("\nFan-out:"));
        List<String> rows = Arrays.stream(targets.split("\n"))
                .filter(l -> l.startsWith("| lambda-") || l.startsWith("| lmi-") || l.startsWith("| ec2-"))
                .toList();
        assertEquals(catalog.targets().size(), rows.size());

        String measured = row(rows, "| lambda-x86_64-10240 |");
        assertFalse(measured.contains(MarkdownTable.MODELLED), measured);
        assertTrue(measured.contains("| measured: measured-deployed |"), measured);

        String modelled = row(rows, "| lambda-x86_64-1769 |");
        // MH/s, mean, p99, P(>30 s), $ per work, $ per 1M works: six figures, each marked
        assertEquals(6, modelled.split("\\*", -1).length - 1, modelled);
        assertTrue(modelled.contains("| modelled: scaled by vCPU from lambda-x86_64-10240"), modelled);

        String unverified = row(rows, "| ec2-c7i.xlarge |");
        assertEquals(
                3,
                unverified.split(MarkdownTable.UNVERIFIED, -1).length - 1,
                "$ per work, per 1M, break-even: " + unverified);
        assertTrue(md.contains("* rests on a modelled hash rate"));
        assertTrue(md.contains("† uses a price the pricing file marks unverified"));
    }

    @Test
    void theReferenceIsTheCheapestSizeAndFanOutWithAP99WithinFiveSecondsWorkersWarm() {
        FanOutModel.FanOutEstimate ref = report.reference();
        assertTrue(report.referenceMeetsP99Bound());
        assertFalse(ref.snapStart(), "warm workers: restores are what a burst adds, not what a size costs");
        assertTrue(ref.executions() > 1, "no single execution has a p99 within 5 s here: " + ref);
        for (FanOutModel.FanOutEstimate f : report.fanOut())
            if (!f.snapStart() && f.p99Seconds() <= CostReport.REFERENCE_P99_SECONDS)
                assertTrue(f.costPerWork() >= ref.costPerWork() * (1 - 1e-9), f + " is no cheaper than " + ref);
        String md = MarkdownTable.render(report);
        assertTrue(
                md.contains("The reference is " + MarkdownTable.referenceRow(report)
                        + ": the cheapest Lambda size and fan-out (workers warm) whose p99 is within 5 s."),
                md);
        assertTrue(MarkdownTable.referenceRow(report).contains(" fanned out over " + ref.executions() + " executions"));
    }

    @Test
    void withoutAConfigurationWithinEitherBoundTheReferenceIsTheCheapestSingleThenFastestAndSaysSo() {
        // 2^37 attempts expected (send x 256): even 33 executions of the fastest size take minutes
        CostReport hard = measuredReport(catalog, "fffffffff8000000");
        FanOutModel.FanOutEstimate ref = hard.reference();
        assertFalse(hard.referenceMeetsP99Bound());
        assertEquals(1, ref.executions(), "the single executions are what is left to compare");
        for (Estimate e : hard.estimates()) {
            if (e.target().kind() != Target.Kind.LAMBDA) continue;
            assertTrue(
                    e.costPerWork() >= ref.costPerWork() * (1 - 1e-9),
                    e.target().name());
            // sizes of one architecture cost the same per work: of those, the fastest
            if (Math.abs(e.costPerWork() - ref.costPerWork()) <= ref.costPerWork() * 1e-12)
                assertTrue(e.meanSeconds() >= ref.meanSeconds(), e.target().name() + " is faster than " + ref);
        }
        assertTrue(MarkdownTable.render(hard)
                .contains(": the cheapest Lambda row (no size and fan-out has a p99 within 5 s)."));
    }

    @Test
    void aModelledLineSaysWhatItStandsOnAndTheKernelsMeasuredHereComeWithTheirCpu() {
        String zen5 = "AMD EPYC family 26 model 2 (Zen 5, AVX-512), 2 cores, KVM";
        CostReport modelledOnly = sendReport(
                catalog,
                measuredLocal("local-vector512", 59.6, "vector512x2", zen5),
                measuredLocal("local-vector256", 39.5, "vector256x2", zen5),
                measuredLocal("local-vector256-avx2", 19.8, "vector256x2perm", zen5),
                rate("local-vector128", 19.75, 1, RateSource.MODELLED),
                new Rate(
                        "lambda-arm64-1769",
                        7.02,
                        1,
                        "vector128x1shuf",
                        RateSource.MODELLED,
                        "Graviton2 (Neoverse N1, 2.5 GHz), estimated",
                        null,
                        "from compiled aarch64 code, Neoverse N1 model"));
        String md = MarkdownTable.render(modelledOnly);
        assertTrue(md.contains("| modelled from compiled aarch64 code, Neoverse N1 model |"), md);
        assertFalse(md.contains("modelled: modelled"), md);
        // 2^29 attempts at 59.6 MH/s: 9.01 s; priced as lambda-x86_64-1769 (one thread, one vCPU):
        // 1,769 / 1,024 GB x $0.0000166667 x 9.008 s + $1.2e-6 = $0.000261 per work
        assertTrue(
                md.contains("| A | local-vector512 | vector512x2 | 1 | 59.6 | 9.01 | $261 | lambda-x86_64-1769 | "
                        + zen5 + " |"),
                md);
        assertFalse(md.contains("| local-vector128 |"), "a modelled local line is no measurement: " + md);
        // every target modelled: no target's point is solid, and the legend says so; the solid points are the three
        // kernels, measured where their lines say
        assertEquals(
                "every target pale: modelled (none has a rate of its own)", ChartCaptions.measuredOrNot(modelledOnly));
        assertEquals(
                "solid A-C: kernels measured on AMD EPYC family 26 model 2 (Zen 5, AVX-512) (as the rates file records"
                        + " them), priced as lambda-x86_64-1769 (a Lambda vCPU per thread)",
                ChartCaptions.measuredHere(modelledOnly));
        assertEquals(
                "solid: a rate measured or given for that target, pale: modelled", ChartCaptions.measuredOrNot(report));
    }

    @Test
    void csvCarriesTheSameMarksPerRow() {
        List<String> lines = CsvReport.render(report).lines().toList();
        assertEquals(CsvReport.HEADER, lines.get(0));
        assertEquals(catalog.targets().size() + 1, lines.size());
        int modelledColumn = Arrays.asList(CsvReport.HEADER.split(",")).indexOf("rate_modelled");
        assertEquals("measured", line(lines, "lambda-x86_64-10240,").split(",")[modelledColumn]);
        assertEquals("modelled", line(lines, "lambda-x86_64-1769,").split(",")[modelledColumn]);
        assertTrue(line(lines, "ec2-c7i.xlarge,").endsWith(",false"), "prices_verified");
        assertTrue(line(lines, "ec2-c7g.large,").endsWith(",true"));
    }

    @Test
    void spliceReplacesOnlyTheGeneratedBlock(@TempDir Path dir) throws IOException {
        Path doc = dir.resolve("cost.md");
        Files.writeString(
                doc, "# Cost\nbefore\n" + MarkdownTable.BEGIN + "\nold table\n" + MarkdownTable.END + "\nafter\n");
        MarkdownTable.splice(doc, "new table\n");
        assertEquals(
                "# Cost\nbefore\n" + MarkdownTable.BEGIN + "\n\nnew table\n\n" + MarkdownTable.END + "\nafter\n",
                Files.readString(doc));
    }

    private static String row(List<String> rows, String prefix) {
        return rows.stream()
                .filter(r -> r.startsWith(prefix))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + prefix));
    }

    private static String line(List<String> lines, String prefix) {
        return lines.stream()
                .filter(r -> r.startsWith(prefix))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line " + prefix));
    }
}
