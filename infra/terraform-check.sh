#!/usr/bin/env bash
# terraform fmt -check, validate and test (tests/*.tftest.hcl, mock_provider "aws": no AWS account) on every
# module and stack, and the stack once more with its terraform.tfvars.example.
#
#   infra/terraform-check.sh                      # with terraform and the real AWS provider (needs the registry)
#   infra/terraform-check.sh ../shared/terraform-offline/tf-offline.sh   # offline, with the schema-only stand-in
#   infra/terraform-check.sh --offline-if-available   # what ./mvnw verify runs: the stand-in if it is there
#
# Runs on a copy of terraform/ in a temporary folder, so no .terraform/ or .terraform.lock.hcl lands in the
# repository (a lock file from the stand-in would be refused by the real provider).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = --offline-if-available ]; then
  # What the build runs: registry.terraform.io is out of reach on our machines, so the AWS provider is the
  # schema-only stand-in of shared/terraform-offline when it lies beside the checkout (CI copies shared/ there).
  tf_offline="$(dirname "$PWD")/shared/terraform-offline/tf-offline.sh"
  if [ ! -f "$tf_offline" ] || ! command -v terraform >/dev/null || ! command -v node >/dev/null; then
    # the build named what is missing at the start (infra/optional-tools.sh, OPTIONAL_TOOLS_NAMED)
    [ -n "${OPTIONAL_TOOLS_NAMED:-}" ] || echo "terraform checks skipped: they need terraform, node and $tf_offline (the offline AWS provider stand-in)"
    exit 0
  fi
  set -- bash "$tf_offline"
fi
if [ "$#" -gt 0 ]; then tf=("$@"); else tf=(terraform); fi
roots=(modules/work-function modules/work-variant modules/work-observe stacks/work-api)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r terraform "$work/"
rm -rf "$work"/terraform/*/*/.terraform "$work"/terraform/*/*/.terraform.lock.hcl

echo "terraform fmt -check"
"${tf[@]}" fmt -check -recursive -diff "$work/terraform"

for root in "${roots[@]}"; do
  dir="$work/terraform/$root"
  echo "terraform init, validate, test: $root"
  if ! "${tf[@]}" -chdir="$dir" init -backend=false -input=false -no-color > "$work/init.log" 2>&1; then
    cat "$work/init.log" >&2
    exit 1
  fi
  "${tf[@]}" -chdir="$dir" validate -no-color
  "${tf[@]}" -chdir="$dir" test -no-color
done

echo "terraform test with stacks/work-api/terraform.tfvars.example"
"${tf[@]}" -chdir="$work/terraform/stacks/work-api" test -no-color -var-file=terraform.tfvars.example -filter=tests/example.tftest.hcl
