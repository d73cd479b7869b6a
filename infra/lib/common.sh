# shellcheck shell=bash
# Shared by the infra/ scripts (sourced, not run): paths, tool checks, the deployed URLs, JSON posts.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
STACK_DIR="${STACK_DIR:-$ROOT/terraform/stacks/work-api}"

die() {
  echo "$(basename "$0"): $*" >&2
  exit 1
}

require() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || die "needs '$tool' on the PATH (install it, e.g. apt-get install $tool)"
  done
}

# terraform output -json NAME of the deployed stack.
stack_output() {
  require terraform
  terraform -chdir="$STACK_DIR" output -json "$1" 2>/dev/null \
    || die "no terraform output '$1' in $STACK_DIR: deploy first (infra/deploy.sh) or pass --url NAME=URL"
}

# Fills the associative array VARIANT_URLS (name -> nano RPC URL) from --url NAME=URL arguments, or
# from the stack's variant_urls output when none is given. Unrecognised arguments are an error.
declare -A VARIANT_URLS=()
read_variant_urls() {
  while [ $# -gt 0 ]; do
    case "$1" in
      --url)
        { [ $# -ge 2 ] && [[ "$2" == *=http* ]]; } || die "--url takes NAME=URL, e.g. --url x86_64=https://abc.execute-api.us-east-1.amazonaws.com/x86_64"
        VARIANT_URLS["${2%%=*}"]="${2#*=}"
        shift 2
        ;;
      *) die "unknown argument '$1' (usage: $(basename "$0") [--url NAME=URL]...)" ;;
    esac
  done
  if [ ${#VARIANT_URLS[@]} -eq 0 ]; then
    local name url urls
    urls="$(stack_output variant_urls)" || exit 1
    while IFS=$'\t' read -r name url; do
      VARIANT_URLS["$name"]="$url"
    done < <(jq -r 'to_entries[] | [.key, .value] | @tsv' <<<"$urls")
  fi
  [ ${#VARIANT_URLS[@]} -gt 0 ] || die "no deployed variant found"
}

# POST a JSON body (a file with @path, or literal text) to a URL; prints "STATUS<TAB>BODY".
# --max-time 35: API Gateway answers every request within its 30 s integration limit.
# With NANO_WORK_KEY set (a deployment with auth_key_parameter_name), sends it as a bearer token, read by curl
# from a private temporary file so the key is not on curl's command line.
post_json() {
  local url="$1" body="$2" out status headers
  out="$(mktemp)"
  headers="$(mktemp)"
  printf 'Content-Type: application/json\n' >"$headers"
  if [ -n "${NANO_WORK_KEY:-}" ]; then printf 'Authorization: Bearer %s\n' "$NANO_WORK_KEY" >>"$headers"; fi
  status="$(curl --silent --show-error --max-time 35 --output "$out" --write-out '%{http_code}' \
    --header "@$headers" --data-binary "$body" "$url" 2>&1)" || status="curl-failed:$status"
  printf '%s\t%s\n' "$status" "$(tr -d '\n' <"$out")"
  rm -f "$out" "$headers"
}
