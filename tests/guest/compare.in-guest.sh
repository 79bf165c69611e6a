#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a guest kernel (busybox, see tools/guest/init.sh): the same
# short zswap workload RUNS times, each under `zswap-gate record`, one
# record per run in $RESULTS/runs/. tests/guest/compare.test.sh compares
# the records of the 6.1 guest with those of the 6.12 guest on the host.
cd /opt/zswap || exit 1
P=/sys/module/zswap/parameters
RUNS=${RUNS:-5}

echo 1 > $P/enabled
echo 5 > $P/max_pool_percent
[ -e $P/zpool ] && echo zbud > $P/zpool 2>/dev/null
cat $P/* > "$RESULTS/params" 2>/dev/null

CG=/sys/fs/cgroup/hog
mkdir -p $CG
echo $((32 << 20)) > $CG/memory.max
mkdir -p "$RESULTS/runs"

# A smaller cut of record.in-guest.sh's workload (~20 s there): a cold
# hog pushed out by a second one that re-reads its pages; the pool (5% of
# 512M) fills, so stores are rejected and entries written back.
i=1
while [ $i -le "$RUNS" ]; do
	./zswap-gate record -q -o "$RESULTS/runs/run$i.json" --cgroup $CG -- \
		sh -c './hog -q -m 64 -w 1 -c 1536 -s 1 & sleep 1;
		       ./hog -q -m 48 -p 2 -c 1536 -s 2; wait' \
		> "$RESULTS/run$i.log" 2>&1
	rc=$?
	echo $rc > "$RESULTS/run$i.rc"
	echo "run $i rc $rc up $(cut -d' ' -f1 /proc/uptime) s"
	i=$((i + 1))
done
rmdir $CG
exit 0
