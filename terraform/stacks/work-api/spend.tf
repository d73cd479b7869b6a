# Tells the operator when spend passes a threshold: a CloudWatch alarm on the plain functions' billed duration,
# the API's requests and the edge's (CloudFront's), turned into dollars per hour by metric math (the last 5 minutes' rate x 12), and an
# optional monthly AWS Budgets budget; both notify one SNS topic (with an optional email subscription, which
# AWS asks the address to confirm). The alarm reacts in minutes; Budgets sees the bill hours later. Managed
# Instances are billed by their EC2 fleet, which this alarm does not see (max_vcpu_count bounds them).
#
# Nothing here stops spend: Lambda cannot set its own reserved concurrency, so a stop would be another function
# with lambda:PutFunctionConcurrency on every variant. The manual stop is in docs/reliability.md.

locals {
  alerting = var.spend_alert != null

  # Plain functions only (reserved concurrency, billed per GB-s): name -> dollars per millisecond of Duration.
  billed_functions = merge(concat([
    for name, variant in var.variants : {
      "${name}-generate" = {
        function_name  = module.variant[name].generate_function_name
        dollars_per_ms = variant.generate_memory_mb / 1024 * var.prices.lambda_gb_second[variant.architecture] / 1000
        query_id       = "g_${replace(name, "-", "_")}"
      }
      "${name}-validate" = {
        function_name  = module.variant[name].validate_function_name
        dollars_per_ms = variant.validate_memory_mb / 1024 * var.prices.lambda_gb_second[variant.architecture] / 1000
        query_id       = "v_${replace(name, "-", "_")}"
      }
    }
    ], [
    # The fan-out's workers: the generate function's memory, invoked by it (their requests are Lambda's, not the
    # API's: at $0.20 per million, under a thousandth of their duration's cost).
    for name, variant in(local.fan_out ? var.variants : {}) : {
      "${name}-worker" = {
        function_name  = module.variant[name].worker_function_name
        dollars_per_ms = variant.generate_memory_mb / 1024 * var.prices.lambda_gb_second[variant.architecture] / 1000
        query_id       = "w_${replace(name, "-", "_")}"
      }
    }
  ])...)

  spend_period_seconds = 300

  # Dollars per edge request, the only cost a stranger controls (each is refused there, but billed as an HTTPS
  # request and a CloudFront Function invocation): CloudFront prices HTTPS requests per 10,000
  # (aws.amazon.com/cloudfront/pricing, infra/pricing/aws-us-east-1.json) and its functions per million invocations.
  dollars_per_edge_request = var.prices.cloudfront_https_request_per_10k / 1e4 + var.prices.cloudfront_function_invocation_per_million / 1e6

  # The work records' request units with the fan-out (on demand: every strongly consistent read of a record is one
  # read unit, every write one write unit), by their CloudWatch metric: metric query id -> dollars per unit.
  record_units = local.fan_out ? {
    record_reads  = { metric = "ConsumedReadCapacityUnits", dollars = var.prices.dynamodb_read_request_per_million / 1e6 }
    record_writes = { metric = "ConsumedWriteCapacityUnits", dollars = var.prices.dynamodb_write_request_per_million / 1e6 }
  } : {}

  # Dollars per hour at the rate of the last period: every function's Duration (ms) at its price per ms, every
  # request the API forwarded at the HTTP API's and Lambda's price per request, every request the edge saw
  # (forwarded or refused there) at CloudFront's, and the work records' request units at DynamoDB's.
  spend_expression = format(
    "(%s + FILL(requests, 0) * %s + FILL(edge_requests, 0) * %s%s) * %d",
    join(" + ", [for key, f in local.billed_functions : format("FILL(%s, 0) * %.15f", lower(f.query_id), f.dollars_per_ms)]),
    format("%.15f", (var.prices.http_api_request_per_million + var.prices.lambda_request_per_million) / 1e6),
    format("%.15f", local.dollars_per_edge_request),
    join("", [for id, u in local.record_units : format(" + FILL(%s, 0) * %.15f", id, u.dollars)]),
    3600 / local.spend_period_seconds,
  )
}

resource "aws_sns_topic" "spend" {
  count = local.alerting ? 1 : 0

  name = "${var.name_prefix}-spend"
}

resource "aws_sns_topic_policy" "spend" {
  count = local.alerting ? 1 : 0

  arn = aws_sns_topic.spend[0].arn
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "AlarmsAndBudgetsOfThisAccountPublish"
      Effect    = "Allow"
      Principal = { Service = ["cloudwatch.amazonaws.com", "budgets.amazonaws.com"] }
      Action    = "SNS:Publish"
      Resource  = aws_sns_topic.spend[0].arn
      Condition = { StringEquals = { "aws:SourceAccount" = data.aws_caller_identity.current.account_id } }
    }]
  })
}

resource "aws_sns_topic_subscription" "spend_email" {
  count = local.alerting && try(var.spend_alert.email, null) != null ? 1 : 0

  topic_arn = aws_sns_topic.spend[0].arn
  protocol  = "email"
  endpoint  = var.spend_alert.email
}

resource "aws_cloudwatch_metric_alarm" "spend" {
  count = local.alerting ? 1 : 0

  alarm_name          = "${var.name_prefix}-spend-per-hour"
  alarm_description   = "nano-work-function: Lambda duration, API and edge requests and the work records cost more than $${var.spend_alert.dollars_per_hour} per hour at the rate of the last 5 minutes (worst case: docs/reliability.md)"
  comparison_operator = "GreaterThanOrEqualToThreshold"
  threshold           = var.spend_alert.dollars_per_hour
  evaluation_periods  = 1
  datapoints_to_alarm = 1
  treat_missing_data  = "notBreaching"
  alarm_actions       = [aws_sns_topic.spend[0].arn]
  ok_actions          = [aws_sns_topic.spend[0].arn]

  metric_query {
    id          = "dollars_per_hour"
    label       = "Dollars per hour (Lambda duration + API and edge requests + work records)"
    expression  = local.spend_expression
    return_data = true
  }

  dynamic "metric_query" {
    for_each = local.billed_functions

    content {
      id = lower(metric_query.value.query_id)

      metric {
        namespace   = "AWS/Lambda"
        metric_name = "Duration"
        stat        = "Sum"
        period      = local.spend_period_seconds
        dimensions  = { FunctionName = metric_query.value.function_name }
      }
    }
  }

  metric_query {
    id = "requests"

    metric {
      namespace   = "AWS/ApiGateway"
      metric_name = "Count"
      stat        = "Sum"
      period      = local.spend_period_seconds
      dimensions  = { ApiId = aws_apigatewayv2_api.this.id }
    }
  }

  # The work records' units (AWS/DynamoDB, by table), with the fan-out.
  dynamic "metric_query" {
    for_each = local.record_units

    content {
      id = metric_query.key

      metric {
        namespace   = "AWS/DynamoDB"
        metric_name = metric_query.value.metric
        stat        = "Sum"
        period      = local.spend_period_seconds
        dimensions  = { TableName = aws_dynamodb_table.work_records[0].name }
      }
    }
  }

  # Every viewer request, refused at the edge or forwarded (CloudFront's metrics carry Region = Global).
  # CloudFront publishes them in us-east-1 only and an alarm reads its own region's metrics: elsewhere this reads
  # nothing (FILL makes it 0), and the check spend_alarm_sees_the_edge says so at every plan.
  metric_query {
    id = "edge_requests"

    metric {
      namespace   = "AWS/CloudFront"
      metric_name = "Requests"
      stat        = "Sum"
      period      = local.spend_period_seconds
      dimensions  = { DistributionId = aws_cloudfront_distribution.api.id, Region = "Global" }
    }
  }
}

# Account-wide (the stack cannot filter on its tags until they are activated as cost allocation tags).
resource "aws_budgets_budget" "monthly" {
  count = local.alerting && try(var.spend_alert.monthly_budget_usd, null) != null ? 1 : 0

  name         = "${var.name_prefix}-monthly"
  budget_type  = "COST"
  limit_amount = format("%.2f", var.spend_alert.monthly_budget_usd)
  limit_unit   = "USD"
  time_unit    = "MONTHLY"

  # Told when the month is forecast past 80 % of the budget, and again when it has passed it.
  dynamic "notification" {
    for_each = { FORECASTED = 80, ACTUAL = 100 }

    content {
      comparison_operator       = "GREATER_THAN"
      threshold                 = notification.value
      threshold_type            = "PERCENTAGE"
      notification_type         = notification.key
      subscriber_sns_topic_arns = [aws_sns_topic.spend[0].arn]
    }
  }

  depends_on = [aws_sns_topic_policy.spend]
}

check "spend_alarm_sees_the_edge" {
  assert {
    condition     = !local.alerting || var.region == "us-east-1"
    error_message = "the spend alarm does not count the edge's (CloudFront's) request charges, the only cost a stranger controls: CloudFront publishes its metrics in us-east-1 only and an alarm reads its own region's. Deploy the stack in us-east-1, or watch the AWS/CloudFront Requests metric of the distribution there yourself; the monthly budget sees them."
  }
}

# An alarm nobody hears is no alarm: the topic needs a subscriber. spend_alert.email subscribes one (AWS mails a
# confirmation link); an operator who subscribes another way (chat, a pager) says so with spend_alert.subscribed.
check "spend_alarm_reaches_someone" {
  assert {
    condition     = !local.alerting || try(var.spend_alert.email, null) != null || try(var.spend_alert.subscribed, false)
    error_message = "the spend alarm's SNS topic has no subscriber: set spend_alert.email (or subscribe to spend_topic_arn yourself and set spend_alert.subscribed = true), or spend_alert = null for no alarm."
  }
}
