#!/usr/bin/env bash
# The C NEON anchor (src/jmh/c/neon-anchor.c): cross-built with Debian's gcc-aarch64-linux-gnu, checked under
# qemu-user against the project's work vectors, its search loop counted by class and estimated with llvm-mca-19 on
# Neoverse N1, V1 and V2 (infra/arm64-loops.py), the figures the Java kernels' aarch64 code is held to
# (docs/kernels.md, round 6). Emulated time says nothing about speed: no rate is measured here.
#
#   infra/c-neon-anchor.sh        needs gcc-aarch64-linux-gnu, qemu-user-static, binutils-aarch64-linux-gnu, llvm-19
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in aarch64-linux-gnu-gcc qemu-aarch64-static aarch64-linux-gnu-objdump llvm-mca-19; do
  command -v "$tool" >/dev/null || { echo "c-neon-anchor: $tool is missing (Debian: gcc-aarch64-linux-gnu qemu-user-static binutils-aarch64-linux-gnu llvm-19)" >&2; exit 2; }
done
mkdir -p target/arm64
# Static: qemu then needs no aarch64 sysroot. -mcpu=neoverse-n1: Graviton2's core, NEON only.
aarch64-linux-gnu-gcc -O3 -mcpu=neoverse-n1 -static -o target/arm64/neon-anchor src/jmh/c/neon-anchor.c
qemu-aarch64-static -cpu neoverse-n1 target/arm64/neon-anchor test src/test/resources/vectors/work-values.csv
for core in neoverse-n1 neoverse-v1 neoverse-v2; do
  python3 infra/arm64-loops.py --function target/arm64/neon-anchor:search:2 --mca llvm-mca-19 --mcpu "$core"
done
