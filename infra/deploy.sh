#!/usr/bin/env bash
# Packages the function and deploys terraform/stacks/work-api; prints the variant URLs.
# Usage: infra/deploy.sh [--skip-package] [terraform apply arguments]
#   e.g. infra/deploy.sh -var-file=prod.tfvars        infra/deploy.sh --skip-package -auto-approve
# Needs terraform (>= 1.9) and AWS credentials in the environment (AWS_PROFILE, or the usual variables).
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
require terraform jq

package=1
if [ "${1:-}" = "--skip-package" ]; then
  package=0
  shift
fi

if [ "$package" = 1 ]; then
  "$ROOT/infra/package.sh"
fi
[ -s "$ROOT/target/function.zip" ] || die "no target/function.zip: run infra/package.sh (or drop --skip-package)"

terraform -chdir="$STACK_DIR" init -input=false
terraform -chdir="$STACK_DIR" apply -input=false "$@"

echo
echo "Deployed. The nano RPC URL of each variant (POST any action there, as to a node):"
stack_output variant_urls | jq -r 'to_entries[] | "  \(.key)\t\(.value)"'
# The edge checks keys by their SHA-256, which Terraform cannot write (it never sees the keys).
"$ROOT/infra/edge-keys.sh"

echo "The keys (never printed here, not in Terraform's state): read them with"
echo "  wallets:  $(stack_output auth_key_read_command | jq -r 'if . == null then "none: open_endpoint = true" else . end')"
echo "  operator: $(stack_output operator_key_read_command | jq -r .)"
echo "Check them: infra/smoke-test.sh    Measure them: infra/collect-rates.sh"
