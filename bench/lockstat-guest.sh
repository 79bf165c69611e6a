#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): bench/lockstat.sh's two numbers in a guest with
# four vCPUs (the guest lock tier's setup), where fentry works and the
# spinlocks are the native queued ones: ns per event of our contention
# programs beside empty ones, and the workload's wall time under
# zswap-lockstat (default, and --all) vs detached, alternating RUNS
# times. Under TCG (four vCPUs on the two host cores) each of our
# programs costs tens of microseconds and the workload's wall time varies
# by 2x from run to run: the ns figures compare the two modes with each
# other, not with the host's. GUEST_KERNEL=6.1 runs it on 6.1.
set -u
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
VER=${GUEST_KERNEL:-6.12}
OUT=build/bench/lockstat-guest-$VER
rm -rf "$OUT"
mkdir -p "$OUT"
echo "$RUNS" > "$OUT/runs"
# as tests/guest/lockstat.test.sh: the native spinlock slowpath
export ZSWAP_GUEST_CPU=max,hypervisor=off
tools/guest/run-guest.sh -q -k "$VER" -c 4 -m 512M -d 512 -t 3000 -o "$OUT" \
	-s bench/lockstat.in-guest.sh -f build/static/zswap-lockstat -f build/static/hog \
	-f build/static/hookbench -f "$OUT/runs" || exit 1
echo "== $VER guest: hook cost (ns per run under TCG, bpf_stats; same workload)"
echo "default (stacks walked only inside zswap's operations):"
bench/lockcost.sh "$OUT/stats.json" "$OUT/empty.txt"
echo "--all (every stack walked):"
bench/lockcost.sh "$OUT/stats-all.json" "$OUT/empty.txt"
echo "== $VER guest: workload wall time, $RUNS alternations"
bench/ratios.sh "$OUT/walls" zswap-lockstat lockstat--all
