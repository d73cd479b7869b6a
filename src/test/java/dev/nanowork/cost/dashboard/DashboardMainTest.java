package dev.nanowork.cost.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.cost.CostInputException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** infra/dashboard.sh's command on records RequestRecord wrote: the PNG of every panel of the real metrics.json. */
class DashboardMainTest {
    /** The sample run's records, kept for infra/dashboard.sh to be tried on before a runtime-client run's exist. */
    static final Path SAMPLE = Path.of("target/observe/sample-records.jsonl");

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    private static String run(String... args) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DashboardMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Pixels of exactly {@code rgb}: lines are drawn in their colour, so a drawn line leaves many. */
    private static int pixels(BufferedImage image, int rgb) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++)
            for (int x = 0; x < image.getWidth(); x++) if ((image.getRGB(x, y) & 0xffffff) == rgb) n++;
        return n;
    }

    @Test
    void drawsEveryPanelOfTheDefinitionsFromTheRecords(@TempDir Path dir) throws IOException {
        Files.createDirectories(SAMPLE.getParent());
        Files.write(SAMPLE, SampleRun.run(45));
        Path png = dir.resolve("sub/dashboard.png");
        String said = run(SAMPLE.toString(), "--out", png.toString());

        assertTrue(said.startsWith("dashboard: "), said);
        assertTrue(said.contains(" periods of 10 s") && said.endsWith(png + System.lineSeparator()), said);
        BufferedImage image = ImageIO.read(png.toFile());
        int panels = Panels.load(Panels.DEFINITIONS).size();
        assertEquals(2 * DashboardChart.PANEL_WIDTH, image.getWidth());
        assertEquals(DashboardChart.HEADER + (panels + 1) / 2 * DashboardChart.PANEL_HEIGHT, image.getHeight());
        assertTrue(Files.size(png) > 100_000, "a PNG of " + Files.size(png) + " bytes");
        // Each panel's first line (the first colour) is drawn: thousands of its pixels, not a few of the legend's.
        assertTrue(pixels(image, DashboardChart.LINE_COLOURS[0].getRGB() & 0xffffff) > 5_000, "lines drawn");
    }

    @Test
    void theValueAxisSaysWhatTheValuesAre() throws IOException {
        List<Panels.Panel> panels = Panels.load(Panels.DEFINITIONS);
        assertEquals("p50, p99 over each 10 s period, ÷ 1,000", DashboardChart.yLabel(panels.get(0)));
        assertEquals("SampleCount per 10 s period", DashboardChart.yLabel(panels.get(1)));
    }

    @Test
    void oneValueALineWhenTheRunFitsOnePeriod(@TempDir Path dir) throws IOException {
        Path records = dir.resolve("records.jsonl");
        Files.write(records, List.of(SampleRun.generate("x86_64", SampleRun.START, 700, 1000, 50, 1)));
        String said = run(records.toString(), "--out", dir.resolve("d.png").toString());
        assertTrue(said.contains("1 records (0 other lines passed over)"), said);
        assertTrue(said.contains("one 10 s period, one value a line"), said);
    }

    @Test
    void refusesWhatItCannotDraw(@TempDir Path dir) throws IOException {
        Path none = dir.resolve("none.jsonl");
        Files.write(none, List.of("no records here"));
        assertTrue(assertThrows(CostInputException.class, () -> run(none.toString()))
                .getMessage()
                .contains("no line with EMF metrics"));
        Path two = dir.resolve("two.jsonl");
        Files.write(
                two,
                List.of(
                        SampleRun.generate("x86_64", SampleRun.START, 700, 1000, 50, 1),
                        SampleRun.generate("x86_64", SampleRun.START, 700, 1000, 50, 1)
                                .replace(SampleRun.NAMESPACE, "Other/ns")));
        assertTrue(assertThrows(CostInputException.class, () -> run(two.toString()))
                .getMessage()
                .contains("choose one with --namespace"));
        assertTrue(run(
                        two.toString(),
                        "--namespace",
                        "Other/ns",
                        "--out",
                        dir.resolve("o.png").toString())
                .startsWith("dashboard: 2 records"));
        assertThrows(CostInputException.class, () -> run(two.toString(), "--namespace", "Absent/ns"));
        assertThrows(CostInputException.class, () -> run());
        assertThrows(CostInputException.class, () -> run(dir.resolve("missing").toString()));
        assertThrows(CostInputException.class, () -> run(none.toString(), "--bogus"));
        assertThrows(CostInputException.class, () -> run(none.toString(), "--out"));
        assertTrue(run("--help").contains("usage: dashboard.sh"));
    }
}
