# shellcheck shell=bash
# The benchmarks' class path for the scripts that start many JVMs of their own, under taskset or qemu, with their own
# JVM options (infra/model-check.sh, kernel-path.sh, auto-startups.sh, zero-word-prize.sh, split-loops.sh), where one
# exec:exec@bench per JVM would not do (sourced, not run; from the project's root). Maven builds it: the bench
# profile's test-compile compiles the benchmarks and writes target/bench.classpath, the test class path as Maven
# resolves it (the project's output folders and every dependency), so no script lists a project folder or a jar itself.

# Compiles the bench profile (./mvnw, the JDK it finds) and prints its class path.
bench_classpath() {
  ./mvnw -B -q -Pbench -DskipTests test-compile >&2 || return
  cat target/bench.classpath
}

# The CPU a measurement ran on, for the first line of its output: model name, family and model (/proc/cpuinfo), and the
# time.
measured_cpu() {
  echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-), family $(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ') model $(grep -m1 -E '^model\s' /proc/cpuinfo | cut -d: -f2 | tr -d ' '), $(date -u +%FT%TZ)"
}
