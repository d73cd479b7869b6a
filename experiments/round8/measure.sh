#!/usr/bin/env bash
# Round 8 (docs/kernels.md): shipped kernels, kernels written by KernelGenerator --try and the C anchors taking
# turns in one window (round 7's script; the tried kernels' step methods are kept from C1 too, no other flag), one JVM per run. Run from the project directory after infra/bench.sh's build (or
# ./mvnw -Pbench test-compile dependency:build-classpath), under flock /tmp/build.lock.
#   experiments/round7/measure.sh <avx2|avx512> <threads> <seconds> <rounds> <kernel|try:Class|C:mode>...
# try:Class runs dev.nanowork.kernel.vector.Class from $TRY (default /tmp/try8/classes: javac'd --try output)
# with C1 kept from its rounds* and step* methods by a directives file (what the shipped kernels get at run time
# from C1Exclusion); $TRY_OPTS adds JVM options to those runs only. Every Java run is
# experiments/round7/Slices.java: 2 s slices until two agree within 2% (a huge method compiles for seconds), at
# most 15; it prints the last slice.
#   Build the tried kernels: java -cp target/classes src/test/java/.../KernelGenerator.java --try /tmp/try8/src \
#     f512x2:512:2:2:flat ...; javac --add-modules jdk.incubator.vector -d /tmp/try7/classes -cp target/classes ...
set -u
export PATH=/usr/lib/jvm/temurin-25-jdk-amd64/bin:$PATH
mode=$1 threads=$2 seconds=$3 rounds=$4
shift 4
cp="target/test-classes:target/classes:$(cat target/bench.classpath)"
flag=(); [ "$mode" = avx2 ] && flag=(-XX:UseAVX=2)
try=${TRY:-/tmp/try8/classes}
javac -d "$try" -cp "$cp" experiments/round7/Slices.java
directives=$(mktemp)
echo '[{ match: ["dev/nanowork/kernel/vector/*.rounds*", "dev/nanowork/kernel/vector/H*.step*"], c1: { Exclude: true } }]' >"$directives"
for _ in $(seq "$rounds"); do
  for k in "$@"; do
    case $k in
      C:*) ../shared/anchors/c-anchor.sh "${k#C:}" "$threads" "$seconds" | sed "s/^/C ${k#C:} /" ;;
      try:*) # shellcheck disable=SC2086 # TRY_OPTS is a list of options
        java --add-modules=jdk.incubator.vector "${flag[@]}" \
          -XX:+UnlockDiagnosticVMOptions -XX:CompilerDirectivesFile="$directives" ${TRY_OPTS:-} \
          -cp "$try:$cp" Slices "dev.nanowork.kernel.vector.${k#try:}" "$threads" "$seconds" 15 2>&1 | tail -1 | sed "s/^/try ${k#try:} /" ;;
      *) java --add-modules=jdk.incubator.vector "${flag[@]}" -cp "$try:$cp" Slices "$k" "$threads" "$seconds" 15 2>&1 | tail -1 ;;
    esac
  done
  echo "-- $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
done
rm -f "$directives"
