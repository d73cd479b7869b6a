package dev.nanowork.terraform;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Terraform values and type expressions written back as HCL text, for the generated tables: a default as Terraform
 * would print it, and the fields of an {@code object({...})} type with their {@code optional(type, default)}.
 */
final class HclText {
    private HclText() {}

    /** One field of an object type: its name, type and, when {@code optional(type, default)}, its default as written. */
    record Field(String name, String type, boolean optional, String defaultText) {}

    /** A value as HCL: strings quoted, numbers in plain notation (0.0000166667, not 1.66667E-5), maps as { k = v }. */
    static String literal(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) return "null";
        if (value.isTextual()) return "\"" + value.asText() + "\"";
        if (value.isNumber()) return number(value.decimalValue());
        if (value.isBoolean()) return value.asText();
        List<String> parts = new ArrayList<>();
        if (value.isArray()) {
            value.forEach(v -> parts.add(literal(v)));
            return "[" + String.join(", ", parts) + "]";
        }
        for (Map.Entry<String, JsonNode> e : value.properties()) parts.add(e.getKey() + " = " + literal(e.getValue()));
        return parts.isEmpty() ? "{}" : "{ " + String.join(", ", parts) + " }";
    }

    static String number(BigDecimal n) {
        return n.stripTrailingZeros().toPlainString();
    }

    /** The expression inside {@code "${...}"}, as the parser gives a type or any other non-literal. */
    static String expression(JsonNode node) {
        String text = node.asText().strip();
        return text.startsWith("${") && text.endsWith("}")
                ? text.substring(2, text.length() - 1).strip()
                : text;
    }

    /** A type without its object's fields: {@code map(object({...}))} is {@code map(object)}. */
    static String kind(String type) {
        int open = type.indexOf("({");
        if (open < 0) return type.replaceAll("\\s+", "");
        int close = matching(type, open);
        return kind(type.substring(0, open) + type.substring(close + 1));
    }

    /** The fields of the first {@code object({...})} in {@code type}, in their order; none for any other type. */
    static List<Field> fields(String type) {
        int open = type.indexOf("object({");
        if (open < 0) return List.of();
        int from = open + "object(".length();
        String body = type.substring(from + 1, matching(type, from));
        List<Field> fields = new ArrayList<>();
        for (String entry : split(body, '\n', ',')) {
            int eq = entry.indexOf('=');
            if (eq < 0) continue;
            String name = entry.substring(0, eq).strip();
            String expr = entry.substring(eq + 1).strip();
            if (expr.startsWith("optional(") && expr.endsWith(")")) {
                List<String> args = split(expr.substring("optional(".length(), expr.length() - 1), ',');
                fields.add(new Field(name, kind(args.get(0)), true, args.size() > 1 ? args.get(1) : "null"));
            } else {
                fields.add(new Field(name, kind(expr), false, null));
            }
        }
        return fields;
    }

    /** The index of the bracket that closes the one at {@code open} (round or curly). */
    private static int matching(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(' || c == '{' || c == '[') depth++;
            if (c == ')' || c == '}' || c == ']') depth--;
            if (depth == 0) return i;
        }
        throw new IllegalArgumentException("unbalanced brackets in " + text);
    }

    /** {@code text} split at the separators that lie outside brackets and quotes, each part stripped, none empty. */
    private static List<String> split(String text, char... separators) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        StringBuilder part = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') quoted = !quoted;
            if (!quoted && (c == '(' || c == '{' || c == '[')) depth++;
            if (!quoted && (c == ')' || c == '}' || c == ']')) depth--;
            if (!quoted && depth == 0 && new String(separators).indexOf(c) >= 0) {
                if (!part.toString().isBlank()) parts.add(part.toString().strip());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        if (!part.toString().isBlank()) parts.add(part.toString().strip());
        return parts;
    }
}
