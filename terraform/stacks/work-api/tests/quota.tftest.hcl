# The account's concurrency quota against what the stack reserves: an account at Lambda's starting quota
# of 10 cannot reserve anything (100 stay unreserved), and the check says so at plan.

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
  mock_data "aws_iam_policy_document" {
    defaults = { json = "{\"Version\":\"2012-10-17\",\"Statement\":[]}" }
  }
  mock_data "aws_servicequotas_service_quota" {
    defaults = { value = 10 }
  }
}

variables {
  package_path = "../../tests/function.zip"
}

run "quota_of_a_new_account" {
  command = apply

  expect_failures = [check.reserved_concurrency_fits_the_account]
}
