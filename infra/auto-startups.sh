#!/usr/bin/env bash
# issue 22: what `auto` keeps and how fast it is primed, over N JVM start-ups on each of three CPU settings:
# one vCPU AVX2-only code (-XX:UseAVX=2, taskset -c 0), one vCPU AVX-512 (taskset -c 0), two vCPUs (taskset -c 0-1).
# Two judges of the kept kernel: every candidate timed again at steady state in the JVM that chose, after priming
# (`KernelRate auto startup judge`: the request path, rounds of 0.3 s, the medians), and every configured variant's
# steady rate in a JVM of its own (`KernelRate <kernel> 1 <seconds>`).
#
#   infra/auto-startups.sh [startups per setting, default 20] [seconds per configured run, default 3] [settings]
#
# settings: any of avx2 avx512 2cpu (default all three), e.g. one per lock hold on a shared machine. Run it from
# anywhere, on a quiet machine (under flock /tmp/build.lock on a shared one); it builds the benchmarks and their class
# path through Maven first (infra/lib/bench-classpath.sh). Prints one line per start-up and a Markdown table per
# setting: the kernel kept (how often), its rate against the fastest candidate in its own JVM (aim >= 0.95) and
# against the fastest configured one, its primed rate against its own steady one in the same JVM (aim >= 0.90), how
# many start-ups primed at full speed, the race's time and the JVM's uptime when primed.
set -uo pipefail # no -e: one failed start-up is a row, not the end of the run
cd "$(dirname "$0")/.." || exit
# shellcheck source=infra/lib/jdk.sh
. infra/lib/jdk.sh
n=${1:-20} seconds=${2:-3}
shift 2 2>/dev/null || shift $#
wanted=${*:-avx2 avx512 2cpu}
# shellcheck source=infra/lib/bench-classpath.sh
. infra/lib/bench-classpath.sh
cp=$(bench_classpath) || exit
run() { # <cpus> <jvm options> <KernelRate args...>
  local cpus=$1 opts=$2; shift 2
  # shellcheck disable=SC2086 # opts is a list of options
  taskset -c "$cpus" java --add-modules=jdk.incubator.vector $opts -cp "$cp" dev.nanowork.kernel.bench.KernelRate "$@" 2>&1 \
    | grep -v -E '^(WARNING|[A-Z][a-z]{2} [0-9]|INFO)' | tail -1
}
echo "# $(measured_cpu)"
for setting in "avx2|0|-XX:UseAVX=2|1 vCPU, AVX2-only" "avx512|0||1 vCPU, AVX-512" "2cpu|0-1||2 vCPUs"; do
  IFS='|' read -r key cpus opts label <<<"$setting"
  [[ " $wanted " == *" $key "* ]] || continue
  variants=$(run "$cpus" "$opts" auto startup | sed -n 's/.*work kernel: \([a-z0-9]*\) [^(]*(\([^)]*\)), raced.*/\1 \2/p' \
      | tr -d ',' | awk '{for (i = 1; i <= NF; i++) if ($i ~ /^[a-z]/) print $i}')
  declare -A steady=()
  for v in $variants; do
    steady[$v]=$(run "$cpus" "$opts" "$v" 1 "$seconds" | awk '{print $3}')
    echo "$label configured $v ${steady[$v]}"
  done
  best=0; for v in $variants; do best=$(awk -v a="$best" -v b="${steady[$v]}" 'BEGIN {print (b > a ? b : a)}'); done
  : >"/tmp/auto-startups.$$"
  for i in $(seq "$n"); do
    line=$(run "$cpus" "$opts" auto startup judge)
    kept=$(sed -n 's/.*work kernel: \([a-z0-9]*\) .*/\1/p' <<<"$line")
    primed=$(sed -n 's/.*primed at \([0-9.]*\) MH.*/\1/p; s/.*not at full speed: \([0-9.]*\) MH.*/\1/p' <<<"$line")
    full=$(grep -q ' primed at ' <<<"$line" && echo yes || echo no)
    up=$(sed -n 's/.*JVM up \([0-9.]*\) s.*/\1/p' <<<"$line")
    raced=$(sed -n 's/.*, raced \([0-9.]*\) s,.*/\1/p' <<<"$line")
    same=$(sed -n 's/.*; kept \([0-9.]*\)x the fastest, primed \([0-9.]*\)x its steady.*/\1 \2/p' <<<"$line")
    echo "$label start-up $i: $line"
    echo "$kept ${primed:-0} $full ${up:-0} ${raced:-0} ${same:-0 0}" >>"/tmp/auto-startups.$$"
  done
  echo
  echo "| $label | kept (times) | same JVM: kept / fastest (min-max) | within 5% | configured: its steady / fastest | primed / its same-JVM steady (min-max) | within 10% | primed at full speed | race | JVM up when primed |"
  echo "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|"
  awk '{print $1}' "/tmp/auto-startups.$$" | sort -u | while read -r k; do
    awk -v k="$k" -v s="${steady[$k]:-0}" -v best="$best" -v label="$label" '
      function lo(a, b) { return (a == "" || b < a) ? b : a }
      function hi(a, b) { return (a == "" || b > a) ? b : a }
      $1 == k { c++; if ($3 == "yes") f++; umin = lo(umin, $4); umax = hi(umax, $4); rmin = lo(rmin, $5); rmax = hi(rmax, $5)
                jmin = lo(jmin, $6); jmax = hi(jmax, $6); if ($6 >= 0.95) j++
                pmin = lo(pmin, $7); pmax = hi(pmax, $7); if ($7 >= 0.90 && $7 <= 1.10) p++ }
      END { printf "| %s | %s (%d) | %.2f-%.2f | %d of %d | %.2f (%.1f / %.1f) | %.2f-%.2f | %d of %d | %d of %d | %.1f-%.1f s | %.2f-%.2f s |\n",
                   label, k, c, jmin, jmax, j, c, (best > 0 ? s / best : 0), s, best, pmin, pmax, p, c, f, c, rmin, rmax, umin, umax }' "/tmp/auto-startups.$$"
  done
  awk -v label="$label" '{c++; if ($6 >= 0.95) j++; if ($7 >= 0.90 && $7 <= 1.10) p++; if ($3 == "yes") f++}
    END { printf "\n%s, all %d start-ups: kept within 5%% of the fastest in its JVM %d, primed within 10%% of its steady %d, primed at full speed %d\n", label, c, j, p, f }' "/tmp/auto-startups.$$"
  echo
  unset steady
done
rm -f "/tmp/auto-startups.$$"
