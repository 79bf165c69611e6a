#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fixtures-guest.sh - guest half of capture-fixtures.sh (runs as
# /opt/zswap/guest-test.sh under run-guest.sh).
#
# Makes the guest swap through zswap from a memory-limited cgroup v2 child
# and then copies the kernel files the parsers read into
# $RESULTS/fixtures/, exactly as the kernel printed them.  Wants
# /opt/zswap/hog (tools/guest/hog.c, built static), btf-facts.sh and
# copy-mthp-stats.sh.
#
# Load: zswap on with a small pool (so the pool fills and writes back to
# the swap disk), a 32 MiB memory.max child that first writes 16 MiB of
# random data to tmpfs (incompressible: rejected or stored as is) and then
# runs a 128 MiB hog twice over (compressible: stored, pool limit hit,
# written back, faulted back in).  The files are read while the hog still
# holds its memory.

set -u

fx=$RESULTS/fixtures
cg=/sys/fs/cgroup/fixture
zp=/sys/module/zswap/parameters

# The hook functions of interest: one list, kept in btf-facts.sh.
FUNCS=$(btf-facts.sh --funcs) || { echo "btf-facts.sh not shipped"; exit 1; }

mkdir -p "$fx/debugfs_zswap" "$fx/zswap_parameters"

echo 1 > $zp/enabled || { echo "cannot enable zswap"; exit 1; }
echo 5 > $zp/max_pool_percent
echo "zswap: $(grep -H . $zp/* | sed 's,.*/,,' | tr '\n' ' ')"

mkdir $cg || exit 1
echo 32M > $cg/memory.max || exit 1

# $$ of a subshell is the parent's pid in sh: a child sh moves itself.
# The hog keeps its memory until killed, so the pool is live when read.
sh -c "echo \$\$ > $cg/cgroup.procs &&
	dd if=/dev/urandom of=/tmp/random bs=1M count=16 2>/dev/null &&
	exec hog 128 2 1024 /tmp/hog.ready" &
hog=$!
while [ ! -e /tmp/hog.ready ]; do
	kill -0 $hog 2>/dev/null || { echo "hog failed"; exit 1; }
	sleep 0.2
done
# The shrink worker may still be writing back after the pool limit was
# hit: read the files once zswap's counters stand still for a second
# (at most ~15 s), so they agree with each other as far as possible.
snap() { cat /sys/kernel/debug/zswap/*; grep -E '^(pswp|zswp)' /proc/vmstat; }
prev='' i=0
while [ $i -lt 15 ]; do
	cur=$(snap)
	[ "$cur" = "$prev" ] && break
	prev=$cur
	sleep 1
	i=$((i + 1))
done
sync

cp /proc/vmstat "$fx/proc_vmstat"
cp /proc/meminfo "$fx/proc_meminfo"
uname -r > "$fx/uname_r"
for f in /sys/kernel/debug/zswap/*; do
	cp "$f" "$fx/debugfs_zswap/"
done
for f in $zp/*; do
	cp "$f" "$fx/zswap_parameters/"
done
for f in memory.stat memory.pressure memory.events memory.current \
	 memory.swap.current memory.zswap.current memory.zswap.max \
	 memory.zswap.writeback io.stat io.pressure cpu.stat; do
	[ -e "$cg/$f" ] && cp "$cg/$f" "$fx/"
done
# per-size mTHP stats where the kernel has them: the tree as laid out
copy-mthp-stats.sh "$fx"
for f in /proc/pressure/*; do
	[ -e "$f" ] && cp "$f" "$fx/proc_pressure_${f##*/}"
done

# Which hook functions ftrace (hence fentry/kprobe) can attach to.
# Exact names only; compiler clones (.isra.0, .constprop.0) are noted as
# comments since they are not attachable under the plain name.
aff=/sys/kernel/tracing/available_filter_functions
for fn in $FUNCS; do
	if grep -q "^$fn\$" $aff || grep -q "^$fn " $aff; then
		echo "$fn yes"
	else
		echo "$fn no"
		grep -o "^$fn\.[a-z]*\.[0-9]*" $aff | sed "s/^/# clone: /"
	fi
done > "$fx/available_filter_functions.txt"

kill $hog
wait $hog 2>/dev/null
rm -f /tmp/random
echo "fixtures: $(ls "$fx" | tr '\n' ' ')"
grep -E '^(zswp|pswp)' "$fx/proc_vmstat" | tr '\n' ' '; echo
grep -H . "$fx/debugfs_zswap/"* | sed 's,.*/,,' | tr '\n' ' '; echo
exit 0
