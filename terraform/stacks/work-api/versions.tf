terraform {
  # 1.9: variable validations may refer to other variables.
  required_version = ">= 1.9.0"

  required_providers {
    aws = {
      source = "hashicorp/aws"
      # 6.24.0 added aws_lambda_capacity_provider and capacity_provider_config (Lambda Managed Instances).
      version = ">= 6.24.0, < 7.0.0"
    }
  }
}

provider "aws" {
  region = var.region

  default_tags {
    tags = var.tags
  }
}
