#!/usr/bin/env bash
# Writes the SHA-256 of the deployed keys into the edge's key store (terraform/stacks/work-api/edge.tf), which the
# CloudFront function looks up: the wallets' key and the operator's, read from their SSM parameters, and deletes
# every other digest. Terraform never sees the keys, so it cannot write them; infra/deploy.sh runs this after every
# apply, and it must run after every rotation (a put-parameter outside Terraform too). Until it has run, the edge
# refuses every key (fails closed).
#
# Rotation follows the functions (they accept a parameter's previous version until the current version's
# LastModifiedDate + key_rotation_grace_seconds): while the current version is younger than that, the previous
# version's digest is written too, with that end as "ROLE until=EPOCH_SECONDS", and the edge function refuses it
# from then on, with no rerun of this script. The current version's digest is "ROLE", no end.
# Usage: infra/edge-keys.sh      Needs the AWS CLI v2 (the key store's API is signed with SigV4A), jq, sha256sum.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
require aws jq sha256sum

kvs_arn=$(stack_output edge_key_value_store_arn | jq -r .)
grace=$(stack_output key_rotation_grace_seconds | jq -r .)
region=$(stack_output auth_key_parameter_arn | jq -r 'if . == null then empty else split(":")[3] end')
[ -n "$region" ] || region=$(stack_output operator_key_parameter_arn | jq -r 'split(":")[3]')
now=$(date +%s)

# NAME[:VERSION] -> the parameter as JSON (Value, Version, LastModifiedDate); kept in a variable, never printed or
# put on a command line.
parameter() {
  aws ssm get-parameter --region "$region" --with-decryption --name "$1" --query Parameter --output json
}
# Parameter JSON -> the SHA-256 (hex) of its value, as the edge function hashes the bearer token.
digest_of() {
  printf '%s' "$1" | jq -j .Value | tr -d '[:space:]' | sha256sum | cut -d' ' -f1
}
# Parameter JSON -> its LastModifiedDate in epoch seconds, rounded up (the CLI prints ISO 8601, or epoch seconds
# with cli_timestamp_format = wire): the functions' end is a fraction later than the whole second, never earlier.
modified_of() {
  local when
  when=$(printf '%s' "$1" | jq -r .LastModifiedDate)
  if [[ $when =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
    awk -v t="$when" 'BEGIN { s = int(t); if (s < t) s++; print s }'
  else
    # date +%s%N: nanoseconds; round up to the next second unless whole.
    awk -v n="$(date -d "$when" +%s%N)" 'BEGIN { s = int(n / 1e9); if (s * 1e9 < n) s++; print s }'
  fi
}

puts='[]'
for role in auth operator; do
  arn=$(stack_output "${role}_key_parameter_arn" | jq -r '. // empty')
  [ -n "$arn" ] || continue
  name=${arn#*:parameter}
  current=$(parameter "$name")
  puts=$(jq -c --arg k "$(digest_of "$current")" --arg v "$role" '. + [{Key: $k, Value: $v}]' <<<"$puts")
  version=$(printf '%s' "$current" | jq -r .Version)
  until=$(($(modified_of "$current") + grace))
  if [ "$version" -gt 1 ] && [ "$now" -lt "$until" ]; then
    # A failed read stops the script before anything is written: the previous digest is never deleted early.
    previous=$(parameter "$name:$((version - 1))")
    puts=$(jq -c --arg k "$(digest_of "$previous")" --arg v "$role until=$until" '. + [{Key: $k, Value: $v}]' <<<"$puts")
    echo "edge key store: the ${role} key's previous version is accepted until $(date -u -d "@$until" +%FT%TZ)"
  fi
done
# A digest listed twice (a version written with its predecessor's value) keeps its first entry: the current one.
puts=$(jq -c 'reduce .[] as $p ([]; if any(.[]; .Key == $p.Key) then . else . + [$p] end)' <<<"$puts")

stored=$(aws cloudfront-keyvaluestore list-keys --kvs-arn "$kvs_arn" --query 'Items[].Key' --output json)
deletes=$(jq -c --argjson keep "$puts" '[.[] | select(. as $k | $keep | map(.Key) | index($k) | not) | {Key: .}]' <<<"${stored:-[]}")
etag=$(aws cloudfront-keyvaluestore describe-key-value-store --kvs-arn "$kvs_arn" --query ETag --output text)
aws cloudfront-keyvaluestore update-keys --kvs-arn "$kvs_arn" --if-match "$etag" \
  --puts "$puts" --deletes "$deletes" > /dev/null
echo "edge key store: $(jq length <<<"$puts") key digest(s) written, $(jq length <<<"$deletes") removed ($kvs_arn)"
