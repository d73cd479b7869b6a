package dev.nanowork.terraform;

import static dev.nanowork.terraform.Expressions.assertText;
import static dev.nanowork.terraform.Expressions.assertTimeoutUnder30;
import static dev.nanowork.terraform.Expressions.block;
import static dev.nanowork.terraform.Expressions.validations;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * terraform/modules/work-function: the one place a Lambda function is declared: its runtime and handler, timeout,
 * architecture, concurrency, SnapStart alias, Managed Instances and logs. What it is handed to read is
 * {@link WorkFunctionEnvironmentTest}'s, the JVM's options {@link WorkFunctionJvmOptionsTest}'s.
 */
class WorkFunctionModuleTest {
    private static final TerraformDir module = TerraformDir.of("modules/work-function");
    private static final JsonNode function = module.resource("aws_lambda_function", "this");

    @Test
    void runsTheQuarkusHandlerOnJava25() {
        assertText("java25", function.get("runtime"), "runtime");
        assertText("${local.handler}", function.get("handler"), "handler");
        assertText(
                "${local.worker ? local.worker_handler : local.http_handler}",
                module.local("handler"),
                "the HTTP handler, or the worker's for serve = worker");
        assertText(
                "io.quarkus.amazon.lambda.runtime.QuarkusStreamHandler::handleRequest",
                module.local("http_handler"),
                "the HTTP functions' handler");
        assertText(
                "dev.nanowork.worker.WorkerHandler::handleRequest",
                module.local("worker_handler"),
                "the worker's handler (a public handleRequest(InputStream, OutputStream, Context))");
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
        // A system property beats the validated environment (-Dnano-work.*, -Dquarkus.*): no shape of the
        // allow-list admits -D at all (WorkFunctionJvmOptionsTest reads the list, terraform test runs it).
        assertTrue(
                WorkFunctionJvmOptionsTest.jvmOptionShapes().stream()
                        .noneMatch(shape -> shape.matcher("-Dnano-work.max-difficulty=ffffffffffffffff")
                                        .find()
                                || shape.matcher("-Dquarkus.http.cors.origins=*")
                                        .find()),
                "extra_jvm_options must refuse -Dnano-work.* and -Dquarkus.* (they beat the validated environment)");
    }
}
