#!/usr/bin/env bash
# Issue 22, round 15 (docs/kernels.md): vector512x2's rounds 1 to 10 in two loops, each adding only the message places
# non-zero in one of its rounds (82 zero words a state instead of 110), against the same kernel in one loop (the
# shipped code). Both are written by the generator (`KernelGenerator --try`, shapes `loop` and `loop2`) and timed in one
# JVM, taking turns in 0.1 s slices (`KernelRate alternate`); then the shipped kernel against the C anchor,
# alternating, one thread, each run in a JVM of its own.
#
#   infra/split-loops.sh [seconds in one JVM, default 30] [turns against C, default 5] [seconds a turn, default 3]
#
# The C anchor is ../shared/anchors/c-anchor.sh, a measuring tool outside the project: without it that part is left
# out. Run it on a quiet machine (under flock /tmp/build.lock on a shared one); it builds the benchmarks first.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=infra/lib/jdk.sh
. infra/lib/jdk.sh
seconds=${1:-30} turns=${2:-5} turn=${3:-3}
# shellcheck source=infra/lib/bench-classpath.sh
. infra/lib/bench-classpath.sh
cp=$(bench_classpath)
out=target/split-loops
rm -rf "$out" && mkdir -p "$out/src" "$out/classes"
java -cp "$cp" dev.nanowork.kernel.generator.KernelGenerator --try "$out/src" \
  split1:512:2:2:loop split2:512:2:2:loop2 >/dev/null
javac --add-modules jdk.incubator.vector -nowarn -d "$out/classes" -cp target/classes \
  "$out"/src/dev/nanowork/kernel/vector/*.java 2>&1 | grep -v -E '^(warning|Note|1 warning)' || true
# C1 kept from the tried kernels' round methods as from the shipped one's (the run-time directive covers only the
# catalogue's classes).
echo '[{ match: ["dev/nanowork/kernel/vector/*.rounds"], c1: { Exclude: true } }]' >"$out/c1.json"
run() { # <KernelRate args...>
  java --add-modules=jdk.incubator.vector -XX:+UnlockDiagnosticVMOptions -XX:CompilerDirectivesFile="$out/c1.json" \
    -cp "$out/classes:$cp" dev.nanowork.kernel.bench.KernelRate "$@" 2>/dev/null | grep -v directives
}
echo "# $(measured_cpu), one thread"
run alternate "$seconds" dev.nanowork.kernel.vector.Split1 dev.nanowork.kernel.vector.Split2
anchors=../shared/anchors/c-anchor.sh
[ -x "$anchors" ] || exit 0
echo "turn vector512x2 C:avx512x2 ratio"
for t in $(seq "$turns"); do
  java_rate=$(run vector512x2 1 "$turn" | awk '{print $3}')
  c=$("$anchors" avx512x2 1 "$turn" | sed -n 's/.*MH\/s=\([0-9.]*\).*/\1/p')
  awk -v t="$t" -v j="$java_rate" -v c="$c" 'BEGIN { printf "%s %s %s %.3f\n", t, j, c, j / c }'
done
