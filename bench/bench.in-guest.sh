#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runs inside the guest (bench/guest.sh): the guest tier's workload
# detached and under `zswap-gate record`, alternating $RUNS times, then
# under hookbench with empty programs on the same hooks and fentry targets.
cd /opt/zswap || exit 1
P=/sys/module/zswap/parameters
RUNS=$(cat runs)
echo 1 > $P/enabled
echo 10 > $P/max_pool_percent
CG=/sys/fs/cgroup/hog
mkdir -p $CG
echo $((48 << 20)) > $CG/memory.max
WORKLOAD="echo \$\$ > $CG/cgroup.procs;
	./hog -q -m 160 -w 8 -c 1536 -s 1 & sleep 2;
	./hog -q -m 96 -p 3 -c 1536 -s 2; wait"
now() { cut -d' ' -f1 /proc/uptime; }

i=0
while [ $i -lt "$RUNS" ]; do
	t0=$(now); sh -c "$WORKLOAD"; t1=$(now)
	echo "detached $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" >> "$RESULTS/walls"
	t0=$(now)
	./zswap-gate record -q --self-stats -o "$RESULTS/rec.$i.json" -- sh -c "$WORKLOAD"
	t1=$(now)
	echo "total $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" >> "$RESULTS/walls"
	i=$((i + 1))
done
funcs=$(./zswap-gate plan | awk '$2 == "fentry" { print $3 }')
args=""
for f in $funcs; do args="$args -f $f"; done
./hookbench $args -- sh -c "$WORKLOAD" > "$RESULTS/empty.txt"
echo $? > "$RESULTS/hookbench.rc"
rmdir $CG
