#!/usr/bin/env bash
# Round 5 (docs/kernels.md): the kernels of this build against the previous build's and the C anchors, taking
# turns in one window, one JVM per run. Run from the project directory after ./mvnw -Pbench test-compile and
# dependency:build-classpath (infra/bench.sh does both), inside flock -w 900 /tmp/nwf-heavy.lock when the machine
# is shared.
#   experiments/round5/measure.sh <avx2|avx512> <threads> <seconds> <rounds> <kernel|before:kernel|C:mode>...
# before:K runs K from the classes in $BEFORE (default /tmp/before-classes: cp -r target/classes there from the
# older build); C:mode runs ../shared/anchors/c-anchor.sh mode.
set -u
export PATH=/usr/lib/jvm/temurin-25-jdk-amd64/bin:$PATH
mode=$1 threads=$2 seconds=$3 rounds=$4
shift 4
cp="target/test-classes:target/classes:$(cat target/bench.classpath)"
flag=(); [ "$mode" = avx2 ] && flag=(-XX:UseAVX=2)
for _ in $(seq "$rounds"); do
  for k in "$@"; do
    case $k in
      C:*) ../shared/anchors/c-anchor.sh "${k#C:}" "$threads" "$seconds" | sed "s/^/C ${k#C:} /" ;;
      before:*) java --add-modules=jdk.incubator.vector "${flag[@]}" -cp "${BEFORE:-/tmp/before-classes}:$cp" \
          dev.nanowork.kernel.bench.KernelRate "${k#before:}" "$threads" "$seconds" 2>&1 | tail -1 | sed 's/^/before /' ;;
      *) java --add-modules=jdk.incubator.vector "${flag[@]}" -cp "$cp" \
          dev.nanowork.kernel.bench.KernelRate "$k" "$threads" "$seconds" 2>&1 | tail -1 ;;
    esac
  done
  echo "-- $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
done
