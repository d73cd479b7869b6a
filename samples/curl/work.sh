#!/usr/bin/env bash
# Every action of the work RPC with curl, against the local endpoint or a deployed one.
#
#   samples/curl/work.sh                      # http://localhost:8080 (./mvnw quarkus:dev)
#   NANO_WORK_URL=http://127.0.0.1:7076 samples/curl/work.sh          # the self-hosted server
#   NANO_WORK_URL=https://abc123.execute-api.us-east-1.amazonaws.com/x86_64 samples/curl/work.sh
#   samples/curl/work.sh work_validate status # only some of them
#
# Prints one line per request: the action, a tab, the answer (a JSON object, every value a string).
# Every request goes to the single URL wallets use (POST, the body names the action): that is the one
# route every deployment has. Locally and self-hosted each action also has its own path
# (POST $NANO_WORK_URL/status needs no body); deployed, only /VARIANT/work_generate and
# /VARIANT/work_validate are routed.
set -euo pipefail

URL="${NANO_WORK_URL:-http://localhost:8080}"
URL="${URL%/}"
# A block hash (the root of the work) and a work for it: the nano-work-server README's example.
HASH=718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2
WORK=2bf29ef00786a6bc

post() { # post PATH BODY: the answer on one line; curl fails on a transport error or HTTP >= 400
  curl -sS --fail --max-time 35 -H 'Content-Type: application/json' -X POST "$URL$1" ${2:+-d "$2"}
  echo
}

work_generate() {
  # Receive difficulty (fffffe0000000000, 2^23 attempts expected): well under a second here. Leave
  # difficulty out for send difficulty (2^29), or ask a multiplier: "multiplier": "2".
  post / '{"action": "work_generate", "hash": "'"$HASH"'", "difficulty": "fffffe0000000000"}'
}

work_validate() {
  # Without "difficulty": valid_all (send threshold) and valid_receive; with it, also "valid".
  post / '{"action": "work_validate", "hash": "'"$HASH"'", "work": "'"$WORK"'", "difficulty": "fffffe0000000000"}'
}

work_cancel() {
  # Stops a running or queued search for this root (self-hosted); its callers get {"error": "Cancelled"}.
  post / '{"action": "work_cancel", "hash": "'"$HASH"'"}'
}

status() {
  post / '{"action": "status"}'
}

benchmark() {
  # Burns every search thread for "duration" seconds (at most nano-work.benchmark.max-duration, 10 s).
  post / '{"action": "benchmark", "duration": "0.5"}'
}

actions=("$@")
[ ${#actions[@]} -gt 0 ] || actions=(work_generate work_validate work_cancel status benchmark)
for action in "${actions[@]}"; do
  case "$action" in
    work_generate|work_validate|work_cancel|status|benchmark) printf '%s\t%s\n' "$action" "$("$action")" ;;
    *) echo "unknown action '$action': work_generate work_validate work_cancel status benchmark" >&2; exit 2 ;;
  esac
done
