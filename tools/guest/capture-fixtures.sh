#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# capture-fixtures.sh - (re)capture the real kernel files the parser unit
# tests read, into tests/fixtures/<ver>/.
#
# Usage: capture-fixtures.sh [6.1] [6.12] [7.x] [6.18]   (default: all)
#
#   6.1, 6.12, 7.x
#              boot the guest kernel (run-guest.sh; 7.x lands in
#              tests/fixtures/<its major.minor>/), make it swap through
#              zswap from a memory-limited cgroup v2 child (fixtures-guest.sh
#              with a static hog.c) and copy back the files it read, plus
#              btf_funcs.txt from the kernel's own BTF (extract-vmlinux.sh,
#              btf-facts.sh).
#   6.18       this host, read as it is: zswap and swap are NOT touched
#              (another user owns them); its memory controller is cgroup v1,
#              whose files go to memcg_v1/ and blkio_v1/ since their format
#              differs from v2's.
#
# Needs root (debugfs, cgroups), gcc, bpftool, qemu-system-x86_64.

set -u

die() { echo "capture-fixtures: error: $*" >&2; exit 1; }
say() { echo "capture-fixtures: $*"; }

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cache=${ZSWAP_CACHE:-$repo/.cache}
fixtures=$repo/tests/fixtures

work=$(mktemp -d "${TMPDIR:-/tmp}/capture-fixtures.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT

# Replace only what this script produces, leave other files alone.
clean() {
	mkdir -p "$1"
	rm -rf "$1"/debugfs_zswap "$1"/zswap_parameters "$1"/memcg_v1 \
		"$1"/blkio_v1 "$1"/btf_funcs.txt "$1"/available_filter_functions.txt \
		"$1"/transparent_hugepage
}

guest() {
	ver=$1 dst=$fixtures/$1
	[ -x "$work/hog" ] || gcc -O2 -Wall -static -o "$work/hog" "$here/hog.c" ||
		die "cannot build hog.c statically (glibc static libs missing?)"
	if [ "$ver" = 7.x ]; then
		"$here/fetch-kernels.sh" 7.x >&2 || die "cannot fetch 7.x"
		dst=$fixtures/$(cut -d. -f1,2 "$cache/kernels/7.x/release")
	fi
	# the table's names, for btf-facts.sh --funcs in the guest
	"$here/btf-facts.sh" --funcs > "$work/kfuncs.txt" || die "btf-facts.sh --funcs failed"
	say "$ver: booting the guest"
	"$here/run-guest.sh" -k "$ver" -c 2 -m 512M -d 512 -t 600 -q \
		-o "$work/out-$ver" -s "$here/fixtures-guest.sh" -f "$work/hog" \
		-f "$here/btf-facts.sh" -f "$here/copy-mthp-stats.sh" -f "$work/kfuncs.txt"
	rc=$?
	[ $rc = 0 ] || die "$ver: guest run failed ($rc), see $work/out-$ver/console.log"
	clean "$dst"
	cp -r "$work/out-$ver/fixtures/." "$dst/"

	# BTF facts from the image itself; the ELF is cached beside vmlinuz.
	kdir=$cache/kernels/$ver
	if [ ! -s "$kdir/vmlinux" ]; then
		"$here/extract-vmlinux.sh" "$kdir/vmlinuz" > "$kdir/vmlinux.tmp" ||
			die "$ver: cannot extract vmlinux"
		mv "$kdir/vmlinux.tmp" "$kdir/vmlinux"
	fi
	"$here/btf-facts.sh" "$kdir/vmlinux" > "$dst/btf_funcs.txt" ||
		die "$ver: btf-facts failed"
	{
		echo "Captured by tools/guest/capture-fixtures.sh on $(date -u +%Y-%m-%d)"
		echo "kernel: $(cat "$dst/uname_r") (Debian package, qemu TCG, 2 vCPUs, 512M, 512 MiB virtio swap disk)"
		echo "load: zswap enabled at run time, max_pool_percent=5; child cgroup"
		echo "/sys/fs/cgroup/fixture with memory.max=32M wrote 16 MiB of /dev/urandom"
		echo "to tmpfs, then hog.c touched 128 MiB (1 KiB random + zeros per page)"
		echo "twice; files read while the hog still held its memory."
		echo "btf_funcs.txt: btf-facts.sh on the vmlinux extracted from vmlinuz."
		echo "available_filter_functions.txt: read inside the guest."
		echo "cpu.stat: the child cgroup's. transparent_hugepage/: every"
		echo "hugepages-<size>/stats/ file, where the kernel has them (6.10 on)."
	} > "$dst/CAPTURED"
	say "$ver: $(ls "$dst" | wc -l) entries in $dst"
}

host() {
	dst=$fixtures/6.18
	rel=$(uname -r)
	case $rel in 6.18*) ;; *) say "warning: host runs $rel, not 6.18; capturing anyway into $dst" ;; esac
	clean "$dst"
	uname -r > "$dst/uname_r"
	cp /proc/vmstat "$dst/proc_vmstat"
	cp /proc/meminfo "$dst/proc_meminfo"
	for f in /proc/pressure/*; do
		[ -r "$f" ] && cp "$f" "$dst/proc_pressure_${f##*/}"
	done

	mkdir -p "$dst/zswap_parameters"
	cp /sys/module/zswap/parameters/* "$dst/zswap_parameters/"
	"$here/copy-mthp-stats.sh" "$dst" || die "6.18: copying the mTHP stats failed"

	# debugfs only if it can be had; unmount it again if we mounted it.
	mounted=
	if [ ! -d /sys/kernel/debug/zswap ] && ! mountpoint -q /sys/kernel/debug; then
		mount -t debugfs debugfs /sys/kernel/debug && mounted=1
	fi
	if [ -d /sys/kernel/debug/zswap ]; then
		mkdir -p "$dst/debugfs_zswap"
		cp /sys/kernel/debug/zswap/* "$dst/debugfs_zswap/"
	else
		say "6.18: no /sys/kernel/debug/zswap, debugfs_zswap not captured"
	fi
	# Same listing as the guests make, for the planner's host tests.
	# (test -r is not enough: root may still get EPERM on open)
	aff=/sys/kernel/tracing/available_filter_functions
	head -c 1 $aff > /dev/null 2>&1 || aff=/sys/kernel/debug/tracing/available_filter_functions
	aff_note="available_filter_functions.txt: read on the host."
	if ! head -c 1 $aff > /dev/null 2>&1; then
		aff_note="available_filter_functions: not readable here ($(head -c 1 $aff 2>&1 >/dev/null | sed 's/.*: //')), not captured."
		say "6.18: $aff_note"
	else
		for fn in $("$here/btf-facts.sh" --funcs); do
			if grep -q -e "^$fn\$" -e "^$fn " $aff; then
				echo "$fn yes"
			else
				echo "$fn no"
				grep -o "^$fn\.[a-z]*\.[0-9]*" $aff | sed "s/^/# clone: /"
			fi
		done > "$dst/available_filter_functions.txt"
	fi
	[ -n "$mounted" ] && umount /sys/kernel/debug

	# The process's own v1 memory cgroup, and the cgroup2 it sits in
	# (no controllers there, but pressure files).  Paths are not recorded:
	# they name this machine's sandbox, not anything the tests need.
	memcg=$(sed -n 's/^[0-9]*:memory:\(.*\)/\1/p' /proc/self/cgroup)
	if [ -n "$memcg" ] && [ -d "/sys/fs/cgroup/memory$memcg" ]; then
		mkdir -p "$dst/memcg_v1"
		for f in memory.stat memory.usage_in_bytes memory.limit_in_bytes \
			 memory.max_usage_in_bytes memory.failcnt \
			 memory.memsw.usage_in_bytes memory.memsw.limit_in_bytes \
			 memory.swappiness memory.oom_control; do
			[ -r "/sys/fs/cgroup/memory$memcg/$f" ] &&
				cp "/sys/fs/cgroup/memory$memcg/$f" "$dst/memcg_v1/"
		done
	fi
	blkcg=$(sed -n 's/^[0-9]*:blkio:\(.*\)/\1/p' /proc/self/cgroup)
	if [ -n "$blkcg" ] && [ -d "/sys/fs/cgroup/blkio$blkcg" ]; then
		mkdir -p "$dst/blkio_v1"
		for f in /sys/fs/cgroup/blkio$blkcg/blkio.*; do
			# skip write-only files such as blkio.reset_stats
			cat "$f" > "$dst/blkio_v1/${f##*/}" 2>/dev/null ||
				rm -f "$dst/blkio_v1/${f##*/}"
		done
	fi
	cg2=$(sed -n 's/^0::\(.*\)/\1/p' /proc/self/cgroup)
	cg2root=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
	if [ -n "$cg2root" ]; then
		for f in memory.pressure io.pressure memory.stat io.stat \
			 memory.events cpu.stat; do
			[ -r "$cg2root$cg2/$f" ] && cp "$cg2root$cg2/$f" "$dst/"
		done
	fi

	"$here/btf-facts.sh" /sys/kernel/btf/vmlinux > "$dst/btf_funcs.txt" ||
		die "6.18: btf-facts failed"
	{
		echo "Captured by tools/guest/capture-fixtures.sh on $(date -u +%Y-%m-%d)"
		echo "kernel: $rel (the build host), read as found: zswap and swap state"
		echo "belong to another user and were not changed."
		echo "memcg_v1/: cgroup v1 memory files of the capturing process's own"
		echo "memory cgroup (v1 format; v1 has no memory.pressure)."
		echo "blkio_v1/: cgroup v1 blkio files of its blkio cgroup (no io.stat in v1)."
		echo "memory.pressure, io.pressure, cpu.stat: its cgroup2 (no controllers"
		echo "enabled there; cpu.stat's usage, user and system lines are cgroup2's"
		echo "own). No memory.events: v1 has none, and cgroup2 has no memory controller."
		echo "transparent_hugepage/: every hugepages-<size>/stats/ file, as read."
		echo "btf_funcs.txt: btf-facts.sh on /sys/kernel/btf/vmlinux."
		echo "$aff_note"
	} > "$dst/CAPTURED"
	say "6.18: $(ls "$dst" | wc -l) entries in $dst"
}

[ "$(id -u)" = 0 ] || die "needs root"
[ $# -gt 0 ] || set -- 6.1 6.12 7.x 6.18
for v in "$@"; do
	case $v in
	6.1|6.12|7.x) guest "$v" ;;
	6.18|host) host ;;
	*) die "unknown kernel '$v' (want 6.1, 6.12, 7.x or 6.18)" ;;
	esac
done
