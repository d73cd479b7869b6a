# The example terraform.tfvars as a user copies it: infra/terraform-check.sh runs this file with
# -var-file=terraform.tfvars.example (without it, it checks the defaults, which the example repeats).

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

run "example_tfvars" {
  command = apply

  # The example leaves spend_alert.email to the operator, and the plan says so.
  expect_failures = [check.spend_alarm_reaches_someone]

  assert {
    condition     = toset(keys(output.function_names)) == toset(["x86_64", "arm64"])
    error_message = "the example's variants: ${jsonencode(output.function_names)}"
  }
  assert {
    condition     = output.reserved_concurrency_total == 94
    error_message = "2 variants x (5 + 10 + the fan-out's 16 workers x 2 long works at once) reserved: ${output.reserved_concurrency_total}"
  }
}
