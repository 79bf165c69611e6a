#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a guest kernel with four vCPUs (seed 001's claim): the
# bundled swappers workload (eight 2-thread processes of 12 MiB, pages of
# 64 random bytes, cheap to compress under TCG, against one swap device in
# a memory cgroup held at 64 MiB by memory.high, memory.max 128 MiB above
# the 96 MiB working set: a 64 MiB memory.max OOM-killed a swapper in 2
# of 5 boots of 6.12 on a loaded machine, 48 MiB earlier too) once under
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
# memory.high reclaims (and throttles) above 64 MiB without OOM kills
echo $((64 << 20)) > $CG/memory.high
echo $((128 << 20)) > $CG/memory.max
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
