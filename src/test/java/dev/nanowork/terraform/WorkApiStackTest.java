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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * terraform/modules/work-variant (one variant's functions and routes) and terraform/stacks/work-api
 * (the HTTP API, its stage, and the variants).
 */
class WorkApiStackTest {
    private static TerraformDir variant;
    private static TerraformDir stack;

    @BeforeAll
    static void parse() {
        variant = TerraformDir.of("modules/work-variant");
        stack = TerraformDir.of("stacks/work-api");
    }

    @Test
    void eachVariantHasAGenerateAndAValidateFunctionOfItsArchitecture() {
        JsonNode generate = variant.module("generate");
        JsonNode validate = variant.module("validate");
        for (JsonNode function : new JsonNode[] {generate, validate}) {
            assertText("../work-function", function.get("source"), "functions come from the work-function module");
            assertText(
                    "${var.architecture}",
                    function.get("architecture"),
                    "both functions have the variant's architecture");
            assertTimeoutUnder30(variant, function.get("timeout_seconds"), "variant function timeout_seconds");
        }
        // The generate function sits behind the nano RPC entry too, which dispatches every action.
        assertText("both", generate.get("serve"), "generate serves the RPC entry");
        assertText("validate", validate.get("serve"), "validate serves work_validate");
        assertText("${var.generate.memory_mb}", generate.get("memory_mb"), "generate memory");
        assertText("${var.validate.memory_mb}", validate.get("memory_mb"), "validate memory");
        assertText(
                "${var.generate.reserved_concurrency}",
                generate.get("reserved_concurrency"),
                "generate reserved concurrency");
        assertText(
                "${var.validate.reserved_concurrency}",
                validate.get("reserved_concurrency"),
                "validate reserved concurrency");
        assertFalse(validate.has("capacity_provider_arn"), "validate stays on plain Lambda");
        // The validate function searches no work: it selects no kernel and starts no search threads.
        assertText("${var.settings.kernel}", generate.get("kernel"), "generate kernel");
        assertText("${var.settings.threads}", generate.get("threads"), "generate threads");
        assertFalse(validate.has("kernel") || validate.has("threads"), "validate is handed no kernel or threads");
    }

    @Test
    void everyRouteExistsAndTargetsTheRightFunction() {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("POST /${var.name}", "generate/");
        expected.put("POST /${var.name}/work_generate", "generate/work_generate");
        expected.put("POST /${var.name}/work_validate", "validate/work_validate");

        Map<String, String> actual = new LinkedHashMap<>();
        variant.local("routes")
                .properties()
                .iterator()
                .forEachRemaining(route -> actual.put(
                        route.getValue().get("route_key").asText(),
                        route.getValue().get("function").asText()
                                + route.getValue().get("path").asText()));
        assertEquals(expected, actual, "route key -> function and the path the application sees");

        assertText("${module.generate}", variant.local("functions").get("generate"), "generate -> module.generate");
        assertText("${module.validate}", variant.local("functions").get("validate"), "validate -> module.validate");

        JsonNode route = variant.resource("aws_apigatewayv2_route", "this");
        assertText("${local.routes}", route.get("for_each"), "one route per entry of local.routes");
        assertText("${each.value.route_key}", route.get("route_key"), "route key");
        assertText(
                "integrations/${aws_apigatewayv2_integration.this[each.key].id}",
                route.get("target"),
                "each route targets its own integration");

        JsonNode integration = variant.resource("aws_apigatewayv2_integration", "this");
        assertText("${local.routes}", integration.get("for_each"), "one integration per route");
        assertText(
                "${local.functions[each.value.function].alias_invoke_arn}",
                integration.get("integration_uri"),
                "the integration invokes the route's function through its SnapStart alias");
        assertText(
                "${each.value.path}",
                integration.get("request_parameters").get("overwrite:path"),
                "the path the application sees");

        JsonNode permission = variant.resource("aws_lambda_permission", "api");
        assertText(
                "${local.functions[each.value.function].alias_name}",
                permission.get("qualifier"),
                "the permission is on the alias API Gateway invokes");
        assertText("apigateway.amazonaws.com", permission.get("principal"), "principal");
        // One permission per route, for exactly its method and path: no glob a later route could fall under.
        assertText("${local.routes}", permission.get("for_each"), "one permission per route");
        assertText(
                "${var.api_execution_arn}/*/${replace(each.value.route_key, \" \", \"\")}",
                permission.get("source_arn"),
                "the route's own METHOD/PATH");
    }

    @Test
    void everyIntegrationIsALambdaProxyWithPayloadFormat2() {
        int integrations = 0;
        for (TerraformDir dir : new TerraformDir[] {variant, stack}) {
            for (Map.Entry<String, JsonNode> integration :
                    dir.resources("aws_apigatewayv2_integration").entrySet()) {
                integrations++;
                assertText(
                        "2.0",
                        integration.getValue().get("payload_format_version"),
                        integration.getKey() + " payload format");
                assertText("AWS_PROXY", integration.getValue().get("integration_type"), integration.getKey() + " type");
                assertTrue(
                        integration.getValue().get("timeout_milliseconds").asInt() <= 30000,
                        integration.getKey() + " timeout");
            }
        }
        assertEquals(1, integrations, "the one integration resource (one per route through for_each)");
    }

    @Test
    void everyThrottleSetsBothValues() {
        JsonNode stage = stack.resource("aws_apigatewayv2_stage", "this");
        JsonNode stageDefaults = block(stage, "default_route_settings", "stage");
        JsonNode routeSettings =
                block(block(stage.get("dynamic"), "route_settings", "stage"), "content", "route_settings");
        assertText(
                "${local.route_functions}",
                block(stage.get("dynamic"), "route_settings", "stage").get("for_each"),
                "a throttle on every route of every variant");
        int throttles = 0;
        for (JsonNode throttle : new JsonNode[] {stageDefaults, routeSettings}) {
            // An unset limit is 0, and 0 refuses every call.
            assertTrue(
                    throttle.hasNonNull("throttling_rate_limit") && throttle.hasNonNull("throttling_burst_limit"),
                    "both throttling values in " + throttle);
            throttles++;
        }
        assertEquals(2, throttles);
        for (String kind : new String[] {"generate", "validate"}) {
            JsonNode defaults = stack.variable("route_throttles").get("default").get(kind);
            assertTrue(
                    defaults.get("rate_limit").asDouble() > 0
                            && defaults.get("burst_limit").asInt() >= 1,
                    kind + " throttle defaults " + defaults);
        }
        JsonNode stageDefault = stack.variable("stage_throttle").get("default");
        assertTrue(
                stageDefault.get("rate_limit").asDouble() > 0
                        && stageDefault.get("burst_limit").asInt() >= 1,
                "stage throttle defaults");
    }

    @Test
    void stageHasAccessLogsAndTheApiHasCors() {
        JsonNode stage = stack.resource("aws_apigatewayv2_stage", "this");
        JsonNode logs = block(stage, "access_log_settings", "stage");
        assertText("${aws_cloudwatch_log_group.access.arn}", logs.get("destination_arn"), "access logs destination");
        assertText(
                "${var.log_retention_days}",
                stack.resource("aws_cloudwatch_log_group", "access").get("retention_in_days"),
                "retention");
        // Not $default: the stage's name is the edge's origin secret (strangersMeetTheEdgeBeforeTheThrottles).
        assertText("${terraform_data.stage_name.output}", stage.get("name"), "the secret stage");

        JsonNode api = stack.resource("aws_apigatewayv2_api", "this");
        assertText("HTTP", api.get("protocol_type"), "HTTP API");
        JsonNode cors = block(api, "cors_configuration", "api");
        assertText("${var.cors_allow_origins}", cors.get("allow_origins"), "CORS origins");
        Set<String> methods = new TreeSet<>();
        cors.get("allow_methods").forEach(m -> methods.add(m.asText()));
        assertEquals(Set.of("POST", "OPTIONS"), methods, "CORS methods");
        Set<String> headers = new TreeSet<>();
        cors.get("allow_headers").forEach(h -> headers.add(h.asText()));
        // A browser wallet sends the key as Authorization: Bearer, which the preflight must allow.
        assertEquals(Set.of("authorization", "content-type"), headers, "CORS headers");
        // The functions answer CORS (and bare OPTIONS) themselves from the same list.
        assertText(
                "${var.cors_allow_origins}",
                stack.module("variant").get("cors_origins"),
                "the same origins reach the functions");
        assertText("${var.cors_origins}", variant.module("generate").get("cors_origins"), "generate function origins");
        assertText("${var.cors_origins}", variant.module("validate").get("cors_origins"), "validate function origins");
    }

    /**
     * Every function of every variant reads the wallets' and the operator's key parameters, through the layer of its
     * own architecture; the stack generates both unless given, and never keeps a value.
     */
    @Test
    void theKeyReachesEveryFunctionWithItsArchitecturesLayer() {
        assertText(
                "${local.auth_keys[each.value.architecture]}",
                stack.module("variant").get("auth_key"),
                "auth_key");
        assertText(
                "${var.benchmark_requires_key}",
                stack.module("variant").get("benchmark_requires_key"),
                "benchmark_requires_key");
        for (String function : new String[] {"generate", "validate"}) {
            assertText(
                    "${var.auth_key}",
                    variant.module(function).get("auth_key"),
                    function + " reads the key (every route needs it)");
            assertText(
                    "${var.benchmark_requires_key}",
                    variant.module(function).get("benchmark_requires_key"),
                    function + " benchmark_requires_key");
        }
        String keys = Expressions.expression(stack.local("auth_keys"));
        assertTrue(
                keys != null && keys.contains("var.parameters_secrets_extension_layer_arns[architecture]"),
                "the layer of each architecture: " + keys);
        JsonNode layers =
                stack.variable("parameters_secrets_extension_layer_arns").get("default");
        assertTrue(
                layers.get("x86_64")
                        .asText()
                        .matches(
                                "arn:aws:lambda:us-east-1:\\d{12}:layer:AWS-Parameters-and-Secrets-Lambda-Extension:\\d+"),
                "x86_64 layer " + layers);
        assertTrue(
                layers.get("arm64")
                        .asText()
                        .matches(
                                "arn:aws:lambda:us-east-1:\\d{12}:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:\\d+"),
                "arm64 layer " + layers);
        assertFalse(stack.variable("open_endpoint").get("default").asBoolean(), "locked by default");
        assertTrue(
                stack.variable("auth_key_parameter_name").get("default").isNull(),
                "no key given by default: the stack generates one");
        assertText(
                "${local.operator_keys[each.value.architecture]}",
                stack.module("variant").get("operator_key"),
                "operator_key");
        for (String function : new String[] {"generate", "validate"}) {
            assertText("${var.operator_key}", variant.module(function).get("operator_key"), function + " operator_key");
        }
        // A generated key is written through the write-only value_wo: never `value` (read back into the state on
        // every refresh) and never a data source (whose result is stored in the state).
        assertEquals(Set.of("key"), stack.resources("aws_ssm_parameter").keySet(), "one resource for both keys");
        JsonNode parameter = stack.resource("aws_ssm_parameter", "key");
        assertText("SecureString", parameter.get("type"), "encrypted");
        assertFalse(
                parameter.has("value") || parameter.has("insecure_value"), "no value Terraform keeps: " + parameter);
        assertTrue(
                parameter.path("value_wo").asText().contains("uuid()") && parameter.has("value_wo_version"),
                "a random value, written once per version: " + parameter);
        assertTrue(
                stack.data("aws_ssm_parameter").isEmpty()
                        && stack.data("aws_secretsmanager_random_password").isEmpty(),
                "the key's value never passes through a data source (stored in the state)");
        assertTrue(
                stack.outputs().keySet().stream()
                        .filter(name -> name.matches("(auth|operator)_key_.*"))
                        .allMatch(name -> name.endsWith("_parameter_arn") || name.endsWith("_read_command")),
                "outputs name the parameters and how to read them, never a key: "
                        + stack.outputs().keySet());
    }

    /**
     * The throttles are shared by every caller and counted before a function checks the key: every caller comes
     * through CloudFront, whose function refuses a request without a valid key at the edge, and the API's only stage
     * has a secret name (CloudFront's origin path), so the execute-api host serves no stage to anyone else.
     */
    @Test
    void strangersMeetTheEdgeBeforeTheThrottles() throws Exception {
        JsonNode distribution = stack.resource("aws_cloudfront_distribution", "api");
        assertFalse(distribution.has("count"), "the edge is always there: " + distribution.get("count"));
        JsonNode origin = block(distribution, "origin", "distribution");
        assertText("/${aws_apigatewayv2_stage.this.name}", origin.get("origin_path"), "the secret stage");
        JsonNode name = stack.resource("terraform_data", "stage_name");
        assertTrue(name.get("input").asText().contains("uuid()"), "a random stage name: " + name);
        assertEquals(
                "[\"${input}\"]",
                String.valueOf(block(name, "lifecycle", "stage_name").get("ignore_changes")),
                "made once (uuid() is new at every apply)");
        JsonNode association = block(
                block(distribution, "default_cache_behavior", "distribution"), "function_association", "behavior");
        assertText("viewer-request", association.get("event_type"), "before CloudFront forwards anything");
        assertText("${aws_cloudfront_function.edge.arn}", association.get("function_arn"), "the edge function");
        JsonNode function = stack.resource("aws_cloudfront_function", "edge");
        assertText("cloudfront-js-2.0", function.get("runtime"), "the runtime with key stores and crypto");
        assertEquals(
                "[\"${aws_cloudfront_key_value_store.keys.arn}\"]",
                String.valueOf(function.get("key_value_store_associations")),
                "the digests' store");
        String code = function.get("code").asText();
        assertTrue(
                code.contains("edge/viewer-request.js")
                        && code.contains("var.open_endpoint")
                        && code.contains("var.cors_allow_origins"),
                "the function rendered with the stack's openness and origins: " + code);
        // What callers are told: the edge's URL, never the execute-api host.
        for (String output :
                new String[] {"api_endpoint", "variant_urls", "work_generate_urls", "work_validate_urls"}) {
            String value = stack.outputs().get(output).get("value").asText();
            assertTrue(
                    value.contains("local.edge_url") && !value.contains("invoke_url"),
                    output + " is the edge's: " + value);
        }
        assertTrue(
                stack.data("aws_secretsmanager_random_password").isEmpty()
                        && stack.resources("aws_cloudfrontkeyvaluestore_key").isEmpty(),
                "no key, nor its digest, passes through Terraform: infra/edge-keys.sh writes the digests");
        assertTrue(
                java.nio.file.Files.isExecutable(Hcl.PROJECT.resolve("infra/edge-keys.sh")),
                "infra/edge-keys.sh writes the digests");
        assertTrue(
                java.nio.file.Files.readString(Hcl.PROJECT.resolve("infra/deploy.sh"))
                        .contains("infra/edge-keys.sh"),
                "infra/deploy.sh runs it after every apply");
    }

    /** WAF does not attach to HTTP APIs: on the edge's distribution, a web ACL of scope CLOUDFRONT in us-east-1. */
    @Test
    void thePerClientRateLimitIsAnOptionalWafRuleInUsEast1() {
        assertTrue(stack.variable("client_rate_limit").get("default").isNull(), "off by default");
        JsonNode acl = stack.resource("aws_wafv2_web_acl", "client_rate_limit");
        assertText("CLOUDFRONT", acl.get("scope"), "scope");
        assertText("${aws.us_east_1}", acl.get("provider"), "CloudFront web ACLs are created in us-east-1");
        boolean usEast1 = stack.providers("aws").stream()
                .anyMatch(p -> "us_east_1".equals(p.path("alias").asText())
                        && "us-east-1".equals(p.path("region").asText()));
        assertTrue(usEast1, "provider aws.us_east_1 is in us-east-1: " + stack.providers("aws"));
        String rule = acl.get("rule_json").asText();
        assertTrue(
                rule.contains("RateBasedStatement")
                        && rule.contains("AggregateKeyType    = \"IP\"")
                        && rule.contains("Block = {}"),
                "a rate-based rule per client IP that blocks: " + rule);
        JsonNode distribution = stack.resource("aws_cloudfront_distribution", "api");
        assertText(
                "${local.rate_limited ? aws_wafv2_web_acl.client_rate_limit[0].arn : null}",
                distribution.get("web_acl_id"),
                "the distribution carries the ACL when asked");
        assertText("${local.rate_limited ? 1 : 0}", acl.get("count"), "only when asked");
    }

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
        JsonNode durations = block(alarm.get("dynamic"), "metric_query", "alarm");
        assertText("${local.billed_functions}", durations.get("for_each"), "one Duration metric per billed function");
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
