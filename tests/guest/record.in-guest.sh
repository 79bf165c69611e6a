#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a guest kernel (busybox, see tools/guest/init.sh). Drives the
# workload under three recorders attached at once -- the richest plan
# (fentry), --no-fentry (kprobes) and tracepoints alone -- and leaves the records and the
# kernel's counters in $RESULTS; tests/guest/record.test.sh checks them on the host.
cd /opt/zswap || exit 1
P=/sys/module/zswap/parameters

. ./guest-lib.sh

echo 1 > $P/enabled
echo 10 > $P/max_pool_percent
[ -e $P/zpool ] && echo zbud > $P/zpool 2>/dev/null
cat $P/* > "$RESULTS/params" 2>/dev/null
./zswap-gate plan > "$RESULTS/plan.txt" 2>&1
./zswap-gate plan --no-fentry > "$RESULTS/plan-nofentry.txt" 2>&1

CG=/sys/fs/cgroup/hog
mkdir -p $CG
echo $((48 << 20)) > $CG/memory.max

counters > "$RESULTS/before.txt"
# The kprobe recorder spans the whole workload: it starts first and
# stops once the workload is done.
./zswap-gate record -q --no-fentry -o "$RESULTS/kprobe.json" -- \
	sh -c 'while [ ! -e /tmp/done ]; do sleep 0.2; done' \
	> "$RESULTS/kprobe.log" 2>&1 &
kp=$!
# and a tracepoint-only recorder (the 6.18 host's plan): shrink_worker's
# writeback bios told by the workqueue's current_func, not by a tag
./zswap-gate record -q --no-fentry --no-kprobe -o "$RESULTS/tp.json" -- \
	sh -c 'while [ ! -e /tmp/done ]; do sleep 0.2; done' \
	> "$RESULTS/tp.log" 2>&1 &
tp=$!
sleep 4
./zswap-gate record --self-stats -o "$RESULTS/fentry.json" --cgroup $CG -- \
	sh -c './hog -q -m 160 -w 8 -c 1536 -s 1 & sleep 2;
	       ./hog -q -m 96 -p 3 -c 1536 -s 2; wait' \
	> "$RESULTS/fentry.log" 2>&1
echo $? > "$RESULTS/fentry.rc"
touch /tmp/done
wait $kp
echo $? > "$RESULTS/kprobe.rc"
wait $tp
echo $? > "$RESULTS/tp.rc"
counters > "$RESULTS/after.txt"

rmdir $CG

# Compressed lengths against the bytes the cgroup is charged for them:
# a hog stores pages in a pool that keeps them all (no writeback, no
# loads) and the first record ends while it still holds them, so the
# compressed_bytes of keep.json sum to its memory_stat_zswap. The second
# record ends the hog: every slot it held is freed (invalidate_calls).
# The pool's bytes are charged to the cgroup too: 32 MiB of hog in 24
# MiB fit once 14 MiB are stored at about 2 KiB a page (16 MiB was OOM).
CG=/sys/fs/cgroup/keep
mkdir -p $CG
echo $((24 << 20)) > $CG/memory.max
[ -e $CG/memory.zswap.writeback ] && echo 0 > $CG/memory.zswap.writeback
echo 25 > $P/max_pool_percent
counters > "$RESULTS/keep-before.txt"
# the fill is over once the cgroup's zswap bytes stop growing (under 1%
# in 2 s: the shell's own forks push out a few pages each); 5 min at most
./zswap-gate record -q --cgroup $CG -o "$RESULTS/keep.json" -- sh -c '
	./hog -q -m 32 -p 1 -c 1536 -w 900 & h=$!; echo $h > /tmp/keep.pid
	a=0; for i in $(seq 150); do sleep 2
		kill -0 $h || exit 1
		b=$(awk "\$1 == \"zswap\" { print \$2 }" '$CG'/memory.stat)
		[ "$b" -gt 0 ] && [ $((b - a)) -lt $((b / 100)) ] && exit 0
		a=$b; done; exit 1' > "$RESULTS/keep.log" 2>&1
echo $? > "$RESULTS/keep.rc"
counters > "$RESULTS/keep-mid.txt"
pid=$(cat /tmp/keep.pid)
./zswap-gate record -q -o "$RESULTS/free.json" -- sh -c "kill -USR1 $pid
	while [ -e /proc/$pid ] && ! grep -q '^State:.*Z' /proc/$pid/status; do
		sleep 0.2; done" > "$RESULTS/free.log" 2>&1
echo $? > "$RESULTS/free.rc"
counters > "$RESULTS/keep-after.txt"
rmdir $CG 2>/dev/null

# What --locks and --iocost add to the latency histograms: one short
# workload recorded plain, with --locks, with --iocost and plain again,
# so drift shows as a difference of the two plain runs rather than as
# the options' cost; 6.1 left out (make test boots it for this script's
# other checks only). Seed 001's swappers (two threads) against a 16
# MiB memory.max, a pool that holds all they swap: no writeback, so
# every load is a hit and the calls are the same from run to run (with
# a 1% pool, loads that missed and disk waits made each run's mix and
# means differ more than the options do). Each --locks or --iocost
# record takes about 15 s to start under TCG, so one run each (about
# 1 minute a kernel); docs/zswap-lockstat.md has several boots' figures.
case $KREL in 6.1.*) ARMS= ;; *) ARMS="plain-1 locks-1 iocost-1 plain-2" ;; esac
CG=/sys/fs/cgroup/cost
mkdir -p $CG "$RESULTS/cost"
echo $((16 << 20)) > $CG/memory.max
echo 25 > $P/max_pool_percent
up() { cut -d' ' -f1 /proc/uptime; }
for run in $ARMS; do
	opt=
	[ "${run%-*}" = plain ] || opt=--${run%-*}
	t0=$(up)
	# shellcheck disable=SC2086
	./zswap-gate record -q $opt --cgroup $CG -o "$RESULTS/cost/$run.json" -- \
		./zswap-workload swappers -q --procs 1 --threads 2 --mib 32 \
		--passes 2 --fill 1024 > "$RESULTS/cost/$run.log" 2>&1
	echo "$? $t0 $(up)" > "$RESULTS/cost/$run.rc"
	echo "probe cost: $run: exit, start, end: $(cat "$RESULTS/cost/$run.rc")"
done
rmdir $CG

# A large-folio series' workload on 7.x: usemem over 64 kB mTHP in a
# cgroup that holds half of it, two passes (stores, then loads), recorded
# with every source this kernel has: the per-size mTHP counters, the
# compression hooks, the levels over the window, CPU time and usemem's
# own figures (record.test.sh checks each is there, with its source).
case $KREL in
7.*)
	CG=/sys/fs/cgroup/usemem
	mkdir -p $CG
	echo $((32 << 20)) > $CG/memory.max
	echo 25 > $P/max_pool_percent
	./zswap-gate record -q --cgroup $CG -o "$RESULTS/usemem-thp.json" -- \
		./zswap-workload usemem -q --procs 2 --mib 32 --passes 2 \
		--thp 64k > "$RESULTS/usemem-thp.log" 2>&1
	echo $? > "$RESULTS/usemem-thp.rc"
	rmdir $CG
	;;
esac
exit 0
