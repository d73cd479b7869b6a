# terraform test with mock_provider "aws": plans and applies the module with mock values, no AWS account.

mock_provider "aws" {
  source = "../../tests/mocks"
}

variables {
  name         = "nano-work-x86_64-generate"
  package_path = "../../tests/function.zip"
  architecture = "x86_64"
  memory_mb    = 10240
  serve        = "both"
}

run "plain_lambda" {
  command = apply

  assert {
    condition     = aws_lambda_function.this.environment[0].variables["AWS_LAMBDA_EXEC_WRAPPER"] == "/var/task/jvm-wrapper.sh"
    error_message = "the wrapper that keeps C2 on must be set"
  }
  assert {
    condition     = aws_lambda_function.this.environment[0].variables["JAVA_TOOL_OPTIONS"] == "--add-modules=jdk.incubator.vector --add-opens=java.base/java.lang=ALL-UNNAMED -XX:TieredStopAtLevel=4"
    error_message = "JAVA_TOOL_OPTIONS: ${aws_lambda_function.this.environment[0].variables["JAVA_TOOL_OPTIONS"]}"
  }
  assert {
    condition     = length(aws_lambda_function.this.snap_start) == 1 && aws_lambda_function.this.snap_start[0].apply_on == "PublishedVersions"
    error_message = "SnapStart on published versions on plain Lambda"
  }
  assert {
    condition     = aws_lambda_function.this.reserved_concurrent_executions == 5 && aws_lambda_function.this.publish
    error_message = "reserved concurrency 5 (the cost ceiling), a published version"
  }
  assert {
    condition     = length(aws_lambda_function.this.capacity_provider_config) == 0 && length(aws_lambda_function_scaling_config.this) == 0
    error_message = "no Managed Instances settings on plain Lambda"
  }
  assert {
    condition     = aws_lambda_function.this.runtime == "java25" && aws_lambda_function.this.handler == "io.quarkus.amazon.lambda.runtime.QuarkusStreamHandler::handleRequest"
    error_message = "runtime and handler as LambdaRuntimeIT runs them"
  }
  assert {
    condition     = aws_lambda_alias.live.function_version == aws_lambda_function.this.version
    error_message = "the alias points at the published version"
  }
}

run "managed_instances" {
  command = apply

  variables {
    on_managed_instances       = true
    capacity_provider_arn      = "arn:aws:lambda:us-east-1:123456789012:capacity-provider:nano-work-lmi-c7i"
    memory_mb                  = 16384
    min_execution_environments = 1
    max_execution_environments = 3
  }

  assert {
    condition     = length(aws_lambda_function.this.snap_start) == 0 && aws_lambda_function.this.reserved_concurrent_executions == -1
    error_message = "no SnapStart and no reserved concurrency on Managed Instances"
  }
  assert {
    condition     = aws_lambda_function.this.capacity_provider_config[0].lambda_managed_instances_capacity_provider_config[0].per_execution_environment_max_concurrency == 1
    error_message = "one search per execution environment"
  }
  assert {
    condition     = aws_lambda_function_scaling_config.this[0].function_scaling_config[0].max_execution_environments == 3
    error_message = "max_execution_environments is the cost ceiling"
  }
  assert {
    condition     = aws_lambda_function.this.timeouts.create == "30m" && aws_lambda_function_scaling_config.this[0].timeouts.create == "30m"
    error_message = "publishing on Managed Instances waits for instances: 30 minute create timeouts"
  }
  assert {
    condition     = aws_lambda_function.this.environment[0].variables["AWS_LAMBDA_EXEC_WRAPPER"] == "/var/task/jvm-wrapper.sh"
    error_message = "the wrapper on Managed Instances too (no SnapStart there, so the runtime's level-1 flag applies)"
  }
}

run "managed_without_a_capacity_provider_is_refused" {
  command = plan

  variables {
    on_managed_instances = true
  }

  expect_failures = [var.on_managed_instances]
}

run "extra_options_may_not_stop_below_c2" {
  command = plan

  variables {
    extra_jvm_options = ["-XX:TieredStopAtLevel=1"]
  }

  expect_failures = [var.extra_jvm_options]
}
