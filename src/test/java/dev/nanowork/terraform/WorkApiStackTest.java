package dev.nanowork.terraform;

import static dev.nanowork.terraform.Expressions.assertText;
import static dev.nanowork.terraform.Expressions.assertTimeoutUnder30;
import static dev.nanowork.terraform.Expressions.block;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * terraform/stacks/work-api's variants and what they cost: the default x86_64 and arm64 variants through one
 * module call, the optional Managed Instances variants, the spend alarm, the example tfvars, and every Lambda
 * function coming from the one checked module. The routes are {@link WorkApiRoutesTest}'s, who may call them
 * {@link WorkApiLockTest}'s.
 */
class WorkApiStackTest {
    private static final TerraformDir stack = TerraformDir.of("stacks/work-api");

    /** An alarm that tells the operator when the hourly cost passes a threshold, on by default. */
    @Test
    void aSpendAlarmWatchesEveryPlainFunctionAndTheRequests() {
        JsonNode alert = stack.variable("spend_alert");
        assertTrue(
                alert.get("default").get("dollars_per_hour").asDouble() > 0, "on by default: " + alert.get("default"));
        JsonNode alarm = stack.resource("aws_cloudwatch_metric_alarm", "spend");
        assertEquals(
                "[\"${aws_sns_topic.spend[0].arn}\"]",
                String.valueOf(alarm.get("alarm_actions")),
                "the alarm notifies the topic");
        assertText("${var.spend_alert.dollars_per_hour}", alarm.get("threshold"), "threshold");
        // One dynamic metric_query per kind of bill: each function's Duration, and the record table's units.
        Set<String> queried = new TreeSet<>();
        alarm.path("dynamic")
                .path("metric_query")
                .forEach(q -> queried.add(q.path("for_each").asText()));
        assertEquals(
                Set.of("${local.billed_functions}", "${local.record_units}"),
                queried,
                "one Duration metric per billed function and the record table's read and write units");
        String units = Expressions.expression(stack.local("record_units"));
        assertTrue(
                units != null
                        && units.contains("ConsumedReadCapacityUnits")
                        && units.contains("ConsumedWriteCapacityUnits"),
                "the record table's reads and writes are billed: " + units);
        String functions = stack.local("billed_functions").asText();
        assertTrue(
                functions.contains("var.variants")
                        && functions.contains("generate_function_name")
                        && functions.contains("validate_function_name"),
                "both functions of every plain variant: " + functions);
    }

    @Test
    void defaultVariantsAreX86AndArmWithLargeGenerateMemory() {
        JsonNode variants = stack.variable("variants").get("default");
        Map<String, String> architectures = new LinkedHashMap<>();
        variants.properties()
                .iterator()
                .forEachRemaining(v -> architectures.put(
                        v.getKey(), v.getValue().get("architecture").asText()));
        assertEquals(
                Map.of("x86_64", "x86_64", "arm64", "arm64"),
                architectures,
                "default variants and their architectures");
        String type = stack.variable("variants").get("type").asText().replaceAll("\\s+", " ");
        assertTrue(
                type.contains("generate_memory_mb = optional(number, 10240)"),
                "generate gets 10,240 MB (about 6 vCPUs) by default: " + type);

        // One module call for every variant, plain and managed: their differences are values of local.variant_calls.
        JsonNode call = stack.module("variant");
        assertText("${local.variant_calls}", call.get("for_each"), "one variant module per entry");
        String calls = Expressions.expression(stack.local("variant_calls"));
        assertTrue(
                calls != null
                        && calls.contains("for name, variant in var.variants")
                        && calls.contains("local.managed_variant_calls"),
                "the plain variants and the managed ones: " + calls);
        for (String argument : new String[] {"generate", "validate", "managed_instances"}) {
            assertText("${each.value." + argument + "}", call.get(argument), argument + " from the variant's entry");
        }
        assertText(
                "${each.value.architecture}",
                call.get("architecture"),
                "the variant's architecture reaches its functions");
        assertTimeoutUnder30(stack, call.get("timeout_seconds"), "stack timeout_seconds");
    }

    @Test
    void managedInstancesAreOffByDefaultAndOfferAvx512AndNewerGraviton() {
        JsonNode managed = stack.variable("managed_instances");
        assertFalse(managed.get("default").get("enabled").asBoolean(), "managed instances off by default");
        assertText(
                "${var.managed_instances.enabled ? var.managed_instance_variants : {}}",
                stack.local("managed_variants"),
                "no managed variant unless enabled");
        Map<String, String> offered = new LinkedHashMap<>();
        stack.variable("managed_instance_variants")
                .get("default")
                .properties()
                .iterator()
                .forEachRemaining(v -> offered.put(
                        v.getValue().get("architecture").asText(),
                        v.getValue().get("instance_types").toString()));
        assertTrue(
                offered.getOrDefault("x86_64", "").matches(".*\"c7[ia]\\..*"),
                "an AVX-512 (c7i/c7a) variant: " + offered);
        assertTrue(
                offered.getOrDefault("arm64", "").matches(".*\"c[78]g\\..*"),
                "a newer Graviton (c7g/c8g) variant: " + offered);

        // Lambda acting for another account cannot take the operator role (the confused deputy).
        JsonNode trust = block(
                stack.data("aws_iam_policy_document").get("capacity_provider_assume_role"),
                "statement",
                "trust policy");
        JsonNode condition = block(trust, "condition", "trust policy statement");
        assertText("aws:SourceAccount", condition.get("variable"), "condition key");
        assertEquals(
                "[\"${data.aws_caller_identity.current.account_id}\"]",
                String.valueOf(condition.get("values")),
                "this account");

        JsonNode provider = stack.resource("aws_lambda_capacity_provider", "this");
        assertText("${local.managed_variants}", provider.get("for_each"), "one capacity provider per managed variant");
        assertEquals(
                "[\"${each.value.architecture}\"]",
                String.valueOf(block(provider, "instance_requirements", "capacity provider")
                        .get("architectures")),
                "capacity provider architecture");
        assertText(
                "${each.value.max_vcpu_count}",
                block(provider, "capacity_provider_scaling_config", "capacity provider")
                        .get("max_vcpu_count"),
                "a vCPU ceiling bounds the EC2 bill");

        String managedCalls = Expressions.expression(stack.local("managed_variant_calls"));
        assertTrue(
                managedCalls != null
                        && managedCalls.contains("for name, variant in local.managed_variants")
                        && managedCalls.contains("capacity_provider_arn")
                        && managedCalls.contains("aws_lambda_capacity_provider.this[name].arn"),
                "each managed variant runs on its own capacity provider: " + managedCalls);
        assertTimeoutUnder30(stack, stack.module("variant").get("timeout_seconds"), "managed timeout_seconds");
    }

    @Test
    void theExampleTfvarsSetsOnlyDeclaredVariables() {
        java.nio.file.Path example = Hcl.TERRAFORM.resolve("stacks/work-api/terraform.tfvars.example");
        JsonNode values = Hcl.parse(example).get(example.toString());
        Set<String> set = new TreeSet<>();
        values.fieldNames().forEachRemaining(set::add);
        assertTrue(
                set.containsAll(Set.of("region", "variants", "settings", "stage_throttle", "route_throttles")),
                "example sets " + set);
        set.removeAll(stack.variables().keySet());
        assertEquals(Set.of(), set, "example sets variables the stack does not declare");
    }

    @Test
    void everyLambdaFunctionIsDeclaredInTheCheckedModule() {
        Map<String, Integer> functions = new LinkedHashMap<>();
        Hcl.terraformTree()
                .properties()
                .iterator()
                .forEachRemaining(file -> file.getValue()
                        .path("resource")
                        .path("aws_lambda_function")
                        .fieldNames()
                        .forEachRemaining(name -> functions.merge(
                                Hcl.TERRAFORM.relativize(java.nio.file.Path.of(file.getKey())) + ":" + name,
                                1,
                                Integer::sum)));
        assertEquals(
                Map.of("modules/work-function/main.tf:this", 1),
                functions,
                "every function comes from modules/work-function, whose timeout, JVM options, concurrency and SnapStart are checked");
    }
}
