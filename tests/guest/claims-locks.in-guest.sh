#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a guest kernel with four vCPUs (seed 001's claim): the
# bundled swappers workload (eight 2-thread processes of 12 MiB, pages of
# 64 random bytes, cheap to compress under TCG, against one swap device in
# a 64 MiB memory cgroup: 48 MiB OOM-killed a run on 6.12) once under
# `zswap-gate record --locks`; leaves the record in $RESULTS/runs for
# tests/guest/claims.test.sh, which boots each kernel afresh per run and
# compares the 6.1 records (one zswap tree, one spinlock) with the 6.12
# ones (an xarray per 64 MiB). One run per boot: runs after the first in
# one boot swapped 1.5-3.5x as much on 6.12 (the swap and the xarrays
# keep the earlier runs' state), so the runs of one boot are not alike.
cd /opt/zswap || exit 1
P=/sys/module/zswap/parameters
RUNS=1

. ./guest-lib.sh

echo 1 > $P/enabled
cat $P/* > "$RESULTS/params" 2>/dev/null
CG=/sys/fs/cgroup/swappers
mkdir -p $CG "$RESULTS/runs"
echo $((64 << 20)) > $CG/memory.max
counters > "$RESULTS/before.txt"
for i in $(seq $RUNS); do
	./zswap-gate record --locks -q --cgroup $CG -o "$RESULTS/runs/run-$i.json" \
		-- ./zswap-workload swappers -q --procs 8 --threads 2 --mib 12 --passes 2 \
		--fill 64 \
		> "$RESULTS/run$i.log" 2>&1
	echo $? > "$RESULTS/run$i.rc"
	echo "claims-locks: run $i exit $(cat "$RESULTS/run$i.rc") at $(cut -d' ' -f1 /proc/uptime) s"
done
counters > "$RESULTS/after.txt"
rmdir $CG
exit 0
