package dev.nanowork.cost;

import static dev.nanowork.cost.CostFixtures.catalog;
import static dev.nanowork.cost.CostFixtures.rate;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CostChartTest {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private final TargetCatalog catalog = catalog();
    private final CostReport report = CostReport.build(
            catalog,
            new RateModel(
                    catalog,
                    List.of(
                            rate("local-vector512", 74, 1, RateSource.MEASURED_LOCAL),
                            rate("local-vector256", 39.5, 1, RateSource.MEASURED_LOCAL),
                            rate("local-vector256-avx2", 22, 1, RateSource.MEASURED_LOCAL),
                            rate("local-vector128", 19.75, 1, RateSource.MODELLED),
                            rate("lambda-arm64-10240", 60, 6, RateSource.MEASURED_DEPLOYED))),
            DifficultyInput.parse("send"));

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void writesAPngOfTheDocumentedSize(@TempDir Path dir) throws IOException {
        Path png = dir.resolve("chart.png");
        CostChart.write(report, png);

        byte[] bytes = Files.readAllBytes(png);
        assertArrayEquals(PNG_SIGNATURE, Arrays.copyOf(bytes, PNG_SIGNATURE.length));
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, "ImageIO reads it back as an image");
        assertEquals(CostChart.WIDTH, image.getWidth());
        assertEquals(CostChart.HEIGHT, image.getHeight());
    }

    @Test
    void onePointPerTargetEveryPointFilledAndModelledPointsPaleAndLabelledSo() {
        JFreeChart chart = CostChart.chart(report);
        XYPlot plot = chart.getXYPlot();
        XYDataset data = plot.getDataset();
        XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) plot.getRenderer();
        int points = 0;
        int modelledSeries = 0;
        for (int s = 0; s < data.getSeriesCount(); s++) {
            points += data.getItemCount(s);
            String key = data.getSeriesKey(s).toString();
            boolean modelled = key.endsWith("(modelled)");
            if (modelled) modelledSeries++;
            assertTrue(renderer.getSeriesShapesFilled(s), key + ": filled");
            Color fill = (Color) renderer.getSeriesFillPaint(s);
            Color line = (Color) renderer.getSeriesPaint(s);
            assertEquals(modelled, !fill.equals(line), key + ": measured solid, modelled pale");
            assertEquals(line, renderer.getSeriesOutlinePaint(s), key + ": outlined in the group's colour");
        }
        assertEquals(catalog.targets().size() + report.localPoints().size(), points);
        assertEquals(
                report.estimates().stream().filter(Estimate::modelled).count(),
                countItems(data, true),
                "every modelled estimate is in a modelled series");
        assertEquals(true, modelledSeries > 0 && modelledSeries < data.getSeriesCount(), "both kinds present");
    }

    /**
     * The kernels measured here (three lines measured-local; local-vector128 is modelled and no measurement) are solid
     * points of their own series, each at its rate and the price of lambda-x86_64-1769 (one thread, one vCPU).
     */
    @Test
    void theFanOutIsACurvePerArchitectureFromTheLargestLambdaSizesPoint() {
        XYPlot plot = CostChart.chart(report).getXYPlot();
        XYDataset curves = plot.getDataset(1);
        assertEquals(2, curves.getSeriesCount(), "x86_64 and arm64");
        for (int s = 0; s < 2; s++) {
            String key = curves.getSeriesKey(s).toString();
            assertTrue(key.startsWith(FanOutCurves.LABEL + "lambda-") && key.contains("-10240"), key);
            Estimate single = report.estimates().stream()
                    .filter(e -> key.contains(e.target().name()))
                    .findFirst()
                    .orElseThrow();
            int executions = FanOutModel.EXECUTIONS.size()
                    + (FanOutModel.EXECUTIONS.contains(FanOutTable.defaultExecutions(single)) ? 0 : 1);
            assertEquals(executions, curves.getItemCount(s), key + ": n = 1, 4, 8, 16, 32 and the defaults'");
            assertEquals(single.meanSeconds(), curves.getXValue(s, 0), 1e-9, "n = 1 is the size's own point");
            for (int i = 1; i < curves.getItemCount(s); i++)
                assertTrue(
                        curves.getXValue(s, i) < curves.getXValue(s, i - 1)
                                && curves.getYValue(s, i) > curves.getYValue(s, i - 1),
                        key + ": each step sooner and dearer");
        }
        assertTrue(
                plot.getRenderer(1) instanceof XYLineAndShapeRenderer r && r.getDefaultLinesVisible(),
                "the points of a curve are joined");
    }

    @Test
    void theKernelsMeasuredHereAreSolidPointsAtTheirLambdaPrice() {
        assertEquals(
                List.of("local-vector512", "local-vector256", "local-vector256-avx2"),
                report.localPoints().stream().map(p -> p.rate().target()).toList());
        XYPlot plot = CostChart.chart(report).getXYPlot();
        XYDataset data = plot.getDataset();
        XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) plot.getRenderer();
        int s = -1;
        for (int i = 0; i < data.getSeriesCount(); i++)
            if (data.getSeriesKey(i).toString().startsWith("Measured kernels")) s = i;
        assertTrue(s >= 0, "a series of its own");
        assertEquals("Measured kernels, Lambda x86_64 price (measured)", data.getSeriesKey(s));
        assertEquals(renderer.getSeriesPaint(s), renderer.getSeriesFillPaint(s), "solid");
        assertEquals(3, data.getItemCount(s));
        // local-vector512: 2^29 / 74 MH/s = 7.255 s; 1,769 / 1,024 GB x $0.0000166667 x 7.255 s + $1.2e-6 per work
        double mean = Math.pow(2, 29) / 74e6;
        assertEquals(mean, data.getXValue(s, 0), 1e-9);
        assertEquals((1769 / 1024.0 * 0.0000166667 * mean + 1.2e-6) * 1e6, data.getYValue(s, 0), 1e-6);
        assertTrue(
                report.localPoints().stream().allMatch(p -> p.pricedAs().equals("lambda-x86_64-1769")),
                "one thread: priced as one vCPU of Lambda x86_64");
    }

    /**
     * The project's own report (32 targets, the EC2 and Managed Instances points in tight clusters): every point has
     * its number, and no number covers another number or any point, or leaves the plot.
     */
    @Test
    void theNumbersOfTheDefaultReportOverlapNothing() throws IOException {
        TargetCatalog projectCatalog = new TargetCatalog(PricingFile.load(Path.of("infra/pricing/aws-us-east-1.json")));
        CostReport defaults = CostReport.build(
                projectCatalog,
                new RateModel(projectCatalog, RatesFile.load(Path.of("infra/rates/default.jsonl"))),
                DifficultyInput.parse("send"));
        ChartKey.Drawn drawn = ChartKey.draw(defaults, CostChart.chart(defaults), CostChart.WIDTH, CostChart.HEIGHT);
        List<Rectangle2D> numbers = drawn.numbers();
        assertEquals(4, defaults.localPoints().size(), "the four measured-local lines of default.jsonl, lettered");
        assertEquals(projectCatalog.targets().size() + 4, numbers.size());
        assertEquals(numbers.size(), drawn.points().size());
        for (int i = 0; i < numbers.size(); i++) {
            Rectangle2D n = numbers.get(i);
            assertTrue(drawn.plotArea().contains(n), "number " + (i + 1) + " inside the plot");
            for (int j = 0; j < numbers.size(); j++) {
                if (j != i) assertFalse(n.intersects(numbers.get(j)), "numbers " + (i + 1) + " and " + (j + 1));
            }
            for (int j = 0; j < drawn.points().size(); j++) {
                assertFalse(n.intersects(drawn.points().get(j)), "number " + (i + 1) + " covers point " + (j + 1));
            }
        }
    }

    private static long countItems(XYDataset data, boolean modelled) {
        long n = 0;
        for (int s = 0; s < data.getSeriesCount(); s++) {
            if (data.getSeriesKey(s).toString().endsWith("(modelled)") == modelled) n += data.getItemCount(s);
        }
        return n;
    }
}
