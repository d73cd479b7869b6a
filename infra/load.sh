#!/usr/bin/env bash
# The long load run against the self-hosted server (src/test/java/dev/nanowork/load/LoadTest.java): CLIENTS
# concurrent clients (default 64) on 127.0.0.1 for SECONDS (default 60), one in four a receive-difficulty
# work_generate, the others work_validate. Fails on any lost, failed or wrong answer; prints (and writes to
# target/self-hosted/load-report.txt) throughput, p50/p99 per action, busy refusals and heap. The other scenarios of
# src/test/java/dev/nanowork/load (FloodAndLeaveTest, StrangersTest: abuse beside honest clients) run too, the
# strangers for SECONDS as well.
#
#   infra/load.sh [SECONDS] [CLIENTS]
set -euo pipefail
cd "$(dirname "$0")/.."
. infra/lib/jdk.sh

seconds="${1:-60}"
clients="${2:-64}"
# surefire:test runs only the default configuration, not the 256/128-bit kernel executions of the suite.
./mvnw -B -DselfHosted process-test-classes surefire:test -Dtest='dev/nanowork/load/*Test' -Dsurefire.failIfNoSpecifiedTests=false \
  -Dnanowork.load.seconds="$seconds" -Dnanowork.load.clients="$clients"
cat target/self-hosted/load-report.txt
