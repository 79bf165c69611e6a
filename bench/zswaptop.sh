#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (not a test): zswaptop's own cost, the interactive TUI in a
# tmux pane at a 1 s interval, while the host tier's hogs swap
# (tools/zswap-env.sh recipe A, repeated).
#  1. CPU: user+system time of the zswaptop process over 60 s, as % of one
#     core; target < 1%.
#  2. memory: resident set after 1 minute vs at the end; target within
#     10%. The end is 2 minutes by default; ZSWAPTOP_RSS_MINUTES=10 gives
#     the 10-minute figure of the design brief.
# Needs root and tmux. Prints a table; leaves swap and zswap restored.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
host_lock
MINUTES=${ZSWAPTOP_RSS_MINUTES:-2}
OUT=build/bench
mkdir -p "$OUT"
export ZSWAP_ENV_STATE=$OUT/top-env.state
SESS=zswaptop-bench-$$
CG="" LOOP=""
cleanup() {
	tmux kill-session -t "$SESS" 2>/dev/null
	[ -n "$LOOP" ] && kill "$LOOP" 2>/dev/null
	stop_cgroup_tasks "$CG"
	[ -n "$CG" ] && rmdir "$CG" 2>/dev/null
	tools/zswap-env.sh restore >/dev/null 2>&1 ||
		echo "warning: restore incomplete, see $ZSWAP_ENV_STATE"
}
trap cleanup EXIT INT TERM

tools/zswap-env.sh setup --swapfile /tmp/zswaptop-bench.swap --size 2048 \
	--max-pool-percent 1 --shrinker N >/dev/null || exit 1
make_cgroup 128 zswaptop-bench || exit 1
HOG=$PWD/build/hog
# the workload, again and again until killed
sh -c "echo \$\$ > $CG/tasks 2>/dev/null || echo \$\$ > $CG/cgroup.procs
	while :; do $HOG -q -m 512 -w 15 -c 1536 -s 1 & sleep 3
		$HOG -q -m 512 -p 4 -c 1536 -s 2; wait; done" &
LOOP=$!

tmux new-session -d -s "$SESS" -x 160 -y 50 \
	"sh -c 'echo \$\$ > $OUT/top.pid; exec $PWD/build/zswaptop -d 1'"
sleep 2
PID=$(cat "$OUT/top.pid")
HZ=$(getconf CLK_TCK)
ticks() { awk '{ print $14 + $15 }' "/proc/$PID/stat"; }
rss_kb() { awk '$1 == "VmRSS:" { print $2 }' "/proc/$PID/status"; }
now() { date +%s.%N; }

# warm up past the first frames, then 60 s of CPU
sleep 5
t0=$(now); c0=$(ticks)
sleep 60
t1=$(now); c1=$(ticks)
rss1=$(rss_kb)
cpu=$(awk -v c="$((c1 - c0))" -v hz="$HZ" -v a="$t0" -v b="$t1" \
	'BEGIN { printf "%.3f", c / hz / (b - a) * 100 }')
tmux capture-pane -p -t "$SESS" > "$OUT/top.screen"
left=$(awk -v m="$MINUTES" 'BEGIN { print m * 60 - 67 }')
[ "$left" -gt 0 ] && sleep "$left"
rss2=$(rss_kb)
kill -0 "$PID" 2>/dev/null || echo "warning: zswaptop is gone"

echo "== zswaptop (TUI, tmux 160x50, 1 s interval) with the hogs running"
echo "kernel $(uname -r)"
printf "CPU over 60 s: %s%% of one core (%s ticks at %s Hz; target < 1%%)\n" \
	"$cpu" "$((c1 - c0))" "$HZ"
awk -v a="$rss1" -v b="$rss2" -v m="$MINUTES" 'BEGIN {
	printf "RSS after 1 min %d KiB, after %d min %d KiB: %+.1f%% (target within 10%%)\n",
		a, m, b, (b - a) * 100 / a }'
echo "last screen: $OUT/top.screen"
