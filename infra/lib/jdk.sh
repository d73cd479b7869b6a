# shellcheck shell=bash
# Selects a JDK 25 for the scripts of this project (sourced, not run): this machine kind's default java is
# 17, while the project is built and tested on 25 (it needs 21+ for jdk.incubator.vector).
# Keeps JAVA_HOME when it already names a JDK 25; else takes the first one under /usr/lib/jvm.
if [ -z "${JAVA_HOME:-}" ] || ! "$JAVA_HOME/bin/java" -version 2>&1 | grep -q 'version "25'; then
  for candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25-jdk-arm64 /usr/lib/jvm/temurin-25* /usr/lib/jvm/java-25*; do
    if [ -x "$candidate/bin/java" ]; then export JAVA_HOME="$candidate"; break; fi
  done
fi
if [ -z "${JAVA_HOME:-}" ] || [ ! -x "$JAVA_HOME/bin/java" ]; then
  echo "no JDK 25 found under /usr/lib/jvm: install one and set JAVA_HOME" >&2
  exit 1
fi
export PATH="$JAVA_HOME/bin:$PATH"
