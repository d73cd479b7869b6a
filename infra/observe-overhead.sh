#!/usr/bin/env bash
# What observing costs a request (issue 42): the validate function of function.zip before the records and of this
# checkout, each under the real runtime interface client, answering the same work_validate event one at a time, in
# turns (ObserveOverheadBench). Prints one JSON line (also target/observe-overhead.json): median and p99 of the invoke
# round trip for each, and the CPU. Builds the baseline's function.zip from REV in a temporary worktree first (about
# three minutes), then this checkout's; run it on a quiet machine.
#   infra/observe-overhead.sh [--baseline REV] [--requests N]
# REV defaults to 9392d59, main before issue 42's records.
set -euo pipefail
cd "$(dirname "$0")/.."
. infra/lib/jdk.sh
baseline=9392d59
requests=2000
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="$2"; shift 2 ;;
    --requests) requests="$2"; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done
quiet=(-B -q -DskipTests -DskipSelfHosted -DskipArm64 -DskipLint -DskipTerraform -Djacoco.skip=true -Dspotless.check.skip=true)
# Beside this checkout, so that its ../shared is this one's.
tree="$(dirname "$PWD")/.observe-baseline-$$"
trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || true' EXIT
git worktree add -q --detach "$tree" "$baseline"
echo "building function.zip of $baseline" >&2
(cd "$tree" && ./mvnw "${quiet[@]}" package >&2)
mkdir -p target
cp "$tree/target/function.zip" target/baseline-function.zip
echo "building this checkout's function.zip and measuring" >&2
./mvnw -B -q verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=ObserveOverheadBench \
  -Dfailsafe.failIfNoSpecifiedTests=false -Dobserve.requests="$requests" \
  -Dobserve.baseline="$PWD/target/baseline-function.zip" -DskipSelfHosted -DskipArm64 -DskipLint -DskipTerraform \
  -Djacoco.skip=true -Dspotless.check.skip=true >&2
cat target/observe-overhead.json
