# The example terraform.tfvars as a user copies it: infra/terraform-check.sh runs this file with
# -var-file=terraform.tfvars.example (without it, it checks the defaults, which the example repeats).

mock_provider "aws" {
  mock_resource "aws_iam_role" {
    defaults = { arn = "arn:aws:iam::123456789012:role/nano-work-role" }
  }
  mock_resource "aws_apigatewayv2_api" {
    defaults = {
      id            = "abcdef1234"
      execution_arn = "arn:aws:execute-api:us-east-1:123456789012:abcdef1234"
    }
  }
  mock_resource "aws_apigatewayv2_stage" {
    defaults = { invoke_url = "https://abcdef1234.execute-api.us-east-1.amazonaws.com/" }
  }
  mock_data "aws_iam_policy_document" {
    defaults = { json = "{\"Version\":\"2012-10-17\",\"Statement\":[]}" }
  }
  mock_data "aws_servicequotas_service_quota" {
    defaults = { value = 1000 }
  }
}

variables {
  package_path = "../../tests/function.zip"
}

run "example_tfvars" {
  command = apply

  assert {
    condition     = toset(keys(output.function_names)) == toset(["x86_64", "arm64"])
    error_message = "the example's variants: ${jsonencode(output.function_names)}"
  }
  assert {
    condition     = output.reserved_concurrency_total == 30
    error_message = "reserved: ${output.reserved_concurrency_total}"
  }
}
