#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a guest kernel (busybox, see tools/guest/init.sh), where
# fentry works: zswaptop -b runs around a zswap-gate record of the
# workload and is stopped with SIGTERM a full frame after the record ends,
# so the record's window lies inside zswaptop's frames.
# tests/guest/top.test.sh checks the results on the host.
cd /opt/zswap || exit 1
P=/sys/module/zswap/parameters

echo 1 > $P/enabled
echo 10 > $P/max_pool_percent
[ -e $P/zpool ] && echo zbud > $P/zpool 2>/dev/null
CG=/sys/fs/cgroup/hog
mkdir -p $CG
echo $((48 << 20)) > $CG/memory.max

./zswaptop -b -d 1 -w 160 > "$RESULTS/batch.txt" 2> "$RESULTS/batch.err" &
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
exit 0
