# terraform test with mock_provider "aws": one hardware variant, on plain Lambda and with its generate
# function on Managed Instances.

mock_provider "aws" {
  source = "../../tests/mocks"

  # Each role its own ARN (the shared mock gives every role one), so that the worker's resource policy tells the
  # generate function's role from the worker's own. In the provider's block: in a run block, Terraform 1.11 lets the
  # mock's defaults win (hashicorp/terraform#35813).
  override_resource {
    target = module.generate.aws_iam_role.this
    values = { arn = "arn:aws:iam::123456789012:role/nano-work-x86_64-generate-role" }
  }
  override_resource {
    target = module.worker[0].aws_iam_role.this
    values = { arn = "arn:aws:iam::123456789012:role/nano-work-x86_64-worker-role" }
  }
}

variables {
  name              = "x86_64"
  name_prefix       = "nano-work"
  package_path      = "../../tests/function.zip"
  architecture      = "x86_64"
  api_id            = "abcdef1234"
  api_execution_arn = "arn:aws:execute-api:us-east-1:123456789012:abcdef1234"
  generate          = { memory_mb = 10240, reserved_concurrency = 5 }
  validate          = { memory_mb = 512, reserved_concurrency = 10 }
}

run "plain_lambda" {
  command = apply

  assert {
    condition     = toset(keys(output.route_functions)) == toset(["POST /x86_64", "POST /x86_64/work_generate", "POST /x86_64/work_validate"])
    error_message = "three routes: ${jsonencode(output.route_functions)}"
  }
  assert {
    condition     = output.route_functions["POST /x86_64/work_validate"] == "validate" && output.route_functions["POST /x86_64"] == "generate"
    error_message = "the RPC entry goes to the generate function, work_validate to the validate function"
  }
  assert {
    condition     = aws_apigatewayv2_integration.this["work_validate"].request_parameters["overwrite:path"] == "/work_validate" && aws_apigatewayv2_integration.this["rpc"].request_parameters["overwrite:path"] == "/"
    error_message = "the integration rewrites the path so the application needs no prefix"
  }
  assert {
    condition     = alltrue([for i in aws_apigatewayv2_integration.this : i.payload_format_version == "2.0" && i.timeout_milliseconds == 30000])
    error_message = "payload format 2.0, the HTTP API's 30 s"
  }
  assert {
    condition     = module.validate.function_name == "nano-work-x86_64-validate" && module.generate.function_name == "nano-work-x86_64-generate"
    error_message = "function names"
  }
  assert {
    condition     = output.function_environments.generate["NANO_WORK_KERNEL"] == "auto" && output.function_environments.generate["NANO_WORK_THREADS"] == "auto" && length(setintersection(keys(output.function_environments.validate), ["NANO_WORK_KERNEL", "NANO_WORK_THREADS"])) == 0
    error_message = "kernel and threads reach the generate function only (validate searches no work): ${jsonencode(output.function_environments)}"
  }
  assert {
    condition     = alltrue([for p in aws_lambda_permission.api : p.qualifier == "live"])
    error_message = "API Gateway may invoke the alias only"
  }
  assert {
    condition = { for key, p in aws_lambda_permission.api : key => "${p.function_name} ${p.source_arn}" } == {
      rpc           = "nano-work-x86_64-generate arn:aws:execute-api:us-east-1:123456789012:abcdef1234/*/POST/x86_64"
      work_generate = "nano-work-x86_64-generate arn:aws:execute-api:us-east-1:123456789012:abcdef1234/*/POST/x86_64/work_generate"
      work_validate = "nano-work-x86_64-validate arn:aws:execute-api:us-east-1:123456789012:abcdef1234/*/POST/x86_64/work_validate"
    }
    error_message = "one permission per route, for exactly its method and path: ${jsonencode({ for key, p in aws_lambda_permission.api : key => p.source_arn })}"
  }
}

run "generate_on_managed_instances" {
  command = apply

  variables {
    managed_instances = {
      capacity_provider_arn      = "arn:aws:lambda:us-east-1:123456789012:capacity-provider:nano-work-lmi-c7i"
      memory_gib_per_vcpu        = 2
      min_execution_environments = 1
      max_execution_environments = 3
    }
    generate = { memory_mb = 16384, reserved_concurrency = 3 }
  }

  assert {
    condition     = length(module.generate.function_arn) > 0 && output.route_functions["POST /x86_64/work_generate"] == "generate"
    error_message = "the generate function on Managed Instances"
  }
}

run "key_and_cors_reach_both_functions" {
  command = apply

  variables {
    cors_origins = ["https://wallet.example"]
    auth_key = {
      parameter_name = "/nano-work/auth-key"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/auth-key"
    }
    origin_secret = {
      parameter_name = "/nano-work/origin-secret"
      parameter_arn  = "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/origin-secret"
    }
    key_cache_seconds          = 120
    key_rotation_grace_seconds = 900
  }

  assert {
    condition     = alltrue([for env in values(output.function_environments) : env["NANO_WORK_AUTH_KEY_PARAMETER"] == "/nano-work/auth-key" && env["NANO_WORK_CORS_ORIGINS"] == "https://wallet.example" && env["NANO_WORK_BENCHMARK_REQUIRES_KEY"] == "true"])
    error_message = "generate and validate read the same key, origins and benchmark rule: ${jsonencode(output.function_environments)}"
  }
  assert {
    condition     = alltrue([for env in values(output.function_environments) : env["NANO_WORK_AUTH_KEY_CACHE"] == "120s" && env["NANO_WORK_AUTH_ROTATION_GRACE"] == "900s"])
    error_message = "both functions re-read the key and end the previous one's grace alike: ${jsonencode(output.function_environments)}"
  }
  assert {
    condition     = alltrue([for policy in values(output.function_key_policies) : jsondecode(policy).Statement[0].Resource == ["arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/auth-key", "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/origin-secret"]])
    error_message = "both functions' roles may read the key's parameter and the origin secret's: ${jsonencode(output.function_key_policies)}"
  }
  assert {
    condition     = alltrue([for env in values(output.function_environments) : env["NANO_WORK_AUTH_ORIGIN_SECRET_PARAMETER"] == "/nano-work/origin-secret"])
    error_message = "generate and validate both require the origin secret: ${jsonencode(output.function_environments)}"
  }
}

# The fan-out: a worker function beside the generate function, never routed, invoked through its alias alone.
run "fan_out_adds_a_worker_the_generate_function_alone_invokes" {
  command = apply

  variables {
    fan_out = {
      table_name                  = "nano-work-work-records"
      table_arn                   = "arn:aws:dynamodb:us-east-1:123456789012:table/nano-work-work-records"
      worker_reserved_concurrency = 12
      max_workers                 = 12
    }
  }

  assert {
    condition     = output.worker_function_name == "nano-work-x86_64-worker" && module.worker[0].function_name == "nano-work-x86_64-worker"
    error_message = "the worker function: ${jsonencode(output.worker_function_name)}"
  }
  assert {
    condition     = output.function_environments.generate["NANO_WORK_FAN_OUT_WORKER"] == module.worker[0].alias_arn && output.function_environments.generate["NANO_WORK_FAN_OUT_MAX_WORKERS"] == "12" && output.worker_environment["NANO_WORK_FAN_OUT_TABLE"] == "nano-work-work-records"
    error_message = "the generate function invokes the worker's alias; both share the table"
  }
  assert {
    condition     = !contains(keys(output.function_environments.validate), "NANO_WORK_FAN_OUT_TABLE") && !contains(keys(output.worker_environment), "NANO_WORK_FAN_OUT_WORKER")
    error_message = "validate has no records; the worker never invokes"
  }
  assert {
    condition     = length([for p in aws_lambda_permission.api : p if p.function_name == module.worker[0].function_name]) == 0 && length([for i in aws_apigatewayv2_integration.this : i if i.integration_uri == module.worker[0].alias_invoke_arn]) == 0
    error_message = "no route and no API Gateway permission reach the worker"
  }
  assert {
    condition     = module.worker[0].function_version != null && output.fan_out_policies.worker != null && strcontains(output.fan_out_policies.generate, "lambda:InvokeFunction") && !strcontains(output.fan_out_policies.worker, "lambda:InvokeFunction")
    error_message = "only the generate function's role may invoke"
  }
  assert {
    condition     = aws_lambda_function_event_invoke_config.worker[0].qualifier == module.worker[0].alias_name && aws_lambda_function_event_invoke_config.worker[0].function_name == module.worker[0].function_name && aws_lambda_function_event_invoke_config.worker[0].maximum_retry_attempts == 0 && aws_lambda_function_event_invoke_config.worker[0].maximum_event_age_in_seconds == 60
    error_message = "a precache's queued worker: dropped after a minute throttled, never retried, on the alias invoked"
  }
  assert {
    condition     = output.worker_permission == { principal = "arn:aws:iam::123456789012:role/nano-work-x86_64-generate-role", qualifier = "live", action = "lambda:InvokeFunction", function_name = "nano-work-x86_64-worker" } && aws_lambda_permission.worker_from_generate[0].statement_id == "AllowTheGenerateFunctionRole"
    error_message = "the worker's resource policy names the generate function's role and the alias: ${jsonencode(output.worker_permission)}"
  }
  assert {
    condition     = !strcontains(output.fan_out_policies.worker, "dynamodb:PutItem") && strcontains(output.fan_out_policies.generate, "dynamodb:PutItem")
    error_message = "the worker never creates a record: ${output.fan_out_policies.worker}"
  }
}

run "fan_out_without_enough_worker_concurrency_is_refused" {
  command = plan

  variables {
    fan_out = {
      table_name                  = "nano-work-work-records"
      table_arn                   = "arn:aws:dynamodb:us-east-1:123456789012:table/nano-work-work-records"
      worker_reserved_concurrency = 4
      max_workers                 = 16
    }
  }

  expect_failures = [var.fan_out]
}

run "without_fan_out_no_worker" {
  command = apply

  assert {
    condition     = length(module.worker) == 0 && length(aws_lambda_function_event_invoke_config.worker) == 0 && output.worker_function_name == null && output.worker_permission == null && length(aws_lambda_permission.worker_from_generate) == 0 && !contains(keys(output.function_environments.generate), "NANO_WORK_FAN_OUT_TABLE")
    error_message = "fan-out off: no worker, no records"
  }
}
