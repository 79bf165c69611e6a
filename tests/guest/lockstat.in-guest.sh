#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside a guest kernel (busybox, see tools/guest/init.sh) with four
# vCPUs: eight 2-thread hogs swap through a 64 MiB memory cgroup while
# zswap-lockstat watches; leaves its report and the kernel's counters in
# $RESULTS for tests/guest/lockstat.test.sh, with the report of a second
# instance that walks stacks only inside zswap's operations. The first
# walks every contention (--exact) on 6.1; on 6.12 it walks stacks by lock
# address, as where fentry is refused (--no-fentry), and every contention
# too (--compare-exact: the exact view of the same window).
#
# Under TCG a guest spends most of its time compressing, so the hogs
# write pages that cost almost nothing to compress and the time goes to
# the stores, loads and invalidations and their locks: on 6.1 zero-filled
# pages (zswap keeps them as same-filled entries: tree lock, no zpool),
# on 6.12 pages of 64 random bytes (zero pages never reach zswap there:
# the swap layer keeps them in its zeromap).
cd /opt/zswap || exit 1
P=/sys/module/zswap/parameters

. ./guest-lib.sh

echo 1 > $P/enabled
cat $P/* > "$RESULTS/params" 2>/dev/null
nproc > "$RESULTS/nproc"
grep -w -E "zswap_trees|nr_zswap_trees" /proc/kallsyms > "$RESULTS/kallsyms.trees"
cat /proc/swaps > "$RESULTS/swaps"
./zswap-lockstat --plan > "$RESULTS/plan.txt" 2>&1

CG=/sys/fs/cgroup/hog
mkdir -p $CG
echo $((64 << 20)) > $CG/memory.max
counters > "$RESULTS/before.txt"
case $KREL in
6.1.*) fill=0 walks=--exact ;;
*) fill=64 walks="--no-fentry --compare-exact" ;;
esac
# A second instance in its default mode, attached around the first's
# window: stacks walked only inside zswap's operations (fentry). It sees
# the same contentions; its zswap rows must equal the exact view's. It
# stays attached (--idle-detach 0): the gate would keep it detached until
# the hogs swap, and miss their first fills' contentions.
./zswap-lockstat --idle-detach 0 --json -d 3600 > "$RESULTS/filtered.json" \
	2> "$RESULTS/filtered.err" &
FPID=$!
# attached once its bpf_link count stops growing (brackets, then the
# tracepoints)
links=0
for i in $(seq 60); do
	sleep 1
	n=$(ls -l /proc/$FPID/fd 2>/dev/null | grep -c bpf_link)
	[ "$n" -ge 2 ] && [ "$n" -eq "$links" ] && break
	links=$n
done
echo "$links" > "$RESULTS/filtered.links"
./zswap-lockstat --all $walks --json -- sh -c "echo \$\$ > $CG/cgroup.procs
	for s in 1 2 3 4 5 6 7 8; do ./hog -q -m 24 -p 2 -j 2 -c $fill -s \$s & done; wait" \
	> "$RESULTS/lockstat.json" 2> "$RESULTS/lockstat.err"
echo $? > "$RESULTS/lockstat.rc"
kill -TERM $FPID
wait $FPID
echo $? > "$RESULTS/filtered.rc"
counters > "$RESULTS/after.txt"
# The gate: 2 s without swap traffic (detached), then the hogs swap
# (attached), once
./zswap-lockstat --json -- sh -c "sleep 2; echo \$\$ > $CG/cgroup.procs
	for s in 1 2 3 4 5 6 7 8; do ./hog -q -m 24 -p 1 -j 2 -c $fill -s \$s & done
	wait" > "$RESULTS/gate.json" 2> "$RESULTS/gate.err"
echo $? > "$RESULTS/gate.rc"
rmdir $CG
exit 0
