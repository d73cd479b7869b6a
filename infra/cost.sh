#!/usr/bin/env bash
# Cost per work across Lambda, Lambda Managed Instances and EC2: a Markdown table, a CSV and a PNG chart.
#   infra/cost.sh [--rates FILE]... [--pricing FILE] [--difficulty D] [--out DIR] [--docs]
# Defaults: infra/rates/default.jsonl (+ infra/rates/deployed.jsonl when present), infra/pricing/aws-us-east-1.json,
# send difficulty, target/cost/. --docs also refreshes docs/cost.md's table and docs/cost-chart.png.
set -euo pipefail
cd "$(dirname "$0")/.."

. infra/lib/jdk.sh

# The cost report is its own source set (src/cost/java), compiled with the test sources so that neither it
# nor its chart library reaches function.zip: compile them (without running tests) and write the test classpath.
classpath_file=target/cost-classpath.txt
./mvnw -B -q -DskipTests test-compile \
  org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile="$classpath_file" >&2

exec java -Djava.awt.headless=true -cp "target/test-classes:target/classes:$(cat "$classpath_file")" dev.nanowork.cost.CostMain "$@"
