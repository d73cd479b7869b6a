#!/usr/bin/env bash
# Writes the SHA-256 of the deployed keys into the edge's key store (terraform/stacks/work-api/edge.tf), which the
# CloudFront function looks up: the wallets' key and the operator's, read from their SSM parameters, and deletes
# every other digest (a rotated key stops working at the edge). Terraform never sees the keys, so it cannot write
# them; infra/deploy.sh runs this after every apply. Until it has run, the edge refuses every key (fails closed).
# Usage: infra/edge-keys.sh      Needs the AWS CLI v2 (the key store's API is signed with SigV4A), jq, sha256sum.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
require aws jq sha256sum

kvs_arn=$(stack_output edge_key_value_store_arn | jq -r .)
region=$(stack_output auth_key_parameter_arn | jq -r 'if . == null then empty else split(":")[3] end')
[ -n "$region" ] || region=$(stack_output operator_key_parameter_arn | jq -r 'split(":")[3]')

# parameter ARN -> "sha256 role" (the value is read into a variable, never printed or put on a command line).
digest_of() {
  local name=${1#*:parameter}
  aws ssm get-parameter --region "$region" --with-decryption --name "$name" --query Parameter.Value --output text \
    | tr -d '[:space:]' | sha256sum | cut -d' ' -f1
}
puts='[]'
for role in auth operator; do
  arn=$(stack_output "${role}_key_parameter_arn" | jq -r '. // empty')
  [ -n "$arn" ] || continue
  digest=$(digest_of "$arn")
  puts=$(jq -c --arg k "$digest" --arg v "$role" '. + [{Key: $k, Value: $v}]' <<<"$puts")
done

current=$(aws cloudfront-keyvaluestore list-keys --kvs-arn "$kvs_arn" --query 'Items[].Key' --output json)
deletes=$(jq -c --argjson keep "$puts" '[.[] | select(. as $k | $keep | map(.Key) | index($k) | not) | {Key: .}]' <<<"${current:-[]}")
etag=$(aws cloudfront-keyvaluestore describe-key-value-store --kvs-arn "$kvs_arn" --query ETag --output text)
aws cloudfront-keyvaluestore update-keys --kvs-arn "$kvs_arn" --if-match "$etag" \
  --puts "$puts" --deletes "$deletes" > /dev/null
echo "edge key store: $(jq length <<<"$puts") key digest(s) written, $(jq length <<<"$deletes") removed ($kvs_arn)"
