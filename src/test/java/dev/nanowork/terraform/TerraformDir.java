package dev.nanowork.terraform;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One Terraform module directory as Terraform sees it: the blocks of all its .tf files together.
 * Blocks that may repeat (resource, variable, output, module) are keyed by type and name.
 */
record TerraformDir(Path dir, Map<String, JsonNode> files) {

    /** A directory under terraform/. */
    static TerraformDir of(String relative) {
        Path dir = Hcl.TERRAFORM.resolve(relative);
        JsonNode parsed = Hcl.terraformTree();
        Map<String, JsonNode> files = new LinkedHashMap<>();
        parsed.properties().iterator().forEachRemaining(file -> {
            // Only this directory's own files: a module's children are other modules.
            if (Path.of(file.getKey()).getParent().equals(dir)) files.put(file.getKey(), file.getValue());
        });
        if (files.isEmpty()) throw new AssertionError("no .tf files in " + dir);
        return new TerraformDir(dir, files);
    }

    /** resource "TYPE" "NAME" { ... } -> NAME -> the block. */
    Map<String, JsonNode> resources(String type) {
        return named("resource", type);
    }

    JsonNode resource(String type, String name) {
        return require(resources(type), type + "." + name, name);
    }

    Map<String, JsonNode> data(String type) {
        return named("data", type);
    }

    /** Every resource type declared here, with how many. */
    Map<String, Integer> resourceTypes() {
        Map<String, Integer> types = new LinkedHashMap<>();
        for (JsonNode file : files.values()) {
            file.path("resource")
                    .properties()
                    .iterator()
                    .forEachRemaining(
                            type -> types.merge(type.getKey(), type.getValue().size(), Integer::sum));
        }
        return types;
    }

    Map<String, JsonNode> variables() {
        return blocks("variable");
    }

    Map<String, JsonNode> outputs() {
        return blocks("output");
    }

    Map<String, JsonNode> modules() {
        return blocks("module");
    }

    JsonNode module(String name) {
        return require(modules(), "module." + name, name);
    }

    JsonNode variable(String name) {
        return require(variables(), "var." + name, name);
    }

    /** All locals { } blocks merged: name -> value. */
    Map<String, JsonNode> locals() {
        Map<String, JsonNode> locals = new LinkedHashMap<>();
        for (JsonNode file : files.values()) {
            for (JsonNode block : file.path("locals"))
                block.properties().iterator().forEachRemaining(e -> locals.put(e.getKey(), e.getValue()));
        }
        return locals;
    }

    JsonNode local(String name) {
        return require(locals(), "local." + name, name);
    }

    /** Every provider "NAME" { } block (the default configuration and its aliases). */
    List<JsonNode> providers(String name) {
        List<JsonNode> blocks = new ArrayList<>();
        for (JsonNode file : files.values()) file.path("provider").path(name).forEach(blocks::add);
        return blocks;
    }

    /** The terraform { } blocks. */
    List<JsonNode> terraformBlocks() {
        List<JsonNode> blocks = new ArrayList<>();
        for (JsonNode file : files.values()) file.path("terraform").forEach(blocks::add);
        return blocks;
    }

    private Map<String, JsonNode> blocks(String kind) {
        Map<String, JsonNode> blocks = new LinkedHashMap<>();
        for (JsonNode file : files.values()) {
            for (Iterator<Map.Entry<String, JsonNode>> it =
                            file.path(kind).properties().iterator();
                    it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                blocks.put(e.getKey(), e.getValue().get(0));
            }
        }
        return blocks;
    }

    private Map<String, JsonNode> named(String kind, String type) {
        Map<String, JsonNode> blocks = new LinkedHashMap<>();
        for (JsonNode file : files.values()) {
            file.path(kind)
                    .path(type)
                    .properties()
                    .iterator()
                    .forEachRemaining(e -> blocks.put(e.getKey(), e.getValue().get(0)));
        }
        return blocks;
    }

    private JsonNode require(Map<String, JsonNode> blocks, String what, String name) {
        JsonNode block = blocks.get(name);
        if (block == null)
            throw new AssertionError(what + " is not declared in " + dir + " (found " + blocks.keySet() + ")");
        return block;
    }
}
