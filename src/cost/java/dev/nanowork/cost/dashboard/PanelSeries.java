package dev.nanowork.cost.dashboard;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A panel's lines as CloudWatch would draw them from the records: for each line and each variant, the line's statistic
 * over the values of each period (CloudWatch's periods start on multiples of the period since the epoch; a period
 * without a value has no point), divided by the line's divisor. A line whose metric no record of that action and
 * variant carries is kept, empty, and says so in its label, so that a panel waiting for a metric nothing writes shows.
 */
final class PanelSeries {
    /** The period the offline dashboard draws by: short runs (an IT's few seconds to minutes) still make a line. */
    static final long PERIOD_MILLIS = 10_000;

    static final String IN_NO_RECORD = " (in no record)";

    /**
     * One drawn line: the panel's line, the variant it draws it for, its points (none when the records hold none).
     */
    record Series(Panels.Line line, String variant, List<Point> points, boolean inNoRecord) {
        Series {
            points = List.copyOf(points);
        }

        /** metric · action · stat · variant, and "(in no record)" for a line nothing reported. */
        String label() {
            return line.label() + " · " + variant + (inNoRecord ? IN_NO_RECORD : "");
        }
    }

    /** A period's value, at the seconds from the first period's start to its own. */
    record Point(double seconds, double value) {}

    private PanelSeries() {}

    /** The first period's start (epoch ms) of a run whose first metric is at {@code firstMillis}. */
    static long origin(long firstMillis) {
        return Math.floorDiv(firstMillis, PERIOD_MILLIS) * PERIOD_MILLIS;
    }

    /** How many periods the run touches: one means the panel draws one value per line. */
    static long periods(long firstMillis, long lastMillis) {
        return (origin(lastMillis) - origin(firstMillis)) / PERIOD_MILLIS + 1;
    }

    static List<Series> of(Panels.Panel panel, EmfRecords records, String namespace) {
        long origin = origin(records.span(namespace)[0]);
        List<Series> out = new ArrayList<>();
        for (Panels.Line line : panel.lines())
            for (String variant : records.variants(namespace)) {
                Map<Long, List<Double>> byPeriod = new TreeMap<>();
                for (Datum d : records.data())
                    if (d.namespace().equals(namespace)
                            && d.variant().equals(variant)
                            && d.action().equals(line.action())
                            && d.metric().equals(line.metric()))
                        byPeriod.computeIfAbsent(origin(d.timestampMillis()), k -> new ArrayList<>())
                                .addAll(d.values());
                List<Point> points = new ArrayList<>();
                for (Map.Entry<Long, List<Double>> e : byPeriod.entrySet()) {
                    double value = line.stat().of(e.getValue()) / line.divideBy();
                    if (!Double.isNaN(value)) points.add(new Point((e.getKey() - origin) / 1000.0, value));
                }
                out.add(new Series(line, variant, points, byPeriod.isEmpty()));
            }
        return out;
    }
}
