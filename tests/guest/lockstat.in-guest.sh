#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a guest kernel (busybox, see tools/guest/init.sh) with eight
# vCPUs on the two host cores (oversubscribed: a vCPU holding a lock is
# often descheduled, so its waiters spin, as on a busy real machine): six
# 2-thread hogs swap through a 64 MiB memory cgroup while zswap-lockstat
# watches; leaves its report and the kernel's counters in $RESULTS for
# tests/guest/lockstat.test.sh.
cd /opt/zswap || exit 1
P=/sys/module/zswap/parameters

counters() {
	grep -E '^(zswp|pswp)' /proc/vmstat
	for f in /sys/kernel/debug/zswap/*; do
		echo "$(basename "$f") $(cat "$f")"
	done
}

echo 1 > $P/enabled
cat $P/* > "$RESULTS/params" 2>/dev/null
nproc > "$RESULTS/nproc"
grep -w -E "zswap_trees|nr_zswap_trees" /proc/kallsyms > "$RESULTS/kallsyms.trees"
cat /proc/swaps > "$RESULTS/swaps"
./zswap-lockstat --plan > "$RESULTS/plan.txt" 2>&1

CG=/sys/fs/cgroup/hog
mkdir -p $CG
echo $((64 << 20)) > $CG/memory.max
counters > "$RESULTS/before.txt"
./zswap-lockstat --all --json -- sh -c "echo \$\$ > $CG/cgroup.procs
	for s in 1 2 3 4 5 6; do ./hog -q -m 32 -p 3 -j 2 -s \$s & done; wait" \
	> "$RESULTS/lockstat.json" 2> "$RESULTS/lockstat.err"
echo $? > "$RESULTS/lockstat.rc"
counters > "$RESULTS/after.txt"
rmdir $CG
exit 0
