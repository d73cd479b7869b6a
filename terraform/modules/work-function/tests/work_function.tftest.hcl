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
  assert {
    condition     = aws_lambda_function.this.logging_config[0].log_format == "JSON" && aws_lambda_function.this.logging_config[0].application_log_level == "INFO" && aws_lambda_function.this.logging_config[0].system_log_level == "INFO" && aws_lambda_function.this.logging_config[0].log_group == aws_cloudwatch_log_group.this.name
    error_message = "JSON log lines at INFO into the function's own group (a higher application level drops the records, whose lines have no level)"
  }
  assert {
    condition     = length(aws_lambda_function.this.layers) == 0 && length(aws_iam_role_policy.auth_key) == 0 && output.key_policy_json == null && length(setintersection(keys(aws_lambda_function.this.environment[0].variables), ["NANO_WORK_AUTH_KEY_PARAMETER", "NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER", "NANO_WORK_AUTH_KEY_CACHE", "NANO_WORK_AUTH_ROTATION_GRACE"])) == 0
    error_message = "no key: no layer, no SSM grant, no parameter name, no key cache"
  }
  assert {
    condition     = aws_lambda_function.this.environment[0].variables["NANO_WORK_CORS_ORIGINS"] == "*" && aws_lambda_function.this.environment[0].variables["NANO_WORK_BENCHMARK_REQUIRES_KEY"] == "true"
    error_message = "CORS origins and the operator-only benchmark reach the application: ${jsonencode(aws_lambda_function.this.environment[0].variables)}"
  }
  assert {
    condition     = jsondecode(aws_iam_role_policy.logs.policy).Statement[0].Resource == ["arn:aws:logs:us-east-1:123456789012:log-group:/aws/lambda/nano-work:log-stream:*"]
    error_message = "logs on the function's own group only: ${aws_iam_role_policy.logs.policy}"
  }
  assert {
    condition     = toset(jsondecode(aws_iam_role_policy.logs.policy).Statement[0].Action) == toset(["logs:CreateLogStream", "logs:PutLogEvents"]) && length(jsondecode(aws_iam_role_policy.logs.policy).Statement) == 1
    error_message = "write log events, nothing else: ${aws_iam_role_policy.logs.policy}"
  }
}

run "key_on_x86_64" {
  command = apply

  variables {
    cors_origins = ["https://wallet.example", "http://localhost:8080"]
    auth_key = {
      parameter_name = "/nano-work/auth-key"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/auth-key"
    }
  }

  assert {
    condition     = length(aws_lambda_function.this.layers) == 0
    error_message = "no layer: the application reads the key through the AWS SDK: ${jsonencode(aws_lambda_function.this.layers)}"
  }
  assert {
    condition     = aws_lambda_function.this.environment[0].variables["NANO_WORK_AUTH_KEY_CACHE"] == "300s" && aws_lambda_function.this.environment[0].variables["NANO_WORK_AUTH_ROTATION_GRACE"] == "1800s"
    error_message = "the key re-read every 5 minutes, the previous one accepted 30 minutes after a rotation: ${jsonencode(aws_lambda_function.this.environment[0].variables)}"
  }
  assert {
    condition     = aws_lambda_function.this.environment[0].variables["NANO_WORK_AUTH_KEY_PARAMETER"] == "/nano-work/auth-key"
    error_message = "the application reads the parameter's name from NANO_WORK_AUTH_KEY_PARAMETER"
  }
  assert {
    condition     = aws_lambda_function.this.environment[0].variables["NANO_WORK_CORS_ORIGINS"] == "https://wallet.example,http://localhost:8080"
    error_message = "origins comma separated: ${aws_lambda_function.this.environment[0].variables["NANO_WORK_CORS_ORIGINS"]}"
  }
  assert {
    condition = jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement == [{
      Sid      = "ReadTheKeyParameters"
      Effect   = "Allow"
      Action   = ["ssm:GetParameters"]
      Resource = ["arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/auth-key"]
    }]
    error_message = "ssm:GetParameters on the one parameter, no KMS grant for aws/ssm: ${aws_iam_role_policy.auth_key[0].policy}"
  }
}

run "key_on_arm64_with_a_customer_managed_key" {
  command = apply

  variables {
    architecture = "arm64"
    auth_key = {
      parameter_name = "nano-work-key"
      parameter_arn  = "arn:aws:ssm:eu-west-1:123456789012:parameter/nano-work-key"
      kms_key_arn    = "arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"
    }
  }

  assert {
    condition     = length(aws_lambda_function.this.layers) == 0
    error_message = "no layer on arm64 either"
  }
  assert {
    condition     = jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement[1].Action == ["kms:Decrypt"] && jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement[1].Resource == ["arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"]
    error_message = "kms:Decrypt on the customer managed key: ${aws_iam_role_policy.auth_key[0].policy}"
  }
  assert {
    condition = jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement[1].Condition.StringEquals == {
      "kms:ViaService"                      = "ssm.eu-west-1.amazonaws.com"
      "kms:EncryptionContext:PARAMETER_ARN" = "arn:aws:ssm:eu-west-1:123456789012:parameter/nano-work-key"
    }
    error_message = "decrypt only through SSM, only this parameter: ${aws_iam_role_policy.auth_key[0].policy}"
  }
}

run "wallet_and_operator_keys" {
  command = apply

  variables {
    auth_key = {
      parameter_name = "/nano-work/auth-key"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/auth-key"
    }
    operator_key = {
      parameter_name = "/nano-work/operator-key"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/operator-key"
      kms_key_arn    = "arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"
    }
  }

  assert {
    condition     = aws_lambda_function.this.environment[0].variables["NANO_WORK_AUTH_KEY_PARAMETER"] == "/nano-work/auth-key" && aws_lambda_function.this.environment[0].variables["NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER"] == "/nano-work/operator-key"
    error_message = "both parameter names reach the application: ${jsonencode(aws_lambda_function.this.environment[0].variables)}"
  }
  assert {
    condition     = jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement[0].Resource == ["arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/auth-key", "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/operator-key"] && jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement[0].Action == ["ssm:GetParameters"]
    error_message = "ssm:GetParameters on both parameters, nothing else: ${aws_iam_role_policy.auth_key[0].policy}"
  }
  assert {
    condition     = length(jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement) == 2 && jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement[1].Condition.StringEquals["kms:EncryptionContext:PARAMETER_ARN"] == "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/operator-key"
    error_message = "kms:Decrypt for the operator's parameter only (the wallets' is under aws/ssm): ${aws_iam_role_policy.auth_key[0].policy}"
  }
}

run "an_operator_key_alone" {
  command = apply

  variables {
    operator_key = {
      parameter_name = "/nano-work/operator-key"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/operator-key"
    }
  }

  assert {
    condition     = !contains(keys(aws_lambda_function.this.environment[0].variables), "NANO_WORK_AUTH_KEY_PARAMETER") && aws_lambda_function.this.environment[0].variables["NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER"] == "/nano-work/operator-key"
    error_message = "an open endpoint keeps the operator's key"
  }
  assert {
    condition     = jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement[0].Resource == ["arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/operator-key"] && aws_lambda_function.this.environment[0].variables["NANO_WORK_AUTH_KEY_CACHE"] == "300s"
    error_message = "the grant for the operator's parameter, and its cache: ${aws_iam_role_policy.auth_key[0].policy}"
  }
}

run "a_parameter_arn_of_another_name_is_refused" {
  command = plan

  variables {
    auth_key = {
      parameter_name = "/nano-work/auth-key"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/*"
    }
  }

  expect_failures = [var.auth_key]
}

run "cors_origins_with_a_path_are_refused" {
  command = plan

  variables {
    cors_origins = ["https://wallet.example/"]
  }

  expect_failures = [var.cors_origins]
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

run "extra_options_may_not_set_application_settings" {
  command = plan

  variables {
    extra_jvm_options = ["-Dnano-work.max-difficulty=ffffffffffffffff"]
  }

  expect_failures = [var.extra_jvm_options]
}

run "extra_options_may_not_set_quarkus_settings" {
  command = plan

  variables {
    extra_jvm_options = ["-Dquarkus.http.cors.origins=*"]
  }

  expect_failures = [var.extra_jvm_options]
}

run "extra_options_of_the_allowed_shapes_pass" {
  command = plan

  variables {
    extra_jvm_options = ["-Xmx8g", "-Xss1m", "-XX:+UseSerialGC", "-XX:-UseCompactObjectHeaders", "-XX:MaxRAMPercentage=75.0", "-XX:ReservedCodeCacheSize=64m", "-Xlog:gc*:stdout:uptime,level", "-verbose:gc"]
  }

  assert {
    condition     = endswith(aws_lambda_function.this.environment[0].variables["JAVA_TOOL_OPTIONS"], " -XX:TieredStopAtLevel=4 -Xmx8g -Xss1m -XX:+UseSerialGC -XX:-UseCompactObjectHeaders -XX:MaxRAMPercentage=75.0 -XX:ReservedCodeCacheSize=64m -Xlog:gc*:stdout:uptime,level -verbose:gc")
    error_message = "allowed options are appended after the required ones: ${aws_lambda_function.this.environment[0].variables["JAVA_TOOL_OPTIONS"]}"
  }
}

run "extra_options_a_quoted_system_property_is_refused" {
  # HotSpot strips the quotes: this is -Dnano-work.max-difficulty, past the validated max_difficulty.
  command = plan

  variables {
    extra_jvm_options = ["-D\"nano-work.max-difficulty=ffffffffffffffff\""]
  }

  expect_failures = [var.extra_jvm_options]
}

run "extra_options_any_system_property_is_refused" {
  command = plan

  variables {
    extra_jvm_options = ["-Dfile.encoding=UTF-8"]
  }

  expect_failures = [var.extra_jvm_options]
}

run "extra_options_a_quoted_allowed_option_is_refused" {
  command = plan

  variables {
    extra_jvm_options = ["'-Xmx512m'"]
  }

  expect_failures = [var.extra_jvm_options]
}

run "extra_options_an_argument_file_is_refused" {
  command = plan

  variables {
    extra_jvm_options = ["@/tmp/jvm.args"]
  }

  expect_failures = [var.extra_jvm_options]
}

run "extra_options_an_agent_is_refused" {
  command = plan

  variables {
    extra_jvm_options = ["-javaagent:/tmp/agent.jar"]
  }

  expect_failures = [var.extra_jvm_options]
}

run "extra_options_a_flags_file_is_refused" {
  command = plan

  variables {
    extra_jvm_options = ["-XX:Flags=/tmp/.hotspotrc"]
  }

  expect_failures = [var.extra_jvm_options]
}

run "extra_options_a_vm_options_file_is_refused" {
  command = plan

  variables {
    extra_jvm_options = ["-XX:VMOptionsFile=/tmp/options"]
  }

  expect_failures = [var.extra_jvm_options]
}

run "extra_options_an_unlocked_flag_is_refused" {
  command = plan

  variables {
    extra_jvm_options = ["-XX:+UnlockDiagnosticVMOptions"]
  }

  expect_failures = [var.extra_jvm_options]
}

run "extra_options_a_command_on_out_of_memory_is_refused" {
  command = plan

  variables {
    extra_jvm_options = ["-XX:OnOutOfMemoryError=/bin/sh"]
  }

  expect_failures = [var.extra_jvm_options]
}

run "extra_options_two_options_in_one_element_are_refused" {
  command = plan

  variables {
    extra_jvm_options = ["-Xss1m -Dnano-work.max-difficulty=ffffffffffffffff"]
  }

  expect_failures = [var.extra_jvm_options]
}

run "validate_only_gets_no_kernel_or_threads" {
  command = apply

  variables {
    name      = "nano-work-x86_64-validate"
    memory_mb = 512
    serve     = "validate"
    kernel    = "vector256"
    threads   = "4"
  }

  assert {
    condition     = length(setintersection(keys(aws_lambda_function.this.environment[0].variables), ["NANO_WORK_KERNEL", "NANO_WORK_THREADS"])) == 0 && aws_lambda_function.this.environment[0].variables["NANO_WORK_SERVE"] == "validate"
    error_message = "a validate-only function selects no kernel and starts no search threads: ${jsonencode(keys(aws_lambda_function.this.environment[0].variables))}"
  }
}

run "a_searching_function_gets_kernel_and_threads" {
  command = apply

  variables {
    kernel  = "vector256"
    threads = "4"
  }

  assert {
    condition     = aws_lambda_function.this.environment[0].variables["NANO_WORK_KERNEL"] == "vector256" && aws_lambda_function.this.environment[0].variables["NANO_WORK_THREADS"] == "4"
    error_message = "kernel and threads reach the function that searches"
  }
}

run "a_variant_of_the_catalogue_may_be_named" {
  command = apply

  variables {
    kernel = "vector256x2perm"
  }

  assert {
    condition     = aws_lambda_function.this.environment[0].variables["NANO_WORK_KERNEL"] == "vector256x2perm"
    error_message = "a variant by name reaches the function, as KernelChoice accepts it"
  }
}

run "a_kernel_the_catalogue_lacks_is_refused" {
  command = plan

  variables {
    kernel = "vector256x3"
  }

  expect_failures = [var.kernel]
}

run "key_cache_and_grace_are_set" {
  command = apply

  variables {
    key_cache_seconds          = 60
    key_rotation_grace_seconds = 600
    operator_key = {
      parameter_name = "/nano-work/operator-key"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/operator-key"
    }
  }

  assert {
    condition     = aws_lambda_function.this.environment[0].variables["NANO_WORK_AUTH_KEY_CACHE"] == "60s" && aws_lambda_function.this.environment[0].variables["NANO_WORK_AUTH_ROTATION_GRACE"] == "600s"
    error_message = "the cache and the grace reach the application as Quarkus durations: ${jsonencode(aws_lambda_function.this.environment[0].variables)}"
  }
}

run "a_grace_no_longer_than_the_cache_is_refused" {
  command = plan

  variables {
    key_cache_seconds          = 600
    key_rotation_grace_seconds = 600
  }

  expect_failures = [var.key_rotation_grace_seconds]
}

run "a_cache_under_ten_seconds_is_refused" {
  command = plan

  variables {
    key_cache_seconds = 5
  }

  expect_failures = [var.key_cache_seconds]
}

# The fan-out: the generate function reads and writes the records and invokes the worker's alias, and nothing else.
run "fan_out_generate_gets_the_table_and_the_worker_alias" {
  command = apply

  variables {
    fan_out = {
      table_name       = "nano-work-work-records"
      table_arn        = "arn:aws:dynamodb:us-east-1:123456789012:table/nano-work-work-records"
      worker_alias_arn = "arn:aws:lambda:us-east-1:123456789012:function:nano-work-x86_64-worker:live"
      max_workers      = 8
    }
  }

  assert {
    condition = alltrue([for k, v in {
      NANO_WORK_FAN_OUT_TABLE         = "nano-work-work-records"
      NANO_WORK_FAN_OUT_WORKER        = "arn:aws:lambda:us-east-1:123456789012:function:nano-work-x86_64-worker:live"
      NANO_WORK_FAN_OUT_TARGET        = "1s"
      NANO_WORK_FAN_OUT_MAX_WORKERS   = "8"
      NANO_WORK_FAN_OUT_POLL_INTERVAL = "50ms"
      NANO_WORK_FAN_OUT_RECORD_TTL    = "60m"
    } : aws_lambda_function.this.environment[0].variables[k] == v])
    error_message = "the fan-out settings as the application reads them: ${jsonencode(aws_lambda_function.this.environment[0].variables)}"
  }
  assert {
    condition = jsondecode(aws_iam_role_policy.fan_out[0].policy).Statement == [
      { Sid = "WorkRecords", Effect = "Allow", Action = ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem"], Resource = ["arn:aws:dynamodb:us-east-1:123456789012:table/nano-work-work-records"] },
      { Sid = "InvokeTheWorkerAlias", Effect = "Allow", Action = ["lambda:InvokeFunction"], Resource = ["arn:aws:lambda:us-east-1:123456789012:function:nano-work-x86_64-worker:live"] },
    ]
    error_message = "least privilege: the table's three item calls and the worker's alias only: ${aws_iam_role_policy.fan_out[0].policy}"
  }
  assert {
    condition     = aws_lambda_function.this.handler == "io.quarkus.amazon.lambda.runtime.QuarkusStreamHandler::handleRequest"
    error_message = "the generate function keeps the HTTP handler"
  }
}

run "the_worker_has_its_own_handler_and_never_invokes" {
  command = apply

  variables {
    name  = "nano-work-x86_64-worker"
    serve = "worker"
    fan_out = {
      table_name = "nano-work-work-records"
      table_arn  = "arn:aws:dynamodb:us-east-1:123456789012:table/nano-work-work-records"
    }
  }

  assert {
    condition     = aws_lambda_function.this.handler == "dev.nanowork.worker.WorkerHandler::handleRequest" && aws_lambda_function.this.environment[0].variables["NANO_WORK_SERVE"] == "generate" && aws_lambda_function.this.environment[0].variables["NANO_WORK_KERNEL"] == "auto"
    error_message = "the worker: WorkerHandler, a searching application with its kernel: ${aws_lambda_function.this.handler} ${jsonencode(aws_lambda_function.this.environment[0].variables)}"
  }
  assert {
    condition     = !contains(keys(aws_lambda_function.this.environment[0].variables), "NANO_WORK_FAN_OUT_WORKER") && length(jsondecode(aws_iam_role_policy.fan_out[0].policy).Statement) == 1
    error_message = "a worker gets no worker to invoke and no lambda:InvokeFunction"
  }
  assert {
    condition     = jsondecode(aws_iam_role_policy.fan_out[0].policy).Statement[0].Action == ["dynamodb:GetItem", "dynamodb:UpdateItem"]
    error_message = "a worker reads its record and updates it (its find), never creates one: no PutItem: ${aws_iam_role_policy.fan_out[0].policy}"
  }
  assert {
    condition     = length(aws_lambda_function.this.snap_start) == 1 && aws_lambda_function.this.reserved_concurrent_executions == 5
    error_message = "the worker is snapshotted with its kernel primed, and bounded by its reserved concurrency"
  }
}

run "a_worker_that_would_invoke_is_refused" {
  command = plan

  variables {
    serve = "worker"
    fan_out = {
      table_name       = "nano-work-work-records"
      table_arn        = "arn:aws:dynamodb:us-east-1:123456789012:table/nano-work-work-records"
      worker_alias_arn = "arn:aws:lambda:us-east-1:123456789012:function:nano-work-x86_64-worker:live"
    }
  }

  expect_failures = [var.fan_out]
}

run "an_unqualified_worker_or_a_poll_out_of_bounds_is_refused" {
  command = plan

  variables {
    fan_out = {
      table_name       = "nano-work-work-records"
      table_arn        = "arn:aws:dynamodb:us-east-1:123456789012:table/nano-work-work-records"
      worker_alias_arn = "arn:aws:lambda:us-east-1:123456789012:function:nano-work-x86_64-worker"
      poll_interval    = "5ms"
    }
  }

  expect_failures = [var.fan_out, var.fan_out]
}

run "without_fan_out_no_table_and_no_grant" {
  command = apply

  assert {
    condition     = length(aws_iam_role_policy.fan_out) == 0 && length([for k in keys(aws_lambda_function.this.environment[0].variables) : k if startswith(k, "NANO_WORK_FAN_OUT_")]) == 0
    error_message = "fan-out off: no records, no worker, no grant"
  }
}

# The edge's origin secret: read with the keys, in the same call, by a function that answers HTTP.
run "the_origin_secret_is_read_with_the_keys" {
  command = apply

  variables {
    auth_key = {
      parameter_name = "/nano-work/auth-key"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/auth-key"
    }
    origin_secret = {
      parameter_name = "/nano-work/origin-secret"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/origin-secret"
      kms_key_arn    = "arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"
    }
  }

  assert {
    condition     = aws_lambda_function.this.environment[0].variables["NANO_WORK_AUTH_ORIGIN_SECRET_PARAMETER"] == "/nano-work/origin-secret"
    error_message = "the parameter's name reaches the application: ${jsonencode(aws_lambda_function.this.environment[0].variables)}"
  }
  assert {
    condition     = jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement[0].Resource == ["arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/auth-key", "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/origin-secret"] && jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement[0].Action == ["ssm:GetParameters"]
    error_message = "one GetParameters grant for both parameters: ${aws_iam_role_policy.auth_key[0].policy}"
  }
  assert {
    condition     = jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement[1].Sid == "DecryptOriginKeyParameterOnly" && jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement[1].Condition.StringEquals["kms:EncryptionContext:PARAMETER_ARN"] == "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/origin-secret"
    error_message = "kms:Decrypt through SSM for the origin secret's ciphertext only: ${aws_iam_role_policy.auth_key[0].policy}"
  }
}

run "an_origin_secret_alone_is_read_without_a_key" {
  command = apply

  variables {
    origin_secret = {
      parameter_name = "/nano-work/origin-secret"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/origin-secret"
    }
  }

  assert {
    condition     = jsondecode(aws_iam_role_policy.auth_key[0].policy).Statement[0].Resource == ["arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/origin-secret"] && aws_lambda_function.this.environment[0].variables["NANO_WORK_AUTH_KEY_CACHE"] == "300s"
    error_message = "an open function behind the edge still reads its origin secret, and re-reads it: ${jsonencode(aws_lambda_function.this.environment[0].variables)}"
  }
}

run "an_origin_secret_of_another_name_is_refused" {
  command = plan

  variables {
    origin_secret = {
      parameter_name = "/nano-work/origin-secret"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/other"
    }
  }

  expect_failures = [var.origin_secret]
}

run "a_worker_with_an_origin_secret_is_refused" {
  command = plan

  variables {
    serve = "worker"
    fan_out = {
      table_name = "nano-work-work-records"
      table_arn  = "arn:aws:dynamodb:us-east-1:123456789012:table/nano-work-work-records"
    }
    origin_secret = {
      parameter_name = "/nano-work/origin-secret"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/origin-secret"
    }
  }

  expect_failures = [var.origin_secret]
}
