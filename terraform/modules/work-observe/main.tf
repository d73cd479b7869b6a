# What a deployment shows of itself: a CloudWatch dashboard drawn from the functions' own metrics (metrics.json: the
# definitions the functions report by, observe/Metric.java) and from AWS's (Lambda, DynamoDB, the spend alarm), alarms
# on every failure kind to the spend alarm's SNS topic, and saved Logs Insights queries for the questions an operator
# asks of the records (docs/observe.md). The metrics cost no API call: each function writes one line per request in
# CloudWatch's Embedded Metric Format, from which CloudWatch Logs extracts them.

locals {
  definitions = jsondecode(file("${path.module}/metrics.json"))
  metrics     = local.definitions.metrics
  variants    = sort(keys(var.variants))

  # Dollars per millisecond of each variant's generate function (its workers have the same memory).
  dollars_per_ms = { for name, v in var.variants : name => v.generate_memory_mb / 1024 * var.prices.lambda_gb_second[v.architecture] / 1000 }

  # The panels drawn from the functions' metrics: each line for every variant; a scaled line is an expression over
  # the hidden metric (m: metric, e: expression; then line and variant numbers), never a number in
  # exponent form, which metric math does not read.
  emf_panels = [for p in local.definitions.panels : p if !can(p.aws)]
  emf_widgets = [for p in local.emf_panels : {
    type = "metric"
    properties = {
      title  = p.title
      region = var.region
      view   = "timeSeries"
      period = 60
      metrics = concat([for j, line in p.lines : concat([for k, v in local.variants : concat(
        [[var.namespace, line.metric, "Variant", v, "Action", line.action, merge(
          { id = "m${j}_${k}", stat = line.stat, label = "${v} ${line.action} ${line.metric} ${line.stat}" },
          { for hidden, value in { visible = false } : hidden => value if try(line.divide_by, try(p.divide_by, 1)) != 1 },
        )]],
        [for divisor in [try(line.divide_by, try(p.divide_by, 1))] : [{
          expression = format("m%d_%d / %d", j, k, divisor)
          id         = "e${j}_${k}"
          label      = "${v} ${line.action} ${line.metric} ${line.stat}"
        }] if divisor != 1],
      )]...)]...)
    }
  }]

  # Cost per work as billed, per variant: the generate and worker functions' Duration at their price, the API's and
  # Lambda's request per work and Lambda's per worker invocation, over the works (work_generate requests) of the
  # period; and the record table's request units the variant's own executions counted (RecordReads, RecordWrites:
  # on demand, each call is a billed request unit), as infra/measured-cost.sh prices them.
  cost_widget = {
    type = "metric"
    properties = {
      title   = [for p in local.definitions.panels : p.title if try(p.aws, "") == "cost_per_work"][0]
      region  = var.region
      view    = "timeSeries"
      period  = 300
      metrics = concat(local.cost_variant_lines, [for k, v in local.billed : [{ id = "cost${k}", label = "${v} $ per work", expression = local.cost_expressions[v] }]])
    }
  }
  cost_variant_lines = concat([for k, v in local.billed : concat(
    [["AWS/Lambda", "Duration", "FunctionName", var.variants[v].generate_function, { id = "gd${k}", stat = "Sum", visible = false }]],
    [for line in [
      ["AWS/Lambda", "Duration", "FunctionName", var.variants[v].worker_function, { id = "wd${k}", stat = "Sum", visible = false }],
      ["AWS/Lambda", "Invocations", "FunctionName", var.variants[v].worker_function, { id = "wi${k}", stat = "Sum", visible = false }],
    ] : line if var.variants[v].worker_function != null],
    [[var.namespace, "Latency", "Variant", v, "Action", "work_generate", { id = "n${k}", stat = "SampleCount", visible = false }]],
    # The record table's calls, as the variant's generate executions and workers counted them.
    [for line in [
      [var.namespace, "RecordReads", "Variant", v, "Action", "work_generate", { id = "rg${k}", stat = "Sum", visible = false }],
      [var.namespace, "RecordWrites", "Variant", v, "Action", "work_generate", { id = "wg${k}", stat = "Sum", visible = false }],
      [var.namespace, "RecordReads", "Variant", v, "Action", "worker", { id = "rk${k}", stat = "Sum", visible = false }],
      [var.namespace, "RecordWrites", "Variant", v, "Action", "worker", { id = "wk${k}", stat = "Sum", visible = false }],
    ] : line if var.table_name != null && (line[5] == "work_generate" || var.variants[v].worker_function != null)],
  )]...)
  # Variants billed per GB-second (not Managed Instances, which pay for their EC2 fleet).
  billed = [for v in local.variants : v if var.variants[v].duration_billed]
  cost_expressions = { for k, v in local.billed : v => format(
    "(FILL(gd%d, 0) * %.15f%s + n%d * %.15f) / n%d%s",
    k, local.dollars_per_ms[v],
    var.variants[v].worker_function == null ? "" : format(" + FILL(wd%d, 0) * %.15f + FILL(wi%d, 0) * %.15f", k, local.dollars_per_ms[v], k, var.prices.lambda_request_per_million / 1e6),
    k, (var.prices.http_api_request_per_million + var.prices.lambda_request_per_million) / 1e6,
    k,
    var.table_name == null ? "" : format(
      " + ((FILL(rg%d, 0)%s) * %.15f + (FILL(wg%d, 0)%s) * %.15f) / n%d",
      k, var.variants[v].worker_function == null ? "" : format(" + FILL(rk%d, 0)", k), var.prices.dynamodb_read_request_per_million / 1e6,
      k, var.variants[v].worker_function == null ? "" : format(" + FILL(wk%d, 0)", k), var.prices.dynamodb_write_request_per_million / 1e6,
      k,
    ),
  ) }

  functions = flatten([for v in local.variants : compact([var.variants[v].generate_function, var.variants[v].validate_function, var.variants[v].worker_function])])

  # [a, b][i], not a conditional: the two widgets are objects of different shapes.
  dynamodb_widget = [{
    type       = "text"
    properties = { markdown = "No work record table: the fan-out is off (fan_out = null)." }
    }, {
    type = "metric"
    properties = {
      title  = [for p in local.definitions.panels : p.title if try(p.aws, "") == "dynamodb"][0]
      region = var.region
      view   = "timeSeries"
      period = 60
      stat   = "Sum"
      metrics = [for m in ["ConsumedReadCapacityUnits", "ConsumedWriteCapacityUnits", "ReadThrottleEvents", "WriteThrottleEvents"] :
      ["AWS/DynamoDB", m, "TableName", coalesce(var.table_name, "-")]]
    }
  }][var.table_name == null ? 0 : 1]

  lambda_widget = {
    type = "metric"
    properties = {
      title   = [for p in local.definitions.panels : p.title if try(p.aws, "") == "lambda"][0]
      region  = var.region
      view    = "timeSeries"
      period  = 60
      stat    = "Sum"
      metrics = concat([for f in local.functions : [["AWS/Lambda", "Errors", "FunctionName", f], ["AWS/Lambda", "Throttles", "FunctionName", f]]]...)
    }
  }

  spend_widget = [{
    type       = "text"
    properties = { markdown = "No spend alarm (spend_alert = null)." }
    }, {
    type = "metric"
    properties = {
      title       = [for p in local.definitions.panels : p.title if try(p.aws, "") == "spend"][0]
      region      = var.region
      annotations = { alarms = [coalesce(var.spend_alarm_arn, "-")] }
      view        = "timeSeries"
    }
  }][var.spend_alarm_arn == null ? 0 : 1]

  # Two widgets a row, 12 columns of the dashboard's 24 each, 6 rows high.
  widgets = [for i, w in concat(local.emf_widgets, [local.cost_widget, local.dynamodb_widget, local.lambda_widget, local.spend_widget]) :
  merge(w, { x = (i % 2) * 12, y = floor(i / 2) * 6, width = 12, height = 6 })]
}

resource "aws_cloudwatch_dashboard" "this" {
  dashboard_name = "${var.name_prefix}-work"
  dashboard_body = jsonencode({ widgets = local.widgets })
}

locals {
  # An alarm per failure kind and variant: the sum of its metrics over 5 minutes against its threshold (the latency's
  # p99 over three 5-minute periods in a row). A metric no request reported is missing, not breaching.
  emf = { for name in keys(local.metrics) : name => name }
  # The counts: each kind's metric summed over the actions it is read for, at or above its threshold in one period.
  counts = {
    deadlines          = { description = "work_generate requests answered with the deadline", threshold = var.alarms.deadlines, metric = local.emf.Deadline, actions = ["work_generate"] }
    failures           = { description = "requests or worker invocations that failed with an internal error", threshold = var.alarms.failures, metric = local.emf.Failed, actions = local.metrics.Failed.actions }
    worker-throttles   = { description = "worker invokes refused by the workers' reserved concurrency", threshold = var.alarms.worker_throttles, metric = local.emf.WorkersThrottled, actions = ["work_generate"] }
    record-failures    = { description = "calls to the work record table that failed (the searches went on alone, workers stopped)", threshold = var.alarms.failures, metric = local.emf.RecordFailures, actions = local.metrics.RecordFailures.actions }
    key-store-failures = { description = "requests refused because the keys could not be read from SSM", threshold = var.alarms.failures, metric = local.emf.KeyStoreFailures, actions = local.metrics.KeyStoreFailures.actions }
  }
  # Lambda's own counts, over each of the variant's functions.
  lambda_counts = {
    lambda-errors    = { description = "Lambda function errors (a crash, a timeout, a worker's refused task)", threshold = var.alarms.lambda_errors, metric = "Errors" }
    lambda-throttles = { description = "Lambda throttles (reserved concurrency reached)", threshold = var.alarms.lambda_throttles, metric = "Throttles" }
  }
  alarm_list = flatten([for v in local.variants : [for kind, spec in merge(
    {
      p99-latency = {
        description = "work_generate's p99 latency above ${var.alarms.p99_latency_seconds} s for 15 minutes"
        threshold   = var.alarms.p99_latency_seconds * 1000
        comparison  = "GreaterThanThreshold"
        periods     = 3
        queries     = [{ namespace = var.namespace, metric = local.emf.Latency, stat = "p99", dimensions = tomap({ Variant = v, Action = "work_generate" }) }]
      }
    },
    { for kind, c in local.counts : kind => {
      description = c.description
      threshold   = c.threshold
      comparison  = "GreaterThanOrEqualToThreshold"
      periods     = 1
      queries     = [for a in c.actions : { namespace = var.namespace, metric = c.metric, stat = "Sum", dimensions = tomap({ Variant = v, Action = a }) }]
    } },
    { for kind, c in local.lambda_counts : kind => {
      description = c.description
      threshold   = c.threshold
      comparison  = "GreaterThanOrEqualToThreshold"
      periods     = 1
      queries     = [for f in compact([var.variants[v].generate_function, var.variants[v].validate_function, var.variants[v].worker_function]) : { namespace = "AWS/Lambda", metric = c.metric, stat = "Sum", dimensions = tomap({ FunctionName = f }) }]
    } },
  ) : merge(spec, { key = "${v}-${kind}" }) if kind != "record-failures" || var.table_name != null]])
  alarms = { for a in local.alarm_list : a.key => a }
}

resource "aws_cloudwatch_metric_alarm" "this" {
  for_each = var.alarms.enabled ? local.alarms : {}

  alarm_name          = "${var.name_prefix}-${each.key}"
  alarm_description   = "nano-work-function: ${each.value.description} (docs/observe.md)"
  comparison_operator = each.value.comparison
  threshold           = each.value.threshold
  evaluation_periods  = each.value.periods
  datapoints_to_alarm = each.value.periods
  treat_missing_data  = "notBreaching"
  alarm_actions       = [var.alarms.topic_arn]
  ok_actions          = [var.alarms.topic_arn]

  metric_query {
    id          = "total"
    label       = each.value.description
    expression  = length(each.value.queries) == 1 ? "q0" : "SUM([${join(", ", [for i, q in each.value.queries : "FILL(q${i}, 0)"])}])"
    return_data = true
  }

  dynamic "metric_query" {
    for_each = each.value.queries

    content {
      id = "q${metric_query.key}"

      metric {
        namespace   = metric_query.value.namespace
        metric_name = metric_query.value.metric
        stat        = metric_query.value.stat
        period      = 300
        dimensions  = metric_query.value.dimensions
      }
    }
  }
}

# The questions an operator asks of the records (docs/observe.md): replace the upper-case word in the filter.
resource "aws_cloudwatch_query_definition" "this" {
  for_each = {
    key-use           = <<-EOT
      filter ispresent(request_id) and key_id = "KEY_ID"
      | stats count(*) as requests, sum(wall_ms) / 1000 as seconds by Action, outcome, bin(1h)
    EOT
    slowest-works     = <<-EOT
      filter Action = "work_generate"
      | sort wall_ms desc
      | limit 25
      | fields @timestamp, Variant, root, difficulty_asked, outcome, wall_ms, attempts, workers_started, search_id, viewer
    EOT
    root-history      = <<-EOT
      filter root = "ROOT"
      | sort @timestamp asc
      | fields @timestamp, function, Action, outcome, why, request_id, search_id, wall_ms, attempts, record_states.0
    EOT
    search-executions = <<-EOT
      filter search_id = "SEARCH_ID"
      | sort @timestamp asc
      | fields @timestamp, function, Action, outcome, request_id, wall_ms, attempts, hashes_per_second
    EOT
    refusals          = <<-EOT
      filter outcome = "refused"
      | stats count(*) as requests by why, key_id, Action
      | sort requests desc
    EOT
  }

  name            = "${var.name_prefix}/${each.key}"
  log_group_names = var.log_group_names
  query_string    = each.value
}
