package dev.nanowork.cost.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.cost.CostInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The statistics as CloudWatch defines them, on values whose answers are known by counting. */
class StatisticTest {
    private static List<Double> oneTo(int n) {
        List<Double> values = new ArrayList<>();
        for (int i = 1; i <= n; i++) values.add((double) i);
        Collections.shuffle(values, new Random(7)); // the order must not matter
        return values;
    }

    @Test
    void percentilesAreTheNearestRank() {
        assertEquals(50, Statistic.parse("p50").of(oneTo(100)));
        assertEquals(99, Statistic.parse("p99").of(oneTo(100)));
        assertEquals(100, Statistic.parse("p100").of(oneTo(100)));
        assertEquals(999, Statistic.parse("p99.9").of(oneTo(1000)));
        // Few values: the smallest with at least p percent at or below it, never between two values.
        assertEquals(2, Statistic.parse("p50").of(oneTo(3)));
        assertEquals(2, Statistic.parse("p50").of(oneTo(4)));
        assertEquals(10, Statistic.parse("p99").of(oneTo(10)));
        assertEquals(7, Statistic.parse("p99").of(List.of(7.0)));
        assertEquals(297, Statistic.parse("p99").of(oneTo(300)), "the 297th of 300: 99 percent at or below it");
    }

    @Test
    void sumSampleCountAverageMinimumMaximum() {
        List<Double> values = List.of(4.0, 1.0, 7.0, 0.0);
        assertEquals(12, Statistic.parse("Sum").of(values));
        assertEquals(4, Statistic.parse("SampleCount").of(values));
        assertEquals(3, Statistic.parse("Average").of(values));
        assertEquals(0, Statistic.parse("Minimum").of(values));
        assertEquals(7, Statistic.parse("Maximum").of(values));
        assertTrue(Statistic.parse("Sum").counts()
                && Statistic.parse("SampleCount").counts());
        assertTrue(
                !Statistic.parse("Average").counts() && !Statistic.parse("p99").counts());
    }

    @Test
    void noValueNoStatisticAndNoPercentileOfANegativeValue() {
        assertTrue(Double.isNaN(Statistic.parse("Sum").of(List.of())));
        assertTrue(Double.isNaN(Statistic.parse("p50").of(List.of(3.0, -1.0))), "CloudWatch: not available");
        assertEquals(2, Statistic.parse("Sum").of(List.of(3.0, -1.0)));
    }

    @Test
    void aStatisticCloudWatchDoesNotKnowIsRefused() {
        for (String bad : List.of("p101", "p99.999", "Avg", "sum", "P50", ""))
            assertThrows(CostInputException.class, () -> Statistic.parse(bad), bad);
    }
}
