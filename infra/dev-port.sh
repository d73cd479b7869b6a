#!/usr/bin/env bash
# Run by the build at validate (pom.xml, execution dev-port), before anything is compiled: under quarkus:dev it says
# which port the endpoint will answer on, or stops at once, in one line, when another process holds that port (Quarkus'
# mock Lambda event server would otherwise wait on it in silence). Any other build: nothing.
#   infra/dev-port.sh COMMAND PORT   (COMMAND: Maven's own command line, its JVM's sun.java.command; PORT: the value of
#                                     -Dquarkus.lambda.mock-event-server.dev-port, empty when not given)
set -euo pipefail

case "$1" in *quarkus:dev*) ;; *) exit 0 ;; esac
setting=quarkus.lambda.mock-event-server.dev-port
port="${2:-${QUARKUS_LAMBDA_MOCK_EVENT_SERVER_DEV_PORT:-8080}}"

# A connection that succeeds means a listener already holds the port.
if timeout 2 bash -c ": </dev/tcp/127.0.0.1/$port" 2>/dev/null; then
  line="dev mode: port $port is in use by another process: stop it, or move dev mode with ./mvnw quarkus:dev -D$setting=$((port + 1))"
  # Straight to Maven's own stderr (appending, so a log file is not overwritten): what this script prints reaches it
  # through the exec plugin's copying thread, which the kill below can stop before it copied the line. Elsewhere: our
  # stderr, and a moment for the copy.
  if [ -w "/proc/$PPID/fd/2" ]; then
    echo "$line" >>"/proc/$PPID/fd/2"
  else
    echo "$line" >&2
    sleep 1
  fi
  # Maven stops here, without the stack trace and [ERROR] lines a failed exec prints after the line that says what to
  # do (it does not wait for this script to end: the sleep only keeps it from going on when the signal was refused).
  kill -TERM "$PPID" 2>/dev/null && sleep 10
  exit 1
fi
echo "dev mode: port $port is free; the endpoint will answer on http://localhost:$port once Quarkus has started (-D$setting=N moves it)"
