# terraform test with mock_provider "aws": what keeps strangers from running up the bill (issue 13): the access
# key on and off, the per-client rate limit (CloudFront + WAF) on and off, the spend alarm and budget, CORS.

mock_provider "aws" {
  source = "../../tests/mocks"
}

mock_provider "aws" {
  alias  = "us_east_1"
  source = "../../tests/mocks"
}

variables {
  package_path = "../../tests/function.zip"
}

run "key_off_by_default" {
  command = apply

  assert {
    condition     = output.auth_key_parameter_arn == null
    error_message = "no key unless auth_key_parameter_name is set"
  }
  assert {
    condition     = alltrue([for variant in module.variant : length(variant.function_layer_arns.generate) == 0 && length(variant.function_layer_arns.validate) == 0])
    error_message = "no extension layer without a key"
  }
  assert {
    condition     = alltrue([for variant in module.variant : alltrue([for env in values(variant.function_environments) : !contains(keys(env), "NANO_WORK_AUTH_KEY_PARAMETER") && env["NANO_WORK_BENCHMARK_REQUIRES_KEY"] == "true"])])
    error_message = "open, but benchmark stays an operator action (refused to all without a key)"
  }
}

run "key_on" {
  command = apply

  variables {
    auth_key_parameter_name = "/nano-work/auth-key"
  }

  assert {
    condition     = output.auth_key_parameter_arn == "arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/auth-key"
    error_message = "the parameter's ARN in this account and region: ${output.auth_key_parameter_arn}"
  }
  assert {
    condition     = alltrue([for variant in module.variant : alltrue([for env in values(variant.function_environments) : env["NANO_WORK_AUTH_KEY_PARAMETER"] == "/nano-work/auth-key"])])
    error_message = "every function, validate included, reads the key"
  }
  assert {
    condition     = module.variant["x86_64"].function_layer_arns.generate[0] == "arn:aws:lambda:us-east-1:177933569100:layer:AWS-Parameters-and-Secrets-Lambda-Extension:11" && module.variant["x86_64"].function_layer_arns.validate[0] == module.variant["x86_64"].function_layer_arns.generate[0]
    error_message = "x86_64 functions get the x86_64 extension layer"
  }
  assert {
    condition     = module.variant["arm64"].function_layer_arns.generate[0] == "arn:aws:lambda:us-east-1:177933569100:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:11" && module.variant["arm64"].function_layer_arns.validate[0] == module.variant["arm64"].function_layer_arns.generate[0]
    error_message = "arm64 functions get the Arm64 extension layer"
  }
}

run "key_in_another_region_needs_its_layers" {
  command = plan

  variables {
    region                  = "eu-west-1"
    auth_key_parameter_name = "/nano-work/auth-key"
  }

  expect_failures = [var.parameters_secrets_extension_layer_arns]
}

run "key_in_another_region_with_its_layers" {
  command = apply

  variables {
    region                  = "eu-west-1"
    auth_key_parameter_name = "nano-work-key"
    auth_key_kms_key_arn    = "arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"
    parameters_secrets_extension_layer_arns = {
      x86_64 = "arn:aws:lambda:eu-west-1:015030872274:layer:AWS-Parameters-and-Secrets-Lambda-Extension:11"
      arm64  = "arn:aws:lambda:eu-west-1:015030872274:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:11"
    }
  }

  assert {
    condition     = output.auth_key_parameter_arn == "arn:aws:ssm:eu-west-1:123456789012:parameter/nano-work-key"
    error_message = "a name without a leading slash: ${output.auth_key_parameter_arn}"
  }
  assert {
    condition     = startswith(module.variant["arm64"].function_layer_arns.generate[0], "arn:aws:lambda:eu-west-1:")
    error_message = "the region's layer"
  }
}

run "cors_restricts_browsers_and_lets_them_send_the_key" {
  command = apply

  variables {
    cors_allow_origins = ["https://wallet.example", "https://other.example"]
  }

  assert {
    condition     = contains(aws_apigatewayv2_api.this.cors_configuration[0].allow_headers, "authorization") && contains(aws_apigatewayv2_api.this.cors_configuration[0].allow_headers, "content-type")
    error_message = "a browser may send Authorization: Bearer (the key) and a JSON body"
  }
  assert {
    condition     = toset(aws_apigatewayv2_api.this.cors_configuration[0].allow_origins) == toset(["https://wallet.example", "https://other.example"])
    error_message = "API Gateway allows the configured origins only"
  }
  assert {
    condition     = alltrue([for variant in module.variant : alltrue([for env in values(variant.function_environments) : env["NANO_WORK_CORS_ORIGINS"] == "https://wallet.example,https://other.example"])])
    error_message = "the functions get the same origins"
  }
}

run "cors_origin_with_a_path_is_refused" {
  command = plan

  variables {
    cors_allow_origins = ["https://wallet.example/app"]
  }

  expect_failures = [var.cors_allow_origins]
}

run "extra_jvm_options_may_not_bypass_the_settings" {
  command = plan

  variables {
    extra_jvm_options = ["-Dnano-work.max-difficulty=ffffffffffffffff"]
  }

  expect_failures = [var.extra_jvm_options]
}

run "rate_limit_off_by_default" {
  command = apply

  assert {
    condition     = length(aws_cloudfront_distribution.api) == 0 && length(aws_wafv2_web_acl.client_rate_limit) == 0 && length(aws_cloudfront_cache_policy.api) == 0 && output.rate_limited_url == null
    error_message = "no CloudFront and no WAF unless client_rate_limit is set"
  }
}

run "rate_limit_on" {
  command = apply

  variables {
    client_rate_limit = { requests = 100 }
  }

  assert {
    condition     = aws_wafv2_web_acl.client_rate_limit[0].scope == "CLOUDFRONT"
    error_message = "a CloudFront web ACL (created through provider aws.us_east_1: CloudFrontAndWafTest checks the alias)"
  }
  assert {
    condition     = jsondecode(aws_wafv2_web_acl.client_rate_limit[0].rule_json)[0].Statement.RateBasedStatement == { Limit = 100, EvaluationWindowSec = 300, AggregateKeyType = "IP" }
    error_message = "100 requests per client IP in 5 minutes: ${aws_wafv2_web_acl.client_rate_limit[0].rule_json}"
  }
  assert {
    condition     = jsondecode(aws_wafv2_web_acl.client_rate_limit[0].rule_json)[0].Action == { Block = {} } && length(aws_wafv2_web_acl.client_rate_limit[0].default_action[0].allow) == 1
    error_message = "over the limit blocked, the rest allowed"
  }
  assert {
    condition     = aws_cloudfront_distribution.api[0].web_acl_id == aws_wafv2_web_acl.client_rate_limit[0].arn
    error_message = "the distribution carries the web ACL"
  }
  assert {
    condition     = one(aws_cloudfront_distribution.api[0].origin).domain_name == "abcdef1234.execute-api.us-east-1.amazonaws.com"
    error_message = "the HTTP API is the origin: ${one(aws_cloudfront_distribution.api[0].origin).domain_name}"
  }
  assert {
    condition     = contains(aws_cloudfront_distribution.api[0].default_cache_behavior[0].allowed_methods, "POST") && toset(aws_cloudfront_distribution.api[0].default_cache_behavior[0].cached_methods) == toset(["GET", "HEAD"])
    error_message = "POST passes and is never cached"
  }
  assert {
    condition     = aws_cloudfront_distribution.api[0].default_cache_behavior[0].cache_policy_id == aws_cloudfront_cache_policy.api[0].id && aws_cloudfront_cache_policy.api[0].default_ttl == 0
    error_message = "the distribution's own cache policy, TTL 0"
  }
  assert {
    condition     = toset(one(one(one(aws_cloudfront_cache_policy.api[0].parameters_in_cache_key_and_forwarded_to_origin).headers_config).headers).items) == toset(["Authorization"])
    error_message = "the key (Authorization: Bearer) reaches the API through CloudFront"
  }
  assert {
    condition     = one(aws_cloudfront_distribution.api[0].origin).custom_origin_config[0].origin_read_timeout > 30
    error_message = "CloudFront waits past the HTTP API's 30 s"
  }
  assert {
    condition     = output.rate_limited_url == "https://d111111abcdef8.cloudfront.net"
    error_message = "the URL to give clients: ${output.rate_limited_url}"
  }
}

run "rate_limit_below_wafs_minimum_is_refused" {
  command = plan

  variables {
    client_rate_limit = { requests = 5 }
  }

  expect_failures = [var.client_rate_limit]
}

run "spend_alarm_on_by_default" {
  command = apply

  assert {
    condition     = aws_cloudwatch_metric_alarm.spend[0].threshold == 1 && aws_cloudwatch_metric_alarm.spend[0].alarm_actions == toset([aws_sns_topic.spend[0].arn])
    error_message = "alarm at $1 per hour, to the topic"
  }
  assert {
    condition     = length(aws_cloudwatch_metric_alarm.spend[0].metric_query) == 6
    error_message = "the expression, 4 functions' Duration and the API's Count: ${length(aws_cloudwatch_metric_alarm.spend[0].metric_query)}"
  }
  assert {
    condition     = strcontains(local.spend_expression, "FILL(g_x86_64, 0) * 0.000000166667000") && strcontains(local.spend_expression, "FILL(g_arm64, 0) * 0.000000133334000") && strcontains(local.spend_expression, "FILL(v_x86_64, 0) * 0.000000008333350") && endswith(local.spend_expression, "FILL(requests, 0) * 0.000001200000000) * 12")
    error_message = "10 GB x $/GB-s / 1000 per ms of generate, 0.5 GB for validate, $1.20 per million requests, x12 for an hour: ${local.spend_expression}"
  }
  assert {
    condition     = length(aws_sns_topic_subscription.spend_email) == 0 && length(aws_budgets_budget.monthly) == 0
    error_message = "no email and no budget unless asked"
  }
  assert {
    condition     = output.spend_topic_arn == aws_sns_topic.spend[0].arn
    error_message = "the topic to subscribe to"
  }
}

run "spend_alarm_with_email_and_budget" {
  command = apply

  variables {
    spend_alert = { dollars_per_hour = 0.5, email = "ops@example.com", monthly_budget_usd = 50 }
  }

  assert {
    condition     = aws_sns_topic_subscription.spend_email[0].endpoint == "ops@example.com" && aws_sns_topic_subscription.spend_email[0].protocol == "email"
    error_message = "the operator's address subscribed"
  }
  assert {
    condition     = aws_budgets_budget.monthly[0].limit_amount == "50.00" && aws_budgets_budget.monthly[0].time_unit == "MONTHLY" && length(aws_budgets_budget.monthly[0].notification) == 2
    error_message = "a $50 monthly budget, forecast and actual"
  }
  assert {
    condition     = aws_cloudwatch_metric_alarm.spend[0].threshold == 0.5
    error_message = "the operator's threshold"
  }
}

run "spend_alarm_off" {
  command = apply

  variables {
    spend_alert = null
  }

  assert {
    condition     = length(aws_cloudwatch_metric_alarm.spend) == 0 && length(aws_sns_topic.spend) == 0 && output.spend_topic_arn == null
    error_message = "no alarm, no topic"
  }
}

run "spend_alarm_past_ten_metrics_is_refused" {
  command = plan

  variables {
    variants = {
      a = { architecture = "x86_64" }
      b = { architecture = "x86_64" }
      c = { architecture = "arm64" }
      d = { architecture = "arm64" }
      e = { architecture = "arm64" }
    }
  }

  expect_failures = [var.spend_alert]
}
