package dev.nanowork.terraform;

import static dev.nanowork.terraform.Expressions.assertText;
import static dev.nanowork.terraform.Expressions.block;
import static dev.nanowork.terraform.Expressions.validations;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Who may call the API of terraform/stacks/work-api (its variants from terraform/modules/work-variant): the
 * wallets' and the operator's keys reaching every function, the CloudFront edge every caller meets before the
 * throttles, and the optional per-client WAF rate limit. The routes themselves are {@link WorkApiRoutesTest}'s.
 */
class WorkApiLockTest {
    private static final TerraformDir variant = TerraformDir.of("modules/work-variant");
    private static final TerraformDir stack = TerraformDir.of("stacks/work-api");

    /**
     * Every function of every variant reads the wallets' and the operator's key parameters (through the AWS SDK, no
     * layer), with the stack's key cache and rotation grace; the stack generates both keys unless given, and never
     * keeps a value.
     */
    @Test
    void theKeyReachesEveryFunction() {
        assertText("${local.auth_key}", stack.module("variant").get("auth_key"), "auth_key");
        assertText(
                "${var.benchmark_requires_key}",
                stack.module("variant").get("benchmark_requires_key"),
                "benchmark_requires_key");
        for (String setting : new String[] {"key_cache_seconds", "key_rotation_grace_seconds"}) {
            assertText("${var." + setting + "}", stack.module("variant").get(setting), setting);
            // infra/edge-keys.sh ends the previous key at the edge when the functions do: it reads the grace here.
            assertText("${var." + setting + "}", stack.outputs().get(setting).get("value"), setting + " output");
        }
        assertTrue(
                validations(stack.variable("key_rotation_grace_seconds")).stream()
                        .anyMatch(c -> c.contains("var.key_rotation_grace_seconds > var.key_cache_seconds")),
                "the grace outlasts the cache");
        for (String function : new String[] {"generate", "validate"}) {
            assertText(
                    "${var.auth_key}",
                    variant.module(function).get("auth_key"),
                    function + " reads the key (every route needs it)");
            assertText(
                    "${var.benchmark_requires_key}",
                    variant.module(function).get("benchmark_requires_key"),
                    function + " benchmark_requires_key");
            for (String setting : new String[] {"key_cache_seconds", "key_rotation_grace_seconds"}) {
                assertText("${var." + setting + "}", variant.module(function).get(setting), function + " " + setting);
            }
        }
        String keys = Expressions.expression(stack.local("auth_key"));
        assertTrue(
                keys != null && keys.contains("local.auth_key_parameter_arn") && !keys.contains("layer"),
                "the parameter, no layer: " + keys);
        assertFalse(
                stack.variables().containsKey("parameters_secrets_extension_layer_arns"),
                "no extension layer to configure");
        assertFalse(stack.variable("open_endpoint").get("default").asBoolean(), "locked by default");
        assertTrue(
                stack.variable("auth_key_parameter_name").get("default").isNull(),
                "no key given by default: the stack generates one");
        assertText("${local.operator_key}", stack.module("variant").get("operator_key"), "operator_key");
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
        // Every viewer header but Host reaches the API: Origin for CORS, and x-viewer-address, which the edge
        // function sets to the viewer's address for the access log (EdgeFunctionTest runs it).
        assertText(
                "${local.origin_request_policy_all_viewer_except_host}",
                block(distribution, "default_cache_behavior", "distribution").get("origin_request_policy_id"),
                "the origin request policy");
        assertText(
                "b689b0a8-53d0-40ab-baf2-68738e2966ac",
                stack.local("origin_request_policy_all_viewer_except_host"),
                "AWS's managed AllViewerExceptHostHeader");
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
}
