# shellcheck shell=bash
# Progress for the infra/ scripts whose long steps are quiet (Maven with -q): how long a run will take, said before it
# starts, and a line every PROGRESS_EVERY seconds (15 by default) while a step runs. Sourced, not run; all on stderr,
# so that stdout keeps a script's results.

# progress_about NAME FILE FIRST: says how long NAME will take: the last run's seconds recorded in FILE, else FIRST
# (what a first run costs, in words).
progress_about() {
  local name=$1 file=$2 first=$3 last=""
  [ -r "$file" ] && last=$(tr -dc '0-9' <"$file")
  if [ -n "$last" ]; then
    echo "$name: about $last s (the last run here took $last s; $file)" >&2
  else
    echo "$name: $first" >&2
  fi
}

# progress_record FILE START: records the seconds since START (epoch seconds) in FILE for the next progress_about.
progress_record() {
  mkdir -p "$(dirname "$1")"
  echo $(($(date +%s) - $2)) >"$1"
}

# progress_run LABEL COMMAND...: runs COMMAND, saying "LABEL: N s so far" every PROGRESS_EVERY seconds while it runs
# and "LABEL: done in N s" after; returns COMMAND's status.
progress_run() {
  local label=$1 start rc=0 ticker
  shift
  start=$(date +%s)
  (
    while sleep "${PROGRESS_EVERY:-15}"; do echo "$label: $(($(date +%s) - start)) s so far" >&2; done
  ) &
  ticker=$!
  "$@" || rc=$?
  kill "$ticker" 2>/dev/null || true
  wait "$ticker" 2>/dev/null || true
  echo "$label: done in $(($(date +%s) - start)) s" >&2
  return "$rc"
}
