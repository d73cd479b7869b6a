# Seeing the deployment (docs/observe.md): every function writes one JSON line per request or worker invocation, its
# record and its metrics at once (CloudWatch's Embedded Metric Format) under this stack's namespace; the dashboard,
# the alarms (to the spend alarm's SNS topic) and the saved Logs Insights queries are modules/work-observe's.

locals {
  # One namespace per deployment: two stacks in one account keep their metrics apart.
  metrics_namespace = "NanoWork/${var.name_prefix}"

  observed_variants = {
    for name, call in local.variant_calls : name => {
      architecture       = call.architecture
      generate_memory_mb = call.generate.memory_mb
      generate_function  = module.variant[name].generate_function_name
      validate_function  = module.variant[name].validate_function_name
      worker_function    = module.variant[name].worker_function_name
      # Managed Instances pay for their EC2 fleet, not per GB-second: no cost per work on the dashboard.
      duration_billed = call.managed_instances == null
    }
  }
}

module "observe" {
  source = "../../modules/work-observe"

  name_prefix = var.name_prefix
  region      = var.region
  namespace   = local.metrics_namespace
  variants    = local.observed_variants
  log_group_names = flatten([for name, variant in module.variant : compact([
    variant.generate_log_group_name, variant.validate_log_group_name, variant.worker_log_group_name,
  ])])
  api_id          = aws_apigatewayv2_api.this.id
  table_name      = local.fan_out ? aws_dynamodb_table.work_records[0].name : null
  spend_alarm_arn = local.alerting ? aws_cloudwatch_metric_alarm.spend[0].arn : null
  alarms          = merge(var.alarms, { enabled = local.alerting, topic_arn = local.alerting ? aws_sns_topic.spend[0].arn : null })
  prices = {
    lambda_gb_second                   = var.prices.lambda_gb_second
    lambda_request_per_million         = var.prices.lambda_request_per_million
    http_api_request_per_million       = var.prices.http_api_request_per_million
    dynamodb_read_request_per_million  = var.prices.dynamodb_read_request_per_million
    dynamodb_write_request_per_million = var.prices.dynamodb_write_request_per_million
  }
}
