package dev.nanowork.support;

import dev.nanowork.support.SsmStandIn.Refusal;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What CloudWatch refuses in a {@code GetMetricData} request, each rule from the page of the CloudWatch API Reference it
 * cites, each refused with the error the SDK's CloudWatch model lists for it ({@code InvalidParameterValueException},
 * {@code InvalidParameterCombinationException}, {@code MissingRequiredParameterException}, {@code InvalidNextToken}).
 * Stricter than CloudWatch where the stand-in does not emulate a feature: metric math, Metrics Insights queries and the
 * extended statistics other than percentiles are refused, never answered wrong.
 */
final class GetMetricDataRules {
    /** API Reference, "GetMetricData": "can retrieve as many as 500 different metrics in a single request". */
    static final int MAX_QUERIES = 500;

    /** API Reference, "GetMetricData", MaxDatapoints: "If you omit this, the default of 100,800 is used". */
    static final int MAX_DATAPOINTS = 100_800;

    /** API Reference, "Metric", Dimensions: "Array Members: Maximum number of 30 items". */
    static final int MAX_DIMENSIONS = 30;

    /**
     * API Reference, "MetricDataQuery", Id: "The valid characters are letters, numbers, and underscore. The first
     * character must be a lowercase letter"; Length Constraints 1 to 255.
     */
    static final Pattern ID = Pattern.compile("[a-z][a-zA-Z0-9_]{0,254}");

    /**
     * API Reference, "MetricStat", Period: "For metrics with regular resolution, a period can be as short as one minute
     * (60 seconds) and must be a multiple of 60. For high-resolution metrics ... the period can be 1, 5, 10, 20, 30,
     * 60, or any multiple of 60."
     */
    static final Set<Long> HIGH_RESOLUTION_PERIODS = Set.of(1L, 5L, 10L, 20L, 30L);

    /** The statistics answered (CloudWatch user guide, "CloudWatch statistics definitions"): the five and pNN. */
    static final Pattern STAT =
            Pattern.compile("SampleCount|Average|Sum|Minimum|Maximum|p(100|\\d{1,2}(\\.\\d{1,10})?)");

    /** API Reference, "GetMetricData", ScanBy: "Valid Values: TimestampDescending | TimestampAscending". */
    static final Set<String> SCAN_BY = Set.of("TimestampDescending", "TimestampAscending");

    private GetMetricDataRules() {}

    static void check(Map<String, Object> request) throws Refusal {
        // API Reference, "GetMetricData": MetricDataQueries, StartTime and EndTime are "Required: Yes".
        for (String required : List.of("MetricDataQueries", "StartTime", "EndTime"))
            if (request.get(required) == null)
                throw new Refusal("MissingRequiredParameterException", "The parameter " + required + " is required.");
        if (!(request.get("StartTime") instanceof Instant start) || !(request.get("EndTime") instanceof Instant end))
            throw new Refusal("SerializationException", "StartTime and EndTime must be timestamps (CBOR tag 1)");
        // API Reference, "GetMetricData": StartTime is inclusive, EndTime exclusive; a window that holds no instant
        // is refused ("The parameter StartTime must be less than the parameter EndTime").
        if (!start.isBefore(end)) throw invalid("The parameter StartTime must be less than the parameter EndTime.");
        Object max = request.get("MaxDatapoints");
        if (max != null && (!(max instanceof Long n) || n < 1 || n > MAX_DATAPOINTS))
            throw invalid("The parameter MaxDatapoints must be between 1 and " + MAX_DATAPOINTS + ".");
        Object scanBy = request.get("ScanBy");
        if (scanBy != null && !SCAN_BY.contains(scanBy))
            throw invalid("The parameter ScanBy must be one of " + SCAN_BY + ".");
        List<?> queries = (List<?>) request.get("MetricDataQueries");
        if (queries.isEmpty()) throw invalid("The parameter MetricDataQueries must hold at least one query.");
        if (queries.size() > MAX_QUERIES)
            throw invalid("The collection MetricDataQueries must not have a size greater than " + MAX_QUERIES + ".");
        Set<String> ids = new HashSet<>();
        for (Object q : queries) query((Map<?, ?>) q, ids);
    }

    private static void query(Map<?, ?> query, Set<String> ids) throws Refusal {
        Object id = query.get("Id");
        if (id == null) throw new Refusal("MissingRequiredParameterException", "The parameter Id is required.");
        if (!ID.matcher(id.toString()).matches())
            throw invalid("The value " + id + " for parameter MetricDataQueries.member.Id is not valid: it must"
                    + " start with a lowercase letter and hold only letters, numbers and underscores.");
        // API Reference, "MetricDataQuery", Id: "This name must be unique within a single call to GetMetricData".
        if (!ids.add(id.toString())) throw invalid("The value " + id + " for parameter Id is not unique.");
        boolean stat = query.get("MetricStat") != null;
        boolean expression = query.get("Expression") != null;
        // API Reference, "MetricDataQuery": "Within one MetricDataQuery object, you must specify either Expression or
        // MetricStat but not both."
        if (stat == expression)
            throw new Refusal(
                    "InvalidParameterCombinationException",
                    "Exactly one of MetricStat and Expression must be set in query " + id + ".");
        if (expression) throw invalid("metric math and Metrics Insights are not emulated by this stand-in");
        Map<?, ?> metricStat = (Map<?, ?>) query.get("MetricStat");
        // API Reference, "MetricStat": Metric, Period and Stat are "Required: Yes".
        for (String required : List.of("Metric", "Period", "Stat"))
            if (metricStat.get(required) == null)
                throw new Refusal(
                        "MissingRequiredParameterException", "The parameter MetricStat." + required + " is required.");
        period(metricStat.get("Period"), id);
        if (query.get("Period") != null) period(query.get("Period"), id);
        if (!STAT.matcher(metricStat.get("Stat").toString()).matches())
            throw invalid("The value " + metricStat.get("Stat") + " for parameter Stat is not a statistic this"
                    + " stand-in answers (SampleCount, Average, Sum, Minimum, Maximum, pNN).");
        Map<?, ?> metric = (Map<?, ?>) metricStat.get("Metric");
        if (metric.get("Namespace") == null || metric.get("MetricName") == null)
            throw invalid("Query " + id + " must name its metric's Namespace and MetricName.");
        Object dimensions = metric.get("Dimensions");
        if (dimensions != null && ((List<?>) dimensions).size() > MAX_DIMENSIONS)
            throw invalid("The collection Dimensions must not have a size greater than " + MAX_DIMENSIONS + ".");
    }

    private static void period(Object period, Object id) throws Refusal {
        if (!(period instanceof Long p) || p < 1 || (p % 60 != 0 && !HIGH_RESOLUTION_PERIODS.contains(p)))
            throw invalid("The parameter Period of query " + id + " must be 1, 5, 10, 20, 30 or a multiple of 60.");
    }

    private static Refusal invalid(String message) {
        return new Refusal("InvalidParameterValueException", message);
    }
}
