#!/usr/bin/env bash
# Measures the work kernels: one JSON line per configuration, the median of --runs JVMs, each also measuring
# Bouncy Castle's Blake2bDigest (the baseline) on the same threads in the same process.
#
#   infra/bench.sh [--kernel auto|vector512x2|vector256|...|scalar|all] [--threads N|"1 2"] [--seconds S]
#                  [--runs R] [--jvm-opts "-XX:UseAVX=2 ..."] [--jmh ["JMH options"]]
#
# Defaults: --kernel all (every kernel this JVM can run), --threads "1 <nproc>", --seconds 5, --runs 3.
# --jmh runs the JMH benchmarks (src/jmh/java) instead, e.g. --jmh "-p kernel=vector256 -f 1".
# Run it on a quiet machine: it is CPU-bound.
set -euo pipefail
cd "$(dirname "$0")/.."

kernel=all threads="" seconds=5 runs=3 jvm_opts="" jmh=false jmh_args=""
while [ $# -gt 0 ]; do
  case "$1" in
    --kernel) kernel="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --jvm-opts) jvm_opts="$2"; shift 2 ;;
    --jmh) jmh=true; shift; if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then jmh_args="$1"; shift; fi ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$threads" ] || threads="1 $(nproc)"
[ "$threads" = "1 1" ] && threads=1

. infra/lib/jdk.sh

./mvnw -B -q -Pbench -DskipTests test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >&2
cp="target/test-classes:target/classes:$(cat target/bench.classpath)"

# shellcheck disable=SC2086 # jvm_opts is a list of options
if $jmh; then
  exec java --add-modules=jdk.incubator.vector $jvm_opts -cp "$cp" org.openjdk.jmh.Main KernelBenchmark \
    -jvmArgsAppend "--add-modules=jdk.incubator.vector $jvm_opts" $jmh_args
fi

if [ "$kernel" = all ]; then
  # Every kernel this JVM runs at full speed, as the selector sees it (the wider ones fail to select).
  kernels=""
  for k in vector512x2 vector512x1 vector256x2 vector256x2perm vector256x1 vector128x1shuf vector128x2 vector128x1 scalar scalarx2; do
    # shellcheck disable=SC2086 # $jvm_opts is a list of JVM options: split into words on purpose
    if java --add-modules=jdk.incubator.vector $jvm_opts -cp "$cp" dev.nanowork.kernel.bench.KernelBench \
        --kernel "$k" --check >/dev/null 2>&1; then kernels="$kernels $k"; fi
  done
else
  kernels="$kernel"
fi

echo "# $(date -u +%FT%TZ) load average: $(cut -d' ' -f1-3 /proc/loadavg) kernels:$kernels threads: $threads" >&2
for k in $kernels; do
  for t in $threads; do
    # shellcheck disable=SC2086 # $jvm_opts is a list of JVM options: split into words on purpose
    java --add-modules=jdk.incubator.vector $jvm_opts -cp "$cp" dev.nanowork.kernel.bench.KernelBench \
      --kernel "$k" --threads "$t" --seconds "$seconds" --runs "$runs"
  done
done
