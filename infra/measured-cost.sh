#!/usr/bin/env bash
# What a deployed stack did and was billed over a window, from its metrics (CloudWatch GetMetricData through the AWS
# SDK for Java v2, default credential chain): per variant billed per GB-second, the works, one execution's measured
# MH/s, the wait (work_generate latency mean, p50, p99), the deadlines, and the cost per work as billed (generate and
# worker duration, requests, record table units). Writes infra/rates/measured.jsonl, which infra/cost.sh then draws
# solid beside its modelled rows (docs/cost.md, docs/observe.md).
#   infra/measured-cost.sh --from ISO --to ISO [--stack DIR | --observe FILE] [--namespace NS] [--region R]
#                          [--out FILE] [--pricing FILE]
# Default stack: terraform/stacks/work-api (its output "metrics_source": namespace, table, variants; region from the output,
# else --region or AWS_REGION). Through Maven (the cost profile, as infra/cost.sh): dev.nanowork.cost.MeasuredMain.
set -euo pipefail
cd "$(dirname "$0")/.."
. infra/lib/jdk.sh
. infra/lib/progress.sh

stack="${STACK_DIR:-terraform/stacks/work-api}"
args=()
observe=""
help=""
while [ $# -gt 0 ]; do
  case "$1" in
    --stack) [ $# -ge 2 ] || { echo "--stack needs a directory" >&2; exit 2; }; stack="$2"; shift 2 ;;
    --observe) [ $# -ge 2 ] || { echo "--observe needs a file" >&2; exit 2; }; observe="$2"; shift 2 ;;
    -h | --help) help=1; args+=("$1"); shift ;;
    *) args+=("$1"); shift ;;
  esac
done
if [ -n "$help" ]; then
  : # the usage only: no stack to read
elif [ -z "$observe" ]; then
  command -v terraform >/dev/null || { echo "measured-cost.sh: terraform is needed to read $stack's output (or give --observe FILE)" >&2; exit 2; }
  observe="$(mktemp)"
  trap 'rm -f "$observe"' EXIT
  terraform -chdir="$stack" output -json metrics_source >"$observe" \
    || { echo "measured-cost.sh: no output 'observe' in $stack: deploy first (infra/deploy.sh)" >&2; exit 2; }
fi
[ -z "$observe" ] || args+=(--observe "$observe")

# exec:exec splits cost.args on spaces outside quotes: each argument goes quoted (in "..." if it holds a ').
quoted=""
for arg in "${args[@]}"; do
  case "$arg" in
    *"'"*) quoted+=" \"$arg\"" ;;
    *) quoted+=" '$arg'" ;;
  esac
done
mvn=(./mvnw -B -q -Pcost -DskipTests)
progress_run "measured: compiling (Maven test-compile)" "${mvn[@]}" test-compile >&2
"${mvn[@]}" exec:exec@measured -Dcost.args="$quoted"
