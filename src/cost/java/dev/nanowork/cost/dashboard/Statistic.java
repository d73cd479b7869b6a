package dev.nanowork.cost.dashboard;

import dev.nanowork.cost.CostInputException;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A statistic as a dashboard line names it, computed over a period's values as CloudWatch defines it (user guide,
 * "CloudWatch statistics definitions"): SampleCount the number of values, Sum their sum, Average Sum / SampleCount,
 * Minimum and Maximum; pNN.NN the value below which NN.NN percent of the period's values lie: the nearest rank, the
 * smallest value with at least that share of the values at or below it. CloudWatch gives no percentile for a metric
 * with a negative value (GetMetricStatistics), nor any statistic for a period without values: both are NaN here, a
 * gap in the line.
 *
 * @param name as the line spells it
 * @param percentile 0 to 100 for a percentile, -1 for the others
 */
record Statistic(String name, double percentile) {
    private static final Pattern PERCENTILE = Pattern.compile("p(\\d{1,2}(?:\\.\\d{1,2})?|100)");
    private static final List<String> OTHERS = List.of("SampleCount", "Sum", "Average", "Minimum", "Maximum");

    static Statistic parse(String name) {
        Matcher p = PERCENTILE.matcher(name);
        if (p.matches()) return new Statistic(name, Double.parseDouble(p.group(1)));
        if (OTHERS.contains(name)) return new Statistic(name, -1);
        throw new CostInputException(
                "statistic \"" + name + "\" is not one of " + OTHERS + " or a percentile pNN.NN (p50, p99, p99.9)");
    }

    /** A count over the period (Sum, SampleCount) rather than a value within it: its axis says "per period". */
    boolean counts() {
        return name.equals("Sum") || name.equals("SampleCount");
    }

    double of(List<Double> values) {
        if (values.isEmpty()) return Double.NaN;
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        if (percentile >= 0) return nearestRank(v);
        double sum = Arrays.stream(v).sum();
        return switch (name) {
            case "SampleCount" -> v.length;
            case "Sum" -> sum;
            case "Average" -> sum / v.length;
            case "Minimum" -> Arrays.stream(v).min().orElseThrow();
            default -> Arrays.stream(v).max().orElseThrow();
        };
    }

    private double nearestRank(double[] v) {
        if (Arrays.stream(v).anyMatch(x -> x < 0)) return Double.NaN;
        Arrays.sort(v);
        int rank = (int) Math.ceil(percentile * v.length / 100); // p * n exact: an integral rank stays integral
        return v[Math.max(rank, 1) - 1];
    }
}
