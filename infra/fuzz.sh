#!/usr/bin/env bash
# The long fuzz run: INPUTS hostile bodies (default 1,000,000) through the request path, a quarter each of
# random bytes, random JSON, form and multipart bodies, and mutated valid requests
# (src/test/java/dev/nanowork/fuzz/RequestFuzzTest.java).
# Each input carries the answer it must get on each path (worked out from how it was generated) and goes to
# POST /, to every function route and to POST / with a wrong key; the run fails on the first answer that is
# not exactly the expected one (generated work and validity recomputed with Bouncy Castle), on anything
# escaping, and on any SEVERE log line.
#
#   [FUZZ_SEED=SEED] infra/fuzz.sh [INPUTS]
#
# A failure prints the input and the seed that reproduces it (rerun with -Dfuzz.seed=SEED). About 0.1 ms per
# input on a 2-vCPU machine (seven paths each): 1,000,000 take about two minutes, plus the build.
set -euo pipefail
cd "$(dirname "$0")/.."
. infra/lib/jdk.sh

inputs="${1:-1000000}"
per_property=$(( (inputs + 3) / 4 ))

# surefire:test runs only the default configuration (not the 256/128-bit kernel executions); no Quarkus needed. The tests
# compile at process-test-classes (pom.xml), beside guard rails and tools this run does not need.
./mvnw -B -DskipSelfHosted -DskipArm64 -DskipLint -Dspotless.check.skip=true -Djacoco.skip=true \
  process-test-classes surefire:test -Dtest=RequestFuzzTest \
  -Dfuzz.inputs="$per_property" ${FUZZ_SEED:+-Dfuzz.seed="$FUZZ_SEED"}
