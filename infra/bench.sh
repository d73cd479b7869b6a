#!/usr/bin/env bash
# Measures the work kernels: one JSON line per configuration, the median of --runs JVMs, each also measuring
# Bouncy Castle's Blake2bDigest (the baseline) on the same threads in the same process.
#
#   infra/bench.sh [--kernel auto|vector512x2|vector256|...|scalar|all] [--threads N|"1 2"] [--seconds S]
#                  [--runs R] [--jvm-opts "-XX:UseAVX=2 ..."] [--jmh ["JMH options"]]
#
# Defaults: --kernel all (every variant of the catalogue this JVM runs), --threads "1 <nproc>", --seconds 5, --runs 3.
# --jmh runs the JMH benchmarks (src/jmh/java) instead, e.g. --jmh "-p kernel=vector256x1 -f 1".
# Both through Maven (the bench profile: compiled with the test sources, run by exec:exec with the JDK ./mvnw finds);
# the harness is KernelRate (`KernelRate bench ...`). Run it on a quiet machine: it is CPU-bound.
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
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$threads" ] || threads="1 $(nproc)"
[ "$threads" = "1 1" ] && threads=1

mvn=(./mvnw -B -q -Pbench -DskipTests)
"${mvn[@]}" test-compile >&2

if $jmh; then
  exec "${mvn[@]}" exec:exec@bench -Dbench.jvm="$jvm_opts" -Dbench.main=org.openjdk.jmh.Main \
    -Dbench.args="KernelBenchmark -jvmArgsAppend '--add-modules=jdk.incubator.vector $jvm_opts' $jmh_args"
fi
exec "${mvn[@]}" exec:exec@bench -Dbench.jvm="$jvm_opts" \
  -Dbench.args="bench --kernel $kernel --threads '$threads' --seconds $seconds --runs $runs"
