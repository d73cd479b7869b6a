#!/usr/bin/env bash
# Round 4 (experiment): shipped vector256x2/x1 against the shuffle-rotate trials and the C anchor, alternating in
# one window. Run from the project directory after ./mvnw -Pbench test-compile (+ target/bench.classpath) and
# javac of experiments/avx2rot/src into /tmp/avx2rot-classes; wrap it in flock -w 900 /tmp/nwf-heavy.lock.
# $1: "avx2" (-XX:UseAVX=2) or "avx512" (no flag). The trials are loaded by class name, so C1 is kept from their
# twoStateLoop by a directives file (the shipped kernels get the same directive from C1Exclusion at run time).
set -u
export PATH=/usr/lib/jvm/temurin-25-jdk-amd64/bin:$PATH
cp="/tmp/avx2rot-classes:target/test-classes:target/classes:$(cat target/bench.classpath)"
# (The loop shape's method was twoStateLoop in round 4 and is rounds since round 5: the directive names both.)
echo '[{match: ["dev/nanowork/kernel/vector/*.twoStateLoop", "dev/nanowork/kernel/vector/*.rounds"], c1: {Exclude: true}}]' > /tmp/avx2rot-c1ex.json
flag=(); [ "$1" = avx2 ] && flag=(-XX:UseAVX=2)
j=(java --add-modules=jdk.incubator.vector "${flag[@]}" -XX:+UnlockDiagnosticVMOptions
   -XX:CompilerDirectivesFile=/tmp/avx2rot-c1ex.json -cp "$cp" dev.nanowork.kernel.bench.KernelRate)
t=dev.nanowork.kernel.vector
shift
for i in 1 2 3; do
  for k in "$@"; do
    case $k in
      C:*) ../shared/anchors/c-anchor.sh "${k#C:}" 1 3 | sed "s/^/C ${k#C:} /" ;;
      *) "${j[@]}" "$k" 1 3 2>&1 | grep -v -i 'incubat\|directives added' ;;
    esac
  done
  echo "-- $(date -u +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg)"
done
