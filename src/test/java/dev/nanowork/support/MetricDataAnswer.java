package dev.nanowork.support;

import dev.nanowork.support.CloudWatchStandIn.Datum;
import dev.nanowork.support.SsmStandIn.Refusal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * One page of a {@code GetMetricData} answer (CloudWatch API Reference, "GetMetricData", "MetricDataResult"): per query
 * whose {@code ReturnData} is not false ("If you omit this, the default of true is used"), the statistic of the values
 * of each period that holds any, the periods counted from {@code StartTime} (inclusive) to {@code EndTime} (exclusive);
 * a metric matches when its namespace, name and whole dimension set are the query's (and its unit, when the query
 * names one). Timestamps newest first unless {@code ScanBy} is {@code TimestampAscending}. At most {@code
 * MaxDatapoints} datapoints (default 100,800) in one answer, counted over every query in order: when more remain,
 * {@code NextToken} is set and each result with datapoints still to come says {@code PartialData}; a token the
 * stand-in did not issue is {@code InvalidNextToken}. A percentile is the nearest rank of the period's values.
 */
record MetricDataAnswer(Map<String, Object> body, int datapoints, String nextToken) {
    private record Point(Instant at, double value) {}

    static MetricDataAnswer of(Map<String, Object> request, List<Datum> data, Map<String, Integer> tokens)
            throws Refusal {
        Instant start = (Instant) request.get("StartTime");
        Instant end = (Instant) request.get("EndTime");
        boolean ascending = "TimestampAscending".equals(request.get("ScanBy"));
        int max = request.get("MaxDatapoints") == null
                ? GetMetricDataRules.MAX_DATAPOINTS
                : ((Long) request.get("MaxDatapoints")).intValue();
        int offset = 0;
        if (request.get("NextToken") != null) {
            Integer at = tokens.remove(request.get("NextToken").toString());
            if (at == null) throw new Refusal("InvalidNextToken", "The service couldn't process your NextToken.");
            offset = at;
        }
        Map<String, List<Point>> series = new LinkedHashMap<>();
        Map<String, String> labels = new LinkedHashMap<>();
        for (Object o : (List<?>) request.get("MetricDataQueries")) {
            Map<?, ?> query = (Map<?, ?>) o;
            if (Boolean.FALSE.equals(query.get("ReturnData"))) continue;
            Map<?, ?> stat = (Map<?, ?>) query.get("MetricStat");
            Map<?, ?> metric = (Map<?, ?>) stat.get("Metric");
            List<Point> points = points(query, stat, metric, start, end, data);
            if (!ascending) Collections.reverse(points);
            series.put(query.get("Id").toString(), points);
            labels.put(
                    query.get("Id").toString(),
                    String.valueOf(query.get("Label") == null ? metric.get("MetricName") : query.get("Label")));
        }
        int total = series.values().stream().mapToInt(List::size).sum();
        int pageEnd = Math.min(total, offset + max);
        List<Map<String, Object>> results = new ArrayList<>();
        int before = 0;
        for (Map.Entry<String, List<Point>> s : series.entrySet()) {
            List<Point> all = s.getValue();
            int from = Math.clamp(offset - before, 0, all.size());
            int to = Math.clamp(pageEnd - before, 0, all.size());
            before += all.size();
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("Id", s.getKey());
            result.put("Label", labels.get(s.getKey()));
            result.put(
                    "Timestamps", all.subList(from, to).stream().map(Point::at).toList());
            result.put(
                    "Values", all.subList(from, to).stream().map(Point::value).toList());
            result.put("StatusCode", to < all.size() ? "PartialData" : "Complete");
            result.put("Messages", List.of());
            results.add(result);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("MetricDataResults", results);
        body.put("Messages", List.of());
        String token = null;
        if (pageEnd < total) {
            token = UUID.randomUUID().toString();
            tokens.put(token, pageEnd);
            body.put("NextToken", token);
        }
        return new MetricDataAnswer(body, pageEnd - offset, token);
    }

    private static List<Point> points(
            Map<?, ?> query, Map<?, ?> stat, Map<?, ?> metric, Instant start, Instant end, List<Datum> data) {
        long period = (Long) (query.get("Period") != null ? query.get("Period") : stat.get("Period"));
        Map<String, String> dimensions = new TreeMap<>();
        if (metric.get("Dimensions") != null)
            for (Object d : (List<?>) metric.get("Dimensions")) {
                Map<?, ?> dim = (Map<?, ?>) d;
                dimensions.put(dim.get("Name").toString(), dim.get("Value").toString());
            }
        Object unit = stat.get("Unit");
        TreeMap<Long, List<Double>> buckets = new TreeMap<>();
        for (Datum d : data) {
            if (!d.namespace().equals(metric.get("Namespace"))
                    || !d.name().equals(metric.get("MetricName"))
                    || !d.dimensions().equals(dimensions)
                    || (unit != null && !unit.equals(d.unit()))
                    || d.at().isBefore(start)
                    || !d.at().isBefore(end)) continue;
            long bucket = (d.at().getEpochSecond() - start.getEpochSecond()) / period;
            buckets.computeIfAbsent(bucket, b -> new ArrayList<>()).add(d.value());
        }
        List<Point> points = new ArrayList<>();
        buckets.forEach((bucket, values) -> points.add(new Point(
                start.plusSeconds(bucket * period), statistic(stat.get("Stat").toString(), values))));
        return points;
    }

    static double statistic(String stat, List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        double sum = sorted.stream().mapToDouble(Double::doubleValue).sum();
        return switch (stat) {
            case "SampleCount" -> sorted.size();
            case "Sum" -> sum;
            case "Average" -> sum / sorted.size();
            case "Minimum" -> sorted.getFirst();
            case "Maximum" -> sorted.getLast();
            default -> {
                double p = Double.parseDouble(stat.substring(1)) / 100;
                int rank = (int) Math.ceil(p * sorted.size());
                yield sorted.get(Math.max(0, rank - 1));
            }
        };
    }
}
