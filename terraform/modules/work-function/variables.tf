variable "name" {
  type        = string
  description = "Function name; also names its IAM role and log group. Letters, digits, - and _ only."

  validation {
    condition     = can(regex("^[A-Za-z0-9_-]{1,56}$", var.name))
    error_message = "name must be 1-56 letters, digits, - or _ (64 is Lambda's limit; the role name adds a suffix)."
  }
}

variable "description" {
  type        = string
  description = "Human description shown on the function."
  default     = "nano-work-function: Nano proof of work (work_generate / work_validate)"

  validation {
    condition     = length(var.description) <= 256
    error_message = "description must be at most 256 characters."
  }
}

variable "package_path" {
  type        = string
  description = "Path to the function.zip the Quarkus build writes (target/function.zip)."

  validation {
    condition     = endswith(var.package_path, ".zip")
    error_message = "package_path must point at the Quarkus function.zip."
  }
}

variable "architecture" {
  type        = string
  description = "Instruction set: x86_64 (AVX2 documented; AVX-512 on c7i/c7a managed instances) or arm64 (Graviton NEON)."

  validation {
    condition     = contains(["x86_64", "arm64"], var.architecture)
    error_message = "architecture must be x86_64 or arm64."
  }
}

variable "memory_mb" {
  type        = number
  description = "Memory in MB. CPU follows memory on Lambda: 1,769 MB is one vCPU of credit, 10,240 MB about 5.8 (6 visible CPUs). Managed instances need at least 2,048."

  validation {
    condition     = var.memory_mb >= 128 && var.memory_mb <= 32768 && floor(var.memory_mb) == var.memory_mb
    error_message = "memory_mb must be a whole number from 128 to 32768 (10240 is the ceiling outside managed instances)."
  }
}

variable "timeout_seconds" {
  type        = number
  description = "Function timeout in seconds. Under 30: API Gateway HTTP API cuts every integration at 30 s, so a longer run is paid for and never answered."
  default     = 28

  validation {
    condition     = var.timeout_seconds >= 1 && var.timeout_seconds < 30
    error_message = "timeout_seconds must be from 1 to 29 (the HTTP API integration limit is 30 s)."
  }
}

variable "reserved_concurrency" {
  type        = number
  description = "Reserved concurrent executions: the ceiling on simultaneous runs, and so on cost per hour. Managed-instance functions are bounded by max_execution_environments instead."
  default     = 5

  validation {
    condition     = var.reserved_concurrency >= 1 && floor(var.reserved_concurrency) == var.reserved_concurrency
    error_message = "reserved_concurrency must be a whole number of at least 1 (0 refuses every call; unreserved is unbounded)."
  }
}

variable "serve" {
  type        = string
  description = "Which actions this function serves (NANO_WORK_SERVE): generate, validate or both. The function behind the nano RPC entry (POST /) must serve both. worker: the fan-out's worker (handler dev.nanowork.worker.WorkerHandler, one search per invocation, no HTTP; never routed from API Gateway)."

  validation {
    condition     = contains(["generate", "validate", "both", "worker"], var.serve)
    error_message = "serve must be generate, validate, both or worker."
  }
}

variable "fan_out" {
  type = object({
    table_name         = string
    table_arn          = string
    worker_alias_arn   = optional(string)
    target             = optional(string, "1s")
    max_workers        = optional(number, 16)
    poll_interval      = optional(string, "50ms")
    record_ttl_minutes = optional(number, 60)
  })
  description = "The fan-out (docs/deploy.md): the DynamoDB table of work records every execution shares (NANO_WORK_FAN_OUT_TABLE; GetItem, PutItem and UpdateItem on it alone), and for a function that answers work_generate the worker function's alias to invoke (NANO_WORK_FAN_OUT_WORKER; lambda:InvokeFunction on it alone), the expected search time it aims for, the most workers per work, how often every execution reads the record and how long a found work is kept. null: every work is searched by this function alone."
  default     = null

  validation {
    condition     = var.fan_out == null || try(can(regex("^arn:aws[a-zA-Z-]*:dynamodb:[a-z0-9-]+:[0-9]{12}:table/[A-Za-z0-9_.-]{3,255}$", var.fan_out.table_arn)) && can(regex("^[A-Za-z0-9_.-]{3,255}$", var.fan_out.table_name)), false)
    error_message = "fan_out.table_name must be a DynamoDB table name and fan_out.table_arn its ARN (arn:aws:dynamodb:REGION:ACCOUNT:table/NAME)."
  }

  # Qualified: the grant covers that alias alone (SnapStart runs published versions only), never $LATEST.
  validation {
    condition     = try(var.fan_out.worker_alias_arn == null || can(regex("^arn:aws[a-zA-Z-]*:lambda:[a-z0-9-]+:[0-9]{12}:function:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$", var.fan_out.worker_alias_arn)), true)
    error_message = "fan_out.worker_alias_arn must be null or a function alias ARN (arn:aws:lambda:REGION:ACCOUNT:function:NAME:ALIAS)."
  }

  # The application's own bounds (FanOutSettings), so that a refused value fails the plan, not the function's start.
  validation {
    condition     = var.fan_out == null || try(can(regex("^[1-9][0-9]*(ms|s)$", var.fan_out.target)) && can(regex("^[1-9][0-9]*(ms|s)$", var.fan_out.poll_interval)), false)
    error_message = "fan_out.target and fan_out.poll_interval must be a positive whole number followed by ms or s, e.g. 500ms."
  }

  validation {
    condition     = var.fan_out == null || try(tonumber(regex("^[0-9]+", var.fan_out.poll_interval)) * (endswith(var.fan_out.poll_interval, "ms") ? 1 : 1000) >= 10 && tonumber(regex("^[0-9]+", var.fan_out.poll_interval)) * (endswith(var.fan_out.poll_interval, "ms") ? 1 : 1000) <= 5000, false)
    error_message = "fan_out.poll_interval must be from 10ms to 5s: every execution of a search reads the record once per interval."
  }

  validation {
    condition     = var.fan_out == null || try(var.fan_out.max_workers >= 1 && var.fan_out.max_workers <= 64 && floor(var.fan_out.max_workers) == var.fan_out.max_workers && var.fan_out.record_ttl_minutes >= 1 && var.fan_out.record_ttl_minutes <= 1440 && floor(var.fan_out.record_ttl_minutes) == var.fan_out.record_ttl_minutes, false)
    error_message = "fan_out.max_workers must be a whole number from 1 to 64 and fan_out.record_ttl_minutes one from 1 to 1440 (a day)."
  }

  # Lambda's recursion guard allows one level: a worker never invokes; it still reads and writes the records.
  validation {
    condition     = var.serve != "worker" || try(var.fan_out.table_name != null && var.fan_out.worker_alias_arn == null, false)
    error_message = "a worker (serve = worker) needs fan_out with its table and no worker_alias_arn: workers never invoke workers."
  }

  validation {
    condition     = var.serve != "validate" || var.fan_out == null
    error_message = "a validate-only function searches no work: fan_out must be null."
  }
}

# Every value the function's kernel setting accepts (KernelChoice.NAMES, in its order): auto, the vector widths, and each
# variant of the kernel catalogue (KernelVariant). KernelCatalogueTest fails when this list and the catalogue differ.
locals {
  kernel_choices = [
    "auto", "vector512", "vector256", "vector128",
    "vector512x2", "vector512x1", "vector256x2", "vector256x2perm", "vector256x1", "vector256x2nz",
    "vector256x1nz", "vector128x1shuf", "vector128x2", "vector128x1", "scalarx2", "scalar",
  ]
}

variable "metrics" {
  type = object({
    namespace = string
    variant   = string
  })
  description = "Where the function files the metrics of its records (NANO_WORK_METRICS_NAMESPACE, NANO_WORK_METRICS_VARIANT: the CloudWatch namespace of the deployment and the Variant dimension, docs/observe.md); null: the application's defaults (NanoWork, self-hosted)."
  default     = null

  validation {
    condition     = var.metrics == null || try(can(regex("^[A-Za-z0-9._#:/-]{1,255}$", var.metrics.namespace)) && !startswith(var.metrics.namespace, "AWS/") && can(regex("^[!-~]{1,64}$", var.metrics.variant)), false)
    error_message = "metrics.namespace must be 1-255 of A-Z a-z 0-9 . _ # : / - (not AWS/...), metrics.variant 1-64 printable characters without a space."
  }
}

variable "kernel" {
  type        = string
  description = "Work kernel (NANO_WORK_KERNEL): auto, the fastest variant this JVM runs, measured at start-up; a width (vector512, vector256, vector128), the fastest of that width's variants; or one variant by name (vector512x2, ..., scalar: docs/kernels.md). Not set when serve is validate (that function selects no kernel)."
  default     = "auto"

  validation {
    condition     = contains(local.kernel_choices, var.kernel)
    error_message = "kernel must be one of ${join(", ", local.kernel_choices)}; was \"${var.kernel}\"."
  }
}

variable "threads" {
  type        = string
  description = "Search threads (NANO_WORK_THREADS): auto sizes them to the CPU the memory pays for, or a whole number. Not set when serve is validate (that function starts no search threads)."
  default     = "auto"

  validation {
    condition     = var.threads == "auto" || can(regex("^[1-9][0-9]{0,2}$", var.threads))
    error_message = "threads must be auto or a whole number from 1 to 999."
  }
}

variable "max_difficulty" {
  type        = string
  description = "Highest difficulty work_generate accepts (NANO_WORK_MAX_DIFFICULTY), 16 hex digits. The default is twice the send threshold: about 2^30 attempts on average."
  default     = "fffffffc00000000"

  validation {
    condition     = can(regex("^[0-9a-fA-F]{16}$", var.max_difficulty))
    error_message = "max_difficulty must be exactly 16 hex digits."
  }
}

variable "deadline" {
  type        = string
  description = "How long one work_generate may search before it answers with an error (NANO_WORK_DEADLINE), e.g. 25s. Keep it under timeout_seconds so the function answers before Lambda stops it."
  default     = "25s"

  validation {
    condition     = can(regex("^[0-9]+(ms|s)$", var.deadline))
    error_message = "deadline must be a whole number followed by ms or s, e.g. 25s."
  }

  validation {
    condition     = try(tonumber(regex("^[0-9]+", var.deadline)) / (endswith(var.deadline, "ms") ? 1000 : 1) < var.timeout_seconds, false)
    error_message = "deadline must be shorter than timeout_seconds, or Lambda stops the search before it can answer."
  }
}

locals {
  # The shapes an extra JVM option may take (jvm-options.json says why an allow-list).
  jvm_option_shapes = jsondecode(file("${path.module}/jvm-options.json")).shapes
}

variable "extra_jvm_options" {
  type        = list(string)
  description = "JVM options appended to JAVA_TOOL_OPTIONS after the required ones (the vector module and C2), one per element, each of a shape jvm-options.json allows: -Xmx/-Xms/-Xmn/-Xss sizes, -XX:+/-Flag and -XX:Flag=number from a known list, -Xlog, -verbose:gc. No -D, quote, @argfile or agent."
  default     = []

  validation {
    condition     = alltrue([for option in var.extra_jvm_options : anytrue([for shape in local.jvm_option_shapes : can(regex(shape, option))])])
    error_message = "extra_jvm_options may hold only options of the shapes in modules/work-function/jvm-options.json (${join(" ", local.jvm_option_shapes)}); use this module's variables (each validated) for the application's settings."
  }
}

variable "auth_key" {
  type = object({
    parameter_name = string
    parameter_arn  = string
    kms_key_arn    = optional(string)
  })
  description = "The access key: an SSM SecureString parameter (name and ARN) the application reads through the AWS SDK (NANO_WORK_AUTH_KEY_PARAMETER), re-read every key_cache_seconds; kms_key_arn is the customer managed key that encrypts it (null: the AWS managed key aws/ssm). null: no key, the endpoint is open."
  default     = null

  validation {
    condition     = var.auth_key == null || try(can(regex("^arn:aws[a-zA-Z-]*:ssm:[a-z0-9-]+:[0-9]{12}:parameter/[A-Za-z0-9_.\\-/]+$", var.auth_key.parameter_arn)) && endswith(var.auth_key.parameter_arn, ":parameter/${trimprefix(var.auth_key.parameter_name, "/")}"), false)
    error_message = "auth_key.parameter_arn must be the SSM parameter ARN of auth_key.parameter_name (arn:aws:ssm:REGION:ACCOUNT:parameter/NAME)."
  }

  validation {
    condition     = var.auth_key == null || try(var.auth_key.kms_key_arn == null || can(regex("^arn:aws[a-zA-Z-]*:kms:[a-z0-9-]+:[0-9]{12}:key/[A-Za-z0-9-]+$", var.auth_key.kms_key_arn)), false)
    error_message = "auth_key.kms_key_arn must be null or a KMS key ARN (arn:aws:kms:REGION:ACCOUNT:key/ID; not an alias: IAM matches the key ARN)."
  }
}

variable "operator_key" {
  type = object({
    parameter_name = string
    parameter_arn  = string
    kms_key_arn    = optional(string)
  })
  description = "The operator's key, distinct from the wallets' (auth_key): an SSM SecureString parameter the application reads as it reads auth_key (NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER); benchmark, status details and cancelling other holders' searches need it. null: no operator key."
  default     = null

  validation {
    condition     = var.operator_key == null || try(can(regex("^arn:aws[a-zA-Z-]*:ssm:[a-z0-9-]+:[0-9]{12}:parameter/[A-Za-z0-9_.\\-/]+$", var.operator_key.parameter_arn)) && endswith(var.operator_key.parameter_arn, ":parameter/${trimprefix(var.operator_key.parameter_name, "/")}"), false)
    error_message = "operator_key.parameter_arn must be the SSM parameter ARN of operator_key.parameter_name (arn:aws:ssm:REGION:ACCOUNT:parameter/NAME)."
  }

  validation {
    condition     = var.operator_key == null || try(var.operator_key.kms_key_arn == null || can(regex("^arn:aws[a-zA-Z-]*:kms:[a-z0-9-]+:[0-9]{12}:key/[A-Za-z0-9-]+$", var.operator_key.kms_key_arn)), false)
    error_message = "operator_key.kms_key_arn must be null or a KMS key ARN (arn:aws:kms:REGION:ACCOUNT:key/ID)."
  }
}

variable "origin_secret" {
  type = object({
    parameter_name = string
    parameter_arn  = string
    kms_key_arn    = optional(string)
  })
  description = "The edge's origin secret: an SSM SecureString parameter the application reads with the keys, in the same call (NANO_WORK_AUTH_ORIGIN_SECRET_PARAMETER). Every request must carry it in x-origin-secret (the edge's function sets it), else it is refused before anything runs; beside it, the x-viewer-address the edge sets is the client. null: no secret, x-viewer-address never believed."
  default     = null

  validation {
    condition     = var.origin_secret == null || try(can(regex("^arn:aws[a-zA-Z-]*:ssm:[a-z0-9-]+:[0-9]{12}:parameter/[A-Za-z0-9_.\\-/]+$", var.origin_secret.parameter_arn)) && endswith(var.origin_secret.parameter_arn, ":parameter/${trimprefix(var.origin_secret.parameter_name, "/")}"), false)
    error_message = "origin_secret.parameter_arn must be the SSM parameter ARN of origin_secret.parameter_name (arn:aws:ssm:REGION:ACCOUNT:parameter/NAME)."
  }

  validation {
    condition     = var.origin_secret == null || try(var.origin_secret.kms_key_arn == null || can(regex("^arn:aws[a-zA-Z-]*:kms:[a-z0-9-]+:[0-9]{12}:key/[A-Za-z0-9-]+$", var.origin_secret.kms_key_arn)), false)
    error_message = "origin_secret.kms_key_arn must be null or a KMS key ARN (arn:aws:kms:REGION:ACCOUNT:key/ID)."
  }

  # A worker answers no HTTP request: it takes its tasks from the generate function's invoke, and reads no secret.
  validation {
    condition     = var.serve != "worker" || var.origin_secret == null
    error_message = "a worker (serve = worker) reads no origin secret: origin_secret must be null."
  }
}

variable "key_cache_seconds" {
  type        = number
  description = "With a key: how long the application keeps a key it read before reading it again (NANO_WORK_AUTH_KEY_CACHE), so a rotated key reaches every function within this time, without a deploy. Each function environment reads each parameter (and, during a rotation, its previous version) once per period."
  default     = 300

  # 10 s: SSM's GetParameter quota (40 per second per account and region by default) is shared by every
  # environment; an hour: a rotated key must reach the functions while the operator still watches.
  validation {
    condition     = var.key_cache_seconds >= 10 && var.key_cache_seconds <= 3600 && floor(var.key_cache_seconds) == var.key_cache_seconds
    error_message = "key_cache_seconds must be a whole number from 10 to 3600."
  }
}

variable "key_rotation_grace_seconds" {
  type        = number
  description = "With a key: how long after a parameter's new version (its LastModifiedDate) the previous version's value stays accepted (NANO_WORK_AUTH_ROTATION_GRACE); infra/edge-keys.sh gives the edge the same end."
  default     = 1800

  # Longer than the cache, or an environment still holding the old value alone would refuse the new key after the
  # old one expired; at most a day, so that a leaked key, once rotated, stops soon.
  validation {
    condition     = var.key_rotation_grace_seconds > var.key_cache_seconds && var.key_rotation_grace_seconds <= 86400 && floor(var.key_rotation_grace_seconds) == var.key_rotation_grace_seconds
    error_message = "key_rotation_grace_seconds must be a whole number longer than key_cache_seconds and at most 86400 (a day)."
  }
}

variable "cors_origins" {
  type        = list(string)
  description = "Origins browsers may call from, passed to the application as NANO_WORK_CORS_ORIGINS (comma separated); [\"*\"] allows any."
  default     = ["*"]

  validation {
    condition     = length(var.cors_origins) > 0 && (!contains(var.cors_origins, "*") || length(var.cors_origins) == 1) && alltrue([for origin in var.cors_origins : origin == "*" || can(regex("^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$", origin))])
    error_message = "cors_origins must be [\"*\"] or a list of origins such as https://wallet.example (scheme, host, optional port; no path, no trailing slash, no comma)."
  }
}

variable "benchmark_requires_key" {
  type        = bool
  description = "Refuse the benchmark action without a valid key (NANO_WORK_BENCHMARK_REQUIRES_KEY): it keeps every search thread busy for its whole duration, so on a deployed function it is an operator action. With no auth_key, benchmark is then refused to everyone."
  default     = true

  validation {
    condition     = var.benchmark_requires_key != null
    error_message = "benchmark_requires_key must be true or false."
  }
}

variable "log_retention_days" {
  type        = number
  description = "Days CloudWatch keeps the function's logs."
  default     = 14

  validation {
    condition     = contains([1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653], var.log_retention_days)
    error_message = "log_retention_days must be one of the values CloudWatch Logs accepts (1, 3, 5, 7, 14, 30, 60, 90, ...)."
  }
}

variable "capacity_provider_arn" {
  type        = string
  description = "ARN of a Lambda Managed Instances capacity provider (c7i/c7a for AVX-512, c7g/c8g for newer Graviton). null runs on plain Lambda."
  default     = null

  validation {
    condition     = var.capacity_provider_arn == null || can(regex("^arn:aws[a-zA-Z-]*:lambda:[a-z0-9-]+:[0-9]{12}:capacity-provider:[A-Za-z0-9_-]+$", var.capacity_provider_arn))
    error_message = "capacity_provider_arn must be null or a Lambda capacity provider ARN."
  }
}

variable "on_managed_instances" {
  type        = bool
  description = "Whether the function runs on Lambda Managed Instances (then capacity_provider_arn names the capacity provider). A separate boolean because the ARN is unknown until the capacity provider exists."
  default     = false

  validation {
    condition     = var.on_managed_instances == (var.capacity_provider_arn != null)
    error_message = "on_managed_instances must be true exactly when capacity_provider_arn is set."
  }
}

variable "memory_gib_per_vcpu" {
  type        = number
  description = "Managed instances only: memory per vCPU of the execution environment (2 to 8 GiB). 2 gives the most vCPUs for memory_mb."
  default     = 2

  validation {
    condition     = var.memory_gib_per_vcpu >= 2 && var.memory_gib_per_vcpu <= 8
    error_message = "memory_gib_per_vcpu must be from 2 to 8."
  }
}

variable "max_execution_environments" {
  type        = number
  description = "Managed instances only: most execution environments the function may run (the cost ceiling there, in place of reserved concurrency)."
  default     = 3

  validation {
    condition     = var.max_execution_environments >= 1 && floor(var.max_execution_environments) == var.max_execution_environments
    error_message = "max_execution_environments must be a whole number of at least 1."
  }
}

variable "min_execution_environments" {
  type        = number
  description = "Managed instances only: execution environments kept running when idle (billed as EC2 time while they run)."
  default     = 1

  validation {
    condition     = var.min_execution_environments >= 0 && var.min_execution_environments <= var.max_execution_environments
    error_message = "min_execution_environments must be from 0 to max_execution_environments."
  }
}

variable "tags" {
  type        = map(string)
  description = "Tags added to every resource of the module."
  default     = {}

  validation {
    condition     = alltrue([for key, value in var.tags : length(key) <= 128 && length(value) <= 256])
    error_message = "tag keys must be at most 128 characters and values at most 256."
  }
}
