# The access key (docs/reliability.md, "Optional credential"): every function reads one SSM SecureString
# parameter at start-up through the AWS Parameters and Secrets Lambda Extension, a layer whose ARN depends on
# the region and the architecture. The stack does not create the parameter: a value Terraform manages (even a
# placeholder under ignore_changes) is read back into the state on every refresh, and the key would then sit in
# every copy of the state. Create it once, before the apply:
#   aws ssm put-parameter --name /nano-work/auth-key --type SecureString --value "$(openssl rand -hex 32)"

data "aws_caller_identity" "current" {}

data "aws_partition" "current" {}

locals {
  auth_key_parameter_arn = var.auth_key_parameter_name == null ? null : format(
    "arn:%s:ssm:%s:%s:parameter/%s",
    data.aws_partition.current.partition, var.region, data.aws_caller_identity.current.account_id,
    trimprefix(var.auth_key_parameter_name, "/"),
  )

  # Architecture -> what the work-function module needs to read the key (null: open).
  auth_keys = {
    for architecture in ["x86_64", "arm64"] : architecture => var.auth_key_parameter_name == null ? null : {
      parameter_name      = var.auth_key_parameter_name
      parameter_arn       = local.auth_key_parameter_arn
      kms_key_arn         = var.auth_key_kms_key_arn
      extension_layer_arn = var.parameters_secrets_extension_layer_arns[architecture]
    }
  }
}
