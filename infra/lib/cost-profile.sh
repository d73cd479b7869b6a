# shellcheck shell=bash
# Runs one of the operator tools of src/cost/java (the cost report, the dashboard drawn from records) through Maven:
# the cost profile compiles them with the test sources and runs the entry point by exec:exec with the JDK ./mvnw
# finds. Sourced, not run (after infra/lib/jdk.sh), by infra/cost.sh and infra/dashboard.sh.
. infra/lib/progress.sh

# exec_args ARG...: the arguments as one string for an exec:exec property (-Dcost.args=...): exec:exec splits it on
# spaces outside quotes, so each argument goes quoted (in "..." if it holds a ').
exec_args() {
  local arg args=""
  for arg in "$@"; do
    case "$arg" in
      *"'"*) args+=" \"$arg\"" ;;
      *) args+=" '$arg'" ;;
    esac
  done
  printf '%s' "$args"
}

# cost_profile_run NAME MAIN STEP ARG...: compiles (Maven quiet, ticking on stderr as it goes), then runs the class
# MAIN with the ARGs, saying "NAME: STEP" while it runs; MAIN's stdout is the script's.
cost_profile_run() {
  local name=$1 main=$2 step=$3
  shift 3
  local mvn=(./mvnw -B -q -Pcost -DskipTests)
  progress_run "$name: compiling (Maven test-compile)" "${mvn[@]}" test-compile >&2
  progress_run "$name: $step" "${mvn[@]}" exec:exec@cost -Dcost.main="$main" -Dcost.args="$(exec_args "$@")"
}
