#!/usr/bin/env bash
# Issue 22, step 1 for two states (docs/kernels.md, round 14): how fast would the shipped loop kernel be if it added no
# zero message word? C2 does not compile a two-state kernel written out with none (round 7), so this measures the bound
# another way: a copy of the generated kernel whose loop adds the message words of only 5 of its 16 places a round
# (as many as are non-zero in every round: its hashes are wrong, its speed is that of a loop with no zero word), timed
# against the shipped kernel and the C anchor, alternating, one thread, each run in a JVM of its own.
#
#   infra/zero-word-prize.sh [turns, default 6] [seconds, default 3] [kernel, default vector512x2] [C anchor, default avx512x2]
#
# e.g. `infra/zero-word-prize.sh 6 3 vector256x2 avx2` runs under -XX:UseAVX=2 when the anchor is avx2. The C anchor is
# ../shared/anchors/c-anchor.sh, a measuring tool outside the project: without it the C column is left out. Run it on a
# quiet machine (under flock /tmp/build.lock on a shared one); it builds the benchmarks and their class path first.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=infra/lib/jdk.sh
. infra/lib/jdk.sh
turns=${1:-6} seconds=${2:-3} kernel=${3:-vector512x2} anchor=${4:-avx512x2}
# shellcheck source=infra/lib/bench-classpath.sh
. infra/lib/bench-classpath.sh
cp=$(bench_classpath)
class=$(grep -l "super(\"$kernel\"" src/main/java/dev/nanowork/kernel/vector/*.java | head -1)
[ -n "$class" ] || { echo "zero-word-prize: no generated class for $kernel" >&2; exit 2; }
grep -q 'for (int m = ' "$class" || { echo "zero-word-prize: $kernel is not a loop kernel" >&2; exit 2; }
name=$(basename "$class" .java)
out=target/zero-word-prize
rm -rf "$out" && mkdir -p "$out/src" "$out/classes"
# The copy: class and kernel renamed, the class public; in the loop, `x = x.lanewise(ADD, <schedule place p>).lanewise(ADD, y)` keeps its
# message add only at places 0-4.
python3 - "$class" "$out/src/${name}NoZero.java" "$name" "$kernel" <<'EOF'
import re, sys
src, dst, name, kernel = sys.argv[1:]
s = open(src).read().replace(name, name + "NoZero").replace('"%s"' % kernel, '"%s-no-zero"' % kernel)
s = s.replace("\nfinal class ", "\npublic final class ", 1)  # KernelRate loads it by name
add = re.compile(r"(\w+) = (\w+)\.lanewise\(ADD, LongVector\.fromArray\(SPECIES, state, m [^;]*?\+ (\d+) \* LANES\)\)"
                 r"\.lanewise\(ADD, (\w+)\);")
dropped = 0
def keep_five(m):
    global dropped
    if int(m.group(3)) < 5:
        return m.group(0)
    dropped += 1
    return "%s = %s.lanewise(ADD, %s);" % (m.group(1), m.group(2), m.group(4))
open(dst, "w").write(add.sub(keep_five, s))
print("zero-word-prize: %d message adds a loop round left out of %s" % (dropped, kernel))
EOF
javac --add-modules jdk.incubator.vector -nowarn -d "$out/classes" -cp target/classes "$out/src/${name}NoZero.java" 2>&1 \
  | grep -v -E '^(warning|Note|1 warning)' || true
# C1 kept from the copy's round method as from the shipped one's (the run-time directive covers only catalogue classes).
echo '[{ match: ["dev/nanowork/kernel/vector/*.rounds"], c1: { Exclude: true } }]' > "$out/c1.json"
opts=""; [ "$anchor" = avx2 ] && opts="-XX:UseAVX=2"
run() { # <kernel name or class>
  # shellcheck disable=SC2086 # opts is a list of options
  java --add-modules=jdk.incubator.vector $opts -XX:+UnlockDiagnosticVMOptions -XX:CompilerDirectivesFile="$out/c1.json" \
    -cp "$out/classes:$cp" dev.nanowork.kernel.bench.KernelRate "$1" 1 "$seconds" 2>/dev/null | tail -1 | awk '{print $3}'
}
anchors=../shared/anchors/c-anchor.sh
echo "# $(measured_cpu), one thread, ${seconds} s a run"
echo "turn $kernel no-zero C:$anchor no-zero/shipped shipped/C no-zero/C"
for t in $(seq "$turns"); do
  shipped=$(run "$kernel")
  bound=$(run "dev.nanowork.kernel.vector.${name}NoZero")
  c=""; [ -x "$anchors" ] && c=$("$anchors" "$anchor" 1 "$seconds" | sed -n 's/.*MH\/s=\([0-9.]*\).*/\1/p')
  awk -v t="$t" -v s="$shipped" -v b="$bound" -v c="$c" 'BEGIN {
    if (c == "") printf "%s %s %s - %.3f - -\n", t, s, b, b / s
    else printf "%s %s %s %s %.3f %.3f %.3f\n", t, s, b, c, b / s, s / c, b / c }'
done
