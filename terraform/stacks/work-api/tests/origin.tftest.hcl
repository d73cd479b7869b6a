# terraform test with mock_provider "aws": the edge's origin secret (issue 43). A SecureString the stack generates as it
# generates the keys (value_wo: never in the state), read by every function beside the keys, sent by the edge from its
# key store (infra/edge-keys.sh), never an origin custom header (whose value would sit in the distribution's
# configuration and the state); and the fan-out's worker, which only the generate function's role invokes.

mock_provider "aws" {
  source = "../../tests/mocks"
}

mock_provider "aws" {
  alias  = "us_east_1"
  source = "../../tests/mocks"
}

variables {
  package_path = "../../tests/function.zip"
  spend_alert  = { dollars_per_hour = 1, email = "ops@example.com" }
}

run "the_origin_secret_is_generated_read_by_every_function_and_kept_out_of_the_state" {
  command = apply

  assert {
    condition     = aws_ssm_parameter.key["origin"].name == "/nano-work/origin-secret" && aws_ssm_parameter.key["origin"].type == "SecureString" && aws_ssm_parameter.key["origin"].value_wo_version == 1
    error_message = "a SecureString under the name prefix, written once through value_wo"
  }
  assert {
    condition     = output.origin_secret_parameter_arn == "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/origin-secret"
    error_message = "infra/edge-keys.sh finds the parameter in the outputs: ${output.origin_secret_parameter_arn}"
  }
  assert {
    condition     = alltrue([for variant in module.variant : alltrue([for env in values(variant.function_environments) : env["NANO_WORK_AUTH_ORIGIN_SECRET_PARAMETER"] == "/nano-work/origin-secret"])])
    error_message = "every function, generate and validate, requires the origin secret"
  }
  assert {
    condition     = alltrue([for variant in module.variant : !contains(keys(variant.worker_environment), "NANO_WORK_AUTH_ORIGIN_SECRET_PARAMETER")])
    error_message = "the worker answers no HTTP: it reads no origin secret"
  }
  assert {
    condition     = alltrue([for variant in module.variant : alltrue([for policy in values(variant.function_key_policies) : contains(jsondecode(policy).Statement[0].Resource, output.origin_secret_parameter_arn) && jsondecode(policy).Statement[0].Action == ["ssm:GetParameters"]])])
    error_message = "every function's role may read it, in the one GetParameters the application makes"
  }
  assert {
    condition     = alltrue([for o in aws_cloudfront_distribution.api.origin : length(o.custom_header) == 0])
    error_message = "no origin custom header: its value would sit in the distribution's configuration and the state"
  }
  assert {
    condition     = strcontains(aws_cloudfront_function.edge.code, "const ORIGIN_ENTRY = 'origin-secret';") && strcontains(aws_cloudfront_function.edge.code, "event.request.headers[ORIGIN_SECRET] = { value: secret };")
    error_message = "the edge sends the secret from its key store with every request it forwards"
  }
}

run "a_new_origin_secret_version_rewrites_it_alone" {
  command = apply

  variables {
    key_versions = { origin = 2 }
  }

  assert {
    condition     = aws_ssm_parameter.key["origin"].value_wo_version == 2 && aws_ssm_parameter.key["auth"].value_wo_version == 1 && aws_ssm_parameter.key["operator"].value_wo_version == 1
    error_message = "raising key_versions.origin writes a new secret and no key"
  }
}

run "an_origin_secret_version_below_one_is_refused" {
  command = plan

  variables {
    key_versions = { origin = 0 }
  }

  expect_failures = [var.key_versions]
}

run "open_the_origin_secret_still_guards_the_functions" {
  command = apply

  variables {
    open_endpoint = true
  }

  expect_failures = [check.endpoint_is_locked]

  assert {
    condition     = alltrue([for variant in module.variant : alltrue([for env in values(variant.function_environments) : env["NANO_WORK_AUTH_ORIGIN_SECRET_PARAMETER"] == "/nano-work/origin-secret"])])
    error_message = "an open endpoint's functions still answer the edge alone"
  }
}

# The worker's resource policy: its alias, for the generate function's role (told apart from the worker's own role in
# modules/work-variant's test, where each role can have its own mock ARN); and the worker's role neither creates
# records nor invokes.
run "only_the_generate_role_is_granted_the_worker" {
  command = apply

  assert {
    condition     = alltrue([for name, variant in module.variant : variant.worker_permission.principal == variant.generate_role_arn && variant.worker_permission.qualifier == "live" && variant.worker_permission.action == "lambda:InvokeFunction" && variant.worker_permission.function_name == variant.worker_function_name])
    error_message = "the worker's alias may be invoked by the generate function's role: ${jsonencode({ for name, variant in module.variant : name => variant.worker_permission })}"
  }
  assert {
    condition     = alltrue([for variant in module.variant : jsondecode(variant.fan_out_policies.worker).Statement == [{ Sid = "WorkRecords", Effect = "Allow", Action = ["dynamodb:GetItem", "dynamodb:UpdateItem"], Resource = [aws_dynamodb_table.work_records[0].arn] }]])
    error_message = "the worker reads and updates its record, never creates one, never invokes: ${jsonencode({ for name, variant in module.variant : name => variant.fan_out_policies.worker })}"
  }
  assert {
    condition     = alltrue([for variant in module.variant : contains(jsondecode(variant.fan_out_policies.generate).Statement[0].Action, "dynamodb:PutItem")])
    error_message = "the generate function creates the records"
  }
}
