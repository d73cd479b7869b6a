#!/usr/bin/env bash
# Round 8 (docs/kernels.md): C2's code for the 256-bit kernels under AVX2-only code, printed without hsdis (raw bytes)
# for experiments/round8/x86-ops.py. Run from the project directory after a build, under flock /tmp/build.lock.
#   experiments/round8/opmix-runs.sh <outdir> <kernel>...
set -u
export PATH=/usr/lib/jvm/temurin-25-jdk-amd64/bin:$PATH
out=$1
shift
mkdir -p "$out"
cp="target/test-classes:target/classes:$(cat target/bench.classpath)"
javac -d "$out/classes" -cp "$cp" experiments/round7/Slices.java
for k in "$@"; do
  java --add-modules=jdk.incubator.vector -XX:UseAVX=2 -XX:+UnlockDiagnosticVMOptions \
    '-XX:CompileCommand=print,dev.nanowork.kernel.vector.*::*' -XX:CompileCommand=quiet \
    -cp "$out/classes:$cp" Slices "$k" 1 2 4 >"$out/$k.asm" 2>&1
  echo "$k: $(grep -a 'steady after' "$out/$k.asm")"
done
