output "dashboard_name" {
  description = "Name of the CloudWatch dashboard."
  value       = aws_cloudwatch_dashboard.this.dashboard_name
}

output "dashboard_body" {
  description = "The dashboard's JSON (for tests and tools: every metric it draws is one the functions report or AWS's)."
  value       = aws_cloudwatch_dashboard.this.dashboard_body
}

output "alarm_names" {
  description = "Alarm key (VARIANT-KIND) -> alarm name; empty when alarms are off."
  value       = { for key, alarm in aws_cloudwatch_metric_alarm.this : key => alarm.alarm_name }
}

output "query_names" {
  description = "The saved Logs Insights queries' names."
  value       = sort([for q in aws_cloudwatch_query_definition.this : q.name])
}
