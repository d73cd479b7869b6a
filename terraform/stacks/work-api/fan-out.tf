# The fan-out (docs/deploy.md): one work searched by the generate function and up to max_workers worker executions at
# once, shared through one DynamoDB item per root, so that a find stops every execution, a duplicate joins the search
# under way, a retry is answered from the record and work_cancel reaches every execution. On by default on plain Lambda
# variants; fan_out = null turns it off (every work searched by one execution, as before).

locals {
  fan_out = var.fan_out != null

  # What the variants take: the table, and the settings each function reads.
  variant_fan_out = local.fan_out ? {
    table_name                  = aws_dynamodb_table.work_records[0].name
    table_arn                   = aws_dynamodb_table.work_records[0].arn
    worker_reserved_concurrency = var.fan_out.worker_reserved_concurrency
    target                      = var.fan_out.target
    max_workers                 = var.fan_out.max_workers
    poll_interval               = var.fan_out.poll_interval
    record_ttl_minutes          = var.fan_out.record_ttl_minutes
  } : null
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
}
