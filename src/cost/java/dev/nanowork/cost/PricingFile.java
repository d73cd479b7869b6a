package dev.nanowork.cost;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.cost.Pricing.ApiGateway;
import dev.nanowork.cost.Pricing.Ec2Family;
import dev.nanowork.cost.Pricing.Ec2Size;
import dev.nanowork.cost.Pricing.Hardware;
import dev.nanowork.cost.Pricing.Lambda;
import dev.nanowork.cost.Pricing.LambdaArch;
import dev.nanowork.cost.Pricing.ManagedInstances;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Loads a pricing file (JSON, see {@code infra/pricing/aws-us-east-1.json}) and refuses it, naming the
 * field, when a price or count is missing, mistyped or negative: a cost table built on a silently absent
 * price would be wrong without saying so.
 */
public final class PricingFile {

    private PricingFile() {}

    public static Pricing load(Path file) throws IOException {
        return parse(Files.readString(file), file.toString());
    }

    public static Pricing parse(String json, String origin) {
        JsonNode root = JsonFields.read(json, origin);
        if (root == null || !root.isObject()) throw new CostInputException(origin + ": not a JSON object");
        JsonFields f = new JsonFields(origin);
        return new Pricing(
                origin,
                f.text(root, "", "region"),
                f.text(root, "", "currency"),
                f.text(root, "", "retrieved"),
                lambda(f, f.object(root, "", "lambda")),
                apiGateway(f, f.object(root, "", "api_gateway")),
                managedInstances(f, f.object(root, "", "managed_instances")),
                ec2(f, f.object(root, "", "ec2")));
    }

    private static Lambda lambda(JsonFields f, JsonNode node) {
        String at = "lambda";
        List<Integer> sizes = new ArrayList<>();
        JsonNode sizesNode = f.array(node, at, "memory_sizes_mb");
        int maxMemory = f.positiveInt(node, at, "max_memory_mb");
        for (int i = 0; i < sizesNode.size(); i++) {
            int mb = f.positiveInt(sizesNode.get(i), at + ".memory_sizes_mb." + i);
            if (mb > maxMemory) throw f.refuse(at + ".memory_sizes_mb." + i, "is above max_memory_mb (" + mb + ")");
            sizes.add(mb);
        }
        List<LambdaArch> archs = new ArrayList<>();
        String archsAt = at + ".architectures";
        JsonNode archsNode = f.object(node, at, "architectures");
        for (String name : names(archsNode)) {
            String archAt = archsAt + "." + name;
            JsonNode arch = f.object(archsNode, archsAt, name);
            archs.add(new LambdaArch(
                    name,
                    f.positive(arch, archAt, "gb_second"),
                    f.bool(arch, archAt, "verified"),
                    hardware(f, f.object(arch, archAt, "hardware"), archAt + ".hardware")));
        }
        if (archs.isEmpty()) throw f.refuse(archsAt, "must name at least one architecture");
        return new Lambda(
                f.nonNegative(node, at, "request_per_million"),
                f.bool(node, at, "request_verified"),
                f.positiveInt(node, at, "mb_per_vcpu"),
                maxMemory,
                f.positiveInt(node, at, "max_visible_cpus"),
                List.copyOf(sizes),
                List.copyOf(archs));
    }

    private static ApiGateway apiGateway(JsonFields f, JsonNode node) {
        return new ApiGateway(
                f.nonNegative(node, "api_gateway", "http_request_per_million"),
                f.bool(node, "api_gateway", "verified"));
    }

    private static ManagedInstances managedInstances(JsonFields f, JsonNode node) {
        String at = "managed_instances";
        return new ManagedInstances(
                f.nonNegative(node, at, "fee_fraction"),
                f.nonNegative(node, at, "request_per_million"),
                f.bool(node, at, "verified"),
                f.positiveInt(node, at, "environment_vcpus"));
    }

    private static List<Ec2Family> ec2(JsonFields f, JsonNode node) {
        List<Ec2Family> families = new ArrayList<>();
        for (String name : names(node)) {
            String at = "ec2." + name;
            JsonNode family = f.object(node, "ec2", name);
            JsonNode sizesNode = f.object(family, at, "sizes");
            List<Ec2Size> sizes = new ArrayList<>();
            for (String size : names(sizesNode)) {
                String sizeAt = at + ".sizes." + size;
                JsonNode sizeNode = f.object(sizesNode, at + ".sizes", size);
                sizes.add(new Ec2Size(
                        size, f.positiveInt(sizeNode, sizeAt, "vcpus"), f.positive(sizeNode, sizeAt, "hourly")));
            }
            if (sizes.isEmpty()) throw f.refuse(at + ".sizes", "must list at least one size");
            families.add(new Ec2Family(
                    name,
                    hardware(f, f.object(family, at, "hardware"), at + ".hardware"),
                    f.bool(family, at, "verified"),
                    List.copyOf(sizes)));
        }
        if (families.isEmpty()) throw f.refuse("ec2", "must list at least one instance family");
        return List.copyOf(families);
    }

    private static Hardware hardware(JsonFields f, JsonNode node, String at) {
        String isaName = f.text(node, at, "isa");
        Isa isa = Isa.fromWire(isaName);
        if (isa == null) {
            throw f.refuse(
                    at + ".isa",
                    "is \"" + isaName + "\", not one of "
                            + Arrays.stream(Isa.values()).map(Isa::wireName).toList());
        }
        return new Hardware(isa, f.bool(node, at, "smt"), f.positive(node, at, "core_factor"));
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : object.properties()) names.add(entry.getKey());
        return names;
    }
}
