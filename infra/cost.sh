#!/usr/bin/env bash
# Cost per work across Lambda, Lambda Managed Instances and EC2: a Markdown table, a CSV and a PNG chart.
#   infra/cost.sh [--rates FILE]... [--pricing FILE] [--difficulty D] [--out DIR] [--docs]
# Defaults: infra/rates/default.jsonl (+ infra/rates/deployed.jsonl when present), infra/pricing/aws-us-east-1.json,
# send difficulty, target/cost/. --docs also refreshes docs/cost.md's table and docs/cost-chart.png.
set -euo pipefail
cd "$(dirname "$0")/.."

# The same JDK choice as .ci/run: this machine's default java is 17; the project is built and tested on 25.
if [ -z "${JAVA_HOME:-}" ] || ! "$JAVA_HOME/bin/java" -version 2>&1 | grep -q 'version "25'; then
  for candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25-jdk-arm64 /usr/lib/jvm/temurin-25* /usr/lib/jvm/java-25*; do
    if [ -x "$candidate/bin/java" ]; then export JAVA_HOME="$candidate"; break; fi
  done
fi
if [ -z "${JAVA_HOME:-}" ] || [ ! -x "$JAVA_HOME/bin/java" ]; then
  echo "no JDK 25 found under /usr/lib/jvm: install one and set JAVA_HOME" >&2
  exit 1
fi
export PATH="$JAVA_HOME/bin:$PATH"

# Compile the classes and write the compile classpath; JFreeChart is "provided" (kept out of function.zip),
# and includeScope=compile takes compile, provided and system dependencies.
classpath_file=target/cost-classpath.txt
./mvnw -B -q compile \
  org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
  -Dmdep.includeScope=compile -Dmdep.outputFile="$classpath_file" >&2

exec java -Djava.awt.headless=true -cp "target/classes:$(cat "$classpath_file")" dev.nanowork.cost.CostMain "$@"
