#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a guest booted from an image of tools/kernel/build-kernel.sh
# (base or a port of a seed, kernel/patches/6.12/): two phases, each under
# `zswap-gate record` (fentry), each with the kernel's own view beside it
# for tests/guest/kports.test.sh:
#
#  A  seed 004's workload and zswap setup (max_pool_percent=1,
#     accept_threshold_percent=50, shrinker off), scaled to the VM: the
#     pool sits at its limit, which wakes shrink_worker, which calls
#     shrink_memcg();
#     kprobe events on shrink_memcg and shrink_worker count the calls in
#     tracefs' kprobe_profile (no BPF involved);
#  B  the zswap shrinker (shrinker_enabled=Y, a large pool) writes back
#     from the LRU walk of zswap_shrinker_scan(); tracefs' block_bio_queue
#     event lists every write bio on the swap disk with its size.
#
# Phase A's workload is $KPORTS_A when a kports.env shipped beside this
# script sets it, else seed 004's (zswap-workload reclaim) with 2 KiB of
# random bytes per populated page: 6.12 rejects the thread's fully random
# pages as incompressible, and the 4-byte pages of the timed phase alone
# compress to a few dozen bytes, so they would not fill even the 1% pool
# of a 512 MiB guest in minutes.
cd /opt/zswap || exit 1
R=$RESULTS
P=/sys/module/zswap/parameters
T=/sys/kernel/tracing
CGR=/sys/fs/cgroup

. ./guest-lib.sh
[ -f ./kports.env ] && . ./kports.env

uname -r > $R/release
cat /proc/cmdline > $R/cmdline
# zswap sets itself up (debugfs included) when first enabled
echo 1 > $P/enabled
# What the guest tier relies on, as this kernel provides it.
{
	for f in $P/shrinker_enabled /sys/kernel/debug/zswap/written_back_pages \
		/sys/kernel/btf/vmlinux $T/events/lock/contention_begin \
		$T/events/block/block_bio_queue $T/kprobe_events; do
		[ -e $f ] && echo "have $f" || echo "missing $f"
	done
	grep -q '^zswpwb ' /proc/vmstat && echo "have vmstat zswpwb" || echo "missing vmstat zswpwb"
	echo "controllers $(cat $CGR/cgroup.subtree_control)"
} > $R/features

# kprofile NAME: the kprobe event's hits so far (kprobe_profile: event
# name, hits, misses)
kprofile() { awk -v n="$1" '$1 == n { print $2 }' $T/kprobe_profile; }

# --- phase A -----------------------------------------------------------------
echo 1 > $P/max_pool_percent
echo 50 > $P/accept_threshold_percent
echo N > $P/shrinker_enabled
CG=$CGR/kports
mkdir -p $CG
echo $((256 << 20)) > $CG/memory.max
if echo 'p:zsk/smc shrink_memcg' >> $T/kprobe_events &&
   echo 'p:zsk/sw shrink_worker' >> $T/kprobe_events &&
   echo 1 > $T/events/zsk/enable; then
	:
else
	echo "kprobe events on shrink_memcg/shrink_worker refused" > $R/a.kprobe-error
fi
cat $P/* > $R/a.params 2>/dev/null
counters > $R/a.before
echo "smc $(kprofile smc) sw $(kprofile sw)" > $R/a.kp.before
./zswap-gate record -q -o $R/a.json --cgroup $CG -- \
	${KPORTS_A:-./zswap-workload reclaim -q --populate 64 --populate-fill 2048 --interval-ms 2 --duration 15} \
	> $R/a.log 2>&1
echo $? > $R/a.rc
echo "smc $(kprofile smc) sw $(kprofile sw)" > $R/a.kp.after
counters > $R/a.after
echo 0 > $T/events/zsk/enable 2>/dev/null
echo > $T/kprobe_events 2>/dev/null
stop_tasks() {
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		pids=$(cat "$1/cgroup.procs")
		[ -z "$pids" ] && return
		kill $pids 2>/dev/null
		sleep 0.5
	done
}
stop_tasks $CG
rmdir $CG

# --- phase B -----------------------------------------------------------------
echo 50 > $P/max_pool_percent
echo 90 > $P/accept_threshold_percent
echo Y > $P/shrinker_enabled
CG=$CGR/hog
mkdir -p $CG
echo $((48 << 20)) > $CG/memory.max
cat $P/* > $R/b.params 2>/dev/null

echo 16384 > $T/buffer_size_kb
echo > $T/trace
echo 1 > $T/events/block/block_bio_queue/enable
echo 1 > $T/tracing_on
counters > $R/b.before
./zswap-gate record -q -o $R/b.json --cgroup $CG -- \
	sh -c './hog -q -m 96 -w 4 -c 1536 -s 1 & sleep 2;
	       ./hog -q -m 64 -p 2 -c 1536 -s 2; wait' \
	> $R/b.log 2>&1
echo $? > $R/b.rc
counters > $R/b.after
echo 0 > $T/events/block/block_bio_queue/enable
# Every write bio on the swap disk (the only disk): "MAJ,MIN RWBS SECTOR
# + SECTORS". bios, pages, and the bios of more than one page.
awk '/block_bio_queue:/ {
	for (i = 1; i < NF; i++)
		if ($i == "+" && $(i - 2) ~ /^W/) {
			n++; s += $(i + 1); if ($(i + 1) > 8) multi++
		}
     } END { printf "bios %d\npages %d\nmulti %d\n", n, s / 8, multi }' \
	$T/trace > $R/b.ftrace
cat $T/per_cpu/cpu*/stats | awk '$1 == "overrun:" { o += $2 } END { print "overrun", o + 0 }' \
	>> $R/b.ftrace
stop_tasks $CG
rmdir $CG
exit 0
