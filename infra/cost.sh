#!/usr/bin/env bash
# Cost per work across Lambda, Lambda Managed Instances and EC2: a Markdown table, a CSV of the targets and one of the
# fan-out's rows, and a PNG chart; prints where they are and the reference row. Says first how long it will take (the
# last run's time, kept in target/cost-run-seconds), then each step and its progress on stderr (Maven itself quiet).
#   infra/cost.sh [--rates FILE]... [--pricing FILE] [--difficulty D] [--out DIR] [--docs]
# Defaults: infra/rates/default.jsonl (+ infra/rates/deployed.jsonl when present), infra/pricing/aws-us-east-1.json,
# send difficulty, target/cost/. --docs also refreshes docs/cost.md's table and docs/cost-chart.png.
# Through Maven (the cost profile: the report's sources compiled with the test sources, run by exec:exec with the
# JDK ./mvnw finds); the entry point is dev.nanowork.cost.CostMain.
set -euo pipefail
cd "$(dirname "$0")/.."
. infra/lib/jdk.sh # once here, so that neither ./mvnw below says again which JDK it took
. infra/lib/cost-profile.sh

case " $* " in *" -h "* | *" --help "*) ;; *)
  # Maven is quiet (-q): say up front what the run costs, then tick while it compiles.
  progress_about cost target/cost-run-seconds "no earlier run recorded here: about 20 s when the project is compiled already (15 s measured on 2 vCPUs of an AMD EPYC family 26 model 2: 8 s of Maven test-compile, 7 s for the report), a few minutes when Maven compiles it all first; progress below"
esac
start=$(date +%s)
cost_profile_run cost dev.nanowork.cost.CostMain report "$@"
progress_record target/cost-run-seconds "$start"
