#!/usr/bin/env bash
# issue 22: what `auto` keeps and how fast it is primed, over N JVM start-ups on each of three CPU settings:
# one vCPU AVX2-only code (-XX:UseAVX=2, taskset -c 0), one vCPU AVX-512 (taskset -c 0), two vCPUs (taskset -c 0-1),
# against every configured variant's steady rate on the same setting (KernelRate <kernel> 1 <seconds>).
#
#   infra/auto-startups.sh [startups per setting, default 20] [seconds per steady run, default 3]
#
# Run it from anywhere, on a quiet machine (under flock /tmp/build.lock on a shared one) after infra/bench.sh's
# build (target/bench.classpath). Prints one line per start-up and a Markdown table per setting: the kernel kept
# (how often), its steady rate against the fastest configured one (aim >= 0.95), its primed rate against its own
# steady one (aim >= 0.90), and how many start-ups primed at full speed.
set -uo pipefail # no -e: one failed start-up is a row, not the end of the run
cd "$(dirname "$0")/.." || exit
# shellcheck source=infra/lib/jdk.sh
. infra/lib/jdk.sh
n=${1:-20} seconds=${2:-3}
cp="target/test-classes:target/classes:$(cat target/bench.classpath)"
run() { # <cpus> <jvm options> <KernelRate args...>
  local cpus=$1 opts=$2; shift 2
  # shellcheck disable=SC2086 # opts is a list of options
  taskset -c "$cpus" java --add-modules=jdk.incubator.vector $opts -cp "$cp" dev.nanowork.kernel.bench.KernelRate "$@" 2>&1 \
    | grep -v -E '^(WARNING|[A-Z][a-z]{2} [0-9]|INFO)' | tail -1
}
echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-), family $(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ') model $(grep -m1 -E '^model\s' /proc/cpuinfo | cut -d: -f2 | tr -d ' '), $(date -u +%FT%TZ)"
for setting in "0|-XX:UseAVX=2|1 vCPU, AVX2-only" "0||1 vCPU, AVX-512" "0-1||2 vCPUs"; do
  IFS='|' read -r cpus opts label <<<"$setting"
  # shellcheck disable=SC2086 # opts is a list of options
  variants=$(taskset -c "$cpus" java --add-modules=jdk.incubator.vector $opts -cp "$cp" \
      dev.nanowork.kernel.bench.KernelRate auto startup 2>&1 | sed -n 's/.*work kernel: \([a-z0-9]*\) .*(\(.*\)), C2.*/\1 \2/p' \
      | tr -d ',' | awk '{for (i = 1; i <= NF; i++) if ($i ~ /^[a-z]/) print $i}')
  declare -A steady=()
  for v in $variants; do
    steady[$v]=$(run "$cpus" "$opts" "$v" 1 "$seconds" | awk '{print $3}')
    echo "$label steady $v ${steady[$v]}"
  done
  best=0; for v in $variants; do best=$(awk -v a="$best" -v b="${steady[$v]}" 'BEGIN {print (b > a ? b : a)}'); done
  : >"/tmp/auto-startups.$$"
  for i in $(seq "$n"); do
    line=$(run "$cpus" "$opts" auto startup)
    kept=$(sed -n 's/.*work kernel: \([a-z0-9]*\) .*/\1/p' <<<"$line")
    primed=$(sed -n 's/.*primed at \([0-9.]*\) MH.*/\1/p; s/.*not at full speed: \([0-9.]*\) MH.*/\1/p' <<<"$line")
    full=$(grep -q ' primed at ' <<<"$line" && echo yes || echo no)
    up=$(sed -n 's/.*JVM up \([0-9.]*\) s.*/\1/p' <<<"$line")
    echo "$label start-up $i: $line"
    echo "$kept ${primed:-0} $full ${up:-0}" >>"/tmp/auto-startups.$$"
  done
  echo
  echo "| $label | kept (times) | its steady / fastest configured | primed / its steady (min-max) | primed at full speed | JVM up when primed |"
  echo "|---|---|--:|--:|--:|--:|"
  awk '{print $1}' "/tmp/auto-startups.$$" | sort -u | while read -r k; do
    awk -v k="$k" -v s="${steady[$k]:-0}" -v best="$best" -v label="$label" '
      $1 == k { c++; r = (s > 0 ? $2 / s : 0); if (min == "" || r < min) min = r; if (r > max) max = r; if ($3 == "yes") f++;
                if (umin == "" || $4 < umin) umin = $4; if ($4 > umax) umax = $4 }
      END { printf "| %s | %s (%d) | %.2f (%.1f / %.1f) | %.2f-%.2f | %d of %d | %.2f-%.2f s |\n",
                   label, k, c, (best > 0 ? s / best : 0), s, best, min, max, f, c, umin, umax }' "/tmp/auto-startups.$$"
  done
  echo
  unset steady
done
rm -f "/tmp/auto-startups.$$"
