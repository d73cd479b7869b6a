#!/usr/bin/env bash
# Cost per work across Lambda, Lambda Managed Instances and EC2: a Markdown table, a CSV and a PNG chart.
#   infra/cost.sh [--rates FILE]... [--pricing FILE] [--difficulty D] [--out DIR] [--docs]
# Defaults: infra/rates/default.jsonl (+ infra/rates/deployed.jsonl when present), infra/pricing/aws-us-east-1.json,
# send difficulty, target/cost/. --docs also refreshes docs/cost.md's table and docs/cost-chart.png.
set -euo pipefail
cd "$(dirname "$0")/.."

. infra/lib/jdk.sh

# Compile the classes and write the compile classpath; JFreeChart is "provided" (kept out of function.zip),
# and includeScope=compile takes compile, provided and system dependencies.
classpath_file=target/cost-classpath.txt
./mvnw -B -q compile \
  org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
  -Dmdep.includeScope=compile -Dmdep.outputFile="$classpath_file" >&2

exec java -Djava.awt.headless=true -cp "target/classes:$(cat "$classpath_file")" dev.nanowork.cost.CostMain "$@"
