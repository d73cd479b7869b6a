output "route_functions" {
  description = "Route key of each of the variant's routes -> the function behind it (generate or validate)."
  value       = { for key, route in aws_apigatewayv2_route.this : route.route_key => local.routes[key].function }
}

output "generate_function_name" {
  description = "Name of the generate function."
  value       = module.generate.function_name
}

output "validate_function_name" {
  description = "Name of the validate function."
  value       = module.validate.function_name
}

output "generate_log_group_name" {
  description = "Log group of the generate function."
  value       = module.generate.log_group_name
}

output "validate_log_group_name" {
  description = "Log group of the validate function."
  value       = module.validate.log_group_name
}

output "worker_log_group_name" {
  description = "Log group of the fan-out's worker function; null without fan_out."
  value       = local.fan_out ? module.worker[0].log_group_name : null
}

output "function_environments" {
  description = "generate and validate (the functions behind routes) -> the environment each starts with (never a secret: the key stays in SSM)."
  value       = { generate = module.generate.environment_variables, validate = module.validate.environment_variables }
}

output "worker_environment" {
  description = "The environment the fan-out's worker starts with (no keys: it answers no HTTP); null without fan_out."
  value       = local.fan_out ? module.worker[0].environment_variables : null
}

output "worker_function_name" {
  description = "Name of the fan-out's worker function; null without fan_out."
  value       = local.fan_out ? module.worker[0].function_name : null
}

output "fan_out_policies" {
  description = "generate and worker -> the fan-out policy of each function's role; empty without fan_out."
  value       = local.fan_out ? { generate = module.generate.fan_out_policy_json, worker = module.worker[0].fan_out_policy_json } : {}
}

output "function_key_policies" {
  description = "generate and validate -> the policy each function's role has to read the keys (null without a key)."
  value       = { generate = module.generate.key_policy_json, validate = module.validate.key_policy_json }
}

output "generate_role_arn" {
  description = "ARN of the generate function's role: the one principal the worker's resource policy names."
  value       = module.generate.role_arn
}

output "worker_permission" {
  description = "The worker's resource policy statement: who may invoke which qualifier; null without fan_out."
  value = local.fan_out ? {
    principal     = aws_lambda_permission.worker_from_generate[0].principal
    qualifier     = aws_lambda_permission.worker_from_generate[0].qualifier
    action        = aws_lambda_permission.worker_from_generate[0].action
    function_name = aws_lambda_permission.worker_from_generate[0].function_name
  } : null
}
