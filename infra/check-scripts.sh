#!/usr/bin/env bash
# ShellCheck on the project's scripts (infra/, samples/, .ci/run); run by the build (validate phase), so a
# finding at warning level or above fails ./mvnw verify. Without shellcheck installed it says so and passes
# (.ci/run installs it, so CI always checks).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v shellcheck >/dev/null 2>&1; then
  echo "WARNING: shellcheck is not installed, the scripts were not checked (apt-get install shellcheck)" >&2
  exit 0
fi
mapfile -t scripts < <(git ls-files 'infra/*.sh' 'samples/*.sh' .ci/run 2>/dev/null || find infra samples -name '*.sh')
shellcheck --severity=warning --external-sources "${scripts[@]}"
