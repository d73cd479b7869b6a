#!/usr/bin/env bash
# Cost per work across Lambda, Lambda Managed Instances and EC2: a Markdown table, a CSV and a PNG chart; prints where
# they are and the reference row (Maven quiet).
#   infra/cost.sh [--rates FILE]... [--pricing FILE] [--difficulty D] [--out DIR] [--docs]
# Defaults: infra/rates/default.jsonl (+ infra/rates/deployed.jsonl when present), infra/pricing/aws-us-east-1.json,
# send difficulty, target/cost/. --docs also refreshes docs/cost.md's table and docs/cost-chart.png.
# Through Maven (the cost profile: the report's sources compiled with the test sources, run by exec:exec with the
# JDK ./mvnw finds); the entry point is dev.nanowork.cost.CostMain.
set -euo pipefail
cd "$(dirname "$0")/.."
. infra/lib/jdk.sh # once here, so that neither ./mvnw below says again which JDK it took

# exec:exec splits cost.args on spaces outside quotes: each argument goes quoted (in "..." if it holds a ').
args=""
for arg in "$@"; do
  case "$arg" in
    *"'"*) args+=" \"$arg\"" ;;
    *) args+=" '$arg'" ;;
  esac
done

mvn=(./mvnw -B -q -Pcost -DskipTests)
"${mvn[@]}" test-compile >&2
exec "${mvn[@]}" exec:exec@cost -Dcost.args="$args"
