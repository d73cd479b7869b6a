#!/usr/bin/env bash
# Builds target/function.zip, the one package every deployed function runs (Quarkus Lambda build).
# Usage: infra/package.sh [extra Maven arguments]   e.g. infra/package.sh -o
# Tests are left to ./mvnw verify (CI runs them); this only packages. ./mvnw finds a JDK 21+ (25 recommended)
# itself (infra/lib/jdk.sh) and says so in one line when there is none.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$ROOT"

./mvnw -B package -DskipTests "$@"

zip="$ROOT/target/function.zip"
[ -s "$zip" ] || die "the build wrote no $zip (is quarkus-amazon-lambda-http in the pom?)"
if command -v unzip >/dev/null 2>&1; then
  unzip -tq "$zip" >/dev/null || die "$zip is not a valid zip"
fi
echo "function.zip: $zip ($(du -h "$zip" | cut -f1), sha256 $(sha256sum "$zip" | cut -d' ' -f1))"
