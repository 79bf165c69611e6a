#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# zswap-env.sh - set up, show and restore a zswap + swap test environment.
# POSIX sh; also runs under busybox ash (test VMs).
#
#   zswap-env.sh setup [--swapfile PATH --size MiB | --swapdev DEV]
#                      [--max-pool-percent N] [--shrinker Y|N]
#                      [--accept-threshold N] [--compressor NAME]
#                      [--zpool NAME] [--param NAME=VALUE]...
#   zswap-env.sh restore      put back what setup changed (safe to repeat)
#   zswap-env.sh show         human-readable state
#   zswap-env.sh counters     "name value" lines: /proc/vmstat zswp*/pswp*
#                             and every debugfs zswap counter (for deltas)
#
# State is saved to $ZSWAP_ENV_STATE (default /run/zswap-env.state).
# Exit: 0 ok, 1 failure, 2 bad usage.
#
# Notes measured on the 6.18 host (Debian 12, 2 cores, 24 GiB):
#  - zswap is lazily initialised: /sys/kernel/debug/zswap/ only appears
#    after zswap is enabled for the first time ("zswap: loaded using
#    pool lzo" in dmesg).
#  - there is no "zpool" parameter on 6.18 (zsmalloc only); it is skipped.
#  - 6.18 stores pages that do not compress as-is
#    (stored_incompressible_pages) instead of rejecting them, so
#    reject_compress_poor stays 0 even with hog -c 4096.
#  - /tmp is on the root ext4 filesystem (/dev/vda), so a swap file under
#    /tmp is disk-backed and works.
#
# HOST RECIPES (6.18 host, zswap off and no swap beforehand; run from the
# repository root after `gcc -O2 -static -o build/hog tools/hog.c`):
#
# Recipe A: pool limit + shrink_worker writeback (about 19 s)
#   tools/zswap-env.sh setup --swapfile /tmp/zswap-env.swap --size 2048 \
#           --max-pool-percent 1 --shrinker N
#   tools/memcg-run.sh 128 zrun -- sh -c './build/hog -m 512 -w 15 -c 1536 -s 1 &
#           sleep 3; ./build/hog -m 512 -p 4 -c 1536 -s 2; wait'
#   tools/zswap-env.sh restore
# A cold hog fills 512 MiB and sits idle for 15 s while a hot hog churns
# 512 MiB four times in the same 128 MiB cgroup; the pool (1% = ~241 MB)
# fills with the cold pages, stores hit the limit, shrink_worker rotates
# the cold entries (second chance) and writes them back; then the cold hog
# verifies its data (read back from zswap and from the swap file).
# A single sequential hog (-m 1024 -p 2..4) hits the pool limit as well but
# writes back almost nothing (0-35 pages): its loads drain the LRU head
# before shrink_worker, which gives up after 16 rotations of referenced
# entries, comes back to them.
# Measured deltas, 3 runs (all debugfs reject_* counters, decompress_fail
# and stored_incompressible_pages stayed 0; shrink_worker runs counted
# with the workqueue_execute_start tracepoint):
#            wall  zswpout zswpin  zswpwb pswpout pswpin pool_limit_hit wb_pages sw_runs
#   run 1  18.7 s   448488 203413   66011  342862 321007         162590    66011    8751
#   run 2  18.7 s   468760 220288   73206  326412 304127         156772    73206    8750
#   run 3  18.9 s   445573 202666   71545  352618 321732          76696    71545    8751
# peak stored_pages ~149.6k, peak pool_total_size ~252.8 MB (the limit).
# Rejects: every store refused for the pool limit goes straight to swap:
# pswpout - zswpwb = ~270k per run; only part of them are counted in
# pool_limit_hit (the rest are refused by the accept_threshold hysteresis,
# cur between 90% and 100% of the limit, and counted nowhere).
# Variant: cold hog -c 4096 (incompressible) instead of -c 1536: 19.9 s,
# zswpwb 47740, pool_limit_hit 48380, peak stored_incompressible_pages
# 61669, reject_compress_poor 0 (6.18 stores such pages as-is).
#
# Recipe B: zswap shrinker (shrinker_enabled=Y, no pool limit) -- does NOT
# work on this host: with memory cgroup v1 the kernel does not account
# zswap per memcg (obj_cgroup_charge_zswap returns early on v1), so
# zswap_shrinker_count() sees 0 stored pages and zswap_shrinker_scan is
# never called (0 mm_shrink_slab_start events for it; zswpwb 0 with the
# same workload and --shrinker Y, default max_pool_percent 20: zswpout
# 721986, zswpin 524391, pswpout 0). Run it in a guest with cgroup2
# (memcg-run.sh uses memory.max there); NOT yet run, a starting point only
# (--swapdev runs mkswap on the device: use a scratch disk):
#   tools/zswap-env.sh setup --swapdev /dev/vda --shrinker Y
#   tools/memcg-run.sh 64 zrun -- ./build/hog -m 256 -p 3 -c 1536
#

ZSWAP_PARAMS=/sys/module/zswap/parameters
ZSWAP_DEBUGFS=/sys/kernel/debug/zswap
STATE=${ZSWAP_ENV_STATE:-/run/zswap-env.state}
ME=zswap-env

msg() {
	echo "$ME: $*" >&2
}

die() {
	echo "$ME: error: $*" >&2
	exit 1
}

usage() {
	cat <<EOF
usage: $0 setup [--swapfile PATH --size MiB | --swapdev DEV]
                [--max-pool-percent N] [--shrinker Y|N]
                [--accept-threshold N] [--compressor NAME]
                [--zpool NAME] [--param NAME=VALUE]...
       $0 restore
       $0 show
       $0 counters
state file: \$ZSWAP_ENV_STATE (default /run/zswap-env.state)
EOF
}

bad_usage() {
	[ -n "$1" ] && echo "$ME: $*" >&2
	usage >&2
	exit 2
}

is_uint() {
	case $1 in
	'' | *[!0-9]*) return 1 ;;
	esac
	return 0
}

# Mount debugfs when it is not mounted yet.
ensure_debugfs() {
	if awk '$3 == "debugfs" { f = 1 } END { exit !f }' /proc/mounts; then
		return 0
	fi
	if mount -t debugfs none /sys/kernel/debug 2>/dev/null; then
		msg "mounted debugfs on /sys/kernel/debug"
		return 0
	fi
	msg "warning: could not mount debugfs; debugfs counters unavailable"
	return 1
}

# Filesystem type holding path $1 (longest mount-point prefix).
fs_type_of() {
	awk -v p="$1" '
	{
		m = $2
		if (m == "/" || p == m || index(p, m "/") == 1) {
			if (length(m) >= best) {
				best = length(m)
				t = $3
			}
		}
	}
	END { print t }' /proc/mounts
}

swap_active() {
	awk -v d="$1" 'NR > 1 && $1 == d { f = 1 } END { exit !f }' /proc/swaps
}

# write_param NAME VALUE: write one zswap module parameter.
write_param() {
	if [ ! -e "$ZSWAP_PARAMS/$1" ]; then
		msg "parameter $1 does not exist on $(uname -r); skipped"
		return 0
	fi
	if [ "$(cat "$ZSWAP_PARAMS/$1")" = "$2" ]; then
		return 0
	fi
	if ! echo "$2" >"$ZSWAP_PARAMS/$1" 2>/dev/null; then
		msg "error: cannot set $1=$2"
		return 1
	fi
	return 0
}

state_add() {
	echo "$*" >>"$STATE" || die "cannot write $STATE"
}

cmd_setup() {
	swapfile=''
	size=''
	swapdev=''
	plist=
	while [ $# -gt 0 ]; do
		case $1 in
		--swapfile | --size | --swapdev | --max-pool-percent | \
		--shrinker | --accept-threshold | --compressor | --zpool | \
		--param)
			[ $# -ge 2 ] || bad_usage "$1 needs a value"
			;;
		esac
		case $1 in
		--swapfile) swapfile=$2 ;;
		--size)
			if ! is_uint "$2" || [ "$2" -eq 0 ]; then
				bad_usage "--size wants MiB > 0"
			fi
			size=$2
			;;
		--swapdev) swapdev=$2 ;;
		--max-pool-percent)
			if ! is_uint "$2" || [ "$2" -gt 100 ]; then
				bad_usage "--max-pool-percent wants 0..100"
			fi
			plist="$plist max_pool_percent=$2"
			;;
		--shrinker)
			case $2 in
			Y | y | 1) plist="$plist shrinker_enabled=Y" ;;
			N | n | 0) plist="$plist shrinker_enabled=N" ;;
			*) bad_usage "--shrinker wants Y or N" ;;
			esac
			;;
		--accept-threshold)
			if ! is_uint "$2" || [ "$2" -gt 100 ]; then
				bad_usage "--accept-threshold wants 0..100"
			fi
			plist="$plist accept_threshold_percent=$2"
			;;
		--compressor) plist="$plist compressor=$2" ;;
		--zpool) plist="$plist zpool=$2" ;;
		--param)
			case $2 in
			*=*) plist="$plist $2" ;;
			*) bad_usage "--param wants NAME=VALUE" ;;
			esac
			;;
		*) bad_usage "setup: unknown option '$1'" ;;
		esac
		shift 2
	done
	if [ -n "$swapfile" ] && [ -n "$swapdev" ]; then
		bad_usage "--swapfile and --swapdev are exclusive"
	fi
	if [ -n "$swapfile" ] && [ -z "$size" ] && [ ! -e "$swapfile" ]; then
		bad_usage "--swapfile needs --size MiB"
	fi
	if [ -n "$size" ] && [ -z "$swapfile" ]; then
		bad_usage "--size only goes with --swapfile"
	fi
	[ "$(id -u)" = 0 ] || die "must run as root"
	[ -d "$ZSWAP_PARAMS" ] ||
		die "no $ZSWAP_PARAMS: kernel without zswap (CONFIG_ZSWAP)"
	if [ -e "$STATE" ]; then
		die "$STATE exists: a previous setup was not restored; run '$0 restore' first"
	fi

	mkdir -p "$(dirname "$STATE")" 2>/dev/null
	: >"$STATE" || die "cannot create $STATE"
	state_add "# zswap-env state v1, kernel $(uname -r)"
	for f in "$ZSWAP_PARAMS"/*; do
		[ -f "$f" ] || continue
		state_add "param ${f##*/} $(cat "$f")"
	done
	awk 'NR > 1 { print "swap_before " $1 }' /proc/swaps >>"$STATE"

	if ! awk '$3 == "debugfs" { f = 1 } END { exit !f }' /proc/mounts; then
		ensure_debugfs && state_add "debugfs_mounted /sys/kernel/debug"
	fi

	# Parameters first (compressor before enabling), then enable.
	for kv in $plist; do
		if ! write_param "${kv%%=*}" "${kv#*=}"; then
			msg "setup failed; restoring"
			cmd_restore
			exit 1
		fi
	done
	if ! write_param enabled Y; then
		msg "setup failed; restoring"
		cmd_restore
		exit 1
	fi

	if [ -n "$swapfile" ]; then
		setup_swapfile "$swapfile" "$size" || {
			msg "setup failed; restoring"
			cmd_restore
			exit 1
		}
	elif [ -n "$swapdev" ]; then
		setup_swapdev "$swapdev" || {
			msg "setup failed; restoring"
			cmd_restore
			exit 1
		}
	fi
	msg "setup done (state in $STATE)"
	cmd_show
}

setup_swapfile() {
	sf=$1
	if swap_active "$sf"; then
		msg "$sf is already an active swap; left as is"
		return 0
	fi
	sfdir=$(cd "$(dirname "$sf")" 2>/dev/null && pwd -P) || {
		msg "error: directory of $sf does not exist"
		return 1
	}
	sf=$sfdir/${sf##*/}
	fst=$(fs_type_of "$sfdir")
	case $fst in
	tmpfs | ramfs | rootfs)
		msg "error: $sfdir is on $fst; swap files need a disk-backed filesystem"
		return 1
		;;
	esac
	if [ -e "$sf" ]; then
		msg "error: $sf exists; refusing to overwrite it"
		return 1
	fi
	msg "creating ${2} MiB swap file $sf on $fst"
	state_add "swapfile_created $sf"
	(umask 077 && dd if=/dev/zero of="$sf" bs=1048576 count="$2" \
		2>/dev/null) || {
		msg "error: cannot write $sf"
		return 1
	}
	chmod 600 "$sf"
	mkswap "$sf" >/dev/null 2>&1 || {
		msg "error: mkswap $sf failed"
		return 1
	}
	swapon "$sf" || {
		msg "error: swapon $sf failed (filesystem $fst)"
		return 1
	}
	state_add "swap_activated $sf"
	return 0
}

setup_swapdev() {
	sd=$1
	[ -b "$sd" ] || {
		msg "error: $sd is not a block device"
		return 1
	}
	if swap_active "$sd"; then
		msg "$sd is already an active swap; left as is"
		return 0
	fi
	mkswap "$sd" >/dev/null 2>&1 || {
		msg "error: mkswap $sd failed"
		return 1
	}
	swapon "$sd" || {
		msg "error: swapon $sd failed"
		return 1
	}
	state_add "swap_activated $sd"
	return 0
}

cmd_restore() {
	if [ ! -e "$STATE" ]; then
		msg "nothing to restore ($STATE does not exist)"
		return 0
	fi
	rc=0
	# 1. swap off what we activated, remove files we created
	while read -r kind a b; do
		[ "$kind" = swap_activated ] || continue
		if swap_active "$a"; then
			if swapoff "$a"; then
				msg "swapoff $a"
			else
				msg "error: swapoff $a failed"
				rc=1
			fi
		fi
	done <"$STATE"
	while read -r kind a b; do
		[ "$kind" = swapfile_created ] || continue
		if swap_active "$a"; then
			msg "error: $a still active; not removed"
			rc=1
		elif [ -e "$a" ]; then
			rm -f "$a" && msg "removed $a"
		fi
	done <"$STATE"
	# 2. parameters: disable first if it was disabled, others, enabled last
	saved_enabled=$(awk '$1 == "param" && $2 == "enabled" { print $3 }' "$STATE")
	[ "$saved_enabled" = N ] && { write_param enabled N || rc=1; }
	while read -r kind a b; do
		[ "$kind" = param ] || continue
		[ "$a" = enabled ] && continue
		[ -e "$ZSWAP_PARAMS/$a" ] || continue
		write_param "$a" "$b" || rc=1
	done <"$STATE"
	[ -n "$saved_enabled" ] && { write_param enabled "$saved_enabled" || rc=1; }
	# debugfs is left mounted on purpose: other tools may be using it
	if grep -q '^debugfs_mounted' "$STATE"; then
		msg "debugfs was mounted by setup; left mounted (umount /sys/kernel/debug to undo)"
	fi
	if [ $rc -eq 0 ]; then
		rm -f "$STATE"
		msg "restored"
	else
		msg "restore incomplete; state kept in $STATE"
	fi
	return $rc
}

cmd_counters() {
	awk '$1 ~ /^(zswp|pswp)/ { print $1, $2 }' /proc/vmstat
	if [ -d "$ZSWAP_DEBUGFS" ]; then
		for f in "$ZSWAP_DEBUGFS"/*; do
			[ -f "$f" ] && echo "${f##*/} $(cat "$f")"
		done
	fi
}

cmd_show() {
	echo "kernel: $(uname -r)"
	if [ -d "$ZSWAP_PARAMS" ]; then
		for f in "$ZSWAP_PARAMS"/*; do
			[ -f "$f" ] && echo "zswap.${f##*/}: $(cat "$f")"
		done
	else
		echo "zswap: not built in this kernel"
	fi
	echo "swap:"
	awk 'NR > 1 { printf "  %s %s size=%s KiB used=%s KiB prio=%s\n", $1, $2, $3, $4, $5; n++ }
	     END { if (!n) print "  (none)" }' /proc/swaps
	echo "counters:"
	if ! awk '$3 == "debugfs" { f = 1 } END { exit !f }' /proc/mounts; then
		echo "  (debugfs not mounted: debugfs counters unavailable)"
	elif [ ! -d "$ZSWAP_DEBUGFS" ]; then
		echo "  (no $ZSWAP_DEBUGFS: zswap not initialised yet)"
	fi
	cmd_counters | sed 's/^/  /'
	if [ -e "$STATE" ]; then
		echo "state: $STATE (setup active)"
	else
		echo "state: none"
	fi
}

[ $# -ge 1 ] || bad_usage
cmd=$1
shift
case $cmd in
setup) cmd_setup "$@" ;;
restore)
	[ $# -eq 0 ] || bad_usage "restore takes no arguments"
	cmd_restore
	;;
show)
	[ $# -eq 0 ] || bad_usage "show takes no arguments"
	cmd_show
	;;
counters)
	[ $# -eq 0 ] || bad_usage "counters takes no arguments"
	cmd_counters
	;;
-h | --help | help)
	usage
	exit 0
	;;
*) bad_usage "unknown command '$cmd'" ;;
esac
