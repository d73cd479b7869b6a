#!/bin/sh
# The function's AWS_LAMBDA_EXEC_WRAPPER (set by terraform/modules/work-function): Lambda runs it with the
# java runtime's own command line as arguments, JAVA [OPTIONS...] MAIN HANDLER, and it execs that line
# changed in two ways:
#  - drops -XX:TieredStopAtLevel below 4, which the java runtimes put on the command line unless SnapStart or
#    provisioned concurrency is on ($LATEST, Managed Instances): under C1 alone the vector kernel runs about
#    400x slower, and a command-line flag beats the same flag in JAVA_TOOL_OPTIONS (docs/deploy.md);
#  - adds the options the application needs whatever JAVA_TOOL_OPTIONS says: the Vector API module, C2, and
#    java.lang opened to the class path (jboss-threads needs it when a thread exits; the jar manifest's
#    Add-Opens applies only to java -jar).
# POSIX sh, so that it runs wherever the runtime does. Tested by dev.nanowork.lambda.LambdaRuntimeIT.
set -eu

if [ "$#" -lt 2 ]; then
  echo "jvm-wrapper.sh: expected the runtime's java command line as arguments, got: $*" >&2
  exit 64
fi

java="$1"
shift
dropped=""
count="$#"
i=0
for arg in "$@"; do
  # The loop's word list was expanded before the first "set --", so rebuilding "$@" here is safe.
  [ "$i" -eq 0 ] && set --
  i=$((i + 1))
  case "$arg" in
    -XX:TieredStopAtLevel=[0-3]) dropped="$dropped $arg"; continue ;;
  esac
  set -- "$@" "$arg"
done
[ "$i" -eq "$count" ]

# One JSON object, as the application's log lines (docs/observe.md): Lambda stamps its time. The dropped flags hold
# no quote or backslash (they matched the pattern above).
echo "{\"level\":\"INFO\",\"loggerName\":\"jvm-wrapper.sh\",\"message\":\"C2 on (dropped:${dropped:- nothing}), --add-modules=jdk.incubator.vector, java.lang opened\"}"
exec "$java" \
  -XX:TieredStopAtLevel=4 \
  --add-modules=jdk.incubator.vector \
  --add-opens=java.base/java.lang=ALL-UNNAMED \
  "$@"
