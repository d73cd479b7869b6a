# Lambda Managed Instances: the same function.zip on chosen EC2 types, for the CPUs plain Lambda does
# not document (AVX-512 on c7i/c7a; Graviton3/4 on c7g/c8g). Off unless managed_instances.enabled.
# Resource names and arguments follow the AWS provider docs (aws_lambda_capacity_provider,
# aws_lambda_function.capacity_provider_config, aws_lambda_function_scaling_config); tests/ plans and applies
# them with mock_provider "aws" (terraform test).

data "aws_iam_policy_document" "capacity_provider_assume_role" {
  statement {
    effect  = "Allow"
    actions = ["sts:AssumeRole"]

    principals {
      type        = "Service"
      identifiers = ["lambda.amazonaws.com"]
    }

    # Only Lambda acting for this account may take the operator role (the confused deputy).
    condition {
      test     = "StringEquals"
      variable = "aws:SourceAccount"
      values   = [data.aws_caller_identity.current.account_id]
    }
  }
}

resource "aws_iam_role" "capacity_provider_operator" {
  count = var.managed_instances.enabled ? 1 : 0

  name               = "${var.name_prefix}-capacity-provider-operator"
  assume_role_policy = data.aws_iam_policy_document.capacity_provider_assume_role.json
}

resource "aws_iam_role_policy_attachment" "capacity_provider_operator" {
  count = var.managed_instances.enabled ? 1 : 0

  role       = aws_iam_role.capacity_provider_operator[0].name
  policy_arn = "arn:aws:iam::aws:policy/AWSLambdaManagedEC2ResourceOperator"
}

resource "aws_lambda_capacity_provider" "this" {
  for_each = local.managed_variants

  name = "${var.name_prefix}-${each.key}"

  vpc_config {
    subnet_ids         = var.managed_instances.subnet_ids
    security_group_ids = var.managed_instances.security_group_ids
  }

  permissions_config {
    capacity_provider_operator_role_arn = aws_iam_role.capacity_provider_operator[0].arn
  }

  instance_requirements {
    architectures          = [each.value.architecture]
    allowed_instance_types = each.value.instance_types
  }

  # The EC2 fleet is what is paid for here: max_vcpu_count is the cost ceiling.
  capacity_provider_scaling_config {
    scaling_mode   = "Auto"
    max_vcpu_count = each.value.max_vcpu_count
  }

  timeouts {
    create = "30m"
  }

  depends_on = [aws_iam_role_policy_attachment.capacity_provider_operator]
}

# The module call's arguments for each managed variant (main.tf makes one call for every variant).
locals {
  managed_variant_calls = {
    for name, variant in local.managed_variants : name => {
      architecture = variant.architecture
      generate = {
        memory_mb = variant.generate_memory_mb
        # Not applied on managed instances (max_execution_environments bounds them); kept for the type.
        reserved_concurrency = variant.max_execution_environments
      }
      validate = { memory_mb = 512, reserved_concurrency = 10 }
      # The fan-out is for plain Lambda: a managed generate function's fleet is its bound.
      fan_out = null
      managed_instances = {
        capacity_provider_arn      = aws_lambda_capacity_provider.this[name].arn
        memory_gib_per_vcpu        = variant.memory_gib_per_vcpu
        min_execution_environments = variant.min_execution_environments
        max_execution_environments = variant.max_execution_environments
      }
    }
  }
}

# Managed variants were a second module call; their instances keep their keys (names differ from the plain variants').
moved {
  from = module.managed_variant
  to   = module.variant
}
