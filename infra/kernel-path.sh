#!/usr/bin/env bash
# The whole per-hash path of each kernel as C2 compiles it, on an emulated Graviton core or on this machine: one JVM
# per kernel (KernelRate KERNEL 1 S: only that kernel runs, as after `auto` has chosen), printing C2's code for the
# kernel's round methods and for the loop that calls them (BlockKernel$1::search), then infra/arm64-loops.py on it:
# instructions per hash by class and llvm-mca-19's cycles per hash, the kernel's code and the calling loop's share.
#
#   infra/kernel-path.sh [--core graviton2|graviton3|graviton4|x86] [--seconds S] [--mcpu CPU...] KERNEL...
#
# Defaults: --core graviton2, --seconds 40 (emulated: C2 needs that long to compile the kernel and its caller),
# --mcpu neoverse-n1 (graviton2), neoverse-v1 (graviton3), neoverse-v2 (graviton4), sapphirerapids (x86).
# Logs: target/kernel-path/CORE-KERNEL.log; rows: target/kernel-path/CORE-KERNEL-MCPU.json. Emulated time says
# nothing about speed: the rate KernelRate prints under qemu is not used. Builds the benchmarks and their class path
# through Maven first (infra/lib/bench-classpath.sh). Needs llvm-19, binutils-aarch64-linux-gnu and qemu-user-static
# for the Graviton cores.
set -euo pipefail
cd "$(dirname "$0")/.."

core=graviton2 seconds=40 mcpus="" kernels=()
while [ $# -gt 0 ]; do
  case "$1" in
    --core) core="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --mcpu) mcpus="$mcpus $2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    -*) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
    *) kernels+=("$1"); shift ;;
  esac
done
[ ${#kernels[@]} -gt 0 ] || { echo "kernel-path: name at least one kernel (see --help)" >&2; exit 2; }
if [ -z "$mcpus" ]; then
  case $core in
    graviton2) mcpus=neoverse-n1 ;; graviton3) mcpus=neoverse-v1 ;; graviton4) mcpus=neoverse-v2 ;;
    x86) mcpus=sapphirerapids ;; *) echo "kernel-path: unknown core $core" >&2; exit 2 ;;
  esac
fi
out=target/kernel-path
mkdir -p "$out"
. infra/lib/bench-classpath.sh
cp=$(bench_classpath)
flags=(--add-modules=jdk.incubator.vector -XX:+UnlockDiagnosticVMOptions -XX:CompileCommand=quiet
  -XX:CompileCommand='print,dev.nanowork.kernel.*::rounds' -XX:CompileCommand='print,dev.nanowork.kernel.*::step*'
  -XX:CompileCommand='print,dev.nanowork.kernel.*::hash' -XX:CompileCommand="print,dev.nanowork.kernel.BlockKernel\$1::search")
if [ "$core" = x86 ]; then
  . infra/lib/jdk.sh
  run=(java) arch=x86-64
else
  # As the emulated test JVMs (pom.xml's arm64.argLine): C2 a few hundred calls in, not after a minute of qemu.
  flags+=(-XX:CompileCommand='CompileThresholdScaling,dev.nanowork.kernel.*::*,0.05')
  run=(infra/arm64-java.sh --core "$core") arch=aarch64
fi
for k in "${kernels[@]}"; do
  log=$out/$core-$k.log
  "${run[@]}" "${flags[@]}" -XX:+LogVMOutput -XX:-DisplayVMOutput -XX:LogFile="$log" \
    -cp "$cp" dev.nanowork.kernel.bench.KernelRate "$k" 1 "$seconds" >/dev/null 2>"$out/$core-$k.err" \
    || { echo "kernel-path: $k on $core failed:" >&2; tail -n 5 "$out/$core-$k.err" >&2; exit 1; }
  for mcpu in $mcpus; do
    python3 infra/arm64-loops.py --arch "$arch" "$log" --mca llvm-mca-19 --mcpu "$mcpu" --json | tee "$out/$core-$k-$mcpu.json"
  done
done
