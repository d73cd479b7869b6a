package dev.nanowork.terraform;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.docs.DocBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * terraform/README.md's inputs and outputs tables of the stack, as terraform-docs writes a module's (which installs
 * from no registry this project's build reaches): every variable by name with its type, default and description, every
 * output with its description, straight from the .tf files. A variable's object fields come with their defaults.
 */
record StackTables(TerraformDir stack) {
    static final String README = "terraform/README.md";
    static final String STACK = "terraform/stacks/work-api";

    List<DocBlock> blocks() {
        return List.of(
                DocBlock.lines(README, "stack-inputs", STACK + " variables", inputs()),
                DocBlock.lines(README, "stack-outputs", STACK + " outputs", outputs()));
    }

    String inputs() {
        StringBuilder out = new StringBuilder("| name | type | default | description |\n|---|---|---|---|\n");
        for (Map.Entry<String, JsonNode> v : sorted(stack.variables())) {
            JsonNode variable = v.getValue();
            String type = variable.has("type") ? HclText.expression(variable.get("type")) : "any";
            out.append("| `")
                    .append(v.getKey())
                    .append("` | ")
                    .append(type(type))
                    .append(" | ")
                    .append(variable.has("default") ? code(HclText.literal(variable.get("default"))) : "required")
                    .append(" | ")
                    .append(cell(variable.path("description").asText()))
                    .append(" |\n");
        }
        return out.toString();
    }

    String outputs() {
        StringBuilder out = new StringBuilder("| name | description |\n|---|---|\n");
        for (Map.Entry<String, JsonNode> o : sorted(stack.outputs())) {
            out.append("| `")
                    .append(o.getKey())
                    .append("` | ")
                    .append(cell(o.getValue().path("description").asText()))
                    .append(" |\n");
        }
        return out.toString();
    }

    /** {@code object}: its fields, each optional one with its default ({@code = 10240}) or {@code (optional)}. */
    static String type(String type) {
        String kind = code(HclText.kind(type));
        List<HclText.Field> fields = HclText.fields(type);
        if (fields.isEmpty()) return kind;
        List<String> parts = new ArrayList<>();
        for (HclText.Field f : fields) {
            if (!f.optional()) parts.add("`" + f.name() + "`");
            else if (f.defaultText().equals("null")) parts.add("`" + f.name() + "` (optional)");
            else parts.add("`" + f.name() + " = " + f.defaultText() + "`");
        }
        return kind + ": " + String.join(", ", parts);
    }

    static String code(String text) {
        return "`" + text + "`";
    }

    /** Text fit for one table cell: one line, pipes escaped. */
    static String cell(String text) {
        return text.strip().replaceAll("\\s*\n\\s*", " ").replace("|", "\\|");
    }

    private static List<Map.Entry<String, JsonNode>> sorted(Map<String, JsonNode> blocks) {
        return blocks.entrySet().stream().sorted(Map.Entry.comparingByKey()).toList();
    }
}
