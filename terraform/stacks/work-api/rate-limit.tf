# An optional per-client rate limit in front of the HTTP API: AWS WAF does not attach to HTTP APIs, so a
# CloudFront distribution takes the API as its origin and carries a web ACL with a rate-based rule on the
# client's IP. Web ACLs of scope CLOUDFRONT live in us-east-1 whatever the stack's region (provider
# aws.us_east_1). Off unless client_rate_limit is set.
#
# The limit binds callers of the CloudFront URL only: the execute-api URL stays reachable, and an HTTP API
# cannot refuse requests that skipped CloudFront without an authorizer (a Lambda authorizer would cost an
# invocation per request). The stage and route throttles and reserved concurrency still bound the bill on
# that path; the access key is what keeps strangers out of both. (disable_execute_api_endpoint would close
# it, but CloudFront would then need a custom domain on the API and an ACM certificate: see docs/deploy.md.)

locals {
  rate_limited = var.client_rate_limit != null

  # https://ID.execute-api.REGION.amazonaws.com -> the host CloudFront connects to.
  api_host = trimsuffix(trimprefix(aws_apigatewayv2_api.this.api_endpoint, "https://"), "/")

  # The AWS managed origin request policy AllViewerExceptHostHeader (a fixed ID, the same in every account):
  # every viewer header but Host (API Gateway routes on its own host name; Origin must reach it for CORS).
  origin_request_policy_all_viewer_except_host = "b689b0a8-53d0-40ab-baf2-68738e2966ac"
}

# CloudFront forwards Authorization (the key as a bearer token) only when the cache policy names it: an origin
# request policy may not. Nothing is cached all the same: only GET and HEAD answers are ever cached
# (cached_methods), every work request is a POST, and the TTLs are 0 unless the API asked otherwise for 1 s.
resource "aws_cloudfront_cache_policy" "api" {
  count = local.rate_limited ? 1 : 0

  name        = "${var.name_prefix}-api"
  comment     = "nano-work-function: forward Authorization to the HTTP API, cache nothing"
  min_ttl     = 0
  default_ttl = 0
  max_ttl     = 1

  parameters_in_cache_key_and_forwarded_to_origin {
    cookies_config {
      cookie_behavior = "none"
    }
    headers_config {
      header_behavior = "whitelist"
      headers {
        items = ["Authorization"]
      }
    }
    query_strings_config {
      query_string_behavior = "none"
    }
  }
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

resource "aws_cloudfront_distribution" "api" {
  count = local.rate_limited ? 1 : 0

  enabled         = true
  comment         = "${var.name_prefix}: the HTTP API behind a per-client rate limit"
  is_ipv6_enabled = true
  price_class     = var.client_rate_limit.price_class
  web_acl_id      = aws_wafv2_web_acl.client_rate_limit[0].arn

  origin {
    origin_id   = "http-api"
    domain_name = local.api_host

    custom_origin_config {
      http_port              = 80
      https_port             = 443
      origin_protocol_policy = "https-only"
      origin_ssl_protocols   = ["TLSv1.2"]
      # Past the 30 s the HTTP API gives an integration (CloudFront's default is 30 s, its ceiling 60 s).
      origin_read_timeout = 35
    }
  }

  default_cache_behavior {
    target_origin_id       = "http-api"
    viewer_protocol_policy = "https-only"
    # POST must be allowed, which CloudFront offers only with every method.
    allowed_methods          = ["GET", "HEAD", "OPTIONS", "PUT", "POST", "PATCH", "DELETE"]
    cached_methods           = ["GET", "HEAD"]
    cache_policy_id          = aws_cloudfront_cache_policy.api[0].id
    origin_request_policy_id = local.origin_request_policy_all_viewer_except_host
    compress                 = true
  }

  restrictions {
    geo_restriction {
      restriction_type = "none"
    }
  }

  viewer_certificate {
    cloudfront_default_certificate = true
  }
}
