package dev.nanowork.lambda;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A runtime's output as CloudWatch gets it, one event per line: every line is one JSON object (docs/observe.md, "Log
 * lines"), either a request's record, with its EMF metadata at the top, or a log line with a level, a logger and a
 * message (and the exception inside it, as its stackTrace). Only the JVM itself writes text, before any code of the
 * function runs: the launcher's and the module system's start-up notices, which no logging setting reaches.
 */
final class LogLines {
    /** What the JVM prints before the runtime client or the function run (on Lambda too: its java runtime's flags). */
    static final List<String> JVM_OWN = List.of("Picked up JAVA_TOOL_OPTIONS: ", "WARNING: ");

    /** The levels Lambda reads in a JSON line ("Log-level filtering", Lambda developer guide). */
    static final List<String> LAMBDA_LEVELS = List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL");

    private LogLines() {}

    /** The log lines of {@code output} (records left out), after checking that every line is one JSON object. */
    static List<JsonNode> assertJson(String output) {
        List<JsonNode> logs = new ArrayList<>();
        boolean functionRan = false;
        for (String line : output.split("\n")) {
            if (!functionRan && (line.isEmpty() || JVM_OWN.stream().anyMatch(line::startsWith))) continue;
            JsonNode node = parse(line, output);
            // the wrapper's line comes before the JVM's: the JVM's end at the first line of Java code
            functionRan |= !node.path("loggerName").asText().equals("jvm-wrapper.sh");
            if (node.has("_aws")) continue; // a record: RuntimeAnswers.records checks it against the EMF specification
            assertFalse(line.contains("\"_aws\""), "a record inside a log line, its metrics lost: " + line);
            for (String key : List.of("level", "message"))
                assertTrue(node.path(key).isTextual(), key + ": " + line);
            // Lambda's log-level filtering takes a level it does not know for INFO (observe/LambdaLogLevels).
            assertTrue(LAMBDA_LEVELS.contains(node.path("level").asText()), "a level Lambda knows: " + line);
            // The function's lines name their logger and time; Lambda's java runtime's own name the invocation.
            assertTrue(
                    node.path("loggerName").isTextual()
                            || node.path("AWSRequestId").isTextual(),
                    "a logger or the invocation: " + line);
            logs.add(node);
        }
        assertTrue(functionRan, "no line of the function:\n" + output);
        return logs;
    }

    /** The log lines of {@code output} written at {@code level} by {@code logger}. */
    static List<JsonNode> of(String output, String logger, String level) {
        return assertJson(output).stream()
                .filter(n -> n.path("loggerName").asText().equals(logger))
                .filter(n -> n.path("level").asText().equals(level))
                .toList();
    }

    private static JsonNode parse(String line, String output) {
        try {
            JsonNode node = RuntimeAnswers.JSON.readTree(line);
            if (node != null && node.isObject()) return node;
        } catch (JsonProcessingException e) {
            // said below
        }
        fail("not one JSON object, a CloudWatch event of its own: " + line + "\nin:\n" + output);
        return null;
    }
}
