terraform {
  # 1.9: variable validations may refer to other variables.
  required_version = ">= 1.9.0"

  required_providers {
    aws = {
      source = "hashicorp/aws"
      # 6.24.0 added aws_lambda_capacity_provider and capacity_provider_config (Lambda Managed Instances), but
      # aws_lambda_function_scaling_config is not in 6.25.0; 6.66.0 has every resource used here (the floor is
      # the oldest version checked, not the release that added the resource).
      version = ">= 6.66.0, < 7.0.0"
    }
  }
}
