package dev.nanowork.load;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The load scenarios' latencies: recorded in nanoseconds by many clients at once, reported as percentiles in ms. */
final class Latencies {
    private Latencies() {}

    /** A latency list the clients record into concurrently. */
    static List<Long> recorded() {
        return Collections.synchronizedList(new ArrayList<>());
    }

    /** The {@code p}th percentile of {@code nanos}, in milliseconds (the slowest for 100; NaN when none). */
    static double pct(List<Long> nanos, int p) {
        if (nanos.isEmpty()) return Double.NaN;
        List<Long> sorted;
        synchronized (nanos) {
            sorted = new ArrayList<>(nanos);
        }
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1)) / 1e6;
    }
}
