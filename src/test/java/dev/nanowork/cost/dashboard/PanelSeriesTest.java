package dev.nanowork.cost.dashboard;

import static dev.nanowork.cost.dashboard.SampleRun.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.cost.dashboard.PanelSeries.Point;
import dev.nanowork.cost.dashboard.PanelSeries.Series;
import dev.nanowork.observe.RequestRecord.Outcome;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A panel's lines from records written by {@code RequestRecord}: per variant and 10 s period, the statistic CloudWatch
 * would give over the values, divided as the panel says; a line nothing reported drawn empty and named so.
 */
class PanelSeriesTest {
    private static Panels.Line line(String metric, String action, String stat, double divideBy) {
        return new Panels.Line(metric, action, Statistic.parse(stat), divideBy);
    }

    /** A panel of {@code lines} drawn from {@link #twoPeriods}. */
    private static List<Series> drawn(Panels.Line... lines) {
        return PanelSeries.of(new Panels.Panel("test", null, List.of(lines)), twoPeriods(), SampleRun.NAMESPACE);
    }

    /** Ten works of 100 ms to 1,000 ms in the first period (START is 3 s into it), two of 5 s in the next. */
    private static EmfRecords twoPeriods() {
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= 10; i++) lines.add(SampleRun.generate("x86_64", START + i * 100L, i * 100, 1000, 50, 2));
        lines.add(SampleRun.generate("x86_64", START + 8_000, 5000, 1000, 50, 1));
        lines.add(SampleRun.generate("x86_64", START + 9_000, 5000, 1000, 50, 3));
        lines.add(SampleRun.answered("work_generate", Outcome.REFUSED, "arm64", START + 1_000, 7));
        return EmfRecords.parse(lines);
    }

    private static Series series(List<Series> all, String variant, int line) {
        return all.stream()
                .filter(s -> s.variant().equals(variant))
                .skip(line)
                .findFirst()
                .orElseThrow();
    }

    /** The points of the {@code line}th line drawn for {@code variant}: seconds and value, in pairs. */
    private static void assertPoints(List<Series> drawn, String variant, int line, double... secondsAndValues) {
        List<Point> expected = new ArrayList<>();
        for (int i = 0; i < secondsAndValues.length; i += 2)
            expected.add(new Point(secondsAndValues[i], secondsAndValues[i + 1]));
        assertEquals(expected, series(drawn, variant, line).points(), variant + ", line " + line);
    }

    @Test
    void percentilesPerPeriodDividedAsThePanelSays() {
        List<Series> drawn =
                drawn(line("Latency", "work_generate", "p50", 1000), line("Latency", "work_generate", "p99", 1000));
        assertEquals(4, drawn.size(), "two lines for each of two variants");
        assertPoints(drawn, "x86_64", 0, 0, 0.5, 10, 5.0);
        assertPoints(drawn, "x86_64", 1, 0, 1.0, 10, 5.0);
        assertPoints(drawn, "arm64", 0, 0, 0.007);
        assertEquals(
                "Latency · work_generate · p50 · x86_64",
                series(drawn, "x86_64", 0).label());
    }

    @Test
    void sumsAndSampleCountsPerPeriod() {
        List<Series> drawn = drawn(
                line("Latency", "work_generate", "SampleCount", 1),
                line("WorkersAsked", "work_generate", "Sum", 1),
                line("Refused", "work_generate", "Sum", 1));
        assertPoints(drawn, "x86_64", 0, 0, 10, 10, 2);
        assertPoints(drawn, "x86_64", 1, 0, 20, 10, 4);
        assertPoints(drawn, "arm64", 2, 0, 1);
    }

    @Test
    void aLineWhoseMetricIsInNoRecordIsDrawnEmptyAndNamedSo() {
        List<Series> drawn =
                drawn(line("WorkersAsked", "work_generate", "Sum", 1), line("Stopped", "worker", "Sum", 1));
        Series stopped = series(drawn, "x86_64", 1);
        assertTrue(stopped.points().isEmpty());
        assertTrue(stopped.inNoRecord());
        assertEquals("Stopped · worker · Sum · x86_64 (in no record)", stopped.label());
        assertFalse(series(drawn, "x86_64", 0).inNoRecord());
        // arm64's refusal had no search: no WorkersAsked for that variant, though x86_64 has some.
        assertTrue(series(drawn, "arm64", 0).label().endsWith(PanelSeries.IN_NO_RECORD));
    }

    @Test
    void periodsStartOnMultiplesOfTenSeconds() {
        assertEquals(START - 3_000, PanelSeries.origin(START));
        assertEquals(1, PanelSeries.periods(START, START + 6_999));
        assertEquals(2, PanelSeries.periods(START, START + 7_000));
    }
}
