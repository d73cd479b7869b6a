# Reserved concurrency comes out of the account's concurrent executions quota, and Lambda keeps at least 100
# of it unreserved: a total past (quota - 100) fails at apply, function by function, half-way through
# ("Specified ReservedConcurrentExecutions ... decreases account's UnreservedConcurrentExecution below its
# minimum value of [100]"). New accounts may start at a quota of 10, where no reservation at all is possible.

locals {
  # Plain variants reserve for both functions and, with the fan-out, their worker; managed variants only for their
  # validate function (plain Lambda).
  reserved_concurrency_total = sum([
    for call in local.variant_calls : call.validate.reserved_concurrency + (call.managed_instances == null ? call.generate.reserved_concurrency : 0) + try(call.fan_out.worker_reserved_concurrency, 0)
  ])
}

# Checked against the account at plan (warns, does not stop: reading the quota needs servicequotas:GetServiceQuota,
# and reservations of the account's other functions also count, which this stack cannot see).
check "reserved_concurrency_fits_the_account" {
  data "aws_servicequotas_service_quota" "lambda_concurrency" {
    service_code = "lambda"
    quota_code   = "L-B99A9384" # Concurrent executions
  }

  assert {
    condition     = local.reserved_concurrency_total <= data.aws_servicequotas_service_quota.lambda_concurrency.value - 100
    error_message = "the stack reserves ${local.reserved_concurrency_total} concurrent executions, but this account's quota of ${data.aws_servicequotas_service_quota.lambda_concurrency.value} leaves only ${data.aws_servicequotas_service_quota.lambda_concurrency.value - 100} reservable (Lambda keeps 100 unreserved): lower the reserved concurrencies in variants, or ask for a higher quota (Service Quotas, Lambda, L-B99A9384)."
  }
}
