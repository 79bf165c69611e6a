#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a guest kernel: the zswap shrinker path (shrinker_enabled=Y,
# a pool limit high enough that shrink_worker stays idle), under two
# recorders at once: the richest plan (fentry) and a tracepoint-only plan
# (--no-fentry --no-kprobe), which marks writeback from
# mm_shrink_slab_start/end as the 6.18 host must. Leaves records and the
# kernel's counters in $RESULTS for tests/guest/shrinker.test.sh.
cd /opt/zswap || exit 1
P=/sys/module/zswap/parameters

. ./guest-lib.sh

echo 1 > $P/enabled
echo 50 > $P/max_pool_percent
if [ ! -e $P/shrinker_enabled ]; then
	./zswap-gate plan > "$RESULTS/plan.txt" 2>&1
	echo "no shrinker_enabled parameter" > "$RESULTS/no-shrinker"
	exit 0
fi
echo Y > $P/shrinker_enabled
cat $P/* > "$RESULTS/params" 2>/dev/null

CG=/sys/fs/cgroup/hog
mkdir -p $CG
echo $((48 << 20)) > $CG/memory.max

counters > "$RESULTS/before.txt"
./zswap-gate record -q --no-fentry --no-kprobe -o "$RESULTS/tp.json" -- \
	sh -c 'while [ ! -e /tmp/done ]; do sleep 0.2; done' \
	> "$RESULTS/tp.log" 2>&1 &
tp=$!
sleep 4
./zswap-gate record -q -o "$RESULTS/fentry.json" --cgroup $CG -- \
	sh -c './hog -q -m 160 -w 8 -c 1536 -s 1 & sleep 2;
	       ./hog -q -m 96 -p 3 -c 1536 -s 2; wait' \
	> "$RESULTS/fentry.log" 2>&1
echo $? > "$RESULTS/fentry.rc"
touch /tmp/done
wait $tp
echo $? > "$RESULTS/tp.rc"
counters > "$RESULTS/after.txt"
rmdir $CG
exit 0
