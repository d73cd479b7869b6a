package dev.nanowork.observe;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One log event that is both a record and its metrics, in CloudWatch's Embedded Metric Format (CloudWatch user guide,
 * "Specification: Embedded metric format"): a single JSON object on one line, the record's own members (lower case,
 * any number: what Logs Insights queries), the metrics' members (named as {@link Metric} names them, each a number),
 * the two dimension members, and {@code _aws} with the time and one directive naming them. On Lambda a line on stdout
 * is a log event of the function's log group, from which CloudWatch extracts the metrics: no API call, nothing
 * buffered beyond the line. Built in a few microseconds; written by whoever owns stdout.
 */
public final class EmfLine {
    private static final JsonFactory JSON = new JsonFactory();

    /** CloudWatch's namespace characters and length (a namespace is at most 255 characters). */
    private static final Pattern NAMESPACE = Pattern.compile("[A-Za-z0-9._#:/-]{1,255}");

    /** A dimension value: 1 to 1,024 printable ASCII characters (kept to those without a space). */
    private static final Pattern DIMENSION_VALUE = Pattern.compile("[!-~]{1,1024}");

    /** A record member's name: lower case words joined by underscores, so that none can be a metric's or {@code _aws}. */
    private static final Pattern PROPERTY = Pattern.compile("[a-z][a-z0-9_]*");

    private final String namespace;
    private final String variant;
    private final String action;
    private final long timestampMillis;
    private final Map<Metric, Number> metrics = new EnumMap<>(Metric.class);
    private final Map<String, Object> properties = new LinkedHashMap<>();

    private EmfLine(String namespace, String variant, String action, long timestampMillis) {
        if (!NAMESPACE.matcher(namespace).matches())
            throw new IllegalArgumentException(
                    "metrics namespace '" + namespace + "' must be 1 to 255 of the characters A-Z a-z 0-9 . _ # : / -");
        if (!DIMENSION_VALUE.matcher(variant).matches())
            throw new IllegalArgumentException("metrics variant '" + variant
                    + "' must be 1 to 1024 printable ASCII characters, no space (a dimension value)");
        if (!Metric.Actions.ALL.contains(action))
            throw new IllegalArgumentException("action '" + action + "' is not one of " + Metric.Actions.ALL);
        this.namespace = namespace;
        this.variant = variant;
        this.action = action;
        this.timestampMillis = timestampMillis;
    }

    /**
     * A line of {@code action} on {@code variant} at {@code timestampMillis} (epoch milliseconds: the time CloudWatch
     * files its metrics under).
     */
    public static EmfLine of(String namespace, String variant, String action, long timestampMillis) {
        return new EmfLine(namespace, variant, action, timestampMillis);
    }

    /**
     * Adds {@code metric}'s value. A value that is not finite is left out (CloudWatch refuses it); a metric not
     * reported for this action is a mistake of the caller's.
     */
    public EmfLine metric(Metric metric, double value) {
        if (!metric.actions().contains(action))
            throw new IllegalArgumentException(metric.metricName() + " is not reported for " + action);
        if (Double.isFinite(value)) metrics.put(metric, value == Math.rint(value) ? (Number) (long) value : value);
        return this;
    }

    /** Adds a member of the record: a string, a number, a boolean, a list of strings; null values are left out. */
    public EmfLine property(String name, Object value) {
        if (!PROPERTY.matcher(name).matches())
            throw new IllegalArgumentException("record member '" + name + "' must be lower case, as [a-z][a-z0-9_]*");
        if (value != null) properties.put(name, value);
        return this;
    }

    /** The metrics added so far. */
    public Map<Metric, Number> metrics() {
        return Map.copyOf(metrics);
    }

    /** The line, UTF-8, ending in its newline. */
    public byte[] bytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            for (Map.Entry<String, Object> p : properties.entrySet()) write(json, p.getKey(), p.getValue());
            json.writeStringField(Metric.VARIANT, variant);
            json.writeStringField(Metric.ACTION, action);
            for (Map.Entry<Metric, Number> m : metrics.entrySet())
                write(json, m.getKey().metricName(), m.getValue());
            json.writeObjectFieldStart("_aws");
            json.writeNumberField("Timestamp", timestampMillis);
            json.writeArrayFieldStart("CloudWatchMetrics");
            json.writeStartObject();
            json.writeStringField("Namespace", namespace);
            json.writeArrayFieldStart("Dimensions");
            json.writeStartArray();
            json.writeString(Metric.VARIANT);
            json.writeString(Metric.ACTION);
            json.writeEndArray();
            json.writeEndArray();
            json.writeArrayFieldStart("Metrics");
            for (Metric m : metrics.keySet()) {
                json.writeStartObject();
                json.writeStringField("Name", m.metricName());
                json.writeStringField("Unit", m.unit().wireName());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
            json.writeEndArray();
            json.writeEndObject();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        out.write('\n');
        return out.toByteArray();
    }

    private static void write(JsonGenerator json, String name, Object value) throws IOException {
        switch (value) {
            case String s -> json.writeStringField(name, s);
            case Long l -> json.writeNumberField(name, l);
            case Integer i -> json.writeNumberField(name, i);
            case Double d -> json.writeNumberField(name, d);
            case Boolean b -> json.writeBooleanField(name, b);
            case List<?> list -> {
                json.writeArrayFieldStart(name);
                for (Object o : list) json.writeString(String.valueOf(o));
                json.writeEndArray();
            }
            default -> json.writeStringField(name, String.valueOf(value));
        }
    }
}
