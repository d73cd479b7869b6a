# Mock values for mock_provider "aws" in every module's and stack's tests/*.tftest.hcl (source =
# "../../tests/mocks"): the computed attributes the configurations read, with the shapes their validations
# and outputs expect (ARNs, the stage URL, the account's concurrency quota).

mock_resource "aws_iam_role" {
  defaults = { arn = "arn:aws:iam::123456789012:role/nano-work-role" }
}

mock_resource "aws_apigatewayv2_api" {
  defaults = {
    id            = "abcdef1234"
    execution_arn = "arn:aws:execute-api:us-east-1:123456789012:abcdef1234"
    api_endpoint  = "https://abcdef1234.execute-api.us-east-1.amazonaws.com"
  }
}

mock_resource "aws_apigatewayv2_stage" {
  defaults = { invoke_url = "https://abcdef1234.execute-api.us-east-1.amazonaws.com/" }
}

mock_resource "aws_lambda_capacity_provider" {
  defaults = { arn = "arn:aws:lambda:us-east-1:123456789012:capacity-provider:nano-work-lmi" }
}

mock_resource "aws_cloudwatch_log_group" {
  defaults = { arn = "arn:aws:logs:us-east-1:123456789012:log-group:/aws/lambda/nano-work" }
}

mock_resource "aws_sns_topic" {
  defaults = { arn = "arn:aws:sns:us-east-1:123456789012:nano-work-spend" }
}

mock_resource "aws_wafv2_web_acl" {
  defaults = { arn = "arn:aws:wafv2:us-east-1:123456789012:global/webacl/nano-work-client-rate-limit/0123abcd" }
}

mock_resource "aws_cloudfront_distribution" {
  defaults = { domain_name = "d111111abcdef8.cloudfront.net" }
}

mock_resource "aws_cloudfront_function" {
  defaults = { arn = "arn:aws:cloudfront::123456789012:function/nano-work-edge" }
}

mock_resource "aws_cloudfront_key_value_store" {
  defaults = { arn = "arn:aws:cloudfront::123456789012:key-value-store/0123abcd-0123-4567-89ab-0123456789ab" }
}

mock_data "aws_caller_identity" {
  defaults = { account_id = "123456789012" }
}

mock_data "aws_partition" {
  defaults = { partition = "aws" }
}

mock_data "aws_iam_policy_document" {
  defaults = { json = "{\"Version\":\"2012-10-17\",\"Statement\":[]}" }
}

mock_data "aws_servicequotas_service_quota" {
  defaults = { value = 1000 }
}

mock_resource "aws_lambda_alias" {
  defaults = { arn = "arn:aws:lambda:us-east-1:123456789012:function:nano-work-worker:live" }
}

mock_resource "aws_dynamodb_table" {
  defaults = { arn = "arn:aws:dynamodb:us-east-1:123456789012:table/nano-work-work-records" }
}
