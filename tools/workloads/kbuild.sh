#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kbuild.sh [-j JOBS] [-o DIR] [-n OBJECTS]: a real build, the seeds'
# "kbuild" workload at a VM's scale: make -j JOBS with Debian's gcc -O2
# of this checkout's own C (the unit-test binary: every object of the
# toolkit that loads no BPF, and the link), into DIR (default
# /scratch/kbuild, made afresh; the checkout itself is not written).
# -n OBJECTS builds only the first OBJECTS objects (a smoke run). Needs
# the host's userland (make, gcc, the -dev packages of tools/install-deps.sh):
# in a VM, run-guest.sh -H / kernels-ab.sh --host-root. Run it under
# `zswap-gate record --cgroup CG`: make and the compilers are the
# cgroup's. Appends to $ZSWAP_WORKLOAD_METRICS:
#   kbuild_duration_s VALUE s        make's wall time
#   kbuild_objects VALUE count       objects compiled
# Exit 0, or 1 when the build failed (make's last lines are printed).
set -u
jobs=2 out=/scratch/kbuild limit=0
usage() { sed -n '4p' "$0" | sed 's/^# //' >&2; exit 2; }
while getopts j:o:n:h opt; do
	case $opt in
	j) jobs=$OPTARG ;;
	o) out=$OPTARG ;;
	n) limit=$OPTARG ;;
	*) usage ;;
	esac
done
for n in "$jobs" "$limit"; do
	case $n in '' | *[!0-9]*) echo "kbuild: '$n' is not a number" >&2; exit 2 ;; esac
done
[ "$jobs" -ge 1 ] || { echo "kbuild: -j wants 1 or more" >&2; exit 2; }
for p in make gcc; do
	command -v $p > /dev/null || {
		echo "kbuild: $p missing (tools/install-deps.sh)" >&2
		exit 2
	}
done
repo=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$out"
mkdir -p "$out" || { echo "kbuild: cannot create $out" >&2; exit 1; }

# the objects test_unit links, as make would name them
targets=$out/test_unit
if [ "$limit" -gt 0 ]; then
	targets=$(make -s -C "$repo" OUTPUT="$out" -pn "$out/test_unit" 2>/dev/null |
		sed -n "s|^UNIT_CORE := ||p" | tr ' ' '\n' | grep '\.o$' | head -n "$limit" |
		sed "s|^|$out/|")
	[ -n "$targets" ] || { echo "kbuild: no objects from $repo/Makefile" >&2; exit 1; }
fi
t0=$(date +%s.%N)
# shellcheck disable=SC2086
make -s -C "$repo" OUTPUT="$out" -j "$jobs" $targets > "$out/make.log" 2>&1
rc=$?
t1=$(date +%s.%N)
if [ $rc -ne 0 ]; then
	echo "kbuild: make failed (exit $rc):" >&2
	tail -n 20 "$out/make.log" >&2
	exit 1
fi
objs=$(find "$out" -name '*.o' | wc -l)
secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
echo "kbuild: $objs objects, make -j $jobs, $secs s"
if [ -n "${ZSWAP_WORKLOAD_METRICS:-}" ]; then
	{
		echo "kbuild_duration_s $secs s"
		echo "kbuild_objects $objs count"
	} >> "$ZSWAP_WORKLOAD_METRICS"
fi
exit 0
