#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# seed-run.sh SEED [-o FILE] [--full] [-- RECORD_OPTIONS...]
#
# Runs a seed's bundled workload (build/zswap-workload) with the zswap
# setup it needs, under `zswap-gate record`, and prints the record's
# summary: a swap file, the seed's zswap parameters, a memory cgroup.
# Everything it changed is put back afterwards, also when the workload
# fails or the script gets SIGINT/SIGTERM (tools/zswap-env.sh restore,
# the cgroup removed by tools/memcg-run.sh).
#
#   004  shrink_memcg batching: 512 MiB of random pages pushed into a 1%
#        pool, then a 4 KiB page reclaimed every 2 ms (max_pool_percent=1,
#        accept_threshold_percent=50, shrinker off); 20 s (the thread: 120 s)
#   001  eight 2-thread swappers against one swap file in a 256 MiB cgroup
#   000  a build-like workload (2 jobs of 48 MiB tasks) in a 96 MiB cgroup,
#        shrinker on
#   002  the latency workload (384 MiB working set) in a 256 MiB cgroup,
#        shrinker on
# --full runs 004 for the thread's 120 s. RECORD_OPTIONS go to record
# (e.g. --locks). Needs root. The setup each seed states is in
# claims/*.yaml; these are their scaled-down versions for one machine.
#
# Exit: the record's exit code; 2 bad usage.
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
GATE=$repo/build/zswap-gate
WL=$repo/build/zswap-workload

usage() {
	sed -n '4,6p' "$0" | sed 's/^# \{0,1\}/usage: /;2,$s/^usage: /       /' >&2
	exit 2
}

[ $# -ge 1 ] || usage
seed=$1
shift
out=seed-$seed.json
full=0
while [ $# -gt 0 ]; do
	case $1 in
	-o) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
	--full) full=1; shift ;;
	--) shift; break ;;
	*) usage ;;
	esac
done

if [ "$(id -u)" -ne 0 ]; then
	echo "seed-run: needs root (it sets up swap, zswap and a cgroup)" >&2
	exit 2
fi
for f in "$GATE" "$WL"; do
	[ -x "$f" ] || { echo "seed-run: $f missing: run make" >&2; exit 2; }
done
# One seed-run at a time (it owns swap, zswap and its cgroup): the
# cgroup's name is the seed's alone, seed-NNN, so two runs' per-cgroup
# rows pair in compare.
exec 9> /run/zswap-seed-run.lock
flock -n 9 || { echo "seed-run: another seed-run is running (/run/zswap-seed-run.lock)" >&2; exit 2; }
# the output's place is checked before swap, zswap and a cgroup are set up
odir=$(dirname -- "$out")
if [ ! -d "$odir" ] || [ ! -w "$odir" ]; then
	echo "seed-run: -o $out: $odir is not a writable directory" >&2
	exit 2
fi
if [ -e "$out" ] && [ ! -f "$out" ]; then
	echo "seed-run: -o $out: not a regular file (refusing to replace it)" >&2
	exit 2
fi

duration=20
[ $full -eq 1 ] && duration=120
case $seed in
004)
	env="--max-pool-percent 1 --accept-threshold 50 --shrinker N"
	limit=4096
	cmd="$WL reclaim --populate 512 --interval-ms 2 --duration $duration" ;;
001)
	env="--shrinker N"
	limit=256
	cmd="$WL swappers --procs 8 --threads 2 --mib 64 --passes 3" ;;
000)
	env="--shrinker Y"
	limit=96
	cmd="$WL build --jobs 2 --tasks 24 --task-mib 48 --passes 3" ;;
002)
	env="--shrinker Y"
	limit=256
	cmd="$WL cache --mib 384 --threads 2 --duration $duration" ;;
*)
	echo "seed-run: unknown seed '$seed' (000, 001, 002, 004)" >&2
	exit 2 ;;
esac

# One owner of zswap's parameters at a time (src/collect/param_lock.h): a
# second run would save this one's settings as the originals. The lock
# is held by fd 8 for the script's life.
lockdir=/run
[ -d /run ] || lockdir=/tmp	# as src/collect/param_lock.c
lockf=${ZSWAP_PARAMS_LOCK:-$lockdir/zswap-toolkit.params.lock}
if ! exec 8<>"$lockf"; then
	echo "seed-run: cannot open $lockf" >&2
	exit 2
fi
if ! flock -n 8; then
	echo "seed-run: another run changes zswap's parameters (pid $(head -n 1 "$lockf")): two at once would save each other's settings as the originals; wait for it to end" >&2
	exit 2
fi
echo "$$ seed-run.sh" > "$lockf"

work=$(mktemp -d /tmp/zswap-seed-run.XXXXXX)
export ZSWAP_ENV_STATE=$work/env.state
restore() {
	"$here/zswap-env.sh" restore >/dev/null 2>&1 ||
		echo "seed-run: restoring swap/zswap failed: see $ZSWAP_ENV_STATE" >&2
	rm -rf "$work"
}
trap restore EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# shellcheck disable=SC2086
"$here/zswap-env.sh" setup --swapfile "$work/swap" --size 2048 $env >&2 ||
	{ echo "seed-run: zswap/swap setup failed" >&2; exit 1; }
echo "seed-run: seed $seed: $cmd (memory limit $limit MiB)" >&2
# The record runs inside the cgroup too, so the workload starts there.
# shellcheck disable=SC2086
"$here/memcg-run.sh" "$limit" "seed-$seed" -- sh -c \
	'o=$1; shift; exec "$0" record --cgroup "$MEMCG_PATH" -o "$o" "$@"' \
	"$GATE" "$out" \
	"$@" -- $cmd
rc=$?
[ $rc -eq 0 ] && echo "seed-run: record in $out" >&2
exit $rc
