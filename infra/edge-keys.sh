#!/usr/bin/env bash
# Writes the edge's key store (terraform/stacks/work-api/edge.tf), which the CloudFront function reads: the SHA-256 of
# the deployed keys (the wallets' and the operator's, read from their SSM parameters), and the origin secret, which
# the function sends to the functions with every request it forwards; it deletes every other entry. Terraform never
# sees the keys or the secret, so it cannot write them; infra/deploy.sh runs this after every apply, and it must run
# after every rotation (a put-parameter outside Terraform too). Until it has run, the edge refuses every key and
# forwards nothing (fails closed).
#
# Rotation follows the functions (they accept a parameter's previous version until the current version's
# LastModifiedDate + key_rotation_grace_seconds):
# - a key: while the current version is younger than that, the previous version's digest is written too, with that
#   end as "ROLE until=EPOCH_SECONDS", and the edge function refuses it from then on, with no rerun of this script.
#   The current version's digest is "ROLE", no end.
# - the origin secret: the edge must not send the new value before every function has read it (key_cache_seconds
#   after its LastModifiedDate), nor the old one after the functions stop taking it (the grace). It switches half way
#   between the two ends, as far from both as it can be: "NEW from=EPOCH_SECONDS OLD", OLD until then, with no rerun.
# A key too weak to publish (under 32 characters, or under 10 distinct ones: its unsalted digest could be reversed
# offline) stops the script before anything is written; a weak previous version is left out, as the functions do.
# Usage: infra/edge-keys.sh      Needs the AWS CLI v2 (the key store's API is signed with SigV4A), jq, sha256sum.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
require aws jq sha256sum

kvs_arn=$(stack_output edge_key_value_store_arn | jq -r .)
grace=$(stack_output key_rotation_grace_seconds | jq -r .)
cache=$(stack_output key_cache_seconds | jq -r .)
origin_arn=$(stack_output origin_secret_parameter_arn | jq -r .)
region=$(printf '%s' "$origin_arn" | cut -d: -f4)
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
# Parameter JSON -> its value without surrounding whitespace, as the functions compare it.
value_of() {
  printf '%s' "$1" | jq -j '.Value | gsub("^\\s+|\\s+$"; "")'
}
# Parameter JSON -> "" when its value is strong enough to publish (access/KeyStrength: 32 characters, 10 distinct),
# else why not.
weakness_of() {
  printf '%s' "$1" | jq -r '.Value | gsub("^\\s+|\\s+$"; "")
    | if length < 32 then "\(length) characters"
      elif (split("") | unique | length) < 10 then "only \(split("") | unique | length) distinct characters"
      else "" end'
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
# NAME, parameter JSON -> stops the script, before anything is written, when the value is too weak to publish.
refuse_weak() {
  local why
  why=$(weakness_of "$2")
  [ -z "$why" ] || die "SSM parameter $1 holds a weak key ($why): a key must be at least 32 characters with at least 10 distinct ones (openssl rand -hex 32 makes one); nothing written"
}

puts='[]'
for role in auth operator; do
  arn=$(stack_output "${role}_key_parameter_arn" | jq -r '. // empty')
  [ -n "$arn" ] || continue
  name=${arn#*:parameter}
  current=$(parameter "$name")
  refuse_weak "$name" "$current"
  puts=$(jq -c --arg k "$(digest_of "$current")" --arg v "$role" '. + [{Key: $k, Value: $v}]' <<<"$puts")
  version=$(printf '%s' "$current" | jq -r .Version)
  until=$(($(modified_of "$current") + grace))
  if [ "$version" -gt 1 ] && [ "$now" -lt "$until" ]; then
    # A failed read stops the script before anything is written: the previous digest is never deleted early.
    previous=$(parameter "$name:$((version - 1))")
    if [ -n "$(weakness_of "$previous")" ]; then
      echo "edge key store: the ${role} key's previous version is too weak to publish: refused from now on"
      continue
    fi
    puts=$(jq -c --arg k "$(digest_of "$previous")" --arg v "$role until=$until" '. + [{Key: $k, Value: $v}]' <<<"$puts")
    echo "edge key store: the ${role} key's previous version is accepted until $(date -u -d "@$until" +%FT%TZ)"
  fi
done
# A digest listed twice (a version written with its predecessor's value) keeps its first entry: the current one.
puts=$(jq -c 'reduce .[] as $p ([]; if any(.[]; .Key == $p.Key) then . else . + [$p] end)' <<<"$puts")

# The origin secret: the new value from half way through the window in which the functions accept both.
origin_name=${origin_arn#*:parameter}
current=$(parameter "$origin_name")
refuse_weak "$origin_name" "$current"
secret=$(value_of "$current")
[[ $secret =~ ^[!-~]+$ ]] || die "SSM parameter $origin_name: the origin secret must be visible ASCII without spaces"
version=$(printf '%s' "$current" | jq -r .Version)
from=$(($(modified_of "$current") + cache + (grace - cache + 1) / 2))
if [ "$version" -gt 1 ] && [ "$now" -lt "$from" ]; then
  old=$(value_of "$(parameter "$origin_name:$((version - 1))")")
  secret="$secret from=$from $old"
  echo "edge key store: the origin secret's new version is sent from $(date -u -d "@$from" +%FT%TZ)"
fi
# The secret reaches jq through its environment and the CLI through a private file: never a command line, which
# any user of the machine may read.
puts=$(ORIGIN_VALUE="$secret" jq -c '. + [{Key: "origin-secret", Value: env.ORIGIN_VALUE}]' <<<"$puts")
puts_file=$(mktemp)
trap 'rm -f "$puts_file"' EXIT
printf '%s' "$puts" >"$puts_file"

stored=$(aws cloudfront-keyvaluestore list-keys --kvs-arn "$kvs_arn" --query 'Items[].Key' --output json)
deletes=$(jq -c --argjson keep "$puts" '[.[] | select(. as $k | $keep | map(.Key) | index($k) | not) | {Key: .}]' <<<"${stored:-[]}")
etag=$(aws cloudfront-keyvaluestore describe-key-value-store --kvs-arn "$kvs_arn" --query ETag --output text)
aws cloudfront-keyvaluestore update-keys --kvs-arn "$kvs_arn" --if-match "$etag" \
  --puts "file://$puts_file" --deletes "$deletes" > /dev/null
echo "edge key store: $(jq length <<<"$puts") entries written (key digests and the origin secret), $(jq length <<<"$deletes") removed ($kvs_arn)"
