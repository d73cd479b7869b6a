package dev.nanowork.cost;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A deployed stack's metrics as the measured report reads them: one small door to CloudWatch. */
public interface StackMetrics {
    /**
     * One statistic of one metric per {@code period} seconds: {@code id} names it in the answer (a lowercase letter,
     * then letters, digits, underscores: CloudWatch's rule for a query id).
     */
    record Query(String id, String namespace, String name, Map<String, String> dimensions, String stat, int period) {}

    /** Each query's values over [{@code from}, {@code to}), every page read; a query with no data maps to none. */
    Map<String, List<Double>> read(List<Query> queries, Instant from, Instant to);
}
