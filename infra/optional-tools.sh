#!/usr/bin/env bash
# Run by the build at validate (pom.xml, execution optional-tools), before anything else: one line naming each
# optional tool this machine lacks and the check the build will skip without it, so the build says so once, at the
# start; the checks themselves then skip in silence (the build sets OPTIONAL_TOOLS_NAMED=1 for them; run by hand they
# still say it). Nothing when every tool is there, nor under quarkus:dev, which runs none of these checks.
#   infra/optional-tools.sh COMMAND SKIP_LINT SKIP_ARM64 SKIP_TERRAFORM
#   (COMMAND: Maven's command line, its JVM's sun.java.command; each SKIP_*: true when the build leaves that check out)
set -euo pipefail
cd "$(dirname "$0")/.."
case "$1" in *quarkus:dev*) exit 0 ;; esac

missing=()
if [ "$2" != true ] && ! command -v shellcheck >/dev/null; then
  missing+=("shellcheck (lint skipped; Debian: apt-get install shellcheck)")
fi
# Under CI=true a missing qemu fails the build instead (infra/arm64-java.sh): nothing to name here.
if [ "$3" != true ] && [ "${CI:-}" != true ] && ! command -v qemu-aarch64-static >/dev/null; then
  missing+=("qemu-aarch64-static (aarch64 kernel tests skipped; Debian: apt-get install qemu-user-static)")
fi
if [ "$4" != true ]; then
  for tool in terraform node; do
    command -v "$tool" >/dev/null || missing+=("$tool (terraform checks skipped)")
  done
  tf_offline="$(dirname "$PWD")/shared/terraform-offline/tf-offline.sh"
  [ -f "$tf_offline" ] || missing+=("$tf_offline (terraform checks skipped: the offline AWS provider stand-in)")
fi
if [ "${#missing[@]}" -gt 0 ]; then
  printf -v list '%s, ' "${missing[@]}"
  echo "optional tools missing: ${list%, }"
fi
