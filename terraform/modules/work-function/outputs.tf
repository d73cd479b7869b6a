output "function_name" {
  description = "Name of the Lambda function."
  value       = aws_lambda_function.this.function_name
}

output "function_arn" {
  description = "ARN of the Lambda function (unqualified)."
  value       = aws_lambda_function.this.arn
}

output "function_version" {
  description = "The published version the alias points at."
  value       = aws_lambda_function.this.version
}

output "alias_name" {
  description = "Name of the alias API Gateway invokes."
  value       = aws_lambda_alias.live.name
}

output "alias_arn" {
  description = "ARN of the alias."
  value       = aws_lambda_alias.live.arn
}

output "alias_invoke_arn" {
  description = "Invoke ARN of the alias, for an API Gateway integration_uri."
  value       = aws_lambda_alias.live.invoke_arn
}

output "log_group_name" {
  description = "CloudWatch log group of the function."
  value       = aws_cloudwatch_log_group.this.name
}

output "role_arn" {
  description = "ARN of the function's execution role."
  value       = aws_iam_role.this.arn
}

output "environment_variables" {
  description = "The environment the application starts with (settings, CORS origins, the key parameter's name; never a secret)."
  value       = aws_lambda_function.this.environment[0].variables
}

output "key_policy_json" {
  description = "The role's policy for reading the keys (ssm:GetParameter on their parameters, kms:Decrypt through SSM only); null without a key."
  value       = local.keyed ? aws_iam_role_policy.auth_key[0].policy : null
}

output "fan_out_policy_json" {
  description = "The role's policy for the fan-out (the work records; the worker's alias for a function that invokes it); null without fan_out."
  value       = local.fan_out ? aws_iam_role_policy.fan_out[0].policy : null
}
