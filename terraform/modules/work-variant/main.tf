# One hardware variant: a generate function (large memory, behind the nano RPC entry too), a validate
# function (small memory), and their three routes on the shared HTTP API:
#   POST /NAME                -> generate function, path "/"             (nano RPC: dispatch on "action")
#   POST /NAME/work_generate  -> generate function, path "/work_generate"
#   POST /NAME/work_validate  -> validate function, path "/work_validate"
# The integration rewrites the path (overwrite:path) so the application sees the same paths in every
# variant and needs no knowledge of the prefix.

locals {
  routes = {
    rpc = {
      route_key = "POST /${var.name}"
      path      = "/"
      function  = "generate"
    }
    work_generate = {
      route_key = "POST /${var.name}/work_generate"
      path      = "/work_generate"
      function  = "generate"
    }
    work_validate = {
      route_key = "POST /${var.name}/work_validate"
      path      = "/work_validate"
      function  = "validate"
    }
  }

  functions = {
    generate = module.generate
    validate = module.validate
  }

  fan_out = var.fan_out != null

  # Every function of the variant files its metrics under its name.
  metrics = var.metrics_namespace == null ? null : { namespace = var.metrics_namespace, variant = var.name }
}

module "generate" {
  source = "../work-function"

  name                 = "${var.name_prefix}-${var.name}-generate"
  description          = "nano-work-function ${var.name}: work_generate and the nano RPC entry"
  package_path         = var.package_path
  architecture         = var.architecture
  memory_mb            = var.generate.memory_mb
  timeout_seconds      = var.timeout_seconds
  reserved_concurrency = var.generate.reserved_concurrency
  # Behind POST /NAME, the nano RPC entry, which dispatches every action.
  serve              = "both"
  kernel             = var.settings.kernel
  threads            = var.settings.threads
  max_difficulty     = var.settings.max_difficulty
  deadline           = var.settings.deadline
  extra_jvm_options  = var.extra_jvm_options
  log_retention_days = var.log_retention_days
  tags               = var.tags
  metrics            = local.metrics

  auth_key                   = var.auth_key
  operator_key               = var.operator_key
  origin_secret              = var.origin_secret
  key_cache_seconds          = var.key_cache_seconds
  key_rotation_grace_seconds = var.key_rotation_grace_seconds
  cors_origins               = var.cors_origins
  benchmark_requires_key     = var.benchmark_requires_key

  fan_out = local.fan_out ? {
    table_name         = var.fan_out.table_name
    table_arn          = var.fan_out.table_arn
    worker_alias_arn   = module.worker[0].alias_arn
    target             = var.fan_out.target
    max_workers        = var.fan_out.max_workers
    poll_interval      = var.fan_out.poll_interval
    record_ttl_minutes = var.fan_out.record_ttl_minutes
  } : null

  on_managed_instances       = var.managed_instances != null
  capacity_provider_arn      = try(var.managed_instances.capacity_provider_arn, null)
  memory_gib_per_vcpu        = try(var.managed_instances.memory_gib_per_vcpu, 2)
  min_execution_environments = try(var.managed_instances.min_execution_environments, 1)
  max_execution_environments = try(var.managed_instances.max_execution_environments, 3)
}

# The fan-out's worker: the generate function's code and memory behind WorkerHandler, invoked only by the generate
# function's role (lambda:InvokeFunction on this alias alone, and the worker's resource policy below), never routed
# from API Gateway.
module "worker" {
  source = "../work-function"
  count  = local.fan_out ? 1 : 0

  name                 = "${var.name_prefix}-${var.name}-worker"
  description          = "nano-work-function ${var.name}: fan-out worker (one search per invocation from the generate function)"
  package_path         = var.package_path
  architecture         = var.architecture
  memory_mb            = var.generate.memory_mb
  timeout_seconds      = var.timeout_seconds
  reserved_concurrency = var.fan_out.worker_reserved_concurrency
  serve                = "worker"
  kernel               = var.settings.kernel
  threads              = var.settings.threads
  max_difficulty       = var.settings.max_difficulty
  deadline             = var.settings.deadline
  extra_jvm_options    = var.extra_jvm_options
  log_retention_days   = var.log_retention_days
  tags                 = var.tags
  metrics              = local.metrics

  fan_out = {
    table_name         = var.fan_out.table_name
    table_arn          = var.fan_out.table_arn
    poll_interval      = var.fan_out.poll_interval
    record_ttl_minutes = var.fan_out.record_ttl_minutes
  }
}

# A precache's workers are queued asynchronously (InvocationType=Event: docs/endpoint.md, work_precache). By default
# Lambda keeps a throttled event for 6 hours and retries a failed one twice; a precache is worth nothing minutes later
# (its worker's deadline will have passed, and the wallet's work_generate searches as it would have), so a throttled
# one is dropped after a minute, the least Lambda allows, and a failed one is not retried.
resource "aws_lambda_function_event_invoke_config" "worker" {
  count = local.fan_out ? 1 : 0

  function_name                = module.worker[0].function_name
  qualifier                    = module.worker[0].alias_name
  maximum_event_age_in_seconds = 60
  maximum_retry_attempts       = 0
}

module "validate" {
  source = "../work-function"

  name                 = "${var.name_prefix}-${var.name}-validate"
  description          = "nano-work-function ${var.name}: work_validate"
  package_path         = var.package_path
  architecture         = var.architecture
  memory_mb            = var.validate.memory_mb
  timeout_seconds      = var.timeout_seconds
  reserved_concurrency = var.validate.reserved_concurrency
  # Searches no work, so it takes no kernel and no threads (the work-function module sets neither for it).
  serve              = "validate"
  max_difficulty     = var.settings.max_difficulty
  deadline           = var.settings.deadline
  extra_jvm_options  = var.extra_jvm_options
  log_retention_days = var.log_retention_days
  tags               = var.tags
  metrics            = local.metrics

  # Every route needs the key, work_validate included.
  auth_key                   = var.auth_key
  operator_key               = var.operator_key
  origin_secret              = var.origin_secret
  key_cache_seconds          = var.key_cache_seconds
  key_rotation_grace_seconds = var.key_rotation_grace_seconds
  cors_origins               = var.cors_origins
  benchmark_requires_key     = var.benchmark_requires_key
}

# The worker's resource policy: its alias may be invoked by the generate function's role, and by no other principal
# through this policy (no other account, no service). Within the account an IAM principal whose own policy grants
# lambda:InvokeFunction on the worker can still invoke it (IAM allows on either policy); such a forged task must name
# a live search's id (a random UUID) or the worker exits after one read of the record (docs/reliability.md).
resource "aws_lambda_permission" "worker_from_generate" {
  count = local.fan_out ? 1 : 0

  statement_id  = "AllowTheGenerateFunctionRole"
  action        = "lambda:InvokeFunction"
  function_name = module.worker[0].function_name
  qualifier     = module.worker[0].alias_name
  principal     = module.generate.role_arn
}

resource "aws_apigatewayv2_integration" "this" {
  for_each = local.routes

  api_id                 = var.api_id
  description            = "${var.name}: ${each.value.route_key} -> ${each.value.function} function"
  integration_type       = "AWS_PROXY"
  integration_method     = "POST"
  integration_uri        = local.functions[each.value.function].alias_invoke_arn
  payload_format_version = "2.0"
  # The HTTP API maximum; the function times out (and the search deadline ends) before it.
  timeout_milliseconds = 30000

  request_parameters = {
    "overwrite:path" = each.value.path
  }
}

resource "aws_apigatewayv2_route" "this" {
  for_each = local.routes

  api_id    = var.api_id
  route_key = each.value.route_key
  target    = "integrations/${aws_apigatewayv2_integration.this[each.key].id}"
}

# One permission per route, each for exactly that route's method and path (any stage of this API: it has one), so
# that no other route, nor a route added later under the same prefix, may invoke the function.
resource "aws_lambda_permission" "api" {
  for_each = local.routes

  statement_id  = "AllowHttpApiInvoke-${each.key}"
  action        = "lambda:InvokeFunction"
  function_name = local.functions[each.value.function].function_name
  qualifier     = local.functions[each.value.function].alias_name
  principal     = "apigateway.amazonaws.com"
  # arn:aws:execute-api:REGION:ACCOUNT:API/STAGE/METHOD/PATH; "POST /x86_64/work_generate" -> POST/x86_64/work_generate
  source_arn = "${var.api_execution_arn}/*/${replace(each.value.route_key, " ", "")}"
}
