variable "region" {
  type        = string
  description = "AWS region to deploy to."
  default     = "us-east-1"

  validation {
    condition     = can(regex("^[a-z]{2}(-gov)?-[a-z]+-[0-9]$", var.region))
    error_message = "region must be an AWS region name such as us-east-1."
  }
}

variable "name_prefix" {
  type        = string
  description = "Prefix of every resource name (API, functions, log groups, roles)."
  default     = "nano-work"

  validation {
    condition     = can(regex("^[A-Za-z0-9-]{1,24}$", var.name_prefix))
    error_message = "name_prefix must be 1-24 letters, digits or -."
  }
}

variable "package_path" {
  type        = string
  description = "Path to the function.zip built by ./mvnw package (null: target/function.zip of this repository)."
  default     = null

  validation {
    condition     = var.package_path == null || endswith(coalesce(var.package_path, "x.zip"), ".zip")
    error_message = "package_path must be null or point at a .zip."
  }
}

variable "variants" {
  type = map(object({
    architecture                  = string
    generate_memory_mb            = optional(number, 10240)
    generate_reserved_concurrency = optional(number, 5)
    validate_memory_mb            = optional(number, 512)
    validate_reserved_concurrency = optional(number, 10)
  }))
  description = "Plain Lambda variants, by route prefix: each gets a generate function (10,240 MB: about 6 vCPUs) and a validate function, reachable at /NAME, /NAME/work_generate and /NAME/work_validate."
  default = {
    x86_64 = { architecture = "x86_64" }
    arm64  = { architecture = "arm64" }
  }

  validation {
    condition     = length(var.variants) >= 1 && alltrue([for name, variant in var.variants : can(regex("^[a-z0-9_-]{1,20}$", name)) && contains(["x86_64", "arm64"], variant.architecture)])
    error_message = "variants needs at least one entry; names are 1-20 of a-z 0-9 _ -, architecture is x86_64 or arm64."
  }

  validation {
    condition     = alltrue([for variant in var.variants : variant.generate_memory_mb >= 2048 && variant.generate_memory_mb <= 10240 && variant.validate_memory_mb >= 128 && variant.validate_memory_mb <= 10240])
    error_message = "generate_memory_mb must be 2048-10240 and validate_memory_mb 128-10240 on plain Lambda."
  }

  validation {
    condition     = alltrue([for variant in var.variants : variant.generate_reserved_concurrency >= 1 && variant.validate_reserved_concurrency >= 1])
    error_message = "reserved concurrencies must be at least 1: they are the cost ceiling."
  }
}

variable "managed_instances" {
  type = object({
    enabled            = bool
    subnet_ids         = optional(list(string), [])
    security_group_ids = optional(list(string), [])
  })
  description = "Deploy managed_instance_variants on Lambda Managed Instances (EC2 price + 15%, billed while instances run, even idle). Off by default; needs VPC subnets and security groups with outbound access."
  default     = { enabled = false }

  validation {
    condition     = !var.managed_instances.enabled || (length(var.managed_instances.subnet_ids) > 0 && length(var.managed_instances.security_group_ids) > 0)
    error_message = "managed_instances.enabled needs subnet_ids and security_group_ids."
  }
}

variable "managed_instance_variants" {
  type = map(object({
    architecture               = string
    instance_types             = list(string)
    generate_memory_mb         = optional(number, 16384)
    memory_gib_per_vcpu        = optional(number, 2)
    min_execution_environments = optional(number, 1)
    max_execution_environments = optional(number, 3)
    max_vcpu_count             = optional(number, 48)
  }))
  description = "Variants on Lambda Managed Instances, used when managed_instances.enabled: c7i/c7a reach AVX-512, c7g/c8g newer Graviton. The generate function runs there; validate stays on plain Lambda."
  default = {
    # AVX-512: Intel Sapphire Rapids. 16 vCPUs: room for one 8-vCPU environment (16,384 MB at 2 GiB per vCPU).
    lmi-c7i = { architecture = "x86_64", instance_types = ["c7i.4xlarge"] }
    # Graviton4 (Neoverse V2): 128-bit vectors, like NEON on plain Lambda's Graviton2, on a newer core.
    lmi-c8g = { architecture = "arm64", instance_types = ["c8g.4xlarge"] }
  }

  validation {
    condition     = alltrue([for name, variant in var.managed_instance_variants : can(regex("^[a-z0-9_-]{1,20}$", name)) && contains(["x86_64", "arm64"], variant.architecture) && length(variant.instance_types) > 0])
    error_message = "each managed variant needs a path-safe name (1-20 of a-z 0-9 _ -), x86_64 or arm64, and instance types."
  }

  validation {
    condition     = alltrue([for variant in var.managed_instance_variants : variant.generate_memory_mb >= 2048 && variant.memory_gib_per_vcpu >= 2 && variant.memory_gib_per_vcpu <= 8 && variant.max_vcpu_count >= 1 && variant.max_execution_environments >= 1 && variant.min_execution_environments <= variant.max_execution_environments])
    error_message = "managed variants need generate_memory_mb >= 2048, memory_gib_per_vcpu 2-8, max_vcpu_count >= 1 and 1 <= max_execution_environments >= min_execution_environments."
  }

  validation {
    condition     = length(setintersection(keys(var.managed_instance_variants), keys(var.variants))) == 0
    error_message = "managed variant names must differ from the plain variant names (they share the URL space)."
  }
}

variable "fan_out" {
  type = object({
    target                      = optional(string, "1s")
    max_workers                 = optional(number, 16)
    concurrent_works            = optional(number, 2)
    worker_reserved_concurrency = optional(number)
    poll_interval               = optional(string, "50ms")
    record_ttl_minutes          = optional(number, 60)
    table_deletion_protection   = optional(bool, false)
  })
  description = "Fan-out on the plain Lambda variants (docs/deploy.md): a work expected to take longer than target at the generate function's rate is searched by up to max_workers worker executions too (each variant's worker function, reserved concurrency worker_reserved_concurrency, by default max_workers x concurrent_works: the long works in flight at once that each get every worker they want, and the cost ceiling), all stopping within poll_interval of the find, through a DynamoDB table of work records kept record_ttl_minutes. null: off, every work searched by one execution."
  default     = {}

  validation {
    condition     = var.fan_out == null || try(can(regex("^[1-9][0-9]*(ms|s)$", var.fan_out.target)) && can(regex("^[1-9][0-9]*(ms|s)$", var.fan_out.poll_interval)), false)
    error_message = "fan_out.target and fan_out.poll_interval must be a positive whole number followed by ms or s, e.g. 500ms."
  }

  validation {
    condition     = var.fan_out == null || try(var.fan_out.max_workers >= 1 && var.fan_out.max_workers <= 64 && floor(var.fan_out.max_workers) == var.fan_out.max_workers && var.fan_out.concurrent_works >= 1 && floor(var.fan_out.concurrent_works) == var.fan_out.concurrent_works && (var.fan_out.worker_reserved_concurrency == null ? true : var.fan_out.worker_reserved_concurrency >= var.fan_out.max_workers && floor(var.fan_out.worker_reserved_concurrency) == var.fan_out.worker_reserved_concurrency), false)
    error_message = "fan_out.max_workers must be a whole number from 1 to 64, concurrent_works a whole number of at least 1, and worker_reserved_concurrency null (max_workers x concurrent_works) or a whole number no less than max_workers."
  }

  # The work-function module's bounds again, one field a block, so that a refused value fails at this variable and
  # not inside a module (the application's own bounds: FanOutSettings).
  validation {
    condition     = var.fan_out == null || try(tonumber(regex("^[0-9]+", var.fan_out.poll_interval)) * (endswith(var.fan_out.poll_interval, "ms") ? 1 : 1000) >= 10 && tonumber(regex("^[0-9]+", var.fan_out.poll_interval)) * (endswith(var.fan_out.poll_interval, "ms") ? 1 : 1000) <= 5000, false)
    error_message = "fan_out.poll_interval must be from 10ms to 5s: every execution of a search reads the record once per interval."
  }

  validation {
    condition     = var.fan_out == null || try(var.fan_out.record_ttl_minutes >= 1 && var.fan_out.record_ttl_minutes <= 1440 && floor(var.fan_out.record_ttl_minutes) == var.fan_out.record_ttl_minutes, false)
    error_message = "fan_out.record_ttl_minutes must be a whole number from 1 to 1440 (a day)."
  }

  validation {
    condition     = var.fan_out == null || try(var.fan_out.table_deletion_protection != null, false)
    error_message = "fan_out.table_deletion_protection must be true or false."
  }
}

variable "timeout_seconds" {
  type        = number
  description = "Timeout of every function. Under 30: the HTTP API integration limit."
  default     = 28

  validation {
    condition     = var.timeout_seconds >= 1 && var.timeout_seconds < 30
    error_message = "timeout_seconds must be from 1 to 29."
  }
}

# Every value the function's kernel setting accepts, as modules/work-function checks it (KernelChoice.NAMES, in its
# order); checked here too so that a wrong kernel fails at the stack's own variable. KernelCatalogueTest compares both
# lists with the catalogue.
locals {
  kernel_choices = [
    "auto", "vector512", "vector256", "vector128",
    "vector512x2", "vector512x1", "vector256x2", "vector256x2perm", "vector256x1", "vector256x2nz",
    "vector256x1nz", "vector128x1shuf", "vector128x2", "vector128x1", "scalarx2", "scalar",
  ]
}

variable "settings" {
  type = object({
    kernel         = optional(string, "auto")
    threads        = optional(string, "auto")
    max_difficulty = optional(string, "fffffffc00000000")
    deadline       = optional(string, "25s")
  })
  description = "Application settings passed as NANO_WORK_KERNEL, NANO_WORK_THREADS, NANO_WORK_MAX_DIFFICULTY, NANO_WORK_DEADLINE to every function."
  default     = {}

  validation {
    condition     = contains(local.kernel_choices, var.settings.kernel)
    error_message = "settings.kernel must be one of ${join(", ", local.kernel_choices)}; was \"${var.settings.kernel}\"."
  }
}

# The shapes an extra JVM option may take: the work-function module's allow-list (its jvm-options.json says why),
# checked here too so that a refused option fails at the stack's own variable.
locals {
  jvm_option_shapes = jsondecode(file("${path.module}/../../modules/work-function/jvm-options.json")).shapes
}

variable "extra_jvm_options" {
  type        = list(string)
  description = "JVM options appended to JAVA_TOOL_OPTIONS after --add-modules=jdk.incubator.vector and -XX:TieredStopAtLevel=4, one per element, each of a shape modules/work-function/jvm-options.json allows (heap and stack sizes, known GC and memory flags, -Xlog). No -D, quote, @argfile or agent: the application's settings are settings' fields."
  default     = []

  validation {
    condition     = alltrue([for option in var.extra_jvm_options : anytrue([for shape in local.jvm_option_shapes : can(regex(shape, option))])])
    error_message = "extra_jvm_options may hold only options of the shapes in modules/work-function/jvm-options.json (${join(" ", local.jvm_option_shapes)}); the application's settings are set through settings (validated)."
  }
}

variable "stage_throttle" {
  type = object({
    rate_limit  = number
    burst_limit = number
  })
  description = "Throttle of the whole stage (requests per second, burst). Both must be set: an unset one is 0 and refuses every call."
  default = {
    rate_limit  = 20
    burst_limit = 40
  }

  validation {
    condition     = var.stage_throttle.rate_limit > 0 && var.stage_throttle.burst_limit >= 1
    error_message = "stage_throttle needs rate_limit > 0 and burst_limit >= 1."
  }
}

variable "route_throttles" {
  type = map(object({
    rate_limit  = number
    burst_limit = number
  }))
  description = "Throttle of each route by the function behind it: generate (costly: up to 28 s of 10 GB) and validate (one hash)."
  default = {
    generate = { rate_limit = 2, burst_limit = 5 }
    validate = { rate_limit = 20, burst_limit = 40 }
  }

  validation {
    condition     = contains(keys(var.route_throttles), "generate") && contains(keys(var.route_throttles), "validate") && alltrue([for throttle in var.route_throttles : throttle.rate_limit > 0 && throttle.burst_limit >= 1])
    error_message = "route_throttles needs generate and validate entries, each with rate_limit > 0 and burst_limit >= 1."
  }
}

variable "cors_allow_origins" {
  type        = list(string)
  description = "Origins browsers may call from (wallets in browsers need this): API Gateway answers preflights with them and the functions get them as NANO_WORK_CORS_ORIGINS. [\"*\"] allows any, as a nano node does. CORS binds browsers only; the access key binds every caller."
  default     = ["*"]

  validation {
    condition     = length(var.cors_allow_origins) > 0 && (!contains(var.cors_allow_origins, "*") || length(var.cors_allow_origins) == 1) && alltrue([for origin in var.cors_allow_origins : origin == "*" || can(regex("^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$", origin))])
    error_message = "cors_allow_origins must be [\"*\"] or origins such as https://wallet.example (scheme, host, optional port; no path, no trailing slash)."
  }
}

variable "open_endpoint" {
  type        = bool
  description = "true: no wallet key, anyone may call the endpoint (a plan-time check warns). false (default): every request needs the wallets' key, auth_key_parameter_name or, without it, one the stack generates."
  default     = false

  validation {
    condition     = var.open_endpoint != null
    error_message = "open_endpoint must be true or false."
  }
}

variable "auth_key_parameter_name" {
  type        = string
  description = "Name of an existing SSM SecureString parameter in var.region holding the wallets' key (e.g. /nano-work/auth-key). null (default): the stack creates /NAME_PREFIX/auth-key with a random 64-hex-digit value, written once (write-only, never in the state) and read with the command in auth_key_read_command. Every function reads it at start-up (NANO_WORK_AUTH_KEY_PARAMETER) and may ssm:GetParameter it alone."
  default     = null

  validation {
    condition     = var.auth_key_parameter_name == null || can(regex("^/?[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*$", coalesce(var.auth_key_parameter_name, "x")))
    error_message = "auth_key_parameter_name must be null or an SSM parameter name such as /nano-work/auth-key."
  }

  validation {
    condition     = !(var.open_endpoint && var.auth_key_parameter_name != null)
    error_message = "open_endpoint = true takes no auth_key_parameter_name: an open endpoint has no wallet key."
  }
}

variable "operator_key_parameter_name" {
  type        = string
  description = "Name of an existing SSM SecureString parameter holding the operator's key, distinct from the wallets' (benchmark, status details and cancelling other holders' searches need it). null (default): the stack creates /NAME_PREFIX/operator-key the same way as the wallets' key (operator_key_read_command)."
  default     = null

  validation {
    condition     = var.operator_key_parameter_name == null || can(regex("^/?[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*$", coalesce(var.operator_key_parameter_name, "x")))
    error_message = "operator_key_parameter_name must be null or an SSM parameter name such as /nano-work/operator-key."
  }

  validation {
    condition     = var.operator_key_parameter_name == null || trimprefix(coalesce(var.operator_key_parameter_name, "x"), "/") != trimprefix(coalesce(var.auth_key_parameter_name, "/${var.name_prefix}/auth-key"), "/")
    error_message = "operator_key_parameter_name must differ from the wallets' key parameter: the operator's key is a separate secret."
  }
}

variable "key_versions" {
  type = object({
    auth     = optional(number, 1)
    operator = optional(number, 1)
    origin   = optional(number, 1)
  })
  description = "Versions of the secrets the stack generates (value_wo_version of each parameter): raise one to write a new random value into its parameter (the functions read it within key_cache_seconds; the previous value stays accepted for key_rotation_grace_seconds; infra/deploy.sh then runs infra/edge-keys.sh for the edge, which sends a new origin secret from half way through that window)."
  default     = {}

  validation {
    condition     = alltrue([for v in [var.key_versions.auth, var.key_versions.operator, var.key_versions.origin] : v >= 1 && floor(v) == v])
    error_message = "key_versions.auth, key_versions.operator and key_versions.origin must be whole numbers of at least 1."
  }
}

variable "auth_key_kms_key_arn" {
  type        = string
  description = "ARN of the customer managed KMS key that encrypts the key parameters (the stack's own ones are created with it; kms:Decrypt is granted on it, only through SSM and for those parameters). null: the AWS managed key aws/ssm, whose key policy needs no grant."
  default     = null

  validation {
    condition     = var.auth_key_kms_key_arn == null || can(regex("^arn:aws[a-zA-Z-]*:kms:[a-z0-9-]+:[0-9]{12}:key/[A-Za-z0-9-]+$", coalesce(var.auth_key_kms_key_arn, "x")))
    error_message = "auth_key_kms_key_arn must be null or a KMS key ARN (arn:aws:kms:REGION:ACCOUNT:key/ID, not an alias)."
  }
}

variable "key_cache_seconds" {
  type        = number
  description = "How long every function keeps a key it read before reading it again (NANO_WORK_AUTH_KEY_CACHE): a rotated key reaches the functions within this time, without a deploy. Each function environment reads each parameter (and during a rotation its previous version) once per period."
  default     = 300

  # 10 s: the account's GetParameter throughput (40 per second by default) is shared by every environment; an
  # hour: a rotated key should reach the functions while the operator still watches.
  validation {
    condition     = var.key_cache_seconds >= 10 && var.key_cache_seconds <= 3600 && floor(var.key_cache_seconds) == var.key_cache_seconds
    error_message = "key_cache_seconds must be a whole number from 10 to 3600."
  }
}

variable "key_rotation_grace_seconds" {
  type        = number
  description = "How long a rotated key's previous version stays accepted after the new version was written (its LastModifiedDate), by every function (NANO_WORK_AUTH_ROTATION_GRACE) and at the edge (infra/edge-keys.sh writes that end into the key store): the time wallets have to take the new key."
  default     = 1800

  # Longer than the cache: a function still holding only the old value must not outlive the old value's grace
  # (the new key would be refused there while the old one already is); at most a day, so a leaked key, once
  # rotated, stops soon.
  validation {
    condition     = var.key_rotation_grace_seconds > var.key_cache_seconds && var.key_rotation_grace_seconds <= 86400 && floor(var.key_rotation_grace_seconds) == var.key_rotation_grace_seconds
    error_message = "key_rotation_grace_seconds must be a whole number longer than key_cache_seconds and at most 86400 (a day)."
  }
}

variable "benchmark_requires_key" {
  type        = bool
  description = "Refuse the benchmark action without a valid key (NANO_WORK_BENCHMARK_REQUIRES_KEY on every function): a benchmark keeps every search thread of a generate slot busy for its whole duration. With the operator key deployed, benchmark takes that key."
  default     = true

  validation {
    condition     = var.benchmark_requires_key != null
    error_message = "benchmark_requires_key must be true or false."
  }
}

variable "edge_price_class" {
  type        = string
  description = "Price class of the CloudFront distribution every caller comes through (edge.tf): PriceClass_100 (North America and Europe, the cheapest), PriceClass_200 or PriceClass_All."
  default     = "PriceClass_100"

  validation {
    condition     = contains(["PriceClass_100", "PriceClass_200", "PriceClass_All"], var.edge_price_class)
    error_message = "edge_price_class must be PriceClass_100, PriceClass_200 or PriceClass_All."
  }
}

variable "client_rate_limit" {
  type = object({
    requests       = number
    window_seconds = optional(number, 300)
  })
  description = "Add an AWS WAF web ACL to the edge's CloudFront distribution with a rate-based rule: at most `requests` per client IP in any `window_seconds` (60, 120, 300 or 600), the rest answered 403 by CloudFront. null (default): no WAF ($5 a month for the web ACL and $1 for the rule, idle or not)."
  default     = null

  validation {
    condition     = var.client_rate_limit == null || try(var.client_rate_limit.requests >= 10 && var.client_rate_limit.requests <= 2000000000 && floor(var.client_rate_limit.requests) == var.client_rate_limit.requests, false)
    error_message = "client_rate_limit.requests must be a whole number from 10 (WAF's minimum) to 2,000,000,000."
  }

  validation {
    condition     = var.client_rate_limit == null || try(contains([60, 120, 300, 600], var.client_rate_limit.window_seconds), false)
    error_message = "client_rate_limit.window_seconds must be 60, 120, 300 or 600 (the windows WAF offers)."
  }

}

variable "spend_alert" {
  type = object({
    dollars_per_hour   = number
    email              = optional(string)
    subscribed         = optional(bool, false)
    monthly_budget_usd = optional(number)
  })
  description = "Alarm when the plain functions' duration and the API's requests cost dollars_per_hour or more (at the rate of the last 5 minutes), to an SNS topic; email subscribes an address (AWS asks it to confirm); without one every plan warns (check spend_alarm_reaches_someone) unless subscribed = true says the topic has a subscriber made elsewhere; monthly_budget_usd adds an account-wide AWS Budgets budget to the same topic. null: no alarm."
  default = {
    dollars_per_hour = 1
  }

  validation {
    condition     = var.spend_alert == null || try(var.spend_alert.dollars_per_hour > 0, false)
    error_message = "spend_alert.dollars_per_hour must be above 0."
  }

  validation {
    condition     = var.spend_alert == null || try(var.spend_alert.email == null || can(regex("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", var.spend_alert.email)), false)
    error_message = "spend_alert.email must be null or an email address."
  }

  validation {
    condition     = try(var.spend_alert.monthly_budget_usd, null) == null ? true : var.spend_alert.monthly_budget_usd > 0
    error_message = "spend_alert.monthly_budget_usd must be null or above 0."
  }

  # A metric math alarm takes at most 10 metrics: two functions per variant (three with the fan-out's worker), the
  # API's and the edge's request counts, and with the fan-out the work records' read and write units.
  validation {
    condition     = var.spend_alert == null || length(var.variants) * (var.fan_out == null ? 2 : 3) + 2 + (var.fan_out == null ? 0 : 2) <= 10
    error_message = "spend_alert covers at most 4 plain variants, 2 with fan_out (a CloudWatch metric math alarm takes 10 metrics): set spend_alert = null, or fewer variants."
  }
}

variable "alarms" {
  type = object({
    p99_latency_seconds = optional(number, 5)
    deadlines           = optional(number, 1)
    worker_throttles    = optional(number, 5)
    lambda_errors       = optional(number, 1)
    lambda_throttles    = optional(number, 1)
    failures            = optional(number, 1)
  })
  description = "Thresholds of the alarms beside the spend alarm, each per variant and 5 minutes, to its SNS topic (on with spend_alert): work_generate's p99 latency in seconds (3 periods in a row), deadline answers, worker throttles, Lambda errors and throttles, and internal, work record and key store failures (docs/observe.md)."
  default     = {}

  validation {
    condition     = var.alarms.p99_latency_seconds > 0 && var.alarms.p99_latency_seconds < 30 && var.alarms.deadlines >= 1 && var.alarms.worker_throttles >= 1 && var.alarms.lambda_errors >= 1 && var.alarms.lambda_throttles >= 1 && var.alarms.failures >= 1
    error_message = "alarms: p99_latency_seconds within (0, 30) (API Gateway's limit), every count at least 1."
  }
}

variable "prices" {
  type = object({
    lambda_gb_second                           = map(number)
    lambda_request_per_million                 = number
    http_api_request_per_million               = number
    cloudfront_https_request_per_10k           = number
    cloudfront_function_invocation_per_million = number
    dynamodb_read_request_per_million          = number
    dynamodb_write_request_per_million         = number
  })
  description = "On-demand prices the spend alarm converts usage with (us-east-1, as infra/pricing/aws-us-east-1.json): Lambda per GB-second by architecture, per million requests for Lambda and the HTTP API, CloudFront per 10,000 HTTPS requests (the dearest region of PriceClass_100), per million CloudFront Function invocations, and per million DynamoDB on-demand read and write request units (the work records)."
  default = {
    lambda_gb_second                           = { x86_64 = 0.0000166667, arm64 = 0.0000133334 }
    lambda_request_per_million                 = 0.20
    http_api_request_per_million               = 1.00
    cloudfront_https_request_per_10k           = 0.0120
    cloudfront_function_invocation_per_million = 0.10
    dynamodb_read_request_per_million          = 0.125
    dynamodb_write_request_per_million         = 0.625
  }

  validation {
    condition     = contains(keys(var.prices.lambda_gb_second), "x86_64") && contains(keys(var.prices.lambda_gb_second), "arm64") && alltrue([for p in values(var.prices.lambda_gb_second) : p > 0]) && var.prices.lambda_request_per_million >= 0 && var.prices.http_api_request_per_million >= 0 && var.prices.cloudfront_https_request_per_10k >= 0 && var.prices.cloudfront_function_invocation_per_million >= 0 && var.prices.dynamodb_read_request_per_million >= 0 && var.prices.dynamodb_write_request_per_million >= 0
    error_message = "prices needs positive lambda_gb_second for x86_64 and arm64, and request prices of 0 or more."
  }
}

variable "log_retention_days" {
  type        = number
  description = "Days CloudWatch keeps function and access logs."
  default     = 14

  validation {
    condition     = contains([1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365], var.log_retention_days)
    error_message = "log_retention_days must be 1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180 or 365."
  }
}

variable "tags" {
  type        = map(string)
  description = "Tags on every resource (provider default_tags)."
  default     = { project = "nano-work-function" }

  validation {
    condition     = alltrue([for key, value in var.tags : length(key) <= 128 && length(value) <= 256])
    error_message = "tag keys must be at most 128 characters and values at most 256."
  }
}
