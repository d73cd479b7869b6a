package dev.nanowork.cost;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a deployed stack's metrics are found under, as {@code terraform output -json observe} of stacks/work-api gives
 * it: the functions' namespace, the region, the work records' table (null without the fan-out) and each variant's
 * target label, architecture, generate memory and function names.
 */
public record ObservedStack(String namespace, String region, String table, List<Variant> variants) {

    /**
     * One variant: {@code name} is the metrics' Variant dimension, {@code target} the cost report's row it ran (e.g.
     * lambda-arm64-10240); {@code durationBilled} false for Managed Instances (billed for their fleet, not per
     * GB-second); {@code workerFunction} null without the fan-out.
     */
    public record Variant(
            String name,
            String target,
            String architecture,
            int memoryMb,
            String generateFunction,
            String workerFunction,
            boolean durationBilled) {}

    /** The stack with another namespace or region (null keeps its own). */
    public ObservedStack with(String otherNamespace, String otherRegion) {
        return new ObservedStack(
                otherNamespace == null ? namespace : otherNamespace,
                otherRegion == null ? region : otherRegion,
                table,
                variants);
    }

    public static ObservedStack parse(String json, String origin) {
        JsonNode root = JsonFields.read(json, origin);
        // terraform output -json metrics_source prints the value; terraform output -json prints {"metrics_source":
        // {"value": ...}}.
        if (root != null && root.has("metrics_source"))
            root = root.get("metrics_source").path("value");
        if (root == null || !root.isObject()) throw new CostInputException(origin + ": not a JSON object");
        JsonFields f = new JsonFields(origin);
        List<Variant> variants = new ArrayList<>();
        JsonNode all = root.path("variants");
        if (!all.isObject() || all.isEmpty()) throw f.refuse("variants", "names no variant");
        for (Map.Entry<String, JsonNode> v : all.properties()) {
            JsonNode n = v.getValue();
            String at = "variants." + v.getKey();
            variants.add(new Variant(
                    v.getKey(),
                    f.text(n, at, "target"),
                    f.text(n, at, "architecture"),
                    f.positiveInt(n, at, "generate_memory_mb"),
                    f.text(n, at, "generate_function"),
                    n.hasNonNull("worker_function") ? f.text(n, at, "worker_function") : null,
                    !n.has("duration_billed") || n.get("duration_billed").asBoolean()));
        }
        return new ObservedStack(
                f.text(root, "", "namespace"),
                root.hasNonNull("region") ? f.text(root, "", "region") : null,
                root.hasNonNull("table") ? f.text(root, "", "table") : null,
                List.copyOf(variants));
    }
}
