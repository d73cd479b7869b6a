# The fan-out (docs/deploy.md): one work searched by the generate function and up to max_workers worker executions at
# once, shared through one DynamoDB item per root, so that a find stops every execution, a duplicate joins the search
# under way, a retry is answered from the record and work_cancel reaches every execution. On by default on plain Lambda
# variants; fan_out = null turns it off (every work searched by one execution, as before).

locals {
  fan_out = var.fan_out != null

  # Each variant's worker slots: every worker of concurrent_works long works at once (a work that finds every slot
  # taken gets the workers left, throttled invokes being workers fewer, and waits up to a single execution's time).
  worker_reserved_concurrency = local.fan_out ? coalesce(var.fan_out.worker_reserved_concurrency, var.fan_out.max_workers * var.fan_out.concurrent_works) : 0

  # What the variants take: the table, and the settings each function reads.
  variant_fan_out = local.fan_out ? {
    table_name                  = aws_dynamodb_table.work_records[0].name
    table_arn                   = aws_dynamodb_table.work_records[0].arn
    worker_reserved_concurrency = local.worker_reserved_concurrency
    target                      = var.fan_out.target
    max_workers                 = var.fan_out.max_workers
    poll_interval               = var.fan_out.poll_interval
    record_ttl_minutes          = var.fan_out.record_ttl_minutes
  } : null

  # What the records cost at worst, bounded by the table itself (on-demand maximum throughput: past it DynamoDB
  # throttles, a generate execution searches alone and a worker stops once its record has been unreadable for a
  # second). Every execution of a search reads its record once per poll interval, so the most reads a second are the
  # plain variants' reserved generate and worker slots times the polls a second, with a quarter more for the claims,
  # joins and withdrawals that read too. Writes are a few per request (claim, join, offer, withdraw) and per worker
  # find: the generate routes' throttles bound the requests, and 200 a second is several times what they let in.
  record_poll_ms = local.fan_out ? (
    endswith(var.fan_out.poll_interval, "ms") ? tonumber(trimsuffix(var.fan_out.poll_interval, "ms")) : tonumber(trimsuffix(var.fan_out.poll_interval, "s")) * 1000
  ) : null
  record_executions = local.fan_out ? sum([
    for variant in var.variants : variant.generate_reserved_concurrency + local.worker_reserved_concurrency
  ]) : 0
  record_max_reads_per_second  = local.fan_out ? ceil(local.record_executions * 1000 / local.record_poll_ms * 1.25) : 0
  record_max_writes_per_second = 200
}

# One item per root (RecordItems: root S the key; expires N, epoch seconds, the TTL attribute). On demand: a record
# costs a write to create, a read per execution per poll interval, a write to settle. TTL deletes expired items late
# (within days), so the application ignores an expired item itself. Encrypted with a KMS key (the AWS managed
# aws/dynamodb; DynamoDB encrypts every table at rest, this makes it a KMS key CloudTrail logs). No point-in-time
# recovery: a record lives an hour and is rebuilt by the next request.
resource "aws_dynamodb_table" "work_records" {
  count = local.fan_out ? 1 : 0

  name                        = "${var.name_prefix}-work-records"
  billing_mode                = "PAY_PER_REQUEST"
  hash_key                    = "root"
  deletion_protection_enabled = var.fan_out.table_deletion_protection

  attribute {
    name = "root"
    type = "S"
  }

  ttl {
    attribute_name = "expires"
    enabled        = true
  }

  server_side_encryption {
    enabled = true
  }

  on_demand_throughput {
    max_read_request_units  = local.record_max_reads_per_second
    max_write_request_units = local.record_max_writes_per_second
  }
}
