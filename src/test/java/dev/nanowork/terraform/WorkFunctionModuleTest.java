package dev.nanowork.terraform;

import static dev.nanowork.terraform.Expressions.assertText;
import static dev.nanowork.terraform.Expressions.assertTimeoutUnder30;
import static dev.nanowork.terraform.Expressions.block;
import static dev.nanowork.terraform.Expressions.expression;
import static dev.nanowork.terraform.Expressions.validations;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** terraform/modules/work-function: the one place a Lambda function is declared. */
class WorkFunctionModuleTest {
    private static TerraformDir module;
    private static JsonNode function;

    @BeforeAll
    static void parse() {
        module = TerraformDir.of("modules/work-function");
        function = module.resource("aws_lambda_function", "this");
    }

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
            if (returned.isInterface() && returned.getEnclosingClass() == dev.nanowork.config.WorkConfig.class) {
                settingNames(returned, name + "_", names);
            } else {
                names.add(name);
            }
        }
    }

    @Test
    void runsTheQuarkusHandlerOnJava25() {
        assertText("java25", function.get("runtime"), "runtime");
        assertText(
                "io.quarkus.amazon.lambda.runtime.QuarkusStreamHandler::handleRequest",
                function.get("handler"),
                "handler");
        assertText("${var.package_path}", function.get("filename"), "filename");
        assertText(
                "${filebase64sha256(var.package_path)}", function.get("source_code_hash"), "a new zip must redeploy");
    }

    @Test
    void timeoutIsUnder30Seconds() {
        assertTimeoutUnder30(module, function.get("timeout"), "aws_lambda_function.this.timeout");
    }

    @Test
    void architectureIsTheVariantsAndOnlyX86OrArm() {
        JsonNode architectures = function.get("architectures");
        assertEquals("[\"${var.architecture}\"]", String.valueOf(architectures), "architectures");
        assertTrue(
                validations(module.variable("architecture")).stream()
                        .anyMatch(c -> c.contains("\"x86_64\"") && c.contains("\"arm64\"")),
                "architecture validated to x86_64 | arm64");
    }

    @Test
    void javaToolOptionsCarryTheVectorModuleAndKeepC2On() {
        Map<String, String> variables = environment();
        assertEquals("local.java_tool_options", variables.get("JAVA_TOOL_OPTIONS"), "JAVA_TOOL_OPTIONS");
        assertEquals(
                "join(\" \", concat(local.required_jvm_options, var.extra_jvm_options))",
                expression(module.local("java_tool_options")),
                "java_tool_options: the required options first");

        List<String> required = new ArrayList<>();
        module.local("required_jvm_options").forEach(option -> required.add(option.asText()));
        // With a space instead of '=' the JVM does not start (JAVA_TOOL_OPTIONS is split on spaces).
        assertTrue(
                required.contains("--add-modules=jdk.incubator.vector"),
                "--add-modules=jdk.incubator.vector in " + required);
        // Lambda stops at C1 by default; the vector kernel needs C2.
        assertTrue(
                required.contains("-XX:TieredStopAtLevel=4") || required.contains("-XX:-TieredCompilation"),
                "a flag that keeps C2 on in " + required);
        assertTrue(required.stream().noneMatch(o -> o.contains(" ")), "one option per element: " + required);
        // jboss-threads throws IllegalAccessError when a thread exits without it (Lambda does not use java -jar).
        assertTrue(required.contains("--add-opens=java.base/java.lang=ALL-UNNAMED"), "java.lang opened in " + required);
        // The runtime's -XX:TieredStopAtLevel=1 on the command line beats JAVA_TOOL_OPTIONS: the wrapper in the zip
        // takes it off (dev.nanowork.lambda.LambdaRuntimeIT runs it).
        assertEquals(
                "\"/var/task/jvm-wrapper.sh\"", variables.get("AWS_LAMBDA_EXEC_WRAPPER"), "AWS_LAMBDA_EXEC_WRAPPER");
        assertTrue(
                java.nio.file.Files.isExecutable(java.nio.file.Path.of("src/main/zip.jvm/jvm-wrapper.sh")),
                "the wrapper is executable");
        assertTrue(
                validations(module.variable("extra_jvm_options")).stream()
                        .anyMatch(c -> c.contains("TieredStopAtLevel=[0-3]")),
                "extra_jvm_options must refuse options that stop below C2");
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
                        "NANO_WORK_AUTH_KEY_PARAMETER",
                        "NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER"),
                variables.keySet());
        // Each NANO_WORK_* variable must be a key the application reads (SmallRye maps nano-work.max-difficulty
        // to NANO_WORK_MAX_DIFFICULTY, nano-work.auth.key-parameter to NANO_WORK_AUTH_KEY_PARAMETER), so a renamed
        // setting cannot silently stop reaching the function.
        Set<String> applicationKeys = new TreeSet<>();
        settingNames(dev.nanowork.config.WorkConfig.class, "NANO_WORK_", applicationKeys);
        assertTrue(
                applicationKeys.contains("NANO_WORK_AUTH_KEY_PARAMETER")
                        && applicationKeys.contains("NANO_WORK_BENCHMARK_MAX_DURATION"),
                "nested settings are named: " + applicationKeys);
        variables.keySet().stream()
                .filter(n -> n.startsWith("NANO_WORK_"))
                // The operator's key parameter is the Java side of issue 20 (branch safe): checked once it is a
                // setting, not before (this branch carries only the Terraform side).
                .filter(n -> !n.equals("NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER")
                        || applicationKeys.stream().anyMatch(k -> k.startsWith("NANO_WORK_AUTH_OPERATOR")))
                .forEach(n -> assertTrue(
                        applicationKeys.contains(n), n + " is not a setting of WorkConfig " + applicationKeys));
        assertEquals("var.serve", variables.get("NANO_WORK_SERVE"), "NANO_WORK_SERVE");
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
     * The keys (the wallets' and the operator's): SecureStrings read through the Parameters and Secrets extension,
     * IAM on those parameters only.
     */
    @Test
    void theKeysAreReadThroughTheExtensionWithIamOnTheirParametersOnly() {
        assertEquals(
                "var.auth_key.parameter_name",
                environment().get("NANO_WORK_AUTH_KEY_PARAMETER"),
                "the parameter's name, never the key");
        assertEquals(
                "var.operator_key.parameter_name",
                environment().get("NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER"),
                "the operator's parameter's name, never the key");
        assertText("${local.layer_arns}", function.get("layers"), "the extension layer with a key only");
        assertEquals(
                "distinct([for key in values(local.key_parameters) : key.extension_layer_arn])",
                expression(module.local("layer_arns")),
                "one layer for the keys given");
        assertText("${var.auth_key != null}", module.local("auth"), "a wallets' key is configured");
        for (String variable : new String[] {"auth_key", "operator_key"}) {
            assertTrue(
                    validations(module.variable(variable)).stream()
                            .anyMatch(c -> c.contains("Lambda-Extension(-Arm64)?")
                                    && c.contains("var.architecture == \"arm64\"")),
                    variable + ": the layer must match the architecture (x86_64 and arm64 layers differ)");
        }

        JsonNode grant = module.resource("aws_iam_role_policy", "auth_key");
        assertText("${local.keyed ? 1 : 0}", grant.get("count"), "a grant only with a key");
        String keys = expression(module.local("key_parameters"));
        assertTrue(
                keys != null && keys.contains("auth = var.auth_key") && keys.contains("operator = var.operator_key"),
                "the grant covers both keys: " + keys);
        // The raw text: the policy interpolates the region into kms:ViaService.
        String policy = grant.get("policy").asText();
        assertTrue(policy.startsWith("${jsonencode("), "auth_key policy is a jsonencode() expression: " + policy);
        assertTrue(
                policy.contains("[\"ssm:GetParameter\"]")
                        && policy.contains("[for key in values(local.key_parameters) : key.parameter_arn]"),
                "ssm:GetParameter on the parameters' ARNs: " + policy);
        assertTrue(
                policy.contains("\"kms:Decrypt\"")
                        && policy.contains("[key.kms_key_arn]")
                        && policy.contains("\"kms:ViaService\"")
                        && policy.contains("\"kms:EncryptionContext:PARAMETER_ARN\" = key.parameter_arn"),
                "kms:Decrypt on the key, through SSM, for that parameter: " + policy);
        assertFalse(
                policy.contains("\"*\"") || policy.contains("GetParameters") || policy.contains("GetParametersByPath"),
                "no wildcard, no other SSM action: " + policy);
    }

    @Test
    void reservedConcurrencyBoundsEveryPlainLambdaFunction() {
        assertText(
                "${local.managed ? -1 : var.reserved_concurrency}",
                function.get("reserved_concurrent_executions"),
                "reserved concurrency on plain Lambda; managed instances are bounded by their scaling config");
        assertTrue(
                validations(module.variable("reserved_concurrency")).stream()
                        .anyMatch(c -> c.contains("var.reserved_concurrency >= 1")),
                "reserved_concurrency must be at least 1 (0 refuses every call)");
        JsonNode scaling = module.resource("aws_lambda_function_scaling_config", "this");
        assertText("${local.managed ? 1 : 0}", scaling.get("count"), "scaling config exactly on managed instances");
        JsonNode limits = block(scaling, "function_scaling_config", "scaling config");
        assertText("${var.max_execution_environments}", limits.get("max_execution_environments"), "max environments");
    }

    @Test
    void snapStartOnPublishedVersionsWhereSupportedBehindAnAlias() {
        assertTrue(function.get("publish").asBoolean(), "SnapStart needs published versions");
        JsonNode snapStart = block(function.get("dynamic"), "snap_start", "dynamic blocks");
        // Plain Lambda only: SnapStart snapshots a Firecracker microVM, which managed instances do not use.
        assertText(
                "${local.managed ? [] : [local.snap_start_apply_on]}",
                snapStart.get("for_each"),
                "snap_start.for_each");
        assertText(
                "${snap_start.value}", block(snapStart, "content", "snap_start").get("apply_on"), "apply_on");
        assertText("PublishedVersions", module.local("snap_start_apply_on"), "snap_start_apply_on");
        // A known boolean: the capacity provider's ARN is unknown at the first plan (terraform test covers it).
        assertText("${var.on_managed_instances}", module.local("managed"), "managed is a known boolean");

        JsonNode alias = module.resource("aws_lambda_alias", "live");
        assertText(
                "${aws_lambda_function.this.version}",
                alias.get("function_version"),
                "the alias points at the published version");
        assertText(
                "${aws_lambda_alias.live.invoke_arn}",
                module.outputs().get("alias_invoke_arn").get("value"),
                "alias_invoke_arn output");
    }

    @Test
    void managedInstancesRunOneRequestPerEnvironment() {
        JsonNode capacity = block(function.get("dynamic"), "capacity_provider_config", "dynamic blocks");
        assertText(
                "${local.managed ? [var.capacity_provider_arn] : []}",
                capacity.get("for_each"),
                "capacity_provider_config.for_each");
        JsonNode config = block(
                block(capacity, "content", "capacity_provider_config"),
                "lambda_managed_instances_capacity_provider_config",
                "capacity_provider_config");
        assertText("${capacity_provider_config.value}", config.get("capacity_provider_arn"), "capacity_provider_arn");
        assertEquals(1, config.get("per_execution_environment_max_concurrency").asInt(), "one search per environment");
    }

    @Test
    void logsGoToAGroupWithRetentionAndTheRoleWritesThereOnly() {
        JsonNode logs = module.resource("aws_cloudwatch_log_group", "this");
        assertText("/aws/lambda/${var.name}", logs.get("name"), "the group Lambda writes to");
        assertText("${var.log_retention_days}", logs.get("retention_in_days"), "retention");
        // AWSLambdaBasicExecutionRole grants logs:* actions on every log group of the account.
        assertTrue(
                module.resources("aws_iam_role_policy_attachment").isEmpty(),
                "no managed policy attached (AWSLambdaBasicExecutionRole is logs on *)");
        String policy =
                module.resource("aws_iam_role_policy", "logs").get("policy").asText();
        assertTrue(policy.startsWith("${jsonencode("), "logs policy is a jsonencode() expression: " + policy);
        assertTrue(
                policy.contains("[\"${aws_cloudwatch_log_group.this.arn}:log-stream:*\"]"),
                "the function's own log group only: " + policy);
        assertTrue(
                policy.contains("[\"logs:CreateLogStream\", \"logs:PutLogEvents\"]"),
                "write log events, nothing else: " + policy);
        assertTrue(
                validations(module.variable("extra_jvm_options")).stream()
                        .anyMatch(c -> c.contains("^-D(nano-work") && c.contains("quarkus")),
                "extra_jvm_options must refuse -Dnano-work.* and -Dquarkus.* (they beat the validated environment): "
                        + validations(module.variable("extra_jvm_options")));
    }
}
