#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a guest kernel (busybox, see tools/guest/init.sh), where
# fentry works: zswaptop -b runs around a zswap-gate record of the
# workload and is stopped with SIGTERM a full frame after the record ends,
# so the record's window lies inside zswaptop's frames.
# tests/guest/top.test.sh checks the results on the host.
cd /opt/zswap || exit 1
. ./guest-lib.sh
P=/sys/module/zswap/parameters

echo 1 > $P/enabled
echo 10 > $P/max_pool_percent
[ -e $P/zpool ] && echo zbud > $P/zpool 2>/dev/null
CG=/sys/fs/cgroup/hog
mkdir -p $CG
echo $((48 << 20)) > $CG/memory.max

./zswaptop -b --totals -d 1 -w 160 > "$RESULTS/batch.txt" 2> "$RESULTS/batch.err" &
top=$!
i=0
while ! grep -q "^totals frame 1 " "$RESULTS/batch.txt" && [ $i -lt 60 ]; do
	sleep 1
	i=$((i + 1))
done
./zswap-gate record -q -o "$RESULTS/record.json" --cgroup $CG -- \
	sh -c './hog -q -m 160 -w 8 -c 1536 -s 1 & sleep 2;
	       ./hog -q -m 96 -p 3 -c 1536 -s 2; wait' \
	> "$RESULTS/record.log" 2>&1
echo $? > "$RESULTS/record.rc"
sleep 3
kill -TERM $top
wait $top
echo $? > "$RESULTS/batch.rc"
./zswaptop < /dev/null > /dev/null 2> "$RESULTS/notty.err"
echo $? > "$RESULTS/notty.rc"
rmdir $CG

# --iocost (6.12 and 7.x): iocost on the swap disk with a slow write model
# (4 MB/s), the zswap pool at 1% so most of a hog's pages go to the disk;
# its swap writes (REQ_SWAP) beyond its budget are issued as debt.
# zswaptop -b --iocost and zswap-export --iocost run from before the
# cgroup's first IO to after its debt is paid, so io.stat before and
# after the hog bound the same debt.
case "$(uname -r)" in 6.12* | 7.*) ;; *) exit 0 ;; esac
C=/sys/fs/cgroup
IO=$C/iohog
DEV=$(cat /sys/block/vda/dev)
echo Y > /sys/module/blk_cgroup/parameters/blkcg_debug_stats
echo 1 > $P/max_pool_percent
echo "$DEV ctrl=user model=linear rbps=33554432 rseqiops=8192 rrandiops=8192 wbps=4194304 wseqiops=1024 wrandiops=1024" \
	> $C/io.cost.model
echo "$DEV enable=1 ctrl=user rpct=95.00 rlat=250000 wpct=95.00 wlat=250000 min=100.00 max=100.00" \
	> $C/io.cost.qos
cat $C/io.cost.qos > "$RESULTS/io.cost.qos"
mkdir -p $IO "$RESULTS/itf"
echo $((32 << 20)) > $IO/memory.max
./zswaptop -b --totals --iocost --cgroup $IO -d 1 -w 160 > "$RESULTS/iocost-batch.txt" \
	2> "$RESULTS/iocost-batch.err" &
top=$!
./zswap-export --iocost --cgroups -o "$RESULTS/itf/zswap.prom" -i 1 \
	> "$RESULTS/iocost-export.log" 2>&1 &
ep=$!
i=0
while ! { grep -q "^totals frame 1 " "$RESULTS/iocost-batch.txt" &&
	  [ -s "$RESULTS/itf/zswap.prom" ]; } && [ $i -lt 60 ]; do
	sleep 1
	i=$((i + 1))
done
cat $IO/io.stat > "$RESULTS/io.stat.before"
echo "iocost phase: hog starts at $(cut -d' ' -f1 /proc/uptime) s"
timeout -s TERM 120 sh -c "echo \$\$ > $IO/cgroup.procs; exec ./hog -q -m 48 -p 1 -c 1536 -s 3"
echo $? > "$RESULTS/iocost-hog.rc"
# the debt is paid and the cgroup idles within seconds after its last IO
sleep 5
iocost_flush $IO
cat $IO/io.stat > "$RESULTS/io.stat.after"
echo "iocost phase: hog done at $(cut -d' ' -f1 /proc/uptime) s: $(cat $IO/io.stat)"
sleep 2.5	# a full frame and two writes after
kill -TERM $top
wait $top
echo $? > "$RESULTS/iocost-batch.rc"
cp "$RESULTS/itf/zswap.prom" "$RESULTS/iocost.prom"
kill -TERM $ep
wait $ep
echo $? > "$RESULTS/iocost-export.rc"
rmdir $IO
exit 0
