# One Lambda function from the project's function.zip: role, log group, a published version with
# SnapStart, and the alias API Gateway invokes. Plain Lambda by default; on Lambda Managed Instances
# when capacity_provider_arn is set.

locals {
  # A known boolean, not a test on the ARN: the capacity provider's ARN is unknown until it is created, and
  # count or for_each on it fails the first plan ("Invalid count argument").
  managed = var.on_managed_instances

  # Publishing a version on Managed Instances starts its execution environments (instances launch first):
  # longer than the provider's 10 minute default in practice.
  managed_timeout = "30m"

  # Lambda's java runtimes stop tiered compilation at C1 unless SnapStart or provisioned concurrency is
  # on, and C1 runs the vector kernel about 400x slower. The runtime puts -XX:TieredStopAtLevel=1 on the
  # java command line, where it beats JAVA_TOOL_OPTIONS: the wrapper script shipped in function.zip
  # (src/main/zip.jvm/jvm-wrapper.sh, AWS_LAMBDA_EXEC_WRAPPER) takes it off the command line, on $LATEST,
  # SnapStart versions and Managed Instances alike; LambdaRuntimeIT proves it under the real runtime client.

  # Also in JAVA_TOOL_OPTIONS, so they hold even without the wrapper. --add-modules needs the = form here:
  # JAVA_TOOL_OPTIONS is split on spaces, and "--add-modules jdk.incubator.vector" stops the JVM. java.lang
  # opened: jboss-threads throws IllegalAccessError when a thread exits without it (the jar manifest's
  # Add-Opens only applies to java -jar, which Lambda does not use).
  required_jvm_options = [
    "--add-modules=jdk.incubator.vector",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "-XX:TieredStopAtLevel=4",
  ]
  # A validate-only function selects no kernel and starts no search threads (WorkEngine): kernel and threads
  # reach only a function that searches.
  searches = var.serve != "validate"

  # The worker is the same function.zip with a handler of its own (WorkerHandler: one search per invocation, its
  # payload from the generate function's invoke); it searches, so the application runs as a generate function.
  worker         = var.serve == "worker"
  http_handler   = "io.quarkus.amazon.lambda.runtime.QuarkusStreamHandler::handleRequest"
  worker_handler = "dev.nanowork.worker.WorkerHandler::handleRequest"
  handler        = local.worker ? local.worker_handler : local.http_handler
  fan_out        = var.fan_out != null
  invokes        = local.fan_out && try(var.fan_out.worker_alias_arn != null, false)

  java_tool_options = join(" ", concat(local.required_jvm_options, var.extra_jvm_options))

  # The keys (docs/reliability.md): the wallets' key (null: an open endpoint), the operator's and the edge's origin
  # secret, each a SecureString parameter the application reads itself through the AWS SDK (one SSM GetParameters
  # with decryption for all, the default credential chain: container credentials under SnapStart), after a restore,
  # held for key_cache_seconds and read again in the background. No layer: the Parameters and Secrets extension refused SnapStart's credentials and answers only
  # during INVOKE (issue 34). auth and operator -> the parameter, when given.
  auth           = var.auth_key != null
  key_parameters = { for role, key in { auth = var.auth_key, operator = var.operator_key, origin = var.origin_secret } : role => key if key != null }
  keyed          = length(local.key_parameters) > 0

  # The only SnapStart value; SnapStart snapshots a Firecracker microVM, which managed instances do
  # not use (their environments start when a version is published, so there is no cold start to save).
  snap_start_apply_on = "PublishedVersions"
}

data "aws_iam_policy_document" "assume_role" {
  statement {
    effect  = "Allow"
    actions = ["sts:AssumeRole"]

    principals {
      type        = "Service"
      identifiers = ["lambda.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "this" {
  name               = "${var.name}-role"
  assume_role_policy = data.aws_iam_policy_document.assume_role.json
  tags               = var.tags
}

# Logs on the function's own log group only (AWSLambdaBasicExecutionRole grants them on every group of the
# account). No logs:CreateLogGroup: the group below exists before the function.
resource "aws_iam_role_policy" "logs" {
  name = "logs"
  role = aws_iam_role.this.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid      = "OwnLogGroup"
      Effect   = "Allow"
      Action   = ["logs:CreateLogStream", "logs:PutLogEvents"]
      Resource = ["${aws_cloudwatch_log_group.this.arn}:log-stream:*"]
    }]
  })
}

# The keys: read these parameters (the wallets' key, the operator's, the origin secret: GetParameters, the one call
# the application makes, whose IAM action is ssm:GetParameters), and decrypt them (with a customer managed key; the
# AWS managed key aws/ssm lets any principal of the account decrypt through SSM by its key policy). A SecureString is
# decrypted by SSM with the parameter's ARN as encryption context, so each grant opens that one parameter's
# ciphertext and nothing else encrypted under the same KMS key.
resource "aws_iam_role_policy" "auth_key" {
  count = local.keyed ? 1 : 0

  name = "auth-key"
  role = aws_iam_role.this.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = concat(
      [{
        Sid      = "ReadTheKeyParameters"
        Effect   = "Allow"
        Action   = ["ssm:GetParameters"]
        Resource = [for key in values(local.key_parameters) : key.parameter_arn]
      }],
      [for role, key in local.key_parameters : {
        Sid      = "Decrypt${title(role)}KeyParameterOnly"
        Effect   = "Allow"
        Action   = ["kms:Decrypt"]
        Resource = [key.kms_key_arn]
        Condition = {
          StringEquals = {
            "kms:ViaService"                      = "ssm.${split(":", key.parameter_arn)[3]}.amazonaws.com"
            "kms:EncryptionContext:PARAMETER_ARN" = key.parameter_arn
          }
        }
      } if key.kms_key_arn != null],
    )
  })
}

# The fan-out: the work records (read, created with a condition, updated with a condition; never scanned, queried or
# deleted: TTL deletes) and, for the function that answers work_generate, the worker's alias, no other qualifier. A
# worker reads the record its task names and updates it (its find); it never creates one, so no PutItem.
resource "aws_iam_role_policy" "fan_out" {
  count = local.fan_out ? 1 : 0

  name = "fan-out"
  role = aws_iam_role.this.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = concat(
      [{
        Sid      = "WorkRecords"
        Effect   = "Allow"
        Action   = local.worker ? ["dynamodb:GetItem", "dynamodb:UpdateItem"] : ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem"]
        Resource = [var.fan_out.table_arn]
      }],
      local.invokes ? [{
        Sid      = "InvokeTheWorkerAlias"
        Effect   = "Allow"
        Action   = ["lambda:InvokeFunction"]
        Resource = [var.fan_out.worker_alias_arn]
      }] : [],
    )
  })
}

resource "aws_cloudwatch_log_group" "this" {
  name              = "/aws/lambda/${var.name}"
  retention_in_days = var.log_retention_days
  tags              = var.tags
}

resource "aws_lambda_function" "this" {
  function_name    = var.name
  description      = var.description
  role             = aws_iam_role.this.arn
  filename         = var.package_path
  source_code_hash = filebase64sha256(var.package_path)
  runtime          = "java25"
  handler          = local.handler
  architectures    = [var.architecture]
  memory_size      = var.memory_mb
  timeout          = var.timeout_seconds
  publish          = true

  # Plain Lambda: reserved concurrency caps simultaneous runs and so the cost per hour. On managed
  # instances the cap is aws_lambda_function_scaling_config below (the EC2 fleet is what is paid).
  # -1 (the provider's default) is unreserved.
  reserved_concurrent_executions = local.managed ? -1 : var.reserved_concurrency

  environment {
    variables = merge({
      AWS_LAMBDA_EXEC_WRAPPER  = "/var/task/jvm-wrapper.sh"
      JAVA_TOOL_OPTIONS        = local.java_tool_options
      NANO_WORK_SERVE          = local.worker ? "generate" : var.serve
      NANO_WORK_MAX_DIFFICULTY = var.max_difficulty
      NANO_WORK_DEADLINE       = var.deadline
      NANO_WORK_CORS_ORIGINS   = join(",", var.cors_origins)
      # Deployed: benchmark (which runs for its whole duration on every search thread) is an operator action.
      NANO_WORK_BENCHMARK_REQUIRES_KEY = tostring(var.benchmark_requires_key)
      }, local.searches ? {
      # Only a function that searches (serves work_generate) selects a kernel and starts search threads.
      NANO_WORK_KERNEL  = var.kernel
      NANO_WORK_THREADS = var.threads
      } : {}, local.fan_out ? {
      NANO_WORK_FAN_OUT_TABLE         = var.fan_out.table_name
      NANO_WORK_FAN_OUT_TARGET        = var.fan_out.target
      NANO_WORK_FAN_OUT_MAX_WORKERS   = tostring(var.fan_out.max_workers)
      NANO_WORK_FAN_OUT_POLL_INTERVAL = var.fan_out.poll_interval
      NANO_WORK_FAN_OUT_RECORD_TTL    = format("%dm", var.fan_out.record_ttl_minutes)
      } : {}, local.invokes ? {
      NANO_WORK_FAN_OUT_WORKER = var.fan_out.worker_alias_arn
      } : {}, local.keyed ? {
      # Seconds, a Quarkus Duration: how long a read key is kept, and how long a rotated key's previous version
      # stays accepted after the new one's LastModifiedDate (infra/edge-keys.sh gives the edge the same end).
      NANO_WORK_AUTH_KEY_CACHE      = format("%ds", var.key_cache_seconds)
      NANO_WORK_AUTH_ROTATION_GRACE = format("%ds", var.key_rotation_grace_seconds)
      } : {}, local.auth ? {
      NANO_WORK_AUTH_KEY_PARAMETER = var.auth_key.parameter_name
      } : {}, var.operator_key != null ? {
      # benchmark, status details and cancelling other holders' searches take this key, not a wallet's.
      NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER = var.operator_key.parameter_name
      } : {}, var.metrics != null ? {
      # The namespace and Variant dimension of the metrics in every record this function writes.
      NANO_WORK_METRICS_NAMESPACE = var.metrics.namespace
      NANO_WORK_METRICS_VARIANT   = var.metrics.variant
      } : {}, var.origin_secret != null ? {
      # Only the edge knows it: a request without it is refused, and the viewer address beside it is the client.
      NANO_WORK_AUTH_ORIGIN_SECRET_PARAMETER = var.origin_secret.parameter_name
    } : {})
  }

  # Every line one JSON object (docs/observe.md, "Log lines"): with JSON, Lambda's own lines (START, END, the REPORT
  # with the billed duration, and the java runtime's report of a handler's exception with its stack trace) are JSON
  # as the application's are, and lines that are already JSON (every log line of function.zip, and each request's
  # record with its EMF metrics) are kept as they are. INFO, never higher: Lambda drops a line below the application
  # level, and reads a line with no "level" (each record, so its metrics) or with java.util.logging's WARNING or
  # SEVERE as INFO.
  logging_config {
    log_format            = "JSON"
    log_group             = aws_cloudwatch_log_group.this.name
    application_log_level = "INFO"
    system_log_level      = "INFO"
  }

  dynamic "snap_start" {
    for_each = local.managed ? [] : [local.snap_start_apply_on]

    content {
      apply_on = snap_start.value
    }
  }

  timeouts {
    create = local.managed ? local.managed_timeout : "10m"
    update = local.managed ? local.managed_timeout : "10m"
  }

  dynamic "capacity_provider_config" {
    for_each = local.managed ? [var.capacity_provider_arn] : []

    content {
      lambda_managed_instances_capacity_provider_config {
        capacity_provider_arn                     = capacity_provider_config.value
        execution_environment_memory_gib_per_vcpu = var.memory_gib_per_vcpu
        # One request per environment: a work search already uses every vCPU it has, and a second
        # request would halve both searches' speed (Java's default here is 32 per vCPU).
        per_execution_environment_max_concurrency = 1
      }
    }
  }

  tags = var.tags

  depends_on = [
    aws_iam_role_policy.logs,
    aws_iam_role_policy.auth_key,
    aws_iam_role_policy.fan_out,
    aws_cloudwatch_log_group.this,
  ]
}

# API Gateway invokes the alias, never $LATEST: SnapStart applies only to published versions.
resource "aws_lambda_alias" "live" {
  name             = "live"
  description      = "The published version API Gateway invokes"
  function_name    = aws_lambda_function.this.function_name
  function_version = aws_lambda_function.this.version
}

resource "aws_lambda_function_scaling_config" "this" {
  count = local.managed ? 1 : 0

  function_name = aws_lambda_function.this.function_name
  qualifier     = aws_lambda_function.this.version

  function_scaling_config {
    min_execution_environments = var.min_execution_environments
    max_execution_environments = var.max_execution_environments
  }

  # The apply waits until the environments have scaled to the minimum.
  timeouts {
    create = local.managed_timeout
    update = local.managed_timeout
  }
}
