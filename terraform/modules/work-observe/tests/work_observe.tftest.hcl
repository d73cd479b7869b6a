# terraform test with mock_provider "aws": the dashboard is CloudWatch dashboard JSON (docs.aws.amazon.com/AmazonCloudWatch,
# "Dashboard Body Structure and Syntax") whose every metric of the functions' namespace is one metrics.json defines, for
# an action it is reported for; an alarm per failure kind and variant, each to the topic.

mock_provider "aws" {
  source = "../../tests/mocks"
}

variables {
  name_prefix = "nano-work"
  region      = "us-east-1"
  namespace   = "NanoWork/nano-work"
  variants = {
    x86_64 = { architecture = "x86_64", generate_memory_mb = 10240, generate_function = "nano-work-x86_64-generate", validate_function = "nano-work-x86_64-validate", worker_function = "nano-work-x86_64-worker" }
    arm64  = { architecture = "arm64", generate_memory_mb = 10240, generate_function = "nano-work-arm64-generate", validate_function = "nano-work-arm64-validate", worker_function = "nano-work-arm64-worker" }
  }
  log_group_names = ["/aws/lambda/nano-work-x86_64-generate", "/aws/lambda/nano-work-x86_64-worker"]
  api_id          = "abcdef1234"
  table_name      = "nano-work-work-records"
  alarms          = { enabled = true, topic_arn = "arn:aws:sns:us-east-1:123456789012:nano-work-spend" }
  spend_alarm_arn = "arn:aws:cloudwatch:us-east-1:123456789012:alarm:nano-work-spend-per-hour"
  prices = {
    lambda_gb_second                   = { x86_64 = 0.0000166667, arm64 = 0.0000133334 }
    lambda_request_per_million         = 0.20
    http_api_request_per_million       = 1.00
    dynamodb_read_request_per_million  = 0.125
    dynamodb_write_request_per_million = 0.625
  }
}

run "dashboard_and_alarms" {
  command = apply

  variables {
    definitions = jsondecode(file("metrics.json"))
  }

  assert {
    condition = alltrue([for e in [for w in jsondecode(output.dashboard_body).widgets : w.properties.metrics if w.type == "metric" && strcontains(w.properties.title, "Cost per work")][0] :
      strcontains(e[0].expression, "FILL(rk") && strcontains(e[0].expression, "FILL(wg") if can(e[0].expression)
    ]) && !strcontains(jsonencode([for w in jsondecode(output.dashboard_body).widgets : w if strcontains(try(w.properties.title, ""), "Cost per work")]), "ConsumedReadCapacityUnits")
    error_message = "each variant's cost per work prices the record calls its generate executions and workers counted, not the table's units shared out"
  }

  assert {
    condition = alltrue([for w in jsondecode(output.dashboard_body).widgets :
      contains(["metric", "text"], w.type) && w.x >= 0 && w.width >= 1 && w.x + w.width <= 24 && w.y >= 0 && w.height >= 1 && w.height <= 1000
    ])
    error_message = "every widget a metric or text widget within the 24-column grid"
  }
  assert {
    condition = alltrue([for w in jsondecode(output.dashboard_body).widgets :
      w.type == "text" ? length(w.properties.markdown) > 0 : (w.properties.region == "us-east-1" && (can(w.properties.metrics) || can(w.properties.annotations.alarms)))
    ])
    error_message = "a metric widget names its region and draws metrics or an alarm; a text widget has markdown"
  }
  assert {
    # Each metric is [namespace, name, dimension name, value, ..., {options}] (the options optional, among the
    # documented rendering properties) or [{expression, id, label}].
    condition = alltrue(flatten([for w in jsondecode(output.dashboard_body).widgets : [for m in try(w.properties.metrics, []) :
      can(tostring(m[0]))
      ? (can(keys(m[length(m) - 1]))
        ? length(m) % 2 == 1 && alltrue([for key in try(keys(m[length(m) - 1]), []) : contains(["id", "label", "stat", "visible", "period", "color", "yAxis", "region"], key)])
      : length(m) % 2 == 0)
      : (length(m) == 1 && can(m[0].expression) && can(regex("^[a-z][a-zA-Z0-9_]*$", m[0].id)))
    ]]))
    error_message = "every metric line is a metric array with rendering options, or an expression with an id"
  }
  assert {
    # The functions' own metrics: a name metrics.json defines, dimensions Variant and Action only, an action it is
    # reported for, a variant of the deployment.
    condition = alltrue(flatten([for w in jsondecode(output.dashboard_body).widgets : [for m in try(w.properties.metrics, []) :
      can(tostring(m[0])) && m[0] == var.namespace
      ? (m[2] == "Variant" && contains(keys(var.variants), m[3]) && m[4] == "Action" && contains(try(var.definitions.metrics[m[1]].actions, []), m[5]))
      : true
    ]]))
    error_message = "a metric of the namespace that the functions do not report, or with another dimension"
  }
  assert {
    condition     = alltrue(flatten([for w in jsondecode(output.dashboard_body).widgets : [for m in try(w.properties.metrics, []) : can(tostring(m[0])) ? (m[0] == var.namespace || contains(["AWS/Lambda", "AWS/DynamoDB"], m[0])) : true]]))
    error_message = "only the functions' namespace, Lambda's and DynamoDB's"
  }
  assert {
    # Metric math reads the ids of its widget's metrics, and numbers without an exponent.
    condition = alltrue(flatten([for w in jsondecode(output.dashboard_body).widgets : [for m in try(w.properties.metrics, []) :
      [for id in regexall("[a-z][a-zA-Z0-9_]*", try(m[0].expression, "")) : contains([for n in w.properties.metrics : try(n[length(n) - 1].id, "")], id)]
    ]]))
    error_message = "an expression names an id its widget does not define (or a number in exponent form)"
  }
  assert {
    condition     = length(jsondecode(output.dashboard_body).widgets) == length(var.definitions.panels)
    error_message = "one widget per panel of metrics.json"
  }
  assert {
    condition     = length([for w in jsondecode(output.dashboard_body).widgets : w if can(w.properties.annotations.alarms)]) == 1
    error_message = "the spend alarm's line is drawn"
  }
  assert {
    condition = toset(keys(output.alarm_names)) == toset(flatten([for v in ["x86_64", "arm64"] : [for k in [
      "p99-latency", "deadlines", "failures", "worker-throttles", "record-failures", "key-store-failures", "lambda-errors", "lambda-throttles"
    ] : "${v}-${k}"]]))
    error_message = "an alarm per failure kind and variant: ${jsonencode(keys(output.alarm_names))}"
  }
  assert {
    condition     = alltrue([for a in aws_cloudwatch_metric_alarm.this : a.alarm_actions == toset([var.alarms.topic_arn]) && a.ok_actions == toset([var.alarms.topic_arn])])
    error_message = "every alarm notifies the spend alarm's topic"
  }
  assert {
    condition = alltrue(flatten([for a in aws_cloudwatch_metric_alarm.this : [for q in a.metric_query : [for m in q.metric :
      m.namespace != var.namespace ? true : contains(try(var.definitions.metrics[m.metric_name].actions, []), try(m.dimensions["Action"], "-"))
    ]]]))
    error_message = "every alarm on the functions' metrics reads a metric they report, for an action they report it for"
  }
  assert {
    condition     = aws_cloudwatch_metric_alarm.this["x86_64-p99-latency"].threshold == 5000 && aws_cloudwatch_metric_alarm.this["x86_64-p99-latency"].evaluation_periods == 3
    error_message = "p99 above 5 s (in ms) for three 5-minute periods"
  }
  assert {
    condition     = length([for q in aws_cloudwatch_metric_alarm.this["arm64-lambda-errors"].metric_query : q if length(q.metric) > 0]) == 3
    error_message = "Lambda errors of the generate, validate and worker functions"
  }
  assert {
    condition     = length(output.query_names) == 5 && alltrue([for q in aws_cloudwatch_query_definition.this : q.log_group_names == var.log_group_names])
    error_message = "the saved queries read every function's log group"
  }
}

run "alarms_off_without_table_or_spend_alarm" {
  command = apply

  variables {
    alarms          = { enabled = false }
    table_name      = null
    spend_alarm_arn = null
    variants = {
      x86_64 = { architecture = "x86_64", generate_memory_mb = 10240, generate_function = "nano-work-x86_64-generate", validate_function = "nano-work-x86_64-validate" }
    }
  }

  assert {
    condition     = length(output.alarm_names) == 0
    error_message = "no alarm without a topic"
  }
  assert {
    condition     = length([for w in jsondecode(output.dashboard_body).widgets : w if w.type == "text"]) == 2
    error_message = "the table's and the spend alarm's panels say why they are empty"
  }
  assert {
    condition     = !strcontains(output.dashboard_body, "wd0") && strcontains(output.dashboard_body, "gd0") && !strcontains(output.dashboard_body, "rg0")
    error_message = "the cost per work counts no worker where there is none, and no record call without a table"
  }
}

run "an_alarm_nobody_hears_is_refused" {
  command = plan

  variables {
    alarms = { enabled = true }
  }

  expect_failures = [var.alarms]
}

run "aws_namespace_refused" {
  command = plan

  variables {
    namespace = "AWS/Lambda"
  }

  expect_failures = [var.namespace]
}
