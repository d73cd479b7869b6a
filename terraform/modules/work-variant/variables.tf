variable "name" {
  type        = string
  description = "Variant name: the path prefix of its routes (/NAME, /NAME/work_generate, /NAME/work_validate) and part of its function names."

  validation {
    condition     = can(regex("^[a-z0-9_-]{1,20}$", var.name))
    error_message = "name must be 1-20 lowercase letters, digits, - or _ (it becomes a URL path segment)."
  }
}

variable "name_prefix" {
  type        = string
  description = "Prefix of every function name, e.g. nano-work."

  validation {
    condition     = can(regex("^[A-Za-z0-9-]{1,24}$", var.name_prefix))
    error_message = "name_prefix must be 1-24 letters, digits or -."
  }
}

variable "package_path" {
  type        = string
  description = "Path to the Quarkus function.zip."

  validation {
    condition     = endswith(var.package_path, ".zip")
    error_message = "package_path must point at the Quarkus function.zip."
  }
}

variable "architecture" {
  type        = string
  description = "Instruction set of both functions of the variant: x86_64 or arm64."

  validation {
    condition     = contains(["x86_64", "arm64"], var.architecture)
    error_message = "architecture must be x86_64 or arm64."
  }
}

variable "api_id" {
  type        = string
  description = "ID of the HTTP API the variant's routes join."

  validation {
    condition     = length(var.api_id) > 0
    error_message = "api_id must not be empty."
  }
}

variable "api_execution_arn" {
  type        = string
  description = "Execution ARN of the HTTP API, to let it invoke the functions."

  validation {
    condition     = startswith(var.api_execution_arn, "arn:")
    error_message = "api_execution_arn must be an ARN."
  }
}

variable "generate" {
  type = object({
    memory_mb            = number
    reserved_concurrency = number
  })
  description = "The generate function, which also serves the nano RPC entry (POST /NAME): memory (10,240 MB buys about 6 vCPUs) and reserved concurrency."

  validation {
    condition     = var.generate.memory_mb >= 2048 && var.generate.reserved_concurrency >= 1
    error_message = "generate.memory_mb must be at least 2048 and generate.reserved_concurrency at least 1."
  }
}

variable "validate" {
  type = object({
    memory_mb            = number
    reserved_concurrency = number
  })
  description = "The validate function: one BLAKE2b per request, so small memory; and its reserved concurrency."

  validation {
    condition     = var.validate.memory_mb >= 128 && var.validate.reserved_concurrency >= 1
    error_message = "validate.memory_mb must be at least 128 and validate.reserved_concurrency at least 1."
  }
}

variable "managed_instances" {
  type = object({
    capacity_provider_arn      = string
    memory_gib_per_vcpu        = number
    min_execution_environments = number
    max_execution_environments = number
  })
  description = "Run the generate function on a Lambda Managed Instances capacity provider (null: plain Lambda). The validate function always stays on plain Lambda: one hash needs no chosen CPU."
  default     = null

  validation {
    condition     = var.managed_instances == null || try(var.managed_instances.max_execution_environments >= 1, false)
    error_message = "managed_instances.max_execution_environments must be at least 1."
  }
}

variable "fan_out" {
  type = object({
    table_name                  = string
    table_arn                   = string
    worker_reserved_concurrency = optional(number, 16)
    target                      = optional(string, "1s")
    max_workers                 = optional(number, 16)
    poll_interval               = optional(string, "50ms")
    record_ttl_minutes          = optional(number, 60)
  })
  description = "The fan-out: the work records' table, and a worker function (the generate function's memory, never routed, bounded by worker_reserved_concurrency) that the generate function invokes when a work is expected to take longer than target. null: the generate function searches alone. Plain Lambda only (a Managed Instances generate function keeps searching alone)."
  default     = null

  validation {
    condition     = var.fan_out == null || try(var.fan_out.worker_reserved_concurrency >= 1 && floor(var.fan_out.worker_reserved_concurrency) == var.fan_out.worker_reserved_concurrency && var.fan_out.max_workers <= var.fan_out.worker_reserved_concurrency, false)
    error_message = "fan_out.worker_reserved_concurrency must be a whole number of at least 1 and no less than max_workers (a work would never get its workers)."
  }

  validation {
    condition     = var.fan_out == null || var.managed_instances == null
    error_message = "fan_out is for plain Lambda variants: a Managed Instances variant's fleet is its bound (set fan_out = null there)."
  }
}

variable "timeout_seconds" {
  type        = number
  description = "Timeout of both functions, under the 30 s API Gateway integration limit."
  default     = 28

  validation {
    condition     = var.timeout_seconds >= 1 && var.timeout_seconds < 30
    error_message = "timeout_seconds must be from 1 to 29."
  }
}

variable "settings" {
  type = object({
    kernel         = string
    threads        = string
    max_difficulty = string
    deadline       = string
  })
  description = "The application's settings (NANO_WORK_KERNEL, NANO_WORK_THREADS, NANO_WORK_MAX_DIFFICULTY, NANO_WORK_DEADLINE); the work-function module validates each."
  default = {
    kernel         = "auto"
    threads        = "auto"
    max_difficulty = "fffffffc00000000"
    deadline       = "25s"
  }

  validation {
    condition     = var.settings.kernel != "" && var.settings.deadline != ""
    error_message = "settings.kernel and settings.deadline must not be empty."
  }
}

variable "extra_jvm_options" {
  type        = list(string)
  description = "JVM options appended after the required ones, one per element."
  default     = []

  validation {
    condition     = alltrue([for option in var.extra_jvm_options : length(option) > 0])
    error_message = "extra_jvm_options must not contain empty elements."
  }
}

variable "auth_key" {
  type = object({
    parameter_name = string
    parameter_arn  = string
    kms_key_arn    = optional(string)
  })
  description = "The access key both functions read through the AWS SDK: SSM SecureString parameter name and ARN, and its customer managed KMS key (null: aws/ssm). null: open."
  default     = null

  validation {
    condition     = var.auth_key == null || try(length(var.auth_key.parameter_name) > 0 && length(var.auth_key.parameter_arn) > 0, false)
    error_message = "auth_key needs parameter_name and parameter_arn (the work-function module validates each)."
  }
}

variable "operator_key" {
  type = object({
    parameter_name = string
    parameter_arn  = string
    kms_key_arn    = optional(string)
  })
  description = "The operator's key both functions read through the AWS SDK (benchmark, status details, cancelling others' searches): SSM SecureString parameter name and ARN, and its customer managed KMS key (null: aws/ssm). null: none."
  default     = null

  validation {
    condition     = var.operator_key == null || try(length(var.operator_key.parameter_name) > 0 && length(var.operator_key.parameter_arn) > 0, false)
    error_message = "operator_key needs parameter_name and parameter_arn (the work-function module validates each)."
  }
}

variable "origin_secret" {
  type = object({
    parameter_name = string
    parameter_arn  = string
    kms_key_arn    = optional(string)
  })
  description = "The edge's origin secret both functions require on every request (SSM SecureString parameter name and ARN, and its customer managed KMS key, null: aws/ssm); the worker answers no HTTP and reads none. null: none (x-viewer-address never believed)."
  default     = null

  validation {
    condition     = var.origin_secret == null || try(length(var.origin_secret.parameter_name) > 0 && length(var.origin_secret.parameter_arn) > 0, false)
    error_message = "origin_secret needs parameter_name and parameter_arn (the work-function module validates each)."
  }
}

variable "key_cache_seconds" {
  type        = number
  description = "How long both functions keep a key they read before reading it again (NANO_WORK_AUTH_KEY_CACHE); the work-function module holds it to its bounds."
  default     = 300

  validation {
    condition     = var.key_cache_seconds > 0
    error_message = "key_cache_seconds must be positive."
  }
}

variable "key_rotation_grace_seconds" {
  type        = number
  description = "How long after a key's new version its previous version stays accepted by both functions (NANO_WORK_AUTH_ROTATION_GRACE); the work-function module holds it to its bounds."
  default     = 1800

  validation {
    condition     = var.key_rotation_grace_seconds > var.key_cache_seconds
    error_message = "key_rotation_grace_seconds must be longer than key_cache_seconds."
  }
}

variable "cors_origins" {
  type        = list(string)
  description = "Origins browsers may call from, passed to both functions as NANO_WORK_CORS_ORIGINS (the same list API Gateway answers preflights with)."
  default     = ["*"]

  validation {
    condition     = length(var.cors_origins) > 0
    error_message = "cors_origins needs at least one origin."
  }
}

variable "benchmark_requires_key" {
  type        = bool
  description = "Refuse benchmark without a valid key on both functions (NANO_WORK_BENCHMARK_REQUIRES_KEY)."
  default     = true

  validation {
    condition     = var.benchmark_requires_key != null
    error_message = "benchmark_requires_key must be true or false."
  }
}

variable "metrics_namespace" {
  type        = string
  description = "CloudWatch namespace of the deployment's metrics; each function of the variant files its records' metrics there under Variant = name (docs/observe.md). null: the application's default."
  default     = null
  validation {
    condition     = var.metrics_namespace == null || try(can(regex("^[A-Za-z0-9._#:/-]{1,255}$", var.metrics_namespace)) && !startswith(var.metrics_namespace, "AWS/"), false)
    error_message = "metrics_namespace must be 1-255 of A-Z a-z 0-9 . _ # : / - and not start with AWS/ (CloudWatch's namespace rules)."
  }
}

variable "log_retention_days" {
  type        = number
  description = "Days CloudWatch keeps the functions' logs."
  default     = 14

  validation {
    condition     = var.log_retention_days >= 1
    error_message = "log_retention_days must be at least 1."
  }
}

variable "tags" {
  type        = map(string)
  description = "Tags added to every resource."
  default     = {}

  validation {
    condition     = alltrue([for key, value in var.tags : length(key) <= 128 && length(value) <= 256])
    error_message = "tag keys must be at most 128 characters and values at most 256."
  }
}
