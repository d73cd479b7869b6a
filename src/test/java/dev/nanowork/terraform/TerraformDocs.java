package dev.nanowork.terraform;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.docs.DocBlock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The documentation blocks written from the Terraform (as the suite's HCL parser reads it) and the pricing file:
 * terraform/README.md's inputs and outputs, and the cost ceilings every document quotes.
 */
public final class TerraformDocs {
    private TerraformDocs() {}

    public static List<DocBlock> blocks() {
        StackDefaults defaults = StackDefaults.read();
        WorstHour hour = WorstHour.ofDefaults();
        List<DocBlock> blocks = new ArrayList<>(new StackTables(defaults.stack()).blocks());
        blocks.addAll(new CostBlocks(hour).blocks());
        blocks.addAll(new BoundsTable(hour).blocks());
        return blocks;
    }

    /**
     * The stack's defaults by the names documents give them: a variable ({@code key_cache_seconds}) and each field of
     * an object variable ({@code fan_out.max_workers}, {@code variants.generate_reserved_concurrency}), as text
     * without quotes; scalars only.
     */
    public static Map<String, String> defaults() {
        TerraformDir stack = StackDefaults.read().stack();
        Map<String, String> defaults = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> v : stack.variables().entrySet()) {
            JsonNode given = v.getValue().get("default");
            if (given != null && given.isValueNode() && !given.isNull()) defaults.put(v.getKey(), given.asText());
            if (given != null && given.isObject()) {
                for (Map.Entry<String, JsonNode> f : given.properties()) {
                    if (f.getValue().isValueNode() && !f.getValue().isNull())
                        defaults.put(v.getKey() + "." + f.getKey(), f.getValue().asText());
                }
            }
            String type =
                    v.getValue().has("type") ? HclText.expression(v.getValue().get("type")) : "";
            for (HclText.Field f : HclText.fields(type)) {
                if (f.optional()
                        && !f.defaultText().equals("null")
                        && !f.defaultText().startsWith("[")) {
                    defaults.putIfAbsent(
                            v.getKey() + "." + f.name(), f.defaultText().replace("\"", ""));
                }
            }
        }
        return defaults;
    }
}
