#!/usr/bin/env bash
# The dashboard drawn offline from a file of the functions' records: each panel of
# terraform/modules/work-observe/metrics.json computed from the records' EMF metrics as CloudWatch computes its
# statistics (per variant, in 10 s periods), as one PNG; prints what it drew and where.
#   infra/dashboard.sh RECORDS.jsonl [--out target/observe/dashboard.png] [--definitions FILE] [--namespace NS]
# RECORDS.jsonl: the functions' stdout or any file holding their lines (other lines are passed over), e.g. the
# runtime-client IT's target/observe/records.jsonl. Through Maven, as infra/cost.sh (the cost profile, exec:exec);
# the entry point is dev.nanowork.cost.dashboard.DashboardMain.
set -euo pipefail
cd "$(dirname "$0")/.."
. infra/lib/jdk.sh # once here, so that neither ./mvnw below says again which JDK it took
. infra/lib/cost-profile.sh
cost_profile_run dashboard dev.nanowork.cost.dashboard.DashboardMain drawing "$@"
