# An optional per-client rate limit at the edge (edge.tf): AWS WAF does not attach to HTTP APIs, so the web ACL
# goes on the CloudFront distribution, with a rate-based rule on the client's IP. Web ACLs of scope CLOUDFRONT
# live in us-east-1 whatever the stack's region (provider aws.us_east_1). Off unless client_rate_limit is set: a
# web ACL costs $5 a month and its rule $1, idle or not. It bounds key holders too (the edge already turns
# strangers away), and what a flood of keyless requests costs at the edge (docs/reliability.md).

locals {
  rate_limited = var.client_rate_limit != null
}

resource "aws_wafv2_web_acl" "client_rate_limit" {
  count    = local.rate_limited ? 1 : 0
  provider = aws.us_east_1

  name        = "${var.name_prefix}-client-rate-limit"
  description = "nano-work-function: requests per client IP in front of the HTTP API"
  scope       = "CLOUDFRONT"

  default_action {
    allow {}
  }

  # The rule in the WAF API's own JSON (rule_json, in place of rule blocks): the same fields, and the form
  # terraform test can decode and assert on (the offline schema stand-in cannot check the recursive statement
  # block). Over the limit a client's requests are blocked (CloudFront answers 403) until its rate falls back.
  rule_json = jsonencode([{
    Name     = "requests-per-client-ip"
    Priority = 0
    Action   = { Block = {} }
    Statement = {
      RateBasedStatement = {
        Limit               = var.client_rate_limit.requests
        EvaluationWindowSec = var.client_rate_limit.window_seconds
        AggregateKeyType    = "IP"
      }
    }
    VisibilityConfig = {
      CloudWatchMetricsEnabled = true
      MetricName               = "${var.name_prefix}-requests-per-client-ip"
      SampledRequestsEnabled   = true
    }
  }])

  visibility_config {
    cloudwatch_metrics_enabled = true
    metric_name                = "${var.name_prefix}-client-rate-limit"
    sampled_requests_enabled   = true
  }
}
