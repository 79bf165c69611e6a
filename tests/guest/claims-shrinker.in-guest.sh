#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a 6.12 guest (seed 002's "shrinker off" and "stock shrinker"
# columns, two configurations of a stock kernel): iocost on the virtio
# disk, the bundled latency workload (cache) in a memory cgroup smaller
# than its working set, `zswap-gate run` alternating shrinker_enabled=N
# and =Y RUNS times each under `record --iocost`, then the claims
# verdicts of those two columns; then seeds 004's and 000's workloads
# once each under record. tests/guest/claims.test.sh checks them.
cd /opt/zswap || exit 1
R=$RESULTS
P=/sys/module/zswap/parameters
CGR=/sys/fs/cgroup
CG=$CGR/cache
RUNS=3

echo 1 > $P/enabled
echo 3 > $P/max_pool_percent
echo 1 > /sys/module/blk_cgroup/parameters/blkcg_debug_stats 2>/dev/null
mkdir $CG
echo $((48 << 20)) > $CG/memory.max
# iocost with a linear model of 4096 IOPS (16 MB/s), vrate pinned at
# 100%, as kernels-ab --iocost without a writer: nothing here competes
# with the workload for the disk, so no run rests on the model's
# relation to the disk's speed
. ./guest-lib.sh
iocost_enable 4096
cat $P/* > $R/params 2>/dev/null
cat $CGR/io.cost.qos > $R/io.cost.qos

./zswap-gate run -n $RUNS --arm-a shrinker_enabled=N --arm-b shrinker_enabled=Y \
	--iocost --cgroup $CG -o $R/run \
	--claims ./002-shrinker-iocost.yaml --compare "shrinker off:stock shrinker" \
	-- ./zswap-workload cache -q --mib 96 --threads 2 --duration 8 \
	> $R/verdicts.txt 2> $R/run.err
echo $? > $R/run.rc
cat $R/verdicts.txt
tail -5 $R/run.err
cat $P/shrinker_enabled > $R/shrinker_after

# seeds 004's and 000's workloads once each, short, reporting into records
echo 1 > $P/max_pool_percent
./zswap-gate record -q --cgroup $CG -o $R/reclaim.json -- ./zswap-workload reclaim -q \
	--populate 16 --interval-ms 2 --duration 3 > $R/reclaim.log 2>&1
echo $? > $R/reclaim.rc
./zswap-gate record -q --cgroup $CG -o $R/build.json -- ./zswap-workload build -q \
	--jobs 2 --tasks 4 --task-mib 32 --passes 1 > $R/build.log 2>&1
echo $? > $R/build.rc
rmdir $CG
exit 0
