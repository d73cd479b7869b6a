#!/usr/bin/env bash
# The fan-out's local overheads: three worker functions from target/function.zip under the real runtime interface
# client, the records in dynalite (FanOutBench): stop lag, warm dispatch and init time with and without the SDK
# clients, medians and p99, one JSON line in target/fanout-bench.json. About two minutes; run it on a quiet machine.
#   infra/fanout-bench.sh [--rounds N]    (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=20
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done
# The package phase writes function.zip; only this class runs (its name matches neither test pattern).
./mvnw -B -q verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=FanOutBench \
  -Dfailsafe.failIfNoSpecifiedTests=false -Dfanout.rounds="$rounds" -DskipSelfHosted -DskipArm64 -DskipLint \
  -DskipTerraform -Djacoco.skip=true -Dspotless.check.skip=true >&2
cat target/fanout-bench.json
