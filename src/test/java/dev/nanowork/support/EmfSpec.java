package dev.nanowork.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * CloudWatch's "Specification: Embedded metric format" (CloudWatch user guide), as a check of one log event: what
 * CloudWatch Logs would refuse to extract (it then counts the event in AWS/Logs' EMFValidationErrors and extracts
 * nothing). Each rule is written as the specification states it; each has a test that a line breaking it is refused.
 */
public final class EmfSpec {
    /** A log event is at most 1 MB (256 KB in the specification's older text; the smaller is held to). */
    static final int MAX_EVENT_BYTES = 256 * 1024;

    /** "A DimensionSet MUST NOT contain more than 30 dimension keys." */
    static final int MAX_DIMENSIONS = 30;

    /** "A MetricDirective ... Metrics: MUST NOT contain more than 100 MetricDefinition objects." */
    static final int MAX_METRICS = 100;

    /** A metric member that is an array holds at most 100 values. */
    static final int MAX_VALUES = 100;

    /** The units MetricDefinition's Unit takes: MetricDatum's StandardUnit. */
    static final Set<String> UNITS = Set.of(
            "Seconds",
            "Microseconds",
            "Milliseconds",
            "Bytes",
            "Kilobytes",
            "Megabytes",
            "Gigabytes",
            "Terabytes",
            "Bits",
            "Kilobits",
            "Megabits",
            "Gigabits",
            "Terabits",
            "Percent",
            "Count",
            "Bytes/Second",
            "Kilobytes/Second",
            "Megabytes/Second",
            "Gigabytes/Second",
            "Terabytes/Second",
            "Bits/Second",
            "Kilobits/Second",
            "Megabits/Second",
            "Gigabits/Second",
            "Terabits/Second",
            "Count/Second",
            "None");

    private static final ObjectMapper JSON = new ObjectMapper();

    private EmfSpec() {}

    /** What in {@code line} (one log event, without its newline) the specification refuses; empty if nothing. */
    public static List<String> violations(String line) {
        List<String> found = new ArrayList<>();
        if (line.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_EVENT_BYTES)
            found.add("event over " + MAX_EVENT_BYTES + " bytes");
        JsonNode root;
        try {
            root = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            return List.of("not one JSON object: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) return List.of("the root node is not a JSON object");
        JsonNode aws = root.get("_aws");
        if (aws == null || !aws.isObject()) {
            found.add("no _aws metadata object");
            return found;
        }
        JsonNode timestamp = aws.get("Timestamp");
        if (timestamp == null || !timestamp.isNumber()) found.add("_aws.Timestamp is not a number");
        JsonNode directives = aws.get("CloudWatchMetrics");
        if (directives == null || !directives.isArray()) {
            found.add("_aws.CloudWatchMetrics is not an array");
            return found;
        }
        for (JsonNode directive : directives) directive(root, directive, found);
        return found;
    }

    private static void directive(JsonNode root, JsonNode directive, List<String> found) {
        JsonNode namespace = directive.get("Namespace");
        if (namespace == null
                || !namespace.isTextual()
                || namespace.asText().isEmpty()
                || namespace.asText().length() > 255) found.add("Namespace must be a string of 1 to 255 characters");
        JsonNode dimensions = directive.get("Dimensions");
        if (dimensions == null || !dimensions.isArray()) found.add("Dimensions is not an array of DimensionSets");
        else
            for (JsonNode set : dimensions) {
                if (!set.isArray()) {
                    found.add("a DimensionSet is not an array");
                    continue;
                }
                if (set.size() > MAX_DIMENSIONS) found.add("a DimensionSet of " + set.size() + " dimensions");
                for (JsonNode key : set) {
                    JsonNode value = key.isTextual() ? root.get(key.asText()) : null;
                    if (value == null || !value.isTextual())
                        found.add("dimension " + key + " has no string member at the root");
                }
            }
        JsonNode metrics = directive.get("Metrics");
        if (metrics == null || !metrics.isArray()) {
            found.add("Metrics is not an array");
            return;
        }
        if (metrics.size() > MAX_METRICS) found.add(metrics.size() + " metrics in one directive");
        Set<String> names = new HashSet<>();
        for (JsonNode definition : metrics) {
            JsonNode name = definition.get("Name");
            if (name == null
                    || !name.isTextual()
                    || name.asText().isEmpty()
                    || name.asText().length() > 1024) {
                found.add("a MetricDefinition without a Name of 1 to 1024 characters");
                continue;
            }
            if (!names.add(name.asText())) found.add("metric " + name + " defined twice");
            JsonNode unit = definition.get("Unit");
            if (unit != null && !(unit.isTextual() && UNITS.contains(unit.asText())))
                found.add("metric " + name + " has unit " + unit + ", not one of CloudWatch's");
            JsonNode resolution = definition.get("StorageResolution");
            if (resolution != null && !(resolution.isInt() && (resolution.asInt() == 1 || resolution.asInt() == 60)))
                found.add("metric " + name + " has StorageResolution " + resolution + ", not 1 or 60");
            value(name.asText(), root.get(name.asText()), found);
        }
    }

    /** A metric's target member: a number, or an array of at most 100 numbers. */
    private static void value(String name, JsonNode value, List<String> found) {
        if (value == null) found.add("metric " + name + " has no member at the root");
        else if (value.isArray()) {
            if (value.size() > MAX_VALUES) found.add("metric " + name + " has " + value.size() + " values");
            for (JsonNode v : value) if (!v.isNumber()) found.add("metric " + name + " has a value that is no number");
        } else if (!value.isNumber()) found.add("metric " + name + " is " + value + ", not a number");
    }
}
