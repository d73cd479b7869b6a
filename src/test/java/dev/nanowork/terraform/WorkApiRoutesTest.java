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
 * The HTTP API's shape in terraform/modules/work-variant (one variant's functions and routes) and
 * terraform/stacks/work-api (the API, its stage): which function each route reaches and how, the throttles, the
 * access logs and CORS. Who may call it is {@link WorkApiLockTest}'s; the variants and what they cost
 * {@link WorkApiStackTest}'s.
 */
class WorkApiRoutesTest {
    private static final TerraformDir variant = TerraformDir.of("modules/work-variant");
    private static final TerraformDir stack = TerraformDir.of("stacks/work-api");

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
        // Not $default: the stage's name is the edge's origin secret
        // (WorkApiLockTest.strangersMeetTheEdgeBeforeTheThrottles).
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
}
