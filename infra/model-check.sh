#!/usr/bin/env bash
# The rate model's x86 cross-check (issue 19 item 5): the same model as the Graviton estimates (infra/arm64-loops.py,
# llvm-mca-19 on the compiled code, the kernel's code plus its calling loop) against rates measured here, in one
# window, Java and the C anchor taking turns.
#
#   infra/model-check.sh [--pairs N] [--seconds S] [--kernels "vector512x2 vector512x1"] [--anchor avx512x2]
#                        [--mcpu sapphirerapids] [--out DIR]
#
# Each pair: each Java kernel in a JVM of its own (KernelRate KERNEL 1 S, printing C2's code for the kernel and for
# BlockKernel$1::search into DIR/KERNEL-P.log, so that each measured JVM is modelled from its own code), then the C
# anchor (../shared/anchors/c-anchor.sh ANCHOR 1 S, its search loop modelled once). Each run sits between two clock
# readings (16 dependent scalar adds a pass beside 512-bit adds, one cycle each), their mean its clock. At the end: per run MH/s, clock,
# steal ticks (/proc/stat), measured cycles per hash (clock / rate) beside the model's; per pair the measured Java/C
# ratio beside the predicted one (C model / that JVM's model); medians and spreads (infra/model-summary.py).
# Needs gcc, llvm-mca-19 and ../shared/anchors (a measuring tool outside the project: nothing else depends on it); it
# builds the benchmarks and their class path through Maven first (infra/lib/bench-classpath.sh). Run it under the
# build lock, on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."

pairs=5 seconds=5 kernels="vector512x2 vector512x1" anchor=avx512x2 mcpu=sapphirerapids out=target/model-check
while [ $# -gt 0 ]; do
  case "$1" in
    --pairs) pairs="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --kernels) kernels="$2"; shift 2 ;;
    --anchor) anchor="$2"; shift 2 ;;
    --mcpu) mcpu="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done
anchors=../shared/anchors/c-anchor.sh
[ -x "$anchors" ] || { echo "model-check: $anchors is missing (the C anchors are a measuring tool outside the project)" >&2; exit 2; }
command -v llvm-mca-19 >/dev/null || { echo "model-check: llvm-mca-19 is missing (Debian: llvm-19)" >&2; exit 2; }
. infra/lib/jdk.sh
. infra/lib/bench-classpath.sh
cp=$(bench_classpath)
mkdir -p "$out"

# The clock: 16 dependent scalar adds a pass (one cycle each on every x86-64 core), with 8 independent vpaddq zmm beside
# them that no add waits for, so the core runs the 512-bit work the kernels do and at the frequency it runs them at.
# (A chain of dependent vpaddq zmm is no clock: their latency is one cycle on Intel since Skylake-SP and on Zen 4, two
# on Zen 5, which such a chain read as 1.65 GHz where the scalar chain reads 3.24.)
cat > "$out/clock.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100000000L, i = n;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  __asm__ volatile("xor %%rax, %%rax\n1:\n"
                   ".rept 8\n add %%rbx, %%rax\n vpaddq %%zmm1, %%zmm2, %%zmm3\n add %%rbx, %%rax\n.endr\n"
                   "dec %0\n jnz 1b\n" : "+r"(i) : : "rax", "rbx", "xmm3", "cc");
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("%.3f\n", 16.0 * n / ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)));
  return 0;
}
EOF
gcc -O1 -mavx512f -o "$out/clock" "$out/clock.c"

# The C anchor's binary (c-anchor.sh builds it on first use) and its loop, modelled once.
"$anchors" "$anchor" 1 0.2 >/dev/null  # the binary's name as c-anchor.sh names it:
here=$(cd ../shared/anchors && pwd)
bin=${XDG_CACHE_HOME:-$HOME/.cache}/nano-anchor/bench-$(md5sum "$here/c/bench.c" "$here/c/kernels.h" | md5sum | cut -c1-8)
fn=$(nm "$bin" | awk -v f="nw_${anchor}_search" '$3 == f || index($3, f ".") == 1 {print $3; exit}')
lanes=$(case $anchor in avx512x2) echo 16 ;; avx512) echo 8 ;; avx2x2) echo 8 ;; avx2) echo 4 ;; scalarx2) echo 2 ;; *) echo 1 ;; esac)
c_model=$(python3 infra/arm64-loops.py --arch x86-64 --function "$bin:$fn:$lanes" --mca llvm-mca-19 --mcpu "$mcpu" --json \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["cycles per hash"])')

steal() { awk '/^cpu /{print $9}' /proc/stat; }
mean() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", (a + b) / 2}'; }
results=$out/runs.tsv
printf 'pair\twhat\tMH/s\tGHz\tsteal_ticks\tlog\n' > "$results"
for p in $(seq 1 "$pairs"); do
  for k in $kernels; do
    g0=$("$out/clock")
    s0=$(steal)
    rate=$(java --add-modules=jdk.incubator.vector -XX:+UnlockDiagnosticVMOptions -XX:CompileCommand=quiet \
      -XX:CompileCommand='print,dev.nanowork.kernel.*::rounds' -XX:CompileCommand='print,dev.nanowork.kernel.*::step*' \
      -XX:CompileCommand='print,dev.nanowork.kernel.*::hash' -XX:CompileCommand="print,dev.nanowork.kernel.BlockKernel\$1::search" \
      -XX:+LogVMOutput -XX:-DisplayVMOutput -XX:LogFile="$out/$k-$p.log" \
      -cp "$cp" dev.nanowork.kernel.bench.KernelRate "$k" 1 "$seconds" 2>/dev/null | awk -v k="$k" '$1 == k {print $3}' | tail -n 1)
    ghz=$(mean "$g0" "$("$out/clock")")
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$k" "$rate" "$ghz" "$(( $(steal) - s0 ))" "$out/$k-$p.log" | tee -a "$results"
  done
  g0=$("$out/clock")
  s0=$(steal)
  rate=$("$anchors" "$anchor" 1 "$seconds" | sed -n 's/.*MH\/s=\([0-9.]*\).*/\1/p')
  ghz=$(mean "$g0" "$("$out/clock")")
  printf '%s\tC:%s\t%s\t%s\t%s\t-\n' "$p" "$anchor" "$rate" "$ghz" "$(( $(steal) - s0 ))" | tee -a "$results"
done
echo "C $anchor model: $c_model cycles/hash ($mcpu)"
python3 infra/model-summary.py "$results" "C:$anchor" "$c_model" --mcpu "$mcpu"
