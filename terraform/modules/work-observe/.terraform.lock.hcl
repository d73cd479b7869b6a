# This file is maintained automatically by "terraform init".
# Manual edits may be lost in future updates.

provider "registry.terraform.io/hashicorp/aws" {
  version     = "6.66.0"
  constraints = ">= 6.66.0, < 7.0.0"
  hashes = [
    "h1:djCfAUfZq6OA/VQYaBd08rVhnsuYxC2NFq+EUeyFM/M=",
  ]
}
