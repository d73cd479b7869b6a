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
}

run "defaults" {
  command = apply

  assert {
    condition     = toset(keys(output.variant_urls)) == toset(["x86_64", "arm64"])
    error_message = "the default variants: ${jsonencode(output.variant_urls)}"
  }
  assert {
    condition     = output.variant_urls["x86_64"] == "https://abcdef1234.execute-api.us-east-1.amazonaws.com/x86_64"
    error_message = "variant URL: ${output.variant_urls["x86_64"]}"
  }
  assert {
    condition     = output.variant_targets["arm64"] == "lambda-arm64-10240"
    error_message = "rate label of the arm64 variant"
  }
  assert {
    condition     = output.reserved_concurrency_total == 30
    error_message = "2 variants x (5 + 10) reserved: ${output.reserved_concurrency_total}"
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
    condition     = output.reserved_concurrency_total == 50
    error_message = "plain variants 30 + the managed variants' validate functions 2 x 10: ${output.reserved_concurrency_total}"
  }
}

run "managed_instances_need_a_network" {
  command = plan

  variables {
    managed_instances = { enabled = true }
  }

  expect_failures = [var.managed_instances]
}
