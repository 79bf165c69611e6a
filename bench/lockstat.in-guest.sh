#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runs inside the guest (bench/lockstat-guest.sh): the guest lock tier's
# workload (tests/guest/lockstat.in-guest.sh: eight 2-thread hogs in a
# 64 MiB cgroup on four vCPUs) detached, under zswap-lockstat (stacks
# walked only inside zswap's operations) and under zswap-lockstat --all
# (every stack walked), alternating $RUNS times, each run timing itself;
# then once under each with --self-stats and once under hookbench's empty
# programs.
cd /opt/zswap || exit 1
P=/sys/module/zswap/parameters
RUNS=$(cat runs)
echo 1 > $P/enabled
CG=/sys/fs/cgroup/hog
mkdir -p $CG
echo $((64 << 20)) > $CG/memory.max
case $(uname -r) in
6.1.*) fill=0 ;;
*) fill=64 ;;
esac
WORKLOAD="echo \$\$ > $CG/cgroup.procs
	for s in 1 2 3 4 5 6 7 8; do ./hog -q -m 24 -p 4 -j 2 -c $fill -s \$s & done; wait"
TIMED="t0=\$(cut -d' ' -f1 /proc/uptime); $WORKLOAD
	t1=\$(cut -d' ' -f1 /proc/uptime)
	awk -v a=\$t0 -v b=\$t1 'BEGIN { print b - a }' > /tmp/wall"

i=0
while [ $i -lt "$RUNS" ]; do
	sh -c "$TIMED"
	echo "detached $(cat /tmp/wall)" >> "$RESULTS/walls"
	./zswap-lockstat --json -- sh -c "$TIMED" > "$RESULTS/run.$i.json"
	echo "zswap-lockstat $(cat /tmp/wall)" >> "$RESULTS/walls"
	./zswap-lockstat --all --json -- sh -c "$TIMED" > "$RESULTS/all.$i.json"
	echo "lockstat--all $(cat /tmp/wall)" >> "$RESULTS/walls"
	i=$((i + 1))
done
./zswap-lockstat --self-stats --json -- sh -c "$WORKLOAD" > "$RESULTS/stats.json"
./zswap-lockstat --all --self-stats --json -- sh -c "$WORKLOAD" > "$RESULTS/stats-all.json"
./hookbench -- sh -c "$WORKLOAD" > "$RESULTS/empty.txt"
rmdir $CG
