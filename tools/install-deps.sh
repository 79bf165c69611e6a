#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Installs the Debian 12 packages the toolkit builds, runs and tests with,
# only those that are missing. As root, or through sudo for a user who
# has it (apt-get needs root).
# libclang-rt-14-dev: libFuzzer and the sanitizer runtimes (make fuzz).
# bpftrace: the peer that bench/peers.sh (make bench) measures ours beside.
# fdisk (its sfdisk): kernels-ab --host-root --writer splits the swap disk.
# time (/usr/bin/time): the host tier's reference for cpu_user_s, cpu_sys_s.
# libcurl4-openssl-dev: zswap-gate claims --prometheus (dynamic builds only).
# openssl, python3 (its crypt: bcrypt): fleet.test.sh's server behind TLS
# and basic auth.
# `install-deps.sh --kernel` installs instead what tools/kernel/build-kernel.sh
# needs to build a kernel (it calls this itself; the normal install skips them).
set -eu
# libasan8 and libubsan1: the sanitizer runtimes of `make SAN=1` (gcc's
# dependencies already; named so the SAN build's needs are written down).
PKGS="clang llvm make gcc libbpf-dev bpftool libelf-dev zlib1g-dev
libjson-c-dev libcurl4-openssl-dev libyaml-dev libgsl-dev jq qemu-system-x86 busybox-static xz-utils util-linux
ca-certificates debian-archive-keyring bc libncurses-dev tmux
prometheus prometheus-node-exporter linux-perf bpftrace fio libasan8 libubsan1
mariadb-server sysbench fdisk time openssl python3 b4
libclang-rt-14-dev
mandoc debhelper lintian dpkg-dev fakeroot systemd bash-completion man-db"
KERNEL_PKGS="gcc make bc bison flex libelf-dev libssl-dev dwarves xz-utils
patch perl python3 ccache"
[ "${1:-}" = --kernel ] && PKGS=$KERNEL_PKGS

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
if [ -z "$missing" ]; then
	echo "install-deps: all packages present"
	exit 0
fi
# Root runs apt-get itself (a root-only machine may have no sudo).
as_root=""
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || {
		echo "install-deps: missing$missing: needs root (run it as root, or install sudo)" >&2
		exit 2
	}
	as_root=sudo
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -qq
# prometheus and prometheus-node-exporter would start their services on
# the default ports; the tests start their own instances on loopback
# ports, so package installs must not start anything (policy-rc.d 101).
policy=""
if [ ! -e /usr/sbin/policy-rc.d ]; then
	policy=/usr/sbin/policy-rc.d
	printf '#!/bin/sh\nexit 101\n' | $as_root tee "$policy" >/dev/null
	$as_root chmod 755 "$policy"
	trap '$as_root rm -f "$policy"' EXIT
fi
# shellcheck disable=SC2086
$as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
