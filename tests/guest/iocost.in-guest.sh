#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a guest kernel (busybox, see tools/guest/init.sh), series
# 000's setup at small scale: iocost on the virtio disk with a slow user
# linear cost model, a memory-limited cgroup running the hog with zswap
# writeback (and the zswap shrinker where it exists), recorded alone and
# next to a sibling cgroup running fio random writes with 10 times its
# io.weight. Leaves the records, the recorders' exit codes and the
# kernel's files in $RESULTS; tests/guest/iocost.test.sh checks them.
cd /opt/zswap || exit 1
. ./guest-lib.sh
R=$RESULTS
P=/sys/module/zswap/parameters
CGR=/sys/fs/cgroup
HOG=$CGR/hog
WRITER=$CGR/writer
DBG=/sys/module/blk_cgroup/parameters/blkcg_debug_stats
# The hog, beside cold ballast in its cgroup: 24 MiB filled once and
# left idle while the hog runs, so the pool always holds entries that are
# not loaded back before the LRU walk reaches them. Without it the hog's
# own entries were mostly loaded back first, and some windows saw a dozen
# writebacks (CI: 11 in a window, none slept in). When the hog is done,
# SIGUSR1 has the ballast read its pages back: those written back come
# from the disk as the cgroup's own reads (swap writes are issued as root
# and only charged as debt), which iocost makes wait while the cgroup is
# in debt. Without the read-back some windows had seconds of debt and no
# wait at all (CI: 6.12 and 7.x, 3.7 s of debt, 0 us waited).
HOGCMD="(./hog -q -m 24 -p 2 -c 1536 -s 7 -w 600 & b=\$!; ./hog -q -m 80 -p 2 -c 1536 -s 1; r=\$?; kill -USR1 \$b; wait \$b || r=1; exit \$r)"
mkdir -p $R/fixtures

up() { cut -d" " -f1 /proc/uptime; }
# rec NAME SECONDS ARGS...: a bounded record run; its exit code and the
# tail of its output (the stall report) go to $R and the console
rec() {
	name=$1 secs=$2
	shift 2
	echo "iocost: $name starts at $(up) s"
	timeout -s TERM "$secs" ./zswap-gate record --iocost -o "$R/$name.json" "$@" \
		> "$R/$name.log" 2>&1
	echo $? > "$R/$name.rc"
	echo "iocost: $name exit $(cat "$R/$name.rc") at $(up) s"
	grep -E '^(iocost_debt|iocost_wait|io_stat_cost|swap_write_req|io_stat_wios|zswap_wb|wb_offcpu_us )' "$R/$name.log"
	sed -n '/^who sleeps/,$p' "$R/$name.log"
}

# swap on the first 192 MiB of the disk, fio's target on the rest: one
# device, so iocost weighs the two cgroups against each other
split_disk 192 || echo "swap on vda1 failed"
DEV=$(cat /sys/block/vda/dev)
echo "iocost: disk $DEV, swap: $(tail -n +2 /proc/swaps | tr -s ' ' | cut -d' ' -f1-3)"

echo 1 > $P/enabled
# 6.1 writes back only from zpools that can evict (zbud); 6.12 has no
# zpool choice to make. 6.1's shrink_worker writes back one page per
# wakeup, queued when a store finds the pool full, and a full pool takes
# no store until it is below the accept threshold: at 100 it takes them
# again at once, so the pool fills (and writes back) at every store
# instead of a few times a window (CI: 9 writebacks, none slept in).
if [ -e $P/zpool ]; then
	echo zbud > $P/zpool 2>/dev/null
	echo 100 > $P/accept_threshold_percent
fi
echo 3 > $P/max_pool_percent
[ -e $P/shrinker_enabled ] && echo Y > $P/shrinker_enabled
cat $P/* > $R/params 2>/dev/null

# progress on the console every 10 s, so a slow run shows where it is
monitor() {
	while :; do
		sleep 10
		echo "iocost-mon $(up) s: swap out $(awk '$1 == "pswpout" { print $2 }' /proc/vmstat) wb $(cat /sys/kernel/debug/zswap/written_back_pages 2>/dev/null) hog mem $(cat $HOG/memory.current 2>/dev/null) io $(grep -o 'wios=[0-9]* .*' $HOG/io.stat 2>/dev/null | cut -c1-120)"
	done
}
mkdir $HOG $WRITER
echo $((48 << 20)) > $HOG/memory.max
echo 100 > $HOG/io.weight
echo 1000 > $WRITER/io.weight

monitor &
monpid=$!

# bad input 1: iocost not enabled yet
rec off 60 --cgroup $HOG -- ./hog -q -m 16 -p 1
# bad input 2: a cgroup that does not exist
./zswap-gate record --iocost -q -o $R/missing.json --cgroup $CGR/no-such-cgroup \
	-- true > $R/missing.log 2> $R/missing.err
echo $? > $R/missing.rc

# iocost: a linear model of 4/5 of the IOPS fio reaches here alone
# (guest-lib.sh's iocost_calibrate; kernels-ab --writer, whose workload
# is bounded in time, not size, takes 1/4), so that fio
# fills it however fast TCG runs this hour (a fixed 8k: fio reached 2.9k
# in a slow hour, and nobody was throttled; half of it throttled the hog
# to a run 3x as long); vrate pinned at 100%
sh -c ". ./guest-lib.sh; fio_randwrite $WRITER $R/fio-calibrate.out 30" & fio=$!
iocost_calibrate $WRITER 80
kill $fio; wait $fio
cat $CGR/io.cost.model > $R/fixtures/io.cost.model
cat $CGR/io.cost.qos > $R/fixtures/io.cost.qos
cat /proc/self/mounts > $R/fixtures/mounts
cat $DBG > $R/debug_stats 2>/dev/null

# A: the hog alone. The command ends with a pause so iocost pays the
# debt and idles the cgroup inside the window, then iocost_flush makes
# io.stat final (guest-lib.sh says why).
FLUSH=". ./guest-lib.sh; iocost_flush $HOG"
rec alone 240 --self-stats --cgroup $HOG -- sh -c "$HOGCMD; sleep 4; $FLUSH"
cat $HOG/io.stat > $R/fixtures/io.stat.debug

# B: the same hog next to fio (libaio, 8 in flight, so it fills its
# 10/11 share of the model) in the sibling cgroup: the command starts
# fio (which moves itself into the writer cgroup), lets it run alone for
# 2 s, runs the hog, and stops fio when the hog is done, so the hog's
# debt is paid and its cgroup idles in the window here too.
FIOCMD=". ./guest-lib.sh; fio_randwrite $WRITER $R/fio.out 300"
rec writer 300 --self-stats --cgroup $HOG -- sh -c "sh -c '$FIOCMD' & fio=\$!;
	sleep 2; $HOGCMD; kill \$fio; wait \$fio; sleep 4; $FLUSH"
cat $WRITER/io.stat > $R/fixtures/io.stat.writer

# bad input 3: debug stats off -> the three cost.* counters are n/a (on
# 7.x only: the same parsing of io.stat on every kernel, and a window
# more of the hog for each)
case $KREL in
7.*) ;;
*) echo "not on $KREL: the 7.x guest checks it" > $R/nodebug.log ;;
esac
if [ ! -s $R/nodebug.log ] && echo N > $DBG 2>/dev/null; then
	rec nodebug 200 --cgroup $HOG -- sh -c "$HOGCMD; sleep 4; $FLUSH"
	cat $HOG/io.stat > $R/fixtures/io.stat.nodebug
	echo Y > $DBG
elif [ ! -s $R/nodebug.log ]; then
	echo "cannot write $DBG" > $R/nodebug.log
fi
kill $monpid
cat $R/fio.out 2>/dev/null | grep -E 'IOPS|lat \(' | head -3
dmesg | grep -iE 'hung|blocked for|oom|BUG|WARN' | head -20
echo "iocost: done at $(up) s"
exit 0
