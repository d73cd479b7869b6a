package dev.nanowork.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** Reading HCL-as-JSON values: literals stay JSON, expressions are strings "${...}". */
final class Expressions {
    private Expressions() {}

    /** The expression inside "${...}", or null when the value is a literal. */
    static String expression(JsonNode value) {
        if (value == null || !value.isTextual()) return null;
        String text = value.asText();
        return text.startsWith("${") && text.endsWith("}") && text.indexOf("${", 2) < 0
                ? text.substring(2, text.length() - 1)
                : null;
    }

    /** Asserts the value is exactly the reference {@code var.NAME} and returns NAME. */
    static String variableReference(JsonNode value, String where) {
        String expression = expression(value);
        if (expression == null || !expression.matches("var\\.[a-z0-9_]+")) {
            fail(where + " must be a plain var.NAME reference, was " + value);
        }
        return expression.substring("var.".length());
    }

    /** The single nested block of a block, e.g. environment { } in a function. */
    static JsonNode block(JsonNode parent, String name, String where) {
        JsonNode blocks = parent.get(name);
        if (blocks == null || !blocks.isArray() || blocks.size() != 1)
            fail(where + " needs exactly one " + name + " block, has " + blocks);
        return blocks.get(0);
    }

    /** Every validation condition of a variable, as expression text. */
    static List<String> validations(JsonNode variable) {
        List<String> conditions = new ArrayList<>();
        for (JsonNode validation : variable.path("validation"))
            conditions.add(String.valueOf(expression(validation.get("condition"))));
        return conditions;
    }

    /**
     * Asserts a timeout setting is under 30 s: a literal number, or var.NAME whose default is under 30
     * and whose validation refuses 30 and above.
     */
    static void assertTimeoutUnder30(TerraformDir dir, JsonNode value, String where) {
        if (value != null && value.isNumber()) {
            assertTrue(value.asDouble() < 30, where + " = " + value + " is not under 30 s");
            return;
        }
        String name = variableReference(value, where);
        JsonNode variable = dir.variable(name);
        assertTrue(
                variable.path("default").isNumber() && variable.get("default").asDouble() < 30,
                where + ": default of var." + name + " must be a number under 30, is " + variable.get("default"));
        assertTrue(
                validations(variable).stream().anyMatch(c -> c.contains("var." + name + " < 30")),
                where + ": var." + name + " needs a validation `var." + name + " < 30`, has " + validations(variable));
    }

    static void assertText(String expected, JsonNode value, String where) {
        assertEquals(expected, value == null ? null : value.asText(), where);
    }
}
