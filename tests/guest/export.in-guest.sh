#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a guest kernel (busybox). zswap-export (fentry plan, cgroup2)
# writes every second while a hog swaps in a memory-limited cgroup; the
# file just before and just after the workload and the kernel's counters
# at the same moments are left in $RESULTS for tests/guest/export.test.sh.
cd /opt/zswap || exit 1
P=/sys/module/zswap/parameters
OUT=$RESULTS/tf/zswap.prom

. ./guest-lib.sh
# the file's write timestamp (0 when there is none yet)
stamp() {
	awk '$1 == "zswap_exporter_last_write_timestamp_seconds" { t = $2 }
	     END { printf "%d", t }' "$OUT" 2>/dev/null || echo 0
}
# waits until the exporter has written a file after this moment
next_write() {
	t=$(date +%s)
	i=0
	while [ "$(stamp)" -le "$t" ] && [ $i -lt 100 ]; do
		sleep 0.2
		i=$((i + 1))
	done
}

echo 1 > $P/enabled
echo 10 > $P/max_pool_percent
[ -e $P/zpool ] && echo zbud > $P/zpool 2>/dev/null
CG=/sys/fs/cgroup/hog
mkdir -p $CG "$RESULTS/tf"
echo $((48 << 20)) > $CG/memory.max

./zswap-export -o "$OUT" --interval 1 --cgroups > "$RESULTS/export.log" 2>&1 &
ep=$!
next_write
next_write	# a file written after the previous second's activity
cp "$OUT" "$RESULTS/a.prom"
counters > "$RESULTS/before.txt"
grep "^zswp" $CG/memory.stat > "$RESULTS/hog.before"
sh -c 'echo $$ > /sys/fs/cgroup/hog/cgroup.procs &&
       ./hog -q -m 160 -w 6 -c 1536 -s 1 & sleep 2;
       echo $$ > /sys/fs/cgroup/hog/cgroup.procs && ./hog -q -m 96 -p 3 -c 1536 -s 2; wait'
counters > "$RESULTS/after.txt"
grep "^zswp" $CG/memory.stat > "$RESULTS/hog.after"
next_write
cp "$OUT" "$RESULTS/b.prom"
kill -TERM $ep
wait $ep
echo $? > "$RESULTS/export.rc"
ls -a "$RESULTS/tf" > "$RESULTS/tf.ls"
rmdir $CG
exit 0
