# The edge (docs/reliability.md, "Strangers and the throttles"), on by default: the HTTP API's stage and route
# throttles are shared by every caller and counted before a function sees the key, so a stranger's keyless
# requests would turn key holders' requests into 429s. Every caller therefore comes through CloudFront, whose
# function (edge/viewer-request.js) answers preflights and refuses a request without a valid key at the edge,
# before it reaches the API; and the API's only stage has a secret name, CloudFront's origin path, so the
# execute-api host answers "Not Found" to anyone who skips the edge (an HTTP API cannot close that host without a
# custom domain, and has no resource policy). Idle, all of it costs nothing: CloudFront, its functions and the
# key store bill per request.

locals {
  # https://ID.execute-api.REGION.amazonaws.com -> the host CloudFront connects to.
  api_host = trimsuffix(trimprefix(aws_apigatewayv2_api.this.api_endpoint, "https://"), "/")

  # The AWS managed origin request policy AllViewerExceptHostHeader (a fixed ID, the same in every account):
  # every viewer header but Host (API Gateway routes on its own host name; Origin must reach it for CORS), and so
  # the two the edge function sets over anything a viewer sent: x-viewer-address, the viewer's address (API
  # Gateway's sourceIp is CloudFront's), and x-origin-secret, which proves to the functions that the request came
  # through here: they refuse a request without it, and take the viewer address beside it as the client (its
  # searches, its work_cancel, its access-log line).
  origin_request_policy_all_viewer_except_host = "b689b0a8-53d0-40ab-baf2-68738e2966ac"

  edge_url = "https://${aws_cloudfront_distribution.api.domain_name}"
}

# The stage's name: 64 hex digits (SHA-256 of a uuid(), 122 random bits), made once and kept (ignore_changes), known
# only to CloudFront's origin and to those who may read this state or the API's configuration. Not a key: it keeps
# strangers off the throttles, not off the functions. Replace it with terraform apply -replace=terraform_data.stage_name.
resource "terraform_data" "stage_name" {
  input = sha256(uuid())

  lifecycle {
    ignore_changes = [input]
  }
}

# The SHA-256 (hex) of each valid key, which the edge function looks up (never a key), and the origin secret, which
# it sends on; not written by Terraform (it never sees them). infra/edge-keys.sh reads the SSM parameters and writes
# them (infra/deploy.sh runs it after every apply); until then the edge refuses every key and forwards nothing (fails
# closed). The origin secret sits here in clear: whoever may read this key store (cloudfront-keyvaluestore:GetKey)
# or the parameter can call the functions directly, as the key holders could anyway, but with a viewer address of
# their choosing.
resource "aws_cloudfront_key_value_store" "keys" {
  name    = "${var.name_prefix}-keys"
  comment = "nano-work-function: SHA-256 of the keys, and the origin secret (infra/edge-keys.sh)"
}

resource "aws_cloudfront_function" "edge" {
  name    = "${var.name_prefix}-edge"
  runtime = "cloudfront-js-2.0"
  comment = "nano-work-function: preflights, the key check, the viewer address and the origin secret"
  publish = true
  code = templatefile("${path.module}/edge/viewer-request.js", {
    open    = jsonencode(var.open_endpoint)
    origins = jsonencode(var.cors_allow_origins)
  })
  key_value_store_associations = [aws_cloudfront_key_value_store.keys.arn]
}

# CloudFront forwards Authorization (the key as a bearer token) only when the cache policy names it: an origin
# request policy may not. Nothing is cached all the same: only GET and HEAD answers are ever cached
# (cached_methods), every work request is a POST, and the TTLs are 0 unless the API asked otherwise for 1 s.
resource "aws_cloudfront_cache_policy" "api" {
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

resource "aws_cloudfront_distribution" "api" {
  enabled         = true
  comment         = "${var.name_prefix}: the HTTP API behind the key check at the edge"
  is_ipv6_enabled = true
  price_class     = var.edge_price_class
  web_acl_id      = local.rate_limited ? aws_wafv2_web_acl.client_rate_limit[0].arn : null

  origin {
    origin_id   = "http-api"
    domain_name = local.api_host
    # The secret stage: only CloudFront's requests reach a stage, and so the throttles.
    origin_path = "/${aws_apigatewayv2_stage.this.name}"

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
    cache_policy_id          = aws_cloudfront_cache_policy.api.id
    origin_request_policy_id = local.origin_request_policy_all_viewer_except_host
    compress                 = true

    function_association {
      event_type   = "viewer-request"
      function_arn = aws_cloudfront_function.edge.arn
    }
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
