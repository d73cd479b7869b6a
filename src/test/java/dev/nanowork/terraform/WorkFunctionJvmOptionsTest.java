package dev.nanowork.terraform;

import static dev.nanowork.terraform.Expressions.expression;
import static dev.nanowork.terraform.Expressions.validations;
import static dev.nanowork.terraform.WorkFunctionEnvironmentTest.environment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The JVM options terraform/modules/work-function hands its function: JAVA_TOOL_OPTIONS that carry the vector module
 * and keep C2 on (through the exec wrapper), and extra_jvm_options checked against one allow-list of option shapes.
 */
class WorkFunctionJvmOptionsTest {
    private static final TerraformDir module = TerraformDir.of("modules/work-function");

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
}
