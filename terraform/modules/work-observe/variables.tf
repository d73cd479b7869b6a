variable "name_prefix" {
  type        = string
  description = "Prefix of the dashboard, the alarms and the saved queries (the stack's name_prefix)."

  validation {
    condition     = can(regex("^[A-Za-z0-9-]{1,24}$", var.name_prefix))
    error_message = "name_prefix must be 1-24 letters, digits or -."
  }
}

variable "region" {
  type        = string
  description = "Region of the stack: the dashboard's widgets read its metrics."

  validation {
    condition     = can(regex("^[a-z]{2}(-[a-z]+)+-[0-9]$", var.region))
    error_message = "region must be an AWS region name, e.g. us-east-1."
  }
}

variable "namespace" {
  type        = string
  description = "CloudWatch namespace of the functions' metrics (NANO_WORK_METRICS_NAMESPACE): one per deployment."

  validation {
    condition     = can(regex("^[A-Za-z0-9._#:/-]{1,255}$", var.namespace)) && !startswith(var.namespace, "AWS/")
    error_message = "namespace must be 1-255 of A-Z a-z 0-9 . _ # : / - and not begin with AWS/ (AWS's own)."
  }
}

variable "variants" {
  type = map(object({
    architecture       = string
    generate_memory_mb = number
    generate_function  = string
    validate_function  = string
    worker_function    = optional(string)
    duration_billed    = optional(bool, true)
  }))
  description = "Variant name (the metrics' Variant dimension) -> its architecture, its generate function's memory and its functions' names (worker_function null without the fan-out)."

  validation {
    condition     = length(var.variants) > 0 && alltrue([for v in values(var.variants) : contains(["x86_64", "arm64"], v.architecture) && v.generate_memory_mb >= 128])
    error_message = "variants needs at least one variant, each x86_64 or arm64 with its generate memory in MB."
  }
}

variable "log_group_names" {
  type        = list(string)
  description = "Log groups of every function, which the saved Logs Insights queries read."

  validation {
    condition     = length(var.log_group_names) > 0
    error_message = "log_group_names must name at least one log group."
  }
}

variable "api_id" {
  type        = string
  description = "ID of the HTTP API (its requests are part of a work's cost)."
}

variable "table_name" {
  type        = string
  description = "The work records' DynamoDB table; null without the fan-out."
  default     = null
}

variable "alarms" {
  type = object({
    enabled             = bool
    topic_arn           = optional(string)
    p99_latency_seconds = optional(number, 5)
    deadlines           = optional(number, 1)
    worker_throttles    = optional(number, 5)
    lambda_errors       = optional(number, 1)
    lambda_throttles    = optional(number, 1)
    failures            = optional(number, 1)
  })
  description = "The alarms, each to topic_arn (the spend alarm's SNS topic): on when enabled, with the thresholds per 5 minutes (p99 latency of work_generate over 3 periods of 5 minutes in a row)."

  validation {
    condition     = !var.alarms.enabled || var.alarms.topic_arn != null
    error_message = "alarms.enabled needs alarms.topic_arn: an alarm nobody hears is no alarm."
  }
  validation {
    condition     = var.alarms.p99_latency_seconds > 0 && var.alarms.p99_latency_seconds < 30 && var.alarms.deadlines >= 1 && var.alarms.worker_throttles >= 1 && var.alarms.lambda_errors >= 1 && var.alarms.lambda_throttles >= 1 && var.alarms.failures >= 1
    error_message = "alarms: p99_latency_seconds within (0, 30) (API Gateway's limit), every count threshold at least 1."
  }
}

variable "spend_alarm_arn" {
  type        = string
  description = "The spend alarm, drawn on the dashboard with its threshold; null without one."
  default     = null
}

variable "prices" {
  type = object({
    lambda_gb_second                   = map(number)
    lambda_request_per_million         = number
    http_api_request_per_million       = number
    dynamodb_read_request_per_million  = number
    dynamodb_write_request_per_million = number
  })
  description = "The prices the dashboard's cost per work multiplies usage by (the stack's prices)."
}
