# terraform test with mock_provider "aws": the stack with its defaults, with Managed Instances on (whose
# capacity provider ARNs are unknown until apply: the first plan must not depend on them), and its outputs.
# tests/example.tftest.hcl runs with -var-file=terraform.tfvars.example (infra/terraform-check.sh).

mock_provider "aws" {
  source = "../../tests/mocks"
}

# The provider of the CloudFront web ACL (us-east-1), mocked the same way.
mock_provider "aws" {
  alias  = "us_east_1"
  source = "../../tests/mocks"
}

variables {
  package_path = "../../tests/function.zip"
  # The alarm reaches someone (check spend_alarm_reaches_someone); abuse.tftest.hcl tests the default, which warns.
  spend_alert = { dollars_per_hour = 1, email = "ops@example.com" }
}

run "defaults" {
  command = apply

  assert {
    condition     = toset(keys(output.variant_urls)) == toset(["x86_64", "arm64"])
    error_message = "the default variants: ${jsonencode(output.variant_urls)}"
  }
  assert {
    condition     = output.variant_urls["x86_64"] == "https://d111111abcdef8.cloudfront.net/x86_64" && output.api_endpoint == "https://d111111abcdef8.cloudfront.net"
    error_message = "variant URL: ${output.variant_urls["x86_64"]}"
  }
  assert {
    condition     = output.variant_targets["arm64"] == "lambda-arm64-10240"
    error_message = "rate label of the arm64 variant"
  }
  assert {
    condition     = output.reserved_concurrency_total == 94
    error_message = "2 variants x (5 + 10 + the fan-out's 16 workers x 2 long works at once) reserved: ${output.reserved_concurrency_total}"
  }
  assert {
    condition     = length(aws_lambda_capacity_provider.this) == 0 && length(aws_iam_role.capacity_provider_operator) == 0
    error_message = "no Managed Instances unless enabled"
  }
  assert {
    condition     = aws_apigatewayv2_stage.this.default_route_settings[0].throttling_rate_limit == 20 && aws_apigatewayv2_stage.this.default_route_settings[0].throttling_burst_limit == 40
    error_message = "the stage throttle, both values set"
  }
  assert {
    condition     = length(aws_apigatewayv2_stage.this.route_settings) == 6
    error_message = "a throttle on each of the 6 routes"
  }
}

# Strangers are turned away at the edge, before the throttles every key holder shares (edge.tf).
run "the_edge_is_the_only_way_in" {
  command = apply

  assert {
    condition     = can(regex("^[0-9a-f]{64}$", aws_apigatewayv2_stage.this.name))
    error_message = "the only stage has a secret name, not $default: ${aws_apigatewayv2_stage.this.name}"
  }
  assert {
    condition     = one(aws_cloudfront_distribution.api.origin).origin_path == "/${aws_apigatewayv2_stage.this.name}" && one(aws_cloudfront_distribution.api.origin).domain_name == "abcdef1234.execute-api.us-east-1.amazonaws.com"
    error_message = "CloudFront reaches the API through the secret stage"
  }
  assert {
    condition     = one(aws_cloudfront_distribution.api.default_cache_behavior[0].function_association).event_type == "viewer-request" && one(aws_cloudfront_distribution.api.default_cache_behavior[0].function_association).function_arn == aws_cloudfront_function.edge.arn
    error_message = "every request meets the edge function first"
  }
  assert {
    condition     = aws_cloudfront_function.edge.runtime == "cloudfront-js-2.0" && aws_cloudfront_function.edge.publish && aws_cloudfront_function.edge.key_value_store_associations == toset([aws_cloudfront_key_value_store.keys.arn])
    error_message = "a published JS 2.0 function reading the key store"
  }
  assert {
    condition     = strcontains(aws_cloudfront_function.edge.code, "const OPEN = false;") && strcontains(aws_cloudfront_function.edge.code, "const ORIGINS = [\"*\"];") && strcontains(aws_cloudfront_function.edge.code, "await keys.get(digest)")
    error_message = "locked: the function looks up every key's digest (and its end, during a rotation)"
  }
  assert {
    condition     = length(aws_wafv2_web_acl.client_rate_limit) == 0 && output.rate_limited_url == null && output.edge_key_value_store_arn == aws_cloudfront_key_value_store.keys.arn
    error_message = "no WAF by default (it costs $6 a month idle)"
  }
}

run "managed_instances_plan" {
  command = plan

  variables {
    managed_instances = {
      enabled            = true
      subnet_ids         = ["subnet-aaaa", "subnet-bbbb"]
      security_group_ids = ["sg-0123456789abcdef0"]
    }
  }

  assert {
    condition     = toset(keys(aws_lambda_capacity_provider.this)) == toset(["lmi-c7i", "lmi-c8g"])
    error_message = "a capacity provider per managed variant"
  }
  assert {
    condition     = aws_lambda_capacity_provider.this["lmi-c7i"].timeouts.create == "30m"
    error_message = "instances take time to launch"
  }
}

run "managed_instances_apply" {
  command = apply

  variables {
    managed_instances = {
      enabled            = true
      subnet_ids         = ["subnet-aaaa", "subnet-bbbb"]
      security_group_ids = ["sg-0123456789abcdef0"]
    }
  }

  assert {
    condition     = toset(keys(output.function_names)) == toset(["x86_64", "arm64", "lmi-c7i", "lmi-c8g"])
    error_message = "four variants: ${jsonencode(output.function_names)}"
  }
  assert {
    condition     = output.variant_targets["lmi-c7i"] == "lmi-c7i"
    error_message = "rate label of a managed variant"
  }
  assert {
    condition     = output.reserved_concurrency_total == 114
    error_message = "plain variants 94 + the managed variants' validate functions 2 x 10 (no workers: fan-out is plain Lambda's): ${output.reserved_concurrency_total}"
  }
}

run "managed_instances_need_a_network" {
  command = plan

  variables {
    managed_instances = { enabled = true }
  }

  expect_failures = [var.managed_instances]
}

# The fan-out: on by default, one table for every variant, a worker per plain variant; off is one variable.
run "fan_out_on_by_default" {
  command = apply

  assert {
    condition     = aws_dynamodb_table.work_records[0].billing_mode == "PAY_PER_REQUEST" && aws_dynamodb_table.work_records[0].hash_key == "root" && one(aws_dynamodb_table.work_records[0].attribute).type == "S"
    error_message = "one item per root (RecordItems' schema), on demand"
  }
  assert {
    condition     = aws_dynamodb_table.work_records[0].ttl[0].attribute_name == "expires" && aws_dynamodb_table.work_records[0].ttl[0].enabled && aws_dynamodb_table.work_records[0].server_side_encryption[0].enabled && !aws_dynamodb_table.work_records[0].deletion_protection_enabled
    error_message = "TTL on expires, encrypted with a KMS key, deletion protection a variable"
  }
  assert {
    condition     = aws_dynamodb_table.work_records[0].on_demand_throughput[0].max_read_request_units == 1850 && aws_dynamodb_table.work_records[0].on_demand_throughput[0].max_write_request_units == 200
    error_message = "the table's cost capped: (5 generate + 32 worker slots) x 2 variants x 20 polls a second x 1.25 reads, 200 writes a second: ${jsonencode(aws_dynamodb_table.work_records[0].on_demand_throughput)}"
  }
  assert {
    condition     = local.worker_reserved_concurrency == 32 && output.reserved_concurrency_total == 2 * (5 + 10 + 32)
    error_message = "two long works at once get every worker they want: 16 x 2 worker slots per variant"
  }
  assert {
    condition     = output.fan_out.table_name == "nano-work-work-records" && output.fan_out.workers == { x86_64 = "nano-work-x86_64-worker", arm64 = "nano-work-arm64-worker" }
    error_message = "the table and a worker per variant: ${jsonencode(output.fan_out)}"
  }
  assert {
    condition     = alltrue([for variant in module.variant : variant.function_environments.generate["NANO_WORK_FAN_OUT_TABLE"] == "nano-work-work-records" && variant.worker_environment["NANO_WORK_FAN_OUT_TABLE"] == "nano-work-work-records" && variant.function_environments.generate["NANO_WORK_FAN_OUT_MAX_WORKERS"] == "16"])
    error_message = "every generate function and worker reads the same table"
  }
  assert {
    condition     = alltrue([for name, variant in module.variant : endswith(variant.function_environments.generate["NANO_WORK_FAN_OUT_WORKER"], ":function:nano-work-worker:live") && jsondecode(variant.fan_out_policies.generate).Statement[0].Resource == [aws_dynamodb_table.work_records[0].arn]])
    error_message = "the generate function invokes its worker's alias and reads this table only"
  }
}

run "fan_out_off_is_one_variable" {
  command = apply

  variables {
    fan_out = null
  }

  assert {
    condition     = length(aws_dynamodb_table.work_records) == 0 && output.fan_out == null && output.reserved_concurrency_total == 30 && alltrue([for variant in module.variant : variant.worker_function_name == null && !contains(keys(variant.function_environments.generate), "NANO_WORK_FAN_OUT_TABLE")])
    error_message = "fan-out off: no table, no worker, no record settings, 2 x (5 + 10) reserved"
  }
}

run "fan_out_with_more_workers_than_their_concurrency_is_refused" {
  command = plan

  variables {
    fan_out = { max_workers = 32, worker_reserved_concurrency = 8 }
  }

  expect_failures = [var.fan_out]
}

# The stack's fan_out refuses what the work-function module refuses, at its own variable (the plan names it).
run "fan_out_poll_interval_outside_10ms_to_5s_is_refused" {
  command = plan

  variables {
    fan_out = { poll_interval = "5ms" }
  }

  expect_failures = [var.fan_out]
}

run "fan_out_poll_interval_over_5s_is_refused" {
  command = plan

  variables {
    fan_out = { poll_interval = "6s" }
  }

  expect_failures = [var.fan_out]
}

run "fan_out_record_ttl_over_a_day_is_refused" {
  command = plan

  variables {
    fan_out = { record_ttl_minutes = 1441 }
  }

  expect_failures = [var.fan_out]
}

run "fan_out_record_ttl_not_whole_is_refused" {
  command = plan

  variables {
    fan_out = { record_ttl_minutes = 1.5 }
  }

  expect_failures = [var.fan_out]
}

run "fan_out_at_the_bounds_applies" {
  command = apply

  variables {
    fan_out = { poll_interval = "5s", record_ttl_minutes = 1440, max_workers = 64, worker_reserved_concurrency = 64 }
  }

  assert {
    condition     = alltrue([for variant in module.variant : variant.function_environments.generate["NANO_WORK_FAN_OUT_POLL_INTERVAL"] == "5s" && variant.function_environments.generate["NANO_WORK_FAN_OUT_RECORD_TTL"] == "1440m"])
    error_message = "the highest values the module takes pass the stack too"
  }
}

run "fan_out_worker_slots_follow_the_long_works_at_once" {
  command = plan

  variables {
    fan_out = { concurrent_works = 3 }
  }

  assert {
    condition     = local.worker_reserved_concurrency == 48 && local.record_max_reads_per_second == ceil(2 * (5 + 48) * 20 * 1.25)
    error_message = "16 workers x 3 long works at once: ${local.worker_reserved_concurrency}, the table's reads follow"
  }
}

run "fan_out_worker_slots_given_outright" {
  command = plan

  variables {
    fan_out = { concurrent_works = 3, worker_reserved_concurrency = 20 }
  }

  assert {
    condition     = local.worker_reserved_concurrency == 20
    error_message = "an operator's worker_reserved_concurrency stands: ${local.worker_reserved_concurrency}"
  }
}

run "fan_out_concurrent_works_below_one_is_refused" {
  command = plan

  variables {
    fan_out = { concurrent_works = 0 }
  }

  expect_failures = [var.fan_out]
}
