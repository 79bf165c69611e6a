#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# accel.sh - choose qemu's accelerator for the project's guests: KVM only
# once the project's own guest has booted under it, else TCG.
#
# Usage: accel.sh -k VER | -K IMAGE        print the accelerator
#        accel.sh --demote REASON          KVM failed a run after all:
#                                          cache TCG with REASON
#        accel.sh --last-words CONSOLE     a failed boot's cause, one line
#
# Prints the accelerator (kvm, or tcg,thread=multi) on stdout and one line
# saying why on stderr. A usable /dev/kvm, or a vCPU that qemu starts on
# it, proves nothing: on a nested-KVM host qemu starts a paused vCPU and
# then no guest boots (-cpu max stops at "KVM internal error. Suberror: 1"
# on a BMI2 shlx; -cpu host spins after "Booting from ROM"). So a trivial
# script is booted under KVM (run-guest.sh, the kernel given, the runs' CPU
# model ZSWAP_GUEST_CPU, default max) and must power off with its results
# within ZSWAP_KVM_PROBE_TIMEOUT seconds (default 60).
#
# The answer, either way, is cached per machine, host kernel, qemu binary
# and version, and CPU model in ${ZSWAP_ACCEL_CACHE:-$ZSWAP_CACHE/accel}/,
# so the probe costs one boot. Delete that directory to probe again.
#
# Environment (for the tests): ZSWAP_KVM_DEV, the KVM device (/dev/kvm).
#
# Exit: 0 an accelerator was printed; 2 usage.

set -u

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cache=${ZSWAP_ACCEL_CACHE:-${ZSWAP_CACHE:-$repo/.cache}/accel}
cpu=${ZSWAP_GUEST_CPU:-max}
probe_s=${ZSWAP_KVM_PROBE_TIMEOUT:-60}
kvm_dev=${ZSWAP_KVM_DEV:-/dev/kvm}
TCG=tcg,thread=multi

die() { echo "accel: error: $*" >&2; exit 2; }

[[ $probe_s =~ ^[1-9][0-9]*$ ]] || die "ZSWAP_KVM_PROBE_TIMEOUT wants seconds"

# The cache key: what decides whether a KVM guest boots here.
cache_file() {
	local qemu qver key
	qemu=$(command -v qemu-system-x86_64) || qemu=none
	qver=$("$qemu" --version 2>/dev/null | head -n 1)
	key=$(printf '%s|' "$(cat /etc/machine-id 2>/dev/null || hostname)" \
		"$(uname -r)" "$qemu" "$qver" "$cpu" "$kvm_dev" |
		sha256sum | cut -c1-16)
	echo "$cache/$key"
}

# remember ACCEL REASON: write the answer atomically.
remember() {
	local f
	f=$(cache_file)
	mkdir -p "$cache" 2>/dev/null &&
		printf '%s\n%s\n' "$1" "$2" > "$f.$$" && mv -f "$f.$$" "$f" ||
		echo "accel: cannot cache the answer in $cache" >&2
}

# last_words CONSOLE: qemu's or the kernel's first error line, else the
# console's last line; printable, at most 160 characters.
last_words() {
	local lines w
	lines=$(tr -d '\r' < "$1" 2>/dev/null | sed 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\x1b.//g' |
		tr -cd '[:print:]\n' | grep -v '^[[:space:]]*$')
	w=$(echo "$lines" | grep -m 1 -i -e 'error' -e 'panic' -e 'fail')
	[ -n "$w" ] || w=$(echo "$lines" | tail -n 1)
	echo "${w:0:160}"
}

if [ "${1:-}" = --last-words ]; then
	[ $# -eq 2 ] || die "usage: accel.sh --last-words CONSOLE"
	last_words "$2"
	exit 0
fi
if [ "${1:-}" = --demote ]; then
	[ $# -eq 2 ] || die "usage: accel.sh --demote REASON"
	remember "$TCG" "$2"
	exit 0
fi

kernel=()
case ${1:-} in
-k | -K) [ $# -eq 2 ] || die "usage: accel.sh -k VER | -K IMAGE"; kernel=("$1" "$2") ;;
*) die "usage: accel.sh -k VER | -K IMAGE" ;;
esac

choose() { echo "$1"; echo "accelerator: ${1%%,*} ($2)" >&2; exit 0; }

# The device checks are cheap and may change: never cached.
[ -e "$kvm_dev" ] || choose "$TCG" "no $kvm_dev; runs are slower, not different"
[ -r "$kvm_dev" ] && [ -w "$kvm_dev" ] ||
	choose "$TCG" "$kvm_dev not read-write for $(id -un); runs are slower, not different"

f=$(cache_file)
if [ -f "$f" ]; then
	{ read -r acc; read -r why; } < "$f"
	case $acc in
	kvm | "$TCG") choose "$acc" "cached: $why" ;;
	esac
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/zswap-accel.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$work"' EXIT
printf '#!/bin/sh\necho booted > booted\n' > "$work/probe.sh"
echo "accel: probing KVM: one boot with -cpu $cpu, at most ${probe_s}s" >&2
start=$(date +%s)
ZSWAP_GUEST_ACCEL=kvm ZSWAP_GUEST_RETRIES=0 \
	"$here/run-guest.sh" -q "${kernel[@]}" -c 1 -m 256M -d 0 -t "$probe_s" \
	-o "$work/out" -s "$work/probe.sh" > "$work/log" 2>&1
rc=$?
took=$(($(date +%s) - start))
if [ "$rc" = 0 ] && [ -f "$work/out/booted" ]; then
	remember kvm "a guest booted and powered off under KVM with -cpu $cpu in ${took}s"
	choose kvm "a guest booted and powered off under KVM with -cpu $cpu in ${took}s"
fi
last=$(last_words "$work/out/console.log")
[ -n "$last" ] || last=$(last_words "$work/log")
case $rc in
124) what="no power-off within ${probe_s}s under KVM" ;;
*) what="the KVM probe boot failed (exit $rc; ${took}s with the wait for the guest lock)" ;;
esac
[ -n "$last" ] && what="$what; its last words: $last"
remember "$TCG" "$what"
choose "$TCG" "$what"
