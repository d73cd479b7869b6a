output "api_endpoint" {
  description = "Base URL of the endpoint: the edge (CloudFront), the only way in; each variant lives under /NAME."
  value       = local.edge_url
}

output "api_id" {
  description = "ID of the HTTP API."
  value       = aws_apigatewayv2_api.this.id
}

output "variant_urls" {
  description = "Variant name -> its nano RPC URL (POST any action there, as to a node)."
  value       = { for name in keys(local.variant_targets) : name => "${local.edge_url}/${name}" }
}

output "work_generate_urls" {
  description = "Variant name -> its work_generate URL."
  value       = { for name in keys(local.variant_targets) : name => "${local.edge_url}/${name}/work_generate" }
}

output "work_validate_urls" {
  description = "Variant name -> its work_validate URL."
  value       = { for name in keys(local.variant_targets) : name => "${local.edge_url}/${name}/work_validate" }
}

output "variant_targets" {
  description = "Variant name -> the target label of its measured rate in infra/rates/deployed.jsonl (e.g. lambda-x86_64-10240, lmi-c7i)."
  value       = local.variant_targets
}

output "function_names" {
  description = "Variant name -> its generate and validate function names."
  value       = { for name, variant in module.variant : name => { generate = variant.generate_function_name, validate = variant.validate_function_name } }
}

output "access_log_group_name" {
  description = "CloudWatch log group of the API's access logs."
  value       = aws_cloudwatch_log_group.access.name
}

output "reserved_concurrency_total" {
  description = "Concurrent executions the stack reserves from the account's quota (which must exceed it by 100)."
  value       = local.reserved_concurrency_total
}

output "rate_limited_url" {
  description = "With client_rate_limit: the URL where the per-client limit applies (the edge's, as api_endpoint). null without it."
  value       = local.rate_limited ? local.edge_url : null
}

output "edge_key_value_store_arn" {
  description = "ARN of the CloudFront key store holding the SHA-256 of each valid key, which infra/edge-keys.sh writes after every apply."
  value       = aws_cloudfront_key_value_store.keys.arn
}

output "spend_topic_arn" {
  description = "SNS topic the spend alarm and budget notify (subscribe more endpoints to it). null without spend_alert."
  value       = local.alerting ? aws_sns_topic.spend[0].arn : null
}

output "auth_key_parameter_arn" {
  description = "ARN of the SSM parameter holding the wallets' key, which every function reads; null when the endpoint is open (open_endpoint)."
  value       = local.auth_key_parameter_arn
}

output "auth_key_read_command" {
  description = "The command that prints the wallets' key (give it to the wallets: Authorization: Bearer KEY); null when the endpoint is open. The key itself is in no output and not in the state."
  value       = local.auth_key_parameter_name == null ? null : "${local.read_key_command} ${local.auth_key_parameter_name}"
}

output "origin_secret_parameter_arn" {
  description = "ARN of the SSM parameter holding the edge's origin secret, which infra/edge-keys.sh gives the edge and every function requires (raise key_versions.origin to rotate it). The secret itself is in no output and not in the state."
  value       = local.origin_secret_parameter_arn
}

output "key_cache_seconds" {
  description = "How long every function keeps a key it read before reading it again (NANO_WORK_AUTH_KEY_CACHE): a rotated key reaches the functions within this time."
  value       = var.key_cache_seconds
}

output "key_rotation_grace_seconds" {
  description = "How long after a key parameter's new version its previous value stays accepted (NANO_WORK_AUTH_ROTATION_GRACE); infra/edge-keys.sh gives the previous digest at the edge the same end."
  value       = var.key_rotation_grace_seconds
}

output "operator_key_parameter_arn" {
  description = "ARN of the SSM parameter holding the operator's key (benchmark, status details, cancelling other holders' searches)."
  value       = local.operator_key_parameter_arn
}

output "operator_key_read_command" {
  description = "The command that prints the operator's key (keep it to yourself; wallets get the other one)."
  value       = "${local.read_key_command} ${local.operator_key_parameter_name}"
}

output "fan_out" {
  description = "The fan-out: the work records' table and each plain variant's worker function; null when fan_out = null."
  value = local.fan_out ? {
    table_name = aws_dynamodb_table.work_records[0].name
    workers    = { for name in keys(var.variants) : name => module.variant[name].worker_function_name }
  } : null
}

output "dashboard_name" {
  description = "The CloudWatch dashboard of the deployment (docs/observe.md)."
  value       = module.observe.dashboard_name
}

output "metrics_source" {
  description = "What infra/measured-cost.sh reads the deployment's metrics with: the namespace, the region, the work records' table, and each variant's target label (as variant_targets), architecture, generate memory and function names."
  value = {
    namespace = local.metrics_namespace
    region    = var.region
    table     = local.fan_out ? aws_dynamodb_table.work_records[0].name : null
    variants  = { for name, v in local.observed_variants : name => merge(v, { target = local.variant_targets[name] }) }
  }
}
