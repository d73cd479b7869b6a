#!/usr/bin/env bash
# Where no such CPU is at hand (issue 46: x86_64 Lambda is Intel, this machine may be an AMD): llvm-mca's model of
# other x86 cores on the code C2 wrote here, beside the C anchor as gcc builds it for each core (-march=<core>, as
# ../shared/anchors/c-anchor.sh builds it with -march=native on that core). Prints, per model, the C anchors' cycles
# and instructions per hash and each kernel's (its calling loop included: "path"), and the predicted Java/C.
#
#   infra/cpu-models.sh [--mcpu "skylake-avx512 cascadelake icelake-server sapphirerapids"] LOG...
#
# LOG: a JVM's log with C2's code of the kernel and its calling loop, as infra/model-check.sh or infra/kernel-path.sh
# --core x86 write them (JAVA_TOOL_OPTIONS=-XX:UseAVX=2 for the code x86_64 Lambda runs). Trust a model only after
# its prediction was checked against figures measured on that CPU (docs/kernels.md, round 18: sapphirerapids
# predicted 0.753 where an Emerald Rapids measured 0.64). Needs gcc, llvm-mca-19 and ../shared/anchors (a measuring
# tool outside the project).
set -euo pipefail
cd "$(dirname "$0")/.."

mcpus="skylake-avx512 cascadelake icelake-server sapphirerapids" logs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --mcpu) mcpus="$2"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    -*) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
    *) logs+=("$1"); shift ;;
  esac
done
[ ${#logs[@]} -gt 0 ] || { echo "cpu-models: name at least one log (see --help)" >&2; exit 2; }
anchors=$(cd ../shared/anchors 2>/dev/null && pwd) || { echo "cpu-models: ../shared/anchors is missing" >&2; exit 2; }
command -v llvm-mca-19 >/dev/null || { echo "cpu-models: llvm-mca-19 is missing (Debian: llvm-19)" >&2; exit 2; }
out=target/cpu-models
mkdir -p "$out"

# cycles per hash, path cycles per hash (kernel and calling loop; the C loop is all of it), instructions per hash
model() { # <mcpu> <arm64-loops.py arguments...>
  local mcpu=$1; shift
  python3 infra/arm64-loops.py --arch x86-64 "$@" --mca llvm-mca-19 --mcpu "$mcpu" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
d = d[0] if isinstance(d, list) else d
print(d["cycles per hash"], d.get("path cycles per hash", d["cycles per hash"]), d["instructions per hash"])'
}

for mcpu in $mcpus; do
  bin=$out/bench-$mcpu
  [ -x "$bin" ] || gcc -O3 -march="$mcpu" -I"$anchors/c" -o "$bin" "$anchors/c/bench.c" -lb2 -lpthread
  declare -A c=()
  for anchor in avx2:4 avx2x2:8; do
    name=${anchor%%:*}
    fn=$(nm "$bin" | awk -v f="nw_${name}_search" '$3 == f || index($3, f ".") == 1 {print $3; exit}')
    read -r _ cycles instructions < <(model "$mcpu" --function "$bin:$fn:${anchor#*:}")
    c[$name]=$cycles
    printf '%s\tC:%s\t%s cycles/hash\t%s instructions/hash\n' "$mcpu" "$name" "$cycles" "$instructions"
  done
  for log in "${logs[@]}"; do
    read -r kernel path instructions < <(model "$mcpu" "$log")
    printf '%s\t%s\t%s cycles/hash (kernel %s)\t%s instructions/hash\tpredicted / C avx2 %s\n' "$mcpu" \
      "$(basename "$log" .log)" "$path" "$kernel" "$instructions" \
      "$(awk -v c="${c[avx2]}" -v j="$path" 'BEGIN {printf "%.3f", c / j}')"
  done
  unset c
done
