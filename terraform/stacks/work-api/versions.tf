terraform {
  # 1.9: variable validations may refer to other variables; 1.11: write-only arguments (the keys' value_wo, which
  # an older Terraform would store in the state).
  required_version = ">= 1.11.0"

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

provider "aws" {
  region = var.region

  default_tags {
    tags = var.tags
  }
}

# Web ACLs for CloudFront (rate-limit.tf) exist only in us-east-1, whatever var.region is.
provider "aws" {
  alias  = "us_east_1"
  region = "us-east-1"

  default_tags {
    tags = var.tags
  }
}
