#!/usr/bin/env bash
# The project's aarch64 JVM: Debian 13's arm64 openjdk-25-jre-headless, run under qemu-user on an x86_64 machine,
# so that the code C2 writes for Graviton (NEON, SVE) runs and is checked here. Correctness and code shape only:
# emulated time says nothing about a Graviton's speed.
#
#   infra/arm64-java.sh [--core graviton2|graviton3|graviton4] JAVA-ARGS...   run java on that emulated core
#   infra/arm64-java.sh --setup        set up (idempotent) and print the sysroot; exit 3 when qemu is missing
#   infra/arm64-java.sh --jdk-home CORE   set up, then print a directory that looks like a JDK home whose
#                                      bin/java runs that core (for surefire's <jvm>)
#   infra/arm64-java.sh --build [DIR]  what ./mvnw runs before the emulated kernel tests: the three JDK homes (and DIR
#                                      for their logs); without
#                                      qemu one line saying the tests are skipped (pom.xml's arm64 profile is off then),
#                                      and under CI=true a failure instead
#
# Cores: graviton2 = qemu's neoverse-n1 (NEON, 128-bit vectors: Lambda arm64, c6g), graviton3 = qemu's max with
# 256-bit SVE (c7g's Neoverse V1 width; qemu's max also has SVE2), graviton4 = max with 128-bit SVE2 (c8g).
# The packages come from Debian's archive by name, with a private apt state (this machine's packages untouched),
# cached in ${XDG_CACHE_HOME:-~/.cache}/nano-work-function/arm64 (about 55 MB, about 10 s the first time).
# qemu-aarch64-static itself is Debian's qemu-user-static, which .ci/run installs.
set -euo pipefail

cache=${NANOWORK_ARM64_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/nano-work-function/arm64}
root=$cache/sysroot
jdk=usr/lib/jvm/java-25-openjdk-arm64
packages=(openjdk-25-jre-headless libc6 libgcc-s1 libstdc++6 zlib1g libzstd1 gcc-14-base)

qemu_cpu() {
  case "$1" in
    graviton2) echo neoverse-n1 ;;
    # pauth-impdef: Debian's libjvm is built with pointer authentication (every call signs and checks its return
    # address); qemu's default QARMA5 algorithm costs about 1.8x on java -version and more on C2's compiles. The
    # implementation-defined algorithm checks the same way, and real cores may use one.
    graviton3) echo max,sve256=on,pauth-impdef=on ;;
    graviton4) echo max,sve128=on,pauth-impdef=on ;;
    *) echo "arm64-java: unknown core $1 (graviton2, graviton3 or graviton4)" >&2; exit 2 ;;
  esac
}

set_up() {
  command -v qemu-aarch64-static >/dev/null || { echo "arm64-java: qemu-aarch64-static is missing (Debian: apt-get install qemu-user-static)" >&2; exit 3; }
  [ -x "$root/$jdk/bin/java" ] && return 0
  # Built beside the cache and moved in whole, so an interrupted set-up never leaves a half sysroot behind.
  local work="$cache.partial"
  rm -rf "$work" && mkdir -p "$work"/{lists/partial,archives/partial,debs,sysroot}
  echo "deb [arch=arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" >"$work/sources.list"
  : >"$work/status"
  local apt=(apt-get -q -o Dir::Etc::sourcelist="$work/sources.list" -o Dir::Etc::sourceparts=- -o Dir::State::Lists="$work/lists"
             -o Dir::Cache="$work" -o Dir::State::status="$work/status" -o APT::Architecture=arm64 -o APT::Architectures=arm64
             -o Debug::NoLocking=1)
  "${apt[@]}" update >"$work/apt.log" 2>&1 || { echo "arm64-java: apt-get update failed, see $work/apt.log" >&2; exit 2; }
  (cd "$work/debs" && "${apt[@]}" download "${packages[@]}" >>"$work/apt.log" 2>&1) \
    || { echo "arm64-java: downloading ${packages[*]} failed, see $work/apt.log" >&2; exit 2; }
  local deb
  for deb in "$work"/debs/*.deb; do dpkg-deb -x "$deb" "$work/sysroot"; done
  # The dynamic loader is looked up as /lib/ld-linux-aarch64.so.1: usr-merge links, as a Debian root has them.
  ln -sfn usr/lib "$work/sysroot/lib"
  ln -sfn usr/bin "$work/sysroot/bin"
  # Debian's JDK links conf/ and cacerts to /etc; an absolute link would leave the sysroot, so copy the target in.
  local link target
  while IFS= read -r link; do
    target=$(readlink "$link")
    if [ -e "$work/sysroot$target" ]; then rm "$link" && cp -a "$work/sysroot$target" "$link"; fi
  done < <(find "$work/sysroot" -type l -lname '/*')
  [ -x "$work/sysroot/$jdk/bin/java" ] || { echo "arm64-java: the packages hold no $jdk/bin/java" >&2; exit 2; }
  mkdir -p "$(dirname "$cache")" && rm -rf "$cache" && mv "$work" "$cache"
}

jdk_home() {
  local core=$1 home=$cache/jdk-$1
  qemu_cpu "$core" >/dev/null
  mkdir -p "$home/bin"
  # The release file tells a caller (surefire) which Java this is; bin/java runs it on the emulated core.
  cp "$root/$jdk/release" "$home/release"
  printf '#!/bin/sh\nexec qemu-aarch64-static -cpu %s -L %s %s "$@"\n' "$(qemu_cpu "$core")" "$root" "$root/$jdk/bin/java" >"$home/bin/java"
  chmod +x "$home/bin/java"
  echo "$home"
}

case "${1:-}" in
  --build)
    if ! command -v qemu-aarch64-static >/dev/null; then
      if [ "${CI:-}" = true ]; then
        echo "aarch64 kernel tests: qemu-aarch64-static is missing and CI=true: .ci/run installs qemu-user-static" >&2; exit 1
      fi
      # the build named it at the start (infra/optional-tools.sh, OPTIONAL_TOOLS_NAMED)
      [ -n "${OPTIONAL_TOOLS_NAMED:-}" ] || echo "aarch64 kernel tests skipped: qemu-aarch64-static is missing (Debian: apt-get install qemu-user-static)"
      exit 0
    fi
    set_up
    for core in graviton2 graviton3 graviton4; do jdk_home "$core" >/dev/null; done
    [ -z "${2:-}" ] || mkdir -p "$2" # where the test JVMs write their logs
    echo "aarch64 kernel tests: $(sed -n 's/^JAVA_RUNTIME_VERSION=//p' "$root/$jdk/release" | tr -d '"') on graviton2, graviton3, graviton4 under qemu-user"
    ;;
  --setup) set_up; echo "$root" ;;
  --jdk-home) set_up; jdk_home "${2:?--jdk-home needs a core}" ;;
  *)
    core=graviton2
    if [ "${1:-}" = --core ]; then core=${2:?--core needs a core}; shift 2; fi
    cpu=$(qemu_cpu "$core")
    set_up
    exec qemu-aarch64-static -cpu "$cpu" -L "$root" "$root/$jdk/bin/java" "$@"
    ;;
esac
