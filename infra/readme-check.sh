#!/usr/bin/env bash
# Follows the README and the samples' READMEs as a newcomer would: clones the repository (its committed HEAD) into a
# fresh folder, takes every command of their ```sh blocks in order (README.md first, then samples/**/README.md), and
# runs it there as written, unless a rule below leaves it out (the whole test suite, anything that needs an AWS
# account or changes the machine's nginx), saying why. A command that starts a server (./mvnw quarkus:dev,
# infra/run-self-hosted.sh with or without settings before it, python3 -m http.server) runs in the background until its
# port answers; the commands after it use it, and it is stopped before the next build or server (the same server
# command again keeps it). A curl to this machine's own address (the opened self-hosted server, "as another machine
# would") goes over loopback with its Host header naming that address (curl --connect-to): no request leaves the
# machine. An answer a README shows (a ```json block after the command) must have the same fields and values, except
# a work_generate's work, difficulty and multiplier, which must be a valid work for the hash at the difficulty asked;
# the README's own example work is checked the same way. Any other command must exit 0, and a JSON answer must carry
# no "error". A command no rule knows fails the check.
#
#   infra/readme-check.sh [--lock FILE] [--keep] [REPOSITORY]
#
# --lock FILE: hold flock(1) on FILE for each build and each server's session (shared machines); --keep: leave the
# clone (else removed). REPOSITORY defaults to this one. Prints one line per command and a summary; exits 1 when a
# command failed or no rule knew it. Needs git, curl, python3, npm for the Node sample; the first run downloads
# Maven's dependencies as any build does.
set -euo pipefail
cd "$(dirname "$0")/.."

lock="" keep="" repo="$PWD"
while [ $# -gt 0 ]; do
  case "$1" in
    --lock) lock="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    -*) echo "readme-check: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) repo="$1"; shift ;;
  esac
done

work="$(mktemp -d)"
clone="$work/clone"
server_pid="" server_cmd="" failed=0 unknown=0 ran=0 skipped=0
cleanup() {
  stop_server
  if [ -n "$keep" ]; then echo "readme-check: the clone stays in $clone"; else rm -rf "$work"; fi
}
trap cleanup EXIT

git clone -q "$repo" "$clone"
echo "readme-check: $(git -C "$clone" log -1 --format='%h %s' | cut -c1-100)"

# The helper: the README's commands (with the answer each is shown to give) and the comparison of answers.
cat >"$work/readme.py" <<'PY'
import hashlib, json, re, sys

def commands(path):
    """Yields (line, command, expected JSON or '') for each command of each ```sh block, in order."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, i = [], 0
    while i < len(lines):
        if lines[i].strip() == "```sh":
            block, i = [], i + 1
            while lines[i].strip() != "```":
                block.append((i + 1, lines[i]))
                i += 1
            i += 1
            expected = ""
            if i < len(lines) and lines[i].strip() == "```json":
                j = i + 1
                while lines[j].strip() != "```":
                    j += 1
                expected = " ".join(lines[i + 1:j]).strip()
            cmds, pending, start = [], "", 0
            for n, text in block:
                if not pending and (not text.strip() or text.lstrip().startswith("#")):
                    continue
                start = start or n
                if text.endswith("\\"):
                    pending += text[:-1] + " "
                    continue
                cmds.append([start, pending + text, ""])
                pending, start = "", 0
            if cmds and expected:
                cmds[-1][2] = expected
            out.extend(cmds)
        else:
            i += 1
    for n, cmd, exp in out:
        print(f"{n}\t{cmd}\t{exp}")

def value(root_hex, work_hex):
    work = int(work_hex, 16).to_bytes(8, "little")
    return int.from_bytes(hashlib.blake2b(work + bytes.fromhex(root_hex), digest_size=8).digest(), "little")

def check(command, expected, actual):
    """Empty when the answer fits the README; else what does not."""
    try:
        got = json.loads(actual)
    except ValueError:
        return f"not JSON: {actual[:200]!r}"
    if not isinstance(got, dict):
        return f"not a JSON object: {actual[:200]!r}"
    if "error" in got:
        return f"refused: {actual[:300]}"
    if not expected:
        return ""
    want = json.loads(expected)
    if sorted(got) != sorted(want):
        return f"fields {sorted(got)}, the README shows {sorted(want)}"
    request = re.search(r"-d '(\{.*\})'", command)
    body = json.loads(request.group(1)) if request else {}
    varying = {"work", "difficulty", "multiplier"} if body.get("action") == "work_generate" else set()
    for k in want:
        if k not in varying and got[k] != want[k]:
            return f"{k} is {got[k]!r}, the README shows {want[k]!r}"
    if varying:
        threshold = int(body.get("difficulty", "fffffff800000000"), 16)
        for name, answer in (("the answer", got), ("the README's example", want)):
            v = value(answer["hash"], answer["work"])
            if v < threshold or v != int(answer["difficulty"], 16):
                return f"{name}: work {answer['work']} has value {v:016x}, not {answer['difficulty']} >= {threshold:016x}"
    return ""

if sys.argv[1] == "commands":
    commands(sys.argv[2])
else:
    problem = check(sys.argv[2], sys.argv[3], sys.stdin.read().strip())
    print(problem)
    sys.exit(1 if problem else 0)
PY

take_lock() { [ -z "$lock" ] || flock 9; }
drop_lock() { [ -z "$lock" ] || flock -u 9; }
[ -z "$lock" ] || exec 9>"$lock"

stop_server() {
  if [ -n "$server_pid" ]; then
    kill -- "-$server_pid" 2>/dev/null || true
    for _ in $(seq 40); do kill -0 -- "-$server_pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$server_pid" 2>/dev/null || true
    server_pid="" server_cmd=""
    drop_lock
  fi
}

# ready PORT KIND KEY: whether the server on PORT answers (status, with KEY as a bearer when set; or the page).
ready() {
  if [ "$2" = page ]; then
    curl -sf -m 5 -o /dev/null "localhost:$1/samples/browser/index.html" 2>/dev/null
  else
    curl -s -m 5 "localhost:$1" ${3:+-H "Authorization: Bearer $3"} -d '{"action": "status"}' 2>/dev/null | grep -q '"serves"'
  fi
}

# start_server LINE PORT SECONDS KIND COMMAND: in its own process group, until it answers on PORT.
start_server() {
  local key=""
  case "$5" in *NANO_WORK_AUTH_KEY=*) key="${5#*NANO_WORK_AUTH_KEY=}"; key="${key%% *}" ;; esac
  if [ -n "$server_pid" ] && [ "$server_cmd" = "${5%%  #*}" ]; then
    report "$1" ok "the same server, still running" "$5"
    return
  fi
  stop_server
  if ready "$2" "$4" "$key"; then
    report "$1" FAILED "port $2 already answers: something else runs there" "$5"
    return
  fi
  take_lock
  local log="$work/server-$1.log" t0=$SECONDS
  (cd "$clone" && exec setsid bash -c "$5" </dev/null >"$log" 2>&1) &
  server_pid=$! server_cmd="${5%%  #*}"
  while ! ready "$2" "$4" "$key"; do
    if ! kill -0 "$server_pid" 2>/dev/null || [ $((SECONDS - t0)) -gt "$3" ]; then
      report "$1" FAILED "no answer on port $2 after $((SECONDS - t0)) s; its log ends: $(tail -n 3 "$log" | tr '\n' ' ')" "$5"
      stop_server
      return
    fi
    sleep 2
  done
  if grep -q 'Help improve Quarkus' "$log"; then
    report "$1" FAILED "Quarkus asked its analytics question" "$5"
  else
    report "$1" ok "server on port $2, answered after $((SECONDS - t0)) s$(grep -m1 -o 'hosts: answering for [^;]*' "$log" | sed 's/^/; /')" "$5"
  fi
}

# run_command LINE SECONDS NEEDS_LOCK COMMAND EXPECTED [COMMAND AS RUN]
run_command() {
  local out="$work/out-$1.txt" t0=$SECONDS status=0 problem="" run="${6:-$4}"
  if [ "$3" = lock ]; then stop_server; take_lock; fi
  (cd "$clone" && timeout "$2" bash -c "$run") >"$out" 2>"$work/err-$1.txt" </dev/null || status=$?
  [ "$3" = lock ] && drop_lock
  if [ "$status" -ne 0 ]; then
    problem="exit $status; $(tail -n 3 "$work/err-$1.txt" "$out" 2>/dev/null | tr '\n' ' ' | cut -c1-400)"
  elif [ -n "$5" ] || head -c 1 "$out" | grep -q '{'; then
    problem="$(python3 "$work/readme.py" check "$4" "$5" <"$out")" || true
  fi
  if [ -n "$problem" ]; then
    report "$1" FAILED "$problem" "$4"
  else
    report "$1" ok "$((SECONDS - t0)) s: $(head -n 1 "$out" | cut -c1-100)" "$4"
  fi
}

report() { # LINE RESULT DETAIL COMMAND
  printf '%s:%s  %-7s %s\n      %s\n' "$doc" "$1" "$2" "$(printf '%s' "$4" | cut -c1-110)" "$3"
  case $2 in ok) ran=$((ran + 1)) ;; skipped) skipped=$((skipped + 1)) ;; unknown) unknown=$((unknown + 1)) ;; *) failed=$((failed + 1)) ;; esac
}

own_address="$(hostname -I 2>/dev/null | cut -d' ' -f1)" doc=README.md
for doc in README.md $(cd "$clone" && find samples -name README.md | sort); do
  while IFS=$'\t' read -r line cmd expected; do
    case "$cmd" in
      "./mvnw quarkus:dev"*) start_server "$line" 8080 600 status "$cmd" ;;
      *"infra/run-self-hosted.sh"*) start_server "$line" 7076 180 status "$cmd" ;;
      "python3 -m http.server 8000"*) start_server "$line" 8000 30 page "$cmd" ;;
      "./mvnw verify"* | "bash .ci/run"*) report "$line" skipped "the whole suite (about 30 minutes): run it on its own" "$cmd" ;;
      "export AWS_PROFILE="* | "infra/deploy.sh"* | "infra/smoke-test.sh"* | "terraform -chdir=terraform/stacks/work-api destroy"*)
        report "$line" skipped "needs an AWS account" "$cmd" ;;
      "sudo"* | "curl -s 127.0.0.1:7090"*)
        report "$line" skipped "changes this machine's nginx (NginxForwardTest runs the same file on loopback)" "$cmd" ;;
      "./mvnw "* | "infra/cost.sh"*) run_command "$line" 1800 lock "$cmd" "$expected" ;;
      "curl -s \"http://\$(hostname -I"*)
        if [ -z "$own_address" ]; then
          report "$line" skipped "this machine has no address but loopback (hostname -I is empty)" "$cmd"
        else
          # over loopback, its Host header naming this machine's address as another machine's request would
          run_command "$line" 300 session "$cmd" "$expected" "curl --connect-to ::127.0.0.1: ${cmd#curl }"
        fi ;;
      "curl -s localhost:"* | "samples/curl/work.sh"* | "java samples/"* | "NODE_PATH="*" node samples/"* | "(cd tools/node && npm ci)"*)
        run_command "$line" 300 session "$cmd" "$expected" ;;
      *) report "$line" unknown "no rule says whether to run it offline: add one to infra/readme-check.sh" "$cmd" ;;
    esac
  done < <(python3 "$work/readme.py" commands "$clone/$doc")
done

echo "readme-check: $ran ran as written, $skipped left out (each says why), $failed failed, $unknown without a rule"
[ "$failed" -eq 0 ] && [ "$unknown" -eq 0 ]
