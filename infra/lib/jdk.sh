# shellcheck shell=sh
# Finds a JDK 21 or newer (sourced, not run; POSIX sh, for ./mvnw and the infra/ scripts): this project needs
# 21+ for jdk.incubator.vector and is built and tested on 25, while a machine's default java may be older
# (17 on ours). Keeps JAVA_HOME, or the java on the PATH, when it is 21+; else takes the newest JDK 21+
# under /usr/lib/jvm (or NANO_WORK_JDK_DIRS, space separated) and exports JAVA_HOME and PATH for it.

# The major version of the java at $1 (a JDK home), or 0.
nano_work_jdk_major() {
  "$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9][0-9]*\).*/\1/p' | head -n 1 | grep . || echo 0
}

if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ] && [ "$(nano_work_jdk_major "$JAVA_HOME")" -ge 21 ]; then
  :
elif [ -z "${JAVA_HOME:-}" ] && command -v java >/dev/null 2>&1 \
  && [ "$(nano_work_jdk_major "$(dirname "$(dirname "$(command -v java)")")")" -ge 21 ]; then
  :
else
  nano_work_best=""
  nano_work_best_major=0
  case $- in *f*) nano_work_noglob=1 ;; *) nano_work_noglob="" ;; esac
  set +f # mvnw runs with globbing off
  for nano_work_dir in ${NANO_WORK_JDK_DIRS:-/usr/lib/jvm/*}; do
    if [ ! -x "$nano_work_dir/bin/java" ] || [ ! -x "$nano_work_dir/bin/javac" ]; then continue; fi
    nano_work_major="$(nano_work_jdk_major "$nano_work_dir")"
    if [ "$nano_work_major" -ge 21 ] && [ "$nano_work_major" -gt "$nano_work_best_major" ]; then
      nano_work_best="$nano_work_dir"
      nano_work_best_major="$nano_work_major"
    fi
  done
  [ -z "$nano_work_noglob" ] || set -f
  if [ -z "$nano_work_best" ]; then
    echo "nano-work-function needs a JDK 21 or newer (25 recommended) and found none: install one and set JAVA_HOME to it" >&2
    exit 1
  fi
  echo "using the JDK $nano_work_best_major at $nano_work_best: this project needs 21 or newer (infra/lib/jdk.sh)" >&2
  JAVA_HOME="$nano_work_best"
  export JAVA_HOME
  PATH="$JAVA_HOME/bin:$PATH"
  export PATH
  unset nano_work_best nano_work_best_major nano_work_dir nano_work_major nano_work_noglob
fi
