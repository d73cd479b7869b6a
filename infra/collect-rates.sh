#!/usr/bin/env bash
# Asks each deployed variant for its hash rate ({"action":"benchmark"} on its nano RPC entry) and appends
# one JSON line per variant to infra/rates/deployed.jsonl, the file the cost model reads: the function's
# answer (kernel, lanes, states, threads, mhs, cpu_model, cpu_flags, jvm, jit_flags, and the CPU facts that
# tell what Lambda really gives: cpu_features of avx2 avx512f asimd sve, use_avx, max_vector_size,
# preferred_vector_bits) plus "target" (the
# variant's label, e.g. lambda-x86_64-10240, lambda-arm64-10240, lmi-c7i) and "measured_at".
# Usage: infra/collect-rates.sh [--url NAME=URL]... [--target NAME=LABEL]...
#   Default: every variant of the deployed stack, labelled by its variant_targets output.
# The first call after a deploy also pays the restore/warm-up; run it twice and keep the second if the
# first looks low (each run appends: the file is a log of measurements).
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
require curl jq

RATES="${RATES_FILE:-$ROOT/infra/rates/deployed.jsonl}"
FIELDS='["kernel","lanes","states","threads","mhs","cpu_model","cpu_flags","jvm","jit_flags","cpu_features","use_avx","max_vector_size","preferred_vector_bits"]'

declare -A TARGETS=()
url_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --target)
      { [ $# -ge 2 ] && [[ "$2" == *=* ]]; } || die "--target takes NAME=LABEL"
      TARGETS["${2%%=*}"]="${2#*=}"
      shift 2
      ;;
    *)
      url_args+=("$1")
      shift
      ;;
  esac
done
read_variant_urls "${url_args[@]+"${url_args[@]}"}"

if [ ${#url_args[@]} -eq 0 ]; then
  targets="$(stack_output variant_targets)" || exit 1
  while IFS=$'\t' read -r name target; do
    [ -n "${TARGETS[$name]:-}" ] || TARGETS["$name"]="$target"
  done < <(jq -r 'to_entries[] | [.key, .value] | @tsv' <<<"$targets")
fi

mkdir -p "$(dirname "$RATES")"
failures=0
for name in $(printf '%s\n' "${!VARIANT_URLS[@]}" | sort); do
  url="${VARIANT_URLS[$name]%/}"
  target="${TARGETS[$name]:-$name}"
  IFS=$'\t' read -r status answer < <(post_json "$url" '{"action":"benchmark"}')
  if [ "$status" != "200" ]; then
    echo "FAIL  $name ($target): HTTP $status ${answer:0:200}" >&2
    failures=$((failures + 1))
    continue
  fi
  missing="$(jq -r --argjson fields "$FIELDS" '[$fields[] as $f | select(has($f) | not) | $f] | join(", ")' <<<"$answer" 2>/dev/null)" \
    || missing="(not JSON: ${answer:0:200})"
  if [ -n "$missing" ] || jq -e 'has("error")' >/dev/null <<<"$answer"; then
    echo "FAIL  $name ($target): missing ${missing:-nothing}; answer ${answer:0:300}" >&2
    failures=$((failures + 1))
    continue
  fi
  jq -c --arg target "$target" '. + {target: $target, measured_at: (now | todate)}' <<<"$answer" >>"$RATES"
  echo "ok    $name ($target): $(jq -r '"\(.mhs) MH/s, \(.kernel) x \(.threads) threads, \(.cpu_model) [\(.cpu_features)], UseAVX \(.use_avx), preferred \(.preferred_vector_bits) bits"' <<<"$answer")"
done

echo "appended to $RATES"
[ "$failures" -eq 0 ]
