#!/usr/bin/env bash
# The long fuzz run: INPUTS hostile bodies (default 1,000,000) through the request path, a third each of
# random bytes, random JSON and mutated valid requests (src/test/java/dev/nanowork/fuzz/RequestFuzzTest.java).
# Each input goes to POST / and to every function route; the run fails on the first answer that is not a
# documented error or success, on anything escaping, and on any SEVERE log line.
#
#   [FUZZ_SEED=SEED] infra/fuzz.sh [INPUTS]
#
# A failure prints the input and the seed that reproduces it (rerun with -Dfuzz.seed=SEED). About 1 ms per
# input on a 2-vCPU machine (every input runs through seven paths): 1,000,000 take 15 to 25 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
. infra/lib/jdk.sh

inputs="${1:-1000000}"
per_property=$(( (inputs + 2) / 3 ))

# surefire:test runs only the default configuration (not the 256/128-bit kernel executions); no Quarkus needed.
./mvnw -B -DskipSelfHosted test-compile surefire:test -Dtest=RequestFuzzTest \
  -Dfuzz.inputs="$per_property" ${FUZZ_SEED:+-Dfuzz.seed="$FUZZ_SEED"}
