#!/usr/bin/env bash
# Posts every samples/requests/*.json to every deployed variant and checks each answer against
# samples/requests/NAME.expect (see samples/requests/README.md). Each sample goes to the variant's nano
# RPC entry (/VARIANT), and work_generate / work_validate also to their own path; a CORS preflight is
# checked once per variant.
# Usage: infra/smoke-test.sh [--url NAME=URL]...   (default: the URLs of the deployed stack)
# Prints one line per check and "N passed, M failed"; exits 1 when any check failed.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
require curl jq
read_variant_urls "$@"

SAMPLES="${SAMPLES:-$ROOT/samples/requests}"
shopt -s nullglob
samples=("$SAMPLES"/*.json)
[ ${#samples[@]} -gt 0 ] || die "no sample requests in $SAMPLES"

passed=0
failed=0

# check ANSWER_JSON EXPECT_FILE -> prints what is wrong, nothing when the answer is as expected.
check() {
  local answer="$1" expect="$2" line field value actual
  jq -e 'type == "object"' >/dev/null 2>&1 <<<"$answer" || { echo "answer is not a JSON object: ${answer:0:200}"; return; }
  if [ ! -f "$expect" ]; then
    jq -e 'has("error") | not' >/dev/null <<<"$answer" || echo "unexpected error: $(jq -c .error <<<"$answer")"
    return
  fi
  if ! grep -qE '^error(=|$)' "$expect"; then
    jq -e 'has("error") | not' >/dev/null <<<"$answer" || { echo "unexpected error: $(jq -c '{error, hint}' <<<"$answer")"; return; }
  fi
  while IFS= read -r line || [ -n "$line" ]; do
    [ -n "$line" ] || continue
    field="${line%%=*}"
    if ! jq -e --arg f "$field" 'has($f)' >/dev/null <<<"$answer"; then
      echo "no field '$field'"
    elif [[ "$line" == *=* ]]; then
      value="${line#*=}"
      actual="$(jq -r --arg f "$field" '.[$f] | tostring' <<<"$answer")"
      [ "$actual" = "$value" ] || echo "$field is '$actual', expected '$value'"
    fi
  done <"$expect"
}

# probe NAME URL SAMPLE: one request, one verdict line.
probe() {
  local name="$1" url="$2" sample="$3" status answer problems
  IFS=$'\t' read -r status answer < <(post_json "$url" "@$sample")
  if [ "$status" != "200" ]; then
    problems="HTTP $status ${answer:0:200}"
  else
    problems="$(check "$answer" "${sample%.json}.expect")"
  fi
  if [ -z "$problems" ]; then
    passed=$((passed + 1))
    echo "ok    $name  $(basename "$sample") -> ${url}"
  else
    failed=$((failed + 1))
    echo "FAIL  $name  $(basename "$sample") -> ${url}: ${problems//$'\n'/; }"
  fi
}

# cors NAME URL: a browser's preflight must be answered with an Access-Control-Allow-Origin header.
cors() {
  local name="$1" url="$2" headers
  headers="$(curl --silent --show-error --max-time 15 --output /dev/null --dump-header - --request OPTIONS \
    --header 'Origin: https://wallet.example' --header 'Access-Control-Request-Method: POST' \
    --header 'Access-Control-Request-Headers: content-type' "$url" 2>&1 || true)"
  if grep -qi '^access-control-allow-origin:' <<<"$headers"; then
    passed=$((passed + 1))
    echo "ok    $name  CORS preflight -> $url"
  else
    failed=$((failed + 1))
    echo "FAIL  $name  CORS preflight -> $url: no Access-Control-Allow-Origin in $(head -1 <<<"$headers")"
  fi
}

for name in $(printf '%s\n' "${!VARIANT_URLS[@]}" | sort); do
  url="${VARIANT_URLS[$name]%/}"
  cors "$name" "$url"
  for sample in "${samples[@]}"; do
    probe "$name" "$url" "$sample"
    action="$(jq -r '.action // empty' "$sample")"
    case "$action" in
      work_generate | work_validate) probe "$name" "$url/$action" "$sample" ;;
    esac
  done
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
