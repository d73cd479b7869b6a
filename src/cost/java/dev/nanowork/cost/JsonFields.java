package dev.nanowork.cost;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Reads required fields from a JSON tree and refuses a missing, mistyped or negative one with a message
 * that names the file and the field by its dotted path, e.g. {@code lambda.architectures.x86_64.gb_second}.
 */
public final class JsonFields {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String origin;

    /** {@code json} as a tree, refused naming {@code origin} when it is not JSON. */
    static JsonNode read(String json, String origin) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new CostInputException(origin + ": not valid JSON: " + e.getOriginalMessage());
        }
    }

    /**
     * JSON Lines: each line that is not blank read as an object and made into a {@code T} by {@code line}, given the
     * place it names in a refusal ({@code origin line N}).
     */
    static <T> List<T> lines(String jsonLines, String origin, BiFunction<JsonNode, String, T> line) {
        List<T> read = new ArrayList<>();
        String[] lines = jsonLines.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) continue;
            String at = origin + " line " + (i + 1);
            JsonNode node = read(lines[i].strip(), at);
            if (node == null || !node.isObject()) throw new CostInputException(at + ": not a JSON object");
            read.add(line.apply(node, at));
        }
        return List.copyOf(read);
    }

    public JsonFields(String origin) {
        this.origin = origin;
    }

    public CostInputException refuse(String path, String problem) {
        return new CostInputException(origin + ": field \"" + path + "\" " + problem);
    }

    JsonNode object(JsonNode parent, String parentPath, String name) {
        String path = join(parentPath, name);
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) throw refuse(path, "is missing");
        if (!node.isObject()) throw refuse(path, "must be an object");
        return node;
    }

    public JsonNode array(JsonNode parent, String parentPath, String name) {
        String path = join(parentPath, name);
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) throw refuse(path, "is missing");
        if (!node.isArray() || node.isEmpty()) throw refuse(path, "must be a non-empty array");
        return node;
    }

    /** A finite number that is zero or more. */
    double nonNegative(JsonNode parent, String parentPath, String name) {
        String path = join(parentPath, name);
        double value = number(parent.get(name), path);
        if (value < 0) throw refuse(path, "is negative (" + value + ")");
        return value;
    }

    /** A finite number above zero. */
    public double positive(JsonNode parent, String parentPath, String name) {
        String path = join(parentPath, name);
        double value = nonNegative(parent, parentPath, name);
        if (value == 0) throw refuse(path, "must be above zero");
        return value;
    }

    int positiveInt(JsonNode parent, String parentPath, String name) {
        return positiveInt(parent.get(name), join(parentPath, name));
    }

    /** A whole number above zero, e.g. an array element at {@code path}. */
    int positiveInt(JsonNode node, String path) {
        double value = number(node, path);
        if (!node.canConvertToInt() || value != Math.rint(value)) throw refuse(path, "must be a whole number");
        if (value <= 0) throw refuse(path, value < 0 ? "is negative (" + node.asInt() + ")" : "must be above zero");
        return node.asInt();
    }

    boolean bool(JsonNode parent, String parentPath, String name) {
        String path = join(parentPath, name);
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) throw refuse(path, "is missing");
        if (!node.isBoolean()) throw refuse(path, "must be true or false");
        return node.asBoolean();
    }

    public String text(JsonNode parent, String parentPath, String name) {
        String path = join(parentPath, name);
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) throw refuse(path, "is missing");
        if (!node.isTextual() || node.asText().isBlank()) throw refuse(path, "must be a non-empty string");
        return node.asText();
    }

    public String optionalText(JsonNode parent, String name) {
        JsonNode node = parent.get(name);
        return node == null || node.isNull() ? null : node.asText();
    }

    private double number(JsonNode node, String path) {
        if (node == null || node.isNull()) throw refuse(path, "is missing");
        if (!node.isNumber()) throw refuse(path, "must be a number");
        double value = node.asDouble();
        if (!Double.isFinite(value)) throw refuse(path, "must be finite");
        return value;
    }

    static String join(String parentPath, String name) {
        return parentPath.isEmpty() ? name : parentPath + "." + name;
    }
}
