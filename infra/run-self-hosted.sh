#!/usr/bin/env bash
# Starts the self-hosted work server (target/self-hosted/quarkus-app, written by
# ./mvnw -B package -DselfHosted -DskipTests) with a JDK 21 or newer found as ./mvnw finds one (infra/lib/jdk.sh:
# JAVA_HOME or the java on the PATH when 21+, else the newest under /usr/lib/jvm), whatever the default java is.
#   infra/run-self-hosted.sh [JAVA_OPTION]...   (e.g. -Xmx512m; settings: NANO_WORK_*, QUARKUS_HTTP_HOST, QUARKUS_HTTP_PORT)
# Listens on 127.0.0.1:7076 by default. Stops with one line when the build is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

jar=target/self-hosted/quarkus-app/quarkus-run.jar
if [ ! -f "$jar" ]; then
  echo "run-self-hosted: $jar is missing: build it first with ./mvnw -B package -DselfHosted -DskipTests" >&2
  exit 1
fi
. infra/lib/jdk.sh
# jdk.sh leaves JAVA_HOME alone when it is already 21+, and then the java on the PATH may be another one.
exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" --add-modules=jdk.incubator.vector "$@" -jar "$jar"
