package dev.nanowork.cost.dashboard;

import java.util.List;

/**
 * The values of one metric that CloudWatch extracts from one EMF line: its namespace, the two dimension values the
 * functions report by, the line's timestamp (epoch milliseconds) and the values (one, or the array the member held).
 */
record Datum(
        String namespace, String variant, String action, String metric, long timestampMillis, List<Double> values) {
    Datum {
        values = List.copyOf(values);
    }
}
