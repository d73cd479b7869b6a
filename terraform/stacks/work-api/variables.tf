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

variable "timeout_seconds" {
  type        = number
  description = "Timeout of every function. Under 30: the HTTP API integration limit."
  default     = 28

  validation {
    condition     = var.timeout_seconds >= 1 && var.timeout_seconds < 30
    error_message = "timeout_seconds must be from 1 to 29."
  }
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
    condition     = contains(["auto", "vector512", "vector256", "vector128", "scalar"], var.settings.kernel)
    error_message = "settings.kernel must be auto, vector512, vector256, vector128 or scalar."
  }
}

variable "extra_jvm_options" {
  type        = list(string)
  description = "JVM options appended to JAVA_TOOL_OPTIONS after --add-modules=jdk.incubator.vector and -XX:TieredStopAtLevel=4, one per element."
  default     = []

  validation {
    condition     = alltrue([for option in var.extra_jvm_options : startswith(option, "-")])
    error_message = "each extra JVM option must start with -."
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
  description = "Origins browsers may call from (wallets in browsers need this); [\"*\"] allows any, as a nano node does."
  default     = ["*"]

  validation {
    condition     = length(var.cors_allow_origins) > 0
    error_message = "cors_allow_origins needs at least one origin."
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
