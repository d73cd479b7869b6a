#!/usr/bin/env bash
# Turns infra/bench.sh output (JSON lines {"kernel","lanes","states","threads","mhs","baseline_mhs"})
# read on stdin into a Markdown table: kernel by threads, MH/s and the ratio to the baseline.
# Usage: infra/bench.sh | infra/bench-summary.sh [TITLE] >> "$GITHUB_STEP_SUMMARY"
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
require jq

title="${1:-Work kernels}"
# Only the JSON lines: a benchmark may print progress beside them.
rows="$({ grep -E '^[[:space:]]*[{]' || true; } | jq -s -r '
  map(select(type == "object" and has("kernel") and has("mhs")))
  | sort_by(.kernel, .threads)
  | .[]
  | "| \(.kernel) | \(.lanes) x \(.states) | \(.threads) | \(.mhs * 10 | round / 10) | \(.baseline_mhs * 10 | round / 10) | "
    + (if (.baseline_mhs // 0) > 0 then "\(.mhs / .baseline_mhs * 10 | round / 10)x" else "n/a" end) + " |"
')"
[ -n "$rows" ] || die "no benchmark lines on stdin (expected JSON lines with kernel and mhs)"

echo "### $title"
echo
echo "| kernel | lanes x states | threads | MH/s | baseline MH/s | ratio |"
echo "|---|---|---|---:|---:|---:|"
echo "$rows"
