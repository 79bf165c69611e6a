#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Live host tier: levels over the window (issue 38, item 4). A record of a
# workload that fills zswap's pool and empties it on exit ends with the
# pool near 0: its peak is only in pool_bytes{stat=max}. The record's
# statistics are checked for order (max >= end, max >= mean >= min) and
# its max against the largest debugfs pool_total_size this script polled
# itself during the same window (every ~20 ms, from inside the recorded
# command). Needs root; run under flock /tmp/zswap-live.lock.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
host_lock

GATE=build/zswap-gate
HOG=build/hog
WORK=$(mktemp -d /tmp/zswap-levels.XXXXXX)
export ZSWAP_ENV_STATE=$WORK/env.state
CG=""
# The record samples the levels every 200 ms, this script every ~20 ms:
# the pool idles full for 3 s (hog -w 3) at its peak, so both see the
# plateau; a difference beyond 2% means the record's max is not the pool's.
TOL_PCT=2

if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP levels: needs root (it enables zswap and swap)"
	exit 1
fi
trap 'env_cleanup; rm -rf "$WORK"' EXIT INT TERM

tools/zswap-env.sh setup --swapfile "$WORK/swap" --size 2048 \
	--shrinker N >/dev/null || { fail "zswap-env setup"; summary; exit 1; }
make_cgroup 128 zswap-levels || { fail "cgroup"; summary; exit 1; }

# The poller runs inside the window: started and stopped by the command.
POLL="while :; do cat /sys/kernel/debug/zswap/pool_total_size; sleep 0.02; \
	done > $WORK/polled"
R=$WORK/run.json
$GATE record -q --self-stats -o "$R" --cgroup "$CG" -- sh -c "($POLL) &
	p=\$!; $HOG -q -m 512 -p 2 -w 3 -c 1536 -s 1; kill \$p"
check "record of a pool that fills and empties" [ -s "$R" ]

m() { metric "$R" "$1"; }
# ge A B: A >= B, both numbers; ordered MAX MEAN MIN END: max >= mean >=
# min, max >= end
ge() { awk -v a="$1" -v b="$2" "$NUMS"' BEGIN { exit !(num(a) && num(b) && a + 0 >= b + 0) }'; }
ordered() { ge "$1" "$2" && ge "$2" "$3" && ge "$1" "$4"; }
stats_of() { echo "$(m "$1{stat=max}") $(m "$1{stat=mean}") $(m "$1{stat=min}") $(m "$1")"; }
END=$(m pool_bytes); MAX=$(m "pool_bytes{stat=max}")
POLLED=$(sort -n "$WORK/polled" | tail -1)
echo "pool_bytes: max, mean, min, end: $(stats_of pool_bytes); largest polled" \
	"$POLLED ($(wc -l < "$WORK/polled") polls)"
check "the pool filled (its max > 64 MiB)" gt "$MAX" $((64 << 20))
check "and emptied: the end value is below a tenth of the max" \
	gt "$(awk -v x="$MAX" 'BEGIN { print x / 10 }')" "$END"
# shellcheck disable=SC2046
check "pool_bytes: max >= mean >= min, max >= end" ordered $(stats_of pool_bytes)
check "pool_bytes{stat=max} = the largest pool_total_size polled in the window (within $TOL_PCT%)" \
	within "$MAX" "$POLLED" "$TOL_PCT"
check "pool_total_size's statistics are pool_bytes's (one file)" \
	[ "$(m "pool_total_size{stat=max}")" = "$MAX" ]
echo "stored_pages: $(stats_of stored_pages)"
check "stored_pages: max > 0" gt "$(m "stored_pages{stat=max}")" 0
# shellcheck disable=SC2046
check "stored_pages: max >= mean >= min, max >= end" ordered $(stats_of stored_pages)
C="memory_current{cgroup=$CG}"
CMAX=$(m "$C{stat=max}")
echo "$C: $(stats_of "$C")"
check "memory_current: max > 64 MiB, within the cgroup's 128 MiB limit" \
	sh -c '[ "$1" -gt $((64 << 20)) ] && [ "$1" -le $((128 << 20)) ]' _ "$CMAX"
# shellcheck disable=SC2046
check "memory_current: max >= mean >= min, max >= end" ordered $(stats_of "$C")
Z="zswap_pool_bytes{cgroup=$CG}"
if [ -e "$CG/memory.zswap.current" ]; then
	# shellcheck disable=SC2046
	check "$Z: max >= mean >= min, max >= end" ordered $(stats_of "$Z")
else
	check "no memory.zswap.current (cgroup v1): its statistics n/a with the reason" \
		sh -c 'jq -r ".metrics[\"$1{stat=max}\"].reason" "$2" |
		       grep -q "no memory.zswap.current"' _ "$Z" "$R"
fi
TICKS=$(jq .self_stats.collector_tick.run_cnt "$R")
check "the ticks' CPU time is in self_stats (collector_tick, $TICKS ticks)" \
	gt "$TICKS" 20

# a window shorter than two ticks: the statistics n/a, the end value kept
$GATE record -q -o "$WORK/short.json" -- true
check "a window shorter than two ticks: the end value recorded" \
	[ "$(metric "$WORK/short.json" pool_bytes)" != null ]
check "and its statistics n/a with the reason" \
	sh -c 'jq -r ".metrics[\"pool_bytes{stat=max}\"].reason" "$1" |
	       grep -q "need 2 or more"' _ "$WORK/short.json"

# compare reads the statistics of a record like any metric: n/a in the
# short window's record, so "missing" there with the reason
$GATE compare --json "$R" -- "$WORK/short.json" > "$WORK/cmp.json"
check "compare has pool_bytes{stat=max}" sh -c \
	'jq -e "[.. | objects | select(.name? == \"pool_bytes{stat=max}\")] | length > 0" "$1" \
	>/dev/null' _ "$WORK/cmp.json"
summary
