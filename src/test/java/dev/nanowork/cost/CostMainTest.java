package dev.nanowork.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report from the project's own pricing and rates files, as infra/cost.sh runs it. */
class CostMainTest {
    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void writesTableCsvAndChartForTheDefaultInputs(@TempDir Path out) throws IOException {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        CostMain.run(
                new String[] {"--rates", "infra/rates/default.jsonl", "--difficulty", "receive", "--out", out.toString()
                },
                new PrintStream(progress, true, StandardCharsets.UTF_8));

        String md = Files.readString(out.resolve("cost.md"));
        assertTrue(
                md.startsWith("Difficulty receive (fffffe0000000000), 8,388,608 (2^23) attempts expected."),
                md.lines().findFirst().orElse(""));
        String targets = md.substring(0, md.indexOf("\nFan-out:"));
        assertEquals(
                32,
                targets.lines()
                        .filter(l -> l.matches("\\| (lambda|lmi|ec2)-.*"))
                        .count());
        // 12 Lambda sizes x (alone, and 4, 8, 16, 32 executions with warm and with restored workers), and where the
        // defaults give another n (lambda-x86_64-1769 and lambda-arm64-1769: 1.2 s alone, 2 executions), its warm and
        // restored rows
        String fanOut = md.substring(targets.length(), md.indexOf("\nPrecache:"));
        assertEquals(112, fanOut.lines().filter(l -> l.matches("\\| lambda-.*")).count());
        // and a precached work per Lambda size
        assertEquals(
                12,
                md.substring(md.indexOf("\nPrecache:"))
                        .lines()
                        .filter(l -> l.matches("\\| lambda-.*"))
                        .count());
        assertEquals(33, Files.readAllLines(out.resolve("cost.csv")).size());
        // the same 112 fan-out rows in a CSV beside it
        assertEquals(
                113, Files.readAllLines(out.resolve(CsvReport.FAN_OUT_FILE)).size());
        // each step said on stderr as it starts, with the seconds since the report began
        java.util.List<String> steps =
                progress.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(5, steps.size(), String.join("\n", steps));
        assertTrue(steps.stream().allMatch(l -> l.matches("cost: \\[\\d+\\.\\d s\\] .+")), String.join("\n", steps));
        assertTrue(steps.get(1).endsWith("modelling 32 targets at receive and their fan-out"), steps.get(1));
        assertTrue(steps.get(2).contains("writing 32 target rows and 112 fan-out rows to "), steps.get(2));
        assertTrue(steps.get(4).endsWith("] done"), steps.get(4));
        assertEquals(
                CostChart.WIDTH,
                ImageIO.read(out.resolve("cost-chart.png").toFile()).getWidth());
    }

    @Test
    void refusesAnUnknownArgument() {
        CostInputException e = assertThrows(CostInputException.class, () -> CostMain.run(new String[] {"--rate", "x"}));
        assertTrue(e.getMessage().startsWith("unknown argument \"--rate\""), e.getMessage());
    }
}
