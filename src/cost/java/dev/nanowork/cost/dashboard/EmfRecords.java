package dev.nanowork.cost.dashboard;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The metrics in a file of records, as CloudWatch Logs extracts them from the Embedded Metric Format (CloudWatch user
 * guide, "Specification: Embedded metric format"): a line is a metrics line when it is a JSON object whose
 * {@code _aws} holds a numeric {@code Timestamp} and {@code CloudWatchMetrics} directives; each directive's metrics
 * take their values from the root member of the metric's name (a number, or an array of numbers) and, per dimension
 * set, the dimensions' values from the root members of their names. Every other line (a log line, a record without
 * metrics, a member that is not a number) is passed over, as CloudWatch passes it over. Only the dimension set
 * [Variant, Action] is kept: the one the functions report by and the dashboard reads.
 */
final class EmfRecords {
    static final String VARIANT = "Variant";
    static final String ACTION = "Action";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<Datum> data;
    private final int metricLines;
    private final int otherLines;

    private EmfRecords(List<Datum> data, int metricLines, int otherLines) {
        this.data = List.copyOf(data);
        this.metricLines = metricLines;
        this.otherLines = otherLines;
    }

    static EmfRecords read(Path file) throws IOException {
        return parse(Files.readAllLines(file));
    }

    static EmfRecords parse(List<String> lines) {
        List<Datum> data = new ArrayList<>();
        int metricLines = 0;
        int otherLines = 0;
        for (String line : lines) {
            if (line.isBlank()) continue;
            List<Datum> found = extract(line);
            if (found == null) otherLines++;
            else {
                metricLines++;
                data.addAll(found);
            }
        }
        return new EmfRecords(data, metricLines, otherLines);
    }

    /** The line's metrics, or null when it is no EMF line. */
    private static List<Datum> extract(String line) {
        JsonNode root;
        try {
            root = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            return null; // a log line of another shape
        }
        JsonNode aws = root == null ? null : root.path("_aws");
        if (aws == null
                || !aws.path("Timestamp").isNumber()
                || !aws.path("CloudWatchMetrics").isArray()) return null;
        long timestamp = aws.path("Timestamp").asLong();
        List<Datum> out = new ArrayList<>();
        for (JsonNode directive : aws.path("CloudWatchMetrics")) {
            String namespace = directive.path("Namespace").asText();
            for (JsonNode set : directive.path("Dimensions")) {
                if (set.size() != 2
                        || !VARIANT.equals(set.path(0).asText())
                        || !ACTION.equals(set.path(1).asText())) continue;
                JsonNode variant = root.path(VARIANT);
                JsonNode action = root.path(ACTION);
                if (!variant.isTextual() || !action.isTextual()) continue;
                for (JsonNode metric : directive.path("Metrics")) {
                    String name = metric.path("Name").asText();
                    List<Double> values = values(root.path(name));
                    if (!values.isEmpty())
                        out.add(new Datum(namespace, variant.asText(), action.asText(), name, timestamp, values));
                }
            }
        }
        return out;
    }

    /** A member's values: a number, or an array of numbers (EMF allows up to 100); anything else none. */
    private static List<Double> values(JsonNode member) {
        if (member.isNumber()) return List.of(member.asDouble());
        List<Double> values = new ArrayList<>();
        if (member.isArray()) for (JsonNode v : member) if (v.isNumber()) values.add(v.asDouble());
        return values;
    }

    List<Datum> data() {
        return data;
    }

    /** Lines that carried metrics: the records. */
    int metricLines() {
        return metricLines;
    }

    /** Lines passed over: not JSON, or JSON without EMF metadata. */
    int otherLines() {
        return otherLines;
    }

    Set<String> namespaces() {
        Set<String> out = new TreeSet<>();
        data.forEach(d -> out.add(d.namespace()));
        return out;
    }

    /** The variants of {@code namespace}, sorted: each panel line is drawn for each. */
    Set<String> variants(String namespace) {
        Set<String> out = new TreeSet<>();
        for (Datum d : data) if (d.namespace().equals(namespace)) out.add(d.variant());
        return out;
    }

    /** The earliest and latest timestamps of {@code namespace}'s metrics, epoch milliseconds. */
    long[] span(String namespace) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (Datum d : data)
            if (d.namespace().equals(namespace)) {
                first = Math.min(first, d.timestampMillis());
                last = Math.max(last, d.timestampMillis());
            }
        return new long[] {first, last};
    }
}
