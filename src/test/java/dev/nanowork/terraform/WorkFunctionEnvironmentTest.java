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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What terraform/modules/work-function hands its function to read: the environment (JAVA_TOOL_OPTIONS that keep C2
 * on, the application's NANO_WORK_* settings, the key parameters' names, their cache and rotation grace) and the IAM
 * to read the keys (through the AWS SDK: no layer).
 * The function itself (runtime, limits, SnapStart, logs) is {@link WorkFunctionModuleTest}'s.
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
            if (returned.isInterface() && returned.getEnclosingClass() == dev.nanowork.config.WorkConfig.class) {
                settingNames(returned, name + "_", names);
            } else {
                names.add(name);
            }
        }
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
        // extra_jvm_options may not stop below C2 either: no shape of the allow-list admits TieredStopAtLevel.
        assertTrue(
                jvmOptionShapes().stream()
                        .noneMatch(shape ->
                                shape.matcher("-XX:TieredStopAtLevel=1").find()),
                "extra_jvm_options must refuse options that stop below C2");
    }

    /** The allow-list both the module and the stack check extra_jvm_options against (jvm-options.json). */
    static List<Pattern> jvmOptionShapes() {
        try {
            JsonNode shapes = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(Hcl.TERRAFORM
                            .resolve("modules/work-function/jvm-options.json")
                            .toFile())
                    .get("shapes");
            List<Pattern> patterns = new ArrayList<>();
            shapes.forEach(shape -> patterns.add(Pattern.compile(shape.asText())));
            return patterns;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * extra_jvm_options is an allow-list of option shapes, in the module and in the stack alike (one file): HotSpot
     * reads quotes in JAVA_TOOL_OPTIONS, so a deny-list of prefixes let -D"nano-work.max-difficulty=..." through. The
     * shapes are RE2 for Terraform and read the same in Java here; terraform test runs the validation itself.
     */
    @Test
    void extraJvmOptionsAreAnAllowList() {
        TerraformDir stack = TerraformDir.of("stacks/work-api");
        for (TerraformDir dir : List.of(module, stack)) {
            assertTrue(
                    validations(dir.variable("extra_jvm_options")).stream()
                            .anyMatch(c -> c.contains(
                                    "anytrue([for shape in local.jvm_option_shapes : can(regex(shape, option))])")),
                    "every option must match a shape: " + validations(dir.variable("extra_jvm_options")));
            String shapes = dir.local("jvm_option_shapes").asText();
            assertTrue(
                    shapes.matches(
                            "\\$\\{jsondecode\\(file\\(\"\\$\\{path\\.module\\}/(\\.\\./\\.\\./modules/work-function/)?"
                                    + "jvm-options\\.json\"\\)\\)\\.shapes\\}"),
                    "the one allow-list, modules/work-function/jvm-options.json: " + shapes);
        }
        List<Pattern> shapes = jvmOptionShapes();
        for (String refused : List.of(
                "-D\"nano-work.max-difficulty=ffffffffffffffff\"",
                "-Dnano-work.max-difficulty=ffffffffffffffff",
                "-Dfile.encoding=UTF-8",
                "'-Xmx512m'",
                "-Xmx512m\"",
                "@/tmp/jvm.args",
                "-javaagent:/tmp/agent.jar",
                "-agentlib:jdwp=transport=dt_socket",
                "-XX:Flags=/tmp/.hotspotrc",
                "-XX:VMOptionsFile=/tmp/options",
                "-XX:+UnlockDiagnosticVMOptions",
                "-XX:+UnlockExperimentalVMOptions",
                "-XX:OnOutOfMemoryError=/bin/sh",
                "-XX:TieredStopAtLevel=1",
                "-Xss1m -Dnano-work.max-difficulty=ffffffffffffffff",
                "-Xlog:gc:file=/tmp/gc.log",
                "--add-opens=java.base/java.lang=ALL-UNNAMED")) {
            assertTrue(shapes.stream().noneMatch(s -> s.matcher(refused).find()), "refused: " + refused);
        }
        for (String accepted : List.of(
                "-Xmx8g",
                "-Xss1m",
                "-XX:+UseSerialGC",
                "-XX:-UseCompactObjectHeaders",
                "-XX:MaxRAMPercentage=75.0",
                "-Xlog:gc*:stdout:uptime,level",
                "-verbose:gc")) {
            assertTrue(shapes.stream().anyMatch(s -> s.matcher(accepted).find()), "accepted: " + accepted);
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
     * The keys (the wallets' and the operator's): SecureStrings the application reads itself through the AWS SDK,
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
        for (String variable : new String[] {"auth_key", "operator_key"}) {
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
}
