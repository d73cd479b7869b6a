# The account's concurrency quota against what the stack reserves: an account at Lambda's starting quota
# of 10 cannot reserve anything (100 stay unreserved), and the check says so at plan.

mock_provider "aws" {
  source = "../../tests/mocks"

  mock_data "aws_servicequotas_service_quota" {
    defaults = { value = 10 }
  }
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

run "quota_of_a_new_account" {
  command = apply

  expect_failures = [check.reserved_concurrency_fits_the_account]
}
