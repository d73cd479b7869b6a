# One HTTP API (payload format 2.0) in front of every hardware variant, so they can be compared side by
# side: /x86_64/..., /arm64/..., and with managed_instances.enabled /lmi-c7i/..., /lmi-c8g/...

locals {
  package_path = coalesce(var.package_path, "${path.module}/../../../target/function.zip")

  managed_variants = var.managed_instances.enabled ? var.managed_instance_variants : {}

  # The label each variant's measured hash rate carries in infra/rates/deployed.jsonl.
  variant_targets = merge(
    { for name, variant in var.variants : name => "lambda-${variant.architecture}-${variant.generate_memory_mb}" },
    { for name, variant in local.managed_variants : name => name },
  )

  # Variant name -> what its module call takes that differs from one variant to another: the plain Lambda
  # variants here, and the Managed Instances ones (managed-instances.tf) beside them.
  variant_calls = merge(
    {
      for name, variant in var.variants : name => {
        architecture      = variant.architecture
        generate          = { memory_mb = variant.generate_memory_mb, reserved_concurrency = variant.generate_reserved_concurrency }
        validate          = { memory_mb = variant.validate_memory_mb, reserved_concurrency = variant.validate_reserved_concurrency }
        managed_instances = null
        fan_out           = local.variant_fan_out
      }
    },
    local.managed_variant_calls,
  )

  # Route key -> generate or validate, for the per-route throttles.
  route_functions = merge([for variant in module.variant : variant.route_functions]...)
}

resource "aws_apigatewayv2_api" "this" {
  name          = "${var.name_prefix}-api"
  description   = "nano-work-function: Nano work_generate / work_validate, one route prefix per hardware variant"
  protocol_type = "HTTP"

  # The same origins the functions get as NANO_WORK_CORS_ORIGINS. authorization: a browser wallet sends the
  # key as a bearer token, which a preflight must allow. CORS binds browsers only; the key binds everyone.
  cors_configuration {
    allow_origins = var.cors_allow_origins
    allow_methods = ["POST", "OPTIONS"]
    allow_headers = ["authorization", "content-type"]
    max_age       = 86400
  }
}

resource "aws_cloudwatch_log_group" "access" {
  name              = "/aws/apigateway/${var.name_prefix}-api"
  retention_in_days = var.log_retention_days
}

# The only stage, under a secret name (edge.tf): CloudFront's origin path. There is no $default stage, so a request
# to the execute-api host that skipped the edge finds no stage (404) and spends none of these throttles.
resource "aws_apigatewayv2_stage" "this" {
  api_id      = aws_apigatewayv2_api.this.id
  name        = terraform_data.stage_name.output
  auto_deploy = true

  default_route_settings {
    throttling_rate_limit  = var.stage_throttle.rate_limit
    throttling_burst_limit = var.stage_throttle.burst_limit
  }

  dynamic "route_settings" {
    for_each = local.route_functions

    content {
      route_key              = route_settings.key
      throttling_rate_limit  = var.route_throttles[route_settings.value].rate_limit
      throttling_burst_limit = var.route_throttles[route_settings.value].burst_limit
    }
  }

  access_log_settings {
    destination_arn = aws_cloudwatch_log_group.access.arn
    format = jsonencode({
      requestId          = "$context.requestId"
      ip                 = "$context.identity.sourceIp"
      requestTime        = "$context.requestTime"
      routeKey           = "$context.routeKey"
      status             = "$context.status"
      responseLength     = "$context.responseLength"
      responseLatency    = "$context.responseLatency"
      integrationLatency = "$context.integrationLatency"
      integrationStatus  = "$context.integrationStatus"
      integrationError   = "$context.integrationErrorMessage"
    })
  }
}

# Every variant, plain Lambda and Managed Instances alike (the Managed Instances variants were module.managed_variant
# until the one call: the moved block in managed-instances.tf keeps their state).
module "variant" {
  source   = "../../modules/work-variant"
  for_each = local.variant_calls

  name              = each.key
  name_prefix       = var.name_prefix
  package_path      = local.package_path
  architecture      = each.value.architecture
  api_id            = aws_apigatewayv2_api.this.id
  api_execution_arn = aws_apigatewayv2_api.this.execution_arn
  timeout_seconds   = var.timeout_seconds
  settings          = var.settings
  extra_jvm_options = var.extra_jvm_options

  auth_key                   = local.auth_key
  operator_key               = local.operator_key
  origin_secret              = local.origin_secret
  key_cache_seconds          = var.key_cache_seconds
  key_rotation_grace_seconds = var.key_rotation_grace_seconds
  cors_origins               = var.cors_allow_origins
  benchmark_requires_key     = var.benchmark_requires_key

  generate          = each.value.generate
  validate          = each.value.validate
  managed_instances = each.value.managed_instances
  fan_out           = each.value.fan_out

  log_retention_days = var.log_retention_days
  metrics_namespace  = local.metrics_namespace
}
