package dev.nanowork.terraform;

import static dev.nanowork.terraform.Expressions.assertText;
import static dev.nanowork.terraform.Expressions.block;
import static dev.nanowork.terraform.Expressions.expression;
import static dev.nanowork.terraform.Expressions.validations;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What terraform/modules/work-function hands its function to read: the application's NANO_WORK_* settings, the key
 * parameters' names, their cache and rotation grace, and the IAM to read the keys (through the AWS SDK: no layer).
 * The JVM's options (JAVA_TOOL_OPTIONS, extra_jvm_options) are {@link WorkFunctionJvmOptionsTest}'s; the function
 * itself (runtime, limits, SnapStart, logs) is {@link WorkFunctionModuleTest}'s.
 */
class WorkFunctionEnvironmentTest {
    private static final TerraformDir module = TerraformDir.of("modules/work-function");
    private static final JsonNode function = module.resource("aws_lambda_function", "this");

    /**
     * environment.variables: name -> its value's expression text. The block is a merge() of the settings every
     * function gets and the key parameter's name when a key is configured, so it is read from the expression.
     */
    static Map<String, String> environment() {
        JsonNode variables = block(function, "environment", "function").get("variables");
        assertNotNull(variables, "environment.variables");
        String merged = expression(variables);
        assertNotNull(merged, "environment.variables is a merge() expression: " + variables);
        assertTrue(merged.startsWith("merge("), "environment.variables = merge(settings, key ? {...} : {}): " + merged);
        Map<String, String> names = new TreeMap<>();
        Matcher m =
                Pattern.compile("(?m)^\\s*([A-Z][A-Z0-9_]*)\\s*=\\s*(.+?)\\s*$").matcher(merged);
        while (m.find()) names.put(m.group(1), m.group(2));
        return names;
    }

    /** NANO_WORK_* names of every setting of WorkConfig, nested groups included (nano-work.auth.key-parameter). */
    static void settingNames(Class<?> type, String prefix, Set<String> names) {
        for (java.lang.reflect.Method m : type.getDeclaredMethods()) {
            if (m.getParameterCount() != 0 || java.lang.reflect.Modifier.isStatic(m.getModifiers())) continue;
            String name =
                    prefix + m.getName().replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
            Class<?> returned = m.getReturnType();
            // A group: nested in WorkConfig (auth) or one of its own in the config package (fan-out).
            if (returned.isInterface()
                    && (returned.getEnclosingClass() == dev.nanowork.config.WorkConfig.class
                            || returned.getPackageName()
                                    .equals(dev.nanowork.config.WorkConfig.class.getPackageName()))) {
                settingNames(returned, name + "_", names);
            } else {
                names.add(name);
            }
        }
    }

    @Test
    void passesTheApplicationSettings() {
        Map<String, String> variables = environment();
        assertEquals(
                Set.of(
                        "AWS_LAMBDA_EXEC_WRAPPER",
                        "JAVA_TOOL_OPTIONS",
                        "NANO_WORK_KERNEL",
                        "NANO_WORK_THREADS",
                        "NANO_WORK_SERVE",
                        "NANO_WORK_MAX_DIFFICULTY",
                        "NANO_WORK_DEADLINE",
                        "NANO_WORK_CORS_ORIGINS",
                        "NANO_WORK_BENCHMARK_REQUIRES_KEY",
                        "NANO_WORK_AUTH_KEY_CACHE",
                        "NANO_WORK_AUTH_ROTATION_GRACE",
                        "NANO_WORK_AUTH_KEY_PARAMETER",
                        "NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER",
                        "NANO_WORK_AUTH_ORIGIN_SECRET_PARAMETER",
                        "NANO_WORK_FAN_OUT_TABLE",
                        "NANO_WORK_FAN_OUT_TARGET",
                        "NANO_WORK_FAN_OUT_MAX_WORKERS",
                        "NANO_WORK_FAN_OUT_POLL_INTERVAL",
                        "NANO_WORK_FAN_OUT_RECORD_TTL",
                        "NANO_WORK_FAN_OUT_WORKER",
                        "NANO_WORK_METRICS_NAMESPACE",
                        "NANO_WORK_METRICS_VARIANT"),
                variables.keySet());
        // Each NANO_WORK_* variable must be a key the application reads (SmallRye maps nano-work.max-difficulty
        // to NANO_WORK_MAX_DIFFICULTY, nano-work.auth.key-parameter to NANO_WORK_AUTH_KEY_PARAMETER), so a renamed
        // setting cannot silently stop reaching the function.
        Set<String> applicationKeys = new TreeSet<>();
        settingNames(dev.nanowork.config.WorkConfig.class, "NANO_WORK_", applicationKeys);
        assertTrue(
                applicationKeys.contains("NANO_WORK_AUTH_KEY_PARAMETER")
                        && applicationKeys.contains("NANO_WORK_BENCHMARK_MAX_DURATION")
                        && applicationKeys.contains("NANO_WORK_FAN_OUT_POLL_INTERVAL"),
                "nested settings are named: " + applicationKeys);
        variables.keySet().stream()
                .filter(n -> n.startsWith("NANO_WORK_"))
                .forEach(n -> assertTrue(
                        applicationKeys.contains(n), n + " is not a setting of WorkConfig " + applicationKeys));
        // The worker searches: the application runs as a generate function behind the worker's handler.
        assertEquals("local.worker ? \"generate\" : var.serve", variables.get("NANO_WORK_SERVE"), "NANO_WORK_SERVE");
        assertTrue(
                validations(module.variable("serve")).stream()
                        .anyMatch(c ->
                                c.contains("\"generate\"") && c.contains("\"validate\"") && c.contains("\"both\"")),
                "serve validated");
        // The application splits nano-work.cors-origins on commas.
        assertEquals(
                "join(\",\", var.cors_origins)", variables.get("NANO_WORK_CORS_ORIGINS"), "NANO_WORK_CORS_ORIGINS");
        assertTrue(
                validations(module.variable("cors_origins")).stream().anyMatch(c -> c.contains("^https?://")),
                "cors_origins must be origins (a comma or a path would reach the application as another origin)");
        assertEquals(
                "tostring(var.benchmark_requires_key)",
                variables.get("NANO_WORK_BENCHMARK_REQUIRES_KEY"),
                "NANO_WORK_BENCHMARK_REQUIRES_KEY");
        assertTrue(
                module.variable("benchmark_requires_key").get("default").asBoolean(),
                "deployed, benchmark is an operator action by default");
    }

    /**
     * The keys (the wallets' and the operator's) and the origin secret: SecureStrings the application reads itself
     * through the AWS SDK, in one GetParameters,
     * re-read every key_cache_seconds, the previous version accepted for key_rotation_grace_seconds; no layer (the
     * Parameters and Secrets extension refused SnapStart's credentials); IAM on those parameters only.
     */
    @Test
    void theKeysAreReadThroughTheSdkWithIamOnTheirParametersOnly() {
        assertEquals(
                "var.auth_key.parameter_name",
                environment().get("NANO_WORK_AUTH_KEY_PARAMETER"),
                "the parameter's name, never the key");
        assertEquals(
                "var.operator_key.parameter_name",
                environment().get("NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER"),
                "the operator's parameter's name, never the key");
        assertEquals(
                "var.origin_secret.parameter_name",
                environment().get("NANO_WORK_AUTH_ORIGIN_SECRET_PARAMETER"),
                "the origin secret's parameter's name, never the secret");
        assertEquals(
                "format(\"%ds\", var.key_cache_seconds)",
                environment().get("NANO_WORK_AUTH_KEY_CACHE"), "the cache, a Quarkus duration in seconds");
        assertEquals(
                "format(\"%ds\", var.key_rotation_grace_seconds)",
                environment().get("NANO_WORK_AUTH_ROTATION_GRACE"),
                "the rotation grace, a Quarkus duration in seconds");
        assertTrue(
                validations(module.variable("key_rotation_grace_seconds")).stream()
                        .anyMatch(c -> c.contains("var.key_rotation_grace_seconds > var.key_cache_seconds")),
                "the grace outlasts the cache: " + validations(module.variable("key_rotation_grace_seconds")));
        assertFalse(function.has("layers"), "no layer: " + function.get("layers"));
        assertFalse(module.locals().containsKey("layer_arns"), "no layer list");
        for (String variable : new String[] {"auth_key", "operator_key", "origin_secret"}) {
            assertFalse(
                    module.variable(variable).get("type").asText().contains("extension_layer_arn"),
                    variable + " names no extension layer: "
                            + module.variable(variable).get("type"));
        }
        assertText("${var.auth_key != null}", module.local("auth"), "a wallets' key is configured");

        JsonNode grant = module.resource("aws_iam_role_policy", "auth_key");
        assertText("${local.keyed ? 1 : 0}", grant.get("count"), "a grant only with a key");
        String keys = expression(module.local("key_parameters"));
        assertTrue(
                keys != null
                        && keys.contains("auth = var.auth_key")
                        && keys.contains("operator = var.operator_key")
                        && keys.contains("origin = var.origin_secret"),
                "the grant covers both keys and the origin secret: " + keys);
        // The raw text: the policy interpolates the region into kms:ViaService.
        String policy = grant.get("policy").asText();
        assertTrue(policy.startsWith("${jsonencode("), "auth_key policy is a jsonencode() expression: " + policy);
        assertTrue(
                policy.contains("[\"ssm:GetParameters\"]")
                        && policy.contains("[for key in values(local.key_parameters) : key.parameter_arn]"),
                "ssm:GetParameters (the one call the application makes) on the parameters' ARNs: " + policy);
        assertTrue(
                policy.contains("\"kms:Decrypt\"")
                        && policy.contains("[key.kms_key_arn]")
                        && policy.contains("\"kms:ViaService\"")
                        && policy.contains("\"kms:EncryptionContext:PARAMETER_ARN\" = key.parameter_arn"),
                "kms:Decrypt on the key, through SSM, for that parameter: " + policy);
        assertFalse(
                policy.contains("\"*\"")
                        || policy.contains("ssm:GetParameter\"")
                        || policy.contains("GetParametersByPath"),
                "no wildcard, no other SSM action: " + policy);
    }
}
