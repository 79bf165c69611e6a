#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# memcg-run.sh [--keep] LIMIT_MiB NAME -- CMD [ARGS...]
#
# Run CMD in a new memory-limited cgroup NAME and return CMD's exit status.
# CMD finds the cgroup's path in the environment variable MEMCG_PATH.
#  - cgroup v2 (a cgroup2 mount whose cgroup.controllers has "memory"):
#    a child of this process's cgroup (or of the cgroup2 root when the
#    memory controller cannot be enabled there) with memory.max = LIMIT
#    and memory.swap.max = max;
#  - cgroup v1: a child of this process's own memory cgroup (from
#    /proc/self/cgroup) with memory.limit_in_bytes = LIMIT.
# Prints "cgroup: PATH" on stderr. The script joins the cgroup, runs CMD in
# the foreground (so it keeps stdin and signals), moves itself back out and
# removes the cgroup, unless --keep is given.  A one-line summary (exit
# status, peak usage, OOM kills where the kernel reports them) goes to
# stderr as well.  POSIX sh; also runs under busybox ash.
#
# Exit: CMD's status; 125 setup failure (cgroup not created), 2 bad usage.

ME=memcg-run

die() {
	echo "$ME: error: $*" >&2
	exit 125
}

usage() {
	echo "usage: $0 [--keep] LIMIT_MiB NAME -- CMD [ARGS...]" >&2
	exit 2
}

keep=0
while [ $# -gt 0 ]; do
	case $1 in
	--keep) keep=1; shift ;;
	-h | --help) usage ;;
	--) break ;;
	-*) echo "$ME: unknown option '$1'" >&2; usage ;;
	*) break ;;
	esac
done
[ $# -ge 4 ] || usage
limit=$1
name=$2
[ "$3" = -- ] || usage
shift 3
case $limit in
'' | *[!0-9]*) echo "$ME: LIMIT_MiB must be a number" >&2; usage ;;
esac
[ "$limit" -gt 0 ] || usage
case $name in
'' | . | .. | */*) echo "$ME: NAME must be a plain directory name" >&2; usage ;;
esac
bytes=$((limit * 1048576))

# cgroup2 mount point with the memory controller available, if any
v2mnt=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
v2=0
if [ -n "$v2mnt" ] && [ -r "$v2mnt/cgroup.controllers" ] &&
	grep -qw memory "$v2mnt/cgroup.controllers"; then
	v2=1
fi

if [ $v2 -eq 1 ]; then
	own=$(awk -F: '$1 == "0" && $2 == "" { print $3; exit }' /proc/self/cgroup)
	orig=$v2mnt${own%/}
	[ "$own" = / ] && orig=$v2mnt
	parent=$orig
	# the memory controller must be enabled in the parent's subtree_control;
	# a non-root cgroup holding processes cannot do that: use the root then
	if ! grep -qw memory "$parent/cgroup.subtree_control" 2>/dev/null &&
		! echo +memory >"$parent/cgroup.subtree_control" 2>/dev/null; then
		if [ "$parent" != "$v2mnt" ]; then
			echo "$ME: cannot enable memory in $parent; using $v2mnt" >&2
			parent=$v2mnt
		fi
		grep -qw memory "$parent/cgroup.subtree_control" ||
			echo +memory >"$parent/cgroup.subtree_control" ||
			die "cannot enable the memory controller in $parent"
	fi
	cg=$parent/$name
	mkdir "$cg" || die "cannot create $cg"
	echo "$bytes" >"$cg/memory.max" || {
		rmdir "$cg"
		die "cannot set $cg/memory.max"
	}
	if [ -e "$cg/memory.swap.max" ]; then
		echo max >"$cg/memory.swap.max"
	fi
else
	v1mnt=$(awk '$3 == "cgroup" && ("," $4 ",") ~ /,memory,/ { print $2; exit }' /proc/mounts)
	[ -n "$v1mnt" ] || die "no cgroup v2 memory controller and no cgroup v1 memory mount"
	own=$(awk -F: '("," $2 ",") ~ /,memory,/ { print $3; exit }' /proc/self/cgroup)
	[ -n "$own" ] || die "cannot find own memory cgroup in /proc/self/cgroup"
	orig=$v1mnt${own%/}
	[ "$own" = / ] && orig=$v1mnt
	parent=$orig
	cg=$parent/$name
	mkdir "$cg" || die "cannot create $cg"
	echo "$bytes" >"$cg/memory.limit_in_bytes" || {
		rmdir "$cg"
		die "cannot set $cg/memory.limit_in_bytes"
	}
fi
echo "cgroup: $cg" >&2

leave() {
	# move ourselves back to where we came from
	echo $$ >"$orig/cgroup.procs" 2>/dev/null
}

summary() {
	if [ $v2 -eq 1 ]; then
		peak=$(cat "$cg/memory.peak" 2>/dev/null)
		ooms=$(awk '$1 == "oom_kill" { print $2 }' "$cg/memory.events" 2>/dev/null)
	else
		peak=$(cat "$cg/memory.max_usage_in_bytes" 2>/dev/null)
		ooms=$(awk '$1 == "oom_kill" { print $2 }' "$cg/memory.oom_control" 2>/dev/null)
	fi
	line="$ME: $name: exit $1"
	[ -n "$peak" ] && line="$line, peak $((peak / 1048576)) MiB of $limit MiB"
	[ -n "$ooms" ] && line="$line, oom_kill $ooms"
	echo "$line" >&2
}

cleanup() {
	leave
	[ $keep -eq 1 ] && {
		echo "$ME: kept $cg" >&2
		return 0
	}
	i=0
	while ! rmdir "$cg" 2>/dev/null; do
		i=$((i + 1))
		if [ $i -ge 50 ]; then
			echo "$ME: warning: cannot remove $cg (tasks left: $(tr '\n' ' ' <"$cg/cgroup.procs" 2>/dev/null))" >&2
			return 1
		fi
		sleep 0.1 2>/dev/null || sleep 1
	done
	return 0
}

if ! echo $$ >"$cg/cgroup.procs"; then
	rmdir "$cg"
	die "cannot move into $cg"
fi
trap 'leave' INT TERM HUP
MEMCG_PATH=$cg "$@"
status=$?
trap - INT TERM HUP
leave
summary $status
cleanup
exit $status
