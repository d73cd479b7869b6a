package dev.nanowork.terraform;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code terraform apply} of terraform/stacks/work-api deploys with no variables set, read from its variables'
 * defaults and their fields' {@code optional(type, default)}: the figures the generated documentation quotes.
 */
final class StackDefaults {
    static final String VARIABLES = "terraform/stacks/work-api/variables.tf";

    private final TerraformDir stack;

    StackDefaults(TerraformDir stack) {
        this.stack = stack;
    }

    static StackDefaults read() {
        return new StackDefaults(TerraformDir.of("stacks/work-api"));
    }

    TerraformDir stack() {
        return stack;
    }

    /** One plain variant as the default {@code variants} map and its fields' defaults make it. */
    record Variant(
            String name, String architecture, int generateMb, int generateSlots, int validateMb, int validateSlots) {}

    List<Variant> variants() {
        List<Variant> variants = new ArrayList<>();
        for (Map.Entry<String, JsonNode> v :
                stack.variable("variants").get("default").properties()) {
            JsonNode given = v.getValue();
            variants.add(new Variant(
                    v.getKey(),
                    given.get("architecture").asText(),
                    (int) number("variants", "generate_memory_mb", given),
                    (int) number("variants", "generate_reserved_concurrency", given),
                    (int) number("variants", "validate_memory_mb", given),
                    (int) number("variants", "validate_reserved_concurrency", given)));
        }
        return variants;
    }

    /** The fan-out's settings when its default is on ({@code {}}), empty when it is {@code null}. */
    Optional<JsonNode> fanOut() {
        JsonNode given = stack.variable("fan_out").get("default");
        return given == null || given.isNull() ? Optional.empty() : Optional.of(given);
    }

    boolean fanOutOn() {
        return fanOut().isPresent();
    }

    /** Each variant's worker slots as fan-out.tf makes them from the defaults. */
    int workerSlots() {
        return fanOut().map(f -> {
                    String given = f.has("worker_reserved_concurrency")
                            ? f.get("worker_reserved_concurrency").asText()
                            : fieldDefault("fan_out", "worker_reserved_concurrency");
                    return new FanOutLocals(stack)
                            .workerSlots(
                                    given.equals("null") ? null : Integer.valueOf(given),
                                    maxWorkers(),
                                    concurrentWorks());
                })
                .orElse(0);
    }

    /** Long works at once that each get every worker they want (worker slots = max_workers x this, by default). */
    int concurrentWorks() {
        return fanOut().map(f -> (int) number("fan_out", "concurrent_works", f)).orElse(0);
    }

    /** How often each execution of a fan-out search reads its record. */
    Duration pollInterval() {
        return duration(setting("fan_out", "poll_interval"));
    }

    int maxWorkers() {
        return fanOut().map(f -> (int) number("fan_out", "max_workers", f)).orElse(0);
    }

    /** The value {@code given} sets for {@code field}, else the field's own default in the variable's type. */
    double number(String variable, String field, JsonNode given) {
        if (given != null && given.has(field)) return given.get(field).asDouble();
        return Double.parseDouble(fieldDefault(variable, field));
    }

    /** {@code field}'s default in {@code variable}'s object type, without quotes. */
    String fieldDefault(String variable, String field) {
        for (HclText.Field f :
                HclText.fields(HclText.expression(stack.variable(variable).get("type")))) {
            if (f.name().equals(field) && f.optional()) return f.defaultText().replace("\"", "");
        }
        throw new IllegalStateException(VARIABLES + ": " + variable + "." + field + " has no optional(type, default)");
    }

    /** The value of an object variable's field as deployed (its default object, else the field's default). */
    String setting(String variable, String field) {
        JsonNode given = stack.variable(variable).get("default");
        if (given != null && given.has(field)) return given.get(field).asText();
        return fieldDefault(variable, field);
    }

    JsonNode defaultOf(String variable) {
        return stack.variable(variable).get("default");
    }

    int timeoutSeconds() {
        return defaultOf("timeout_seconds").asInt();
    }

    /** {@code settings.deadline}, the search deadline every function gets. */
    Duration deadline() {
        return duration(setting("settings", "deadline"));
    }

    double stageRate() {
        return defaultOf("stage_throttle").get("rate_limit").asDouble();
    }

    /** A Terraform duration setting as the application reads it: 25s, 500ms. */
    static Duration duration(String text) {
        if (text.endsWith("ms")) return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
        if (text.endsWith("s")) return Duration.ofSeconds(Long.parseLong(text.substring(0, text.length() - 1)));
        throw new IllegalArgumentException("not a duration of whole ms or s: " + text);
    }
}
