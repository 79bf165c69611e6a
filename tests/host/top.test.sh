#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Live host tier for zswaptop: the TUI runs in tmux while hogs swap in two
# memory cgroups; capture-pane shows what a user sees. Keys, resize,
# SIGTERM and q are driven through tmux, and the terminal state after exit
# is read back with stty. Batch mode's per-frame totals (-b --totals) over
# a run are reconciled with a `zswap-gate record` of the same workload
# (both attached at the same time, the record's window inside zswaptop's)
# within 1%.
# Needs root and tmux. Leaves swap and zswap as it found them.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
host_lock

TOP=$PWD/build/zswaptop
GATE=build/zswap-gate
HOG=$PWD/build/hog
WORK=$(mktemp -d /tmp/zswap-top.XXXXXX)
export ZSWAP_ENV_STATE=$WORK/env.state
SESS=zswaptop-test-$$
CGC="" CGH="" BPID="" WPID=""

if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP zswaptop host tier: needs root (it enables zswap and swap)"
	exit 1
fi
command -v tmux >/dev/null || { echo "tmux missing: run tools/install-deps.sh"; exit 1; }
command -v jq >/dev/null || { echo "jq missing: run tools/install-deps.sh"; exit 1; }

cleanup() {
	tmux kill-session -t "$SESS" 2>/dev/null
	tmux kill-session -t "$SESS-term" 2>/dev/null
	[ -n "$BPID" ] && kill "$BPID" 2>/dev/null
	[ -n "$WPID" ] && kill "$WPID" 2>/dev/null
	for cg in $CGC $CGH; do
		stop_cgroup_tasks "$cg"
		rmdir "$cg" 2>/dev/null
	done
	tools/zswap-env.sh restore >/dev/null 2>&1
	rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

state() {
	cat /sys/module/zswap/parameters/* 2>/dev/null | tr '\n' ' '
	tail -n +2 /proc/swaps | awk '{print $1}' | tr '\n' ' '
}
STATE_BEFORE=$(state)

# --- bad input -------------------------------------------------------
out=$($TOP </dev/null 2>&1 >/dev/null); rc=$?
check "not a terminal: exit 2" [ $rc -eq 2 ]
check "not a terminal: tells the user to use -b" \
	sh -c 'echo "$1" | grep -q "use -b"' _ "$out"
out=$(setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
	$TOP -b -n 1 2>&1); rc=$?
check "not root: exit 2" [ $rc -eq 2 ]
check "not root: the same one line as the other tools" \
	[ "$out" = "$(setpriv --reuid=65534 --regid=65534 --clear-groups \
		--inh-caps=-all $GATE record -o /dev/null -d 1 2>&1)" ]
$TOP -b --bogus >/dev/null 2>&1
check "unknown option: exit 2" [ $? -eq 2 ]
$TOP -n 3 >/dev/null 2>&1
check "-n without -b: exit 2" [ $? -eq 2 ]
$TOP --totals >/dev/null 2>&1
check "--totals without -b: exit 2" [ $? -eq 2 ]
$TOP -b -d 0 >/dev/null 2>&1
check "interval 0: exit 2" [ $? -eq 2 ]

# --- environment -------------------------------------------------------
tools/zswap-env.sh setup --swapfile "$WORK/swap" --size 2048 \
	--max-pool-percent 1 --shrinker N >/dev/null ||
	{ fail "zswap-env setup"; summary; exit 1; }
make_cgroup 128 zswap-cold || { fail "cgroup"; summary; exit 1; }
CGC=$CG
make_cgroup 128 zswap-hot || { fail "cgroup"; summary; exit 1; }
CGH=$CG
COLD=${CGC##*/}
HOT=${CGH##*/}

# Recipe A of tools/zswap-env.sh over two cgroups: a cold hog fills its
# cgroup and idles, a hot one churns; the pool fills and shrink_worker
# writes the cold entries back.
workload() {
	sh -c "echo \$\$ > $CGC/tasks 2>/dev/null || echo \$\$ > $CGC/cgroup.procs
		exec $HOG -q -m 512 -w 15 -c 1536 -s 1" &
	sleep 3
	sh -c "echo \$\$ > $CGH/tasks 2>/dev/null || echo \$\$ > $CGH/cgroup.procs
		exec $HOG -q -m 512 -p 4 -c 1536 -s 2"
	wait
}

# --- the TUI in tmux ---------------------------------------------------
cap() { tmux capture-pane -p -t "$1"; }
# after zswaptop: its exit status and the terminal modes it left behind
AFTER='echo "exit=$?"; stty -a | tr " ;" "\n\n" | grep -x -e icanon -e -icanon -e echo -e -echo | tr "\n" " "; echo; sleep 300'

tmux new-session -d -s "$SESS" -x 160 -y 50 \
	"echo \$\$ > $WORK/tui.pid; $TOP -d 1; $AFTER"
sleep 3
check "TUI: first screen drawn" sh -c 'tmux capture-pane -p -t "$1" | head -n 1 |
	grep -q "^zswaptop  kernel"' _ "$SESS"

workload &
WPID=$!
i=0
: > "$WORK/caps"
while kill -0 $WPID 2>/dev/null && [ $i -lt 60 ]; do
	sleep 1
	cap "$SESS" >> "$WORK/caps"
	i=$((i + 1))
done
wait $WPID
WPID=""
# values of the first rate column: "stores  3.0k counter"
rate_seen() {
	awk -v l="$1" 'index($0, l " ") == 1 {
		v = substr($0, length(l) + 1); split(v, a, " ")
		if (a[1] != "0" && a[1] != "n/a") { found = 1 } }
		END { exit !found }' "$WORK/caps"
}
check "TUI: non-zero store rate" rate_seen "stores"
check "TUI: non-zero load rate" rate_seen "load hits"
check "TUI: loads shown from vmstat zswpin with their source (no load hook here)" \
	grep -q "^load hits .* counter" "$WORK/caps"
check "TUI: non-zero writeback rate" rate_seen "writebacks"
check "TUI: the hogs' cgroups are in the table" \
	sh -c 'grep -q "$1" "$3" && grep -q "$2" "$3"' _ "$COLD" "$HOT" "$WORK/caps"

# keys, on a paused (frozen) frame so orders can be compared
tmux send-keys -t "$SESS" p
sleep 1
cap "$SESS" > "$WORK/paused"
check "p: paused" grep -q "PAUSED" "$WORK/paused"
# ZSWPOUT/s (default sort) is non-increasing down the table
zswpout_sorted() {
	awk -v c="$COLD" -v h="$HOT" '
	function num(s) { m = 1; gsub(/,/, "", s)
		if (s ~ /k$/) m = 1e3; if (s ~ /M$/) m = 1e6; if (s ~ /G$/) m = 1e9
		return (s + 0) * m }
	/ZSWPOUT\/s/ { t = 1; next }
	t && (index($0, c) || index($0, h)) { v = num($(NF - 5))
		if (n++ && v > last) bad = 1; last = v }
	END { exit !(n == 2 && !bad) }' "$1"
}
check "sort: rows ordered by ZSWPOUT/s, descending" zswpout_sorted "$WORK/paused"
order() { awk -v c="$COLD" -v h="$HOT" 'index($0, c) { print "cold" }
	index($0, h) { print "hot" }' "$1" | tr '\n' ' '; }
for k in 1 2 3 4 5 6; do tmux send-keys -t "$SESS" s; done
sleep 1
cap "$SESS" > "$WORK/byname"
tmux send-keys -t "$SESS" r
sleep 1
cap "$SESS" > "$WORK/byname-rev"
check "s: sort by CGROUP named in the status line" grep -q "sort CGROUP |" "$WORK/byname"
check "s: by name, cold before hot" [ "$(order "$WORK/byname")" = "cold hot " ]
check "r: reversed order" [ "$(order "$WORK/byname-rev")" = "hot cold " ]
tmux send-keys -t "$SESS" -l "/$HOT"
tmux send-keys -t "$SESS" Enter
sleep 1
cap "$SESS" > "$WORK/filtered"
check "/: filter hides the other cgroup" \
	sh -c '! grep -q "$1" "$3" && grep -q "$2" "$3" && grep -q "rows 1/" "$3"' \
	_ "$COLD" "$HOT" "$WORK/filtered"
tmux send-keys -t "$SESS" / Escape
sleep 1
check "Esc: filter cleared" sh -c 'tmux capture-pane -p -t "$1" | grep -q "filter none"' _ "$SESS"
tmux send-keys -t "$SESS" h
sleep 1
check "h: help appears" sh -c 'tmux capture-pane -p -t "$1" | grep -q "this help"' _ "$SESS"
tmux send-keys -t "$SESS" x
sleep 1
check "any key: help closes" sh -c '! tmux capture-pane -p -t "$1" | grep -q "this help"' _ "$SESS"
tmux send-keys -t "$SESS" Tab
sleep 1
check "tab: histograms panel focused" sh -c 'tmux capture-pane -p -t "$1" | tail -n 1 | grep -q "^histograms |"' _ "$SESS"

tmux send-keys -t "$SESS" +
sleep 1
check "+: longer interval" sh -c 'tmux capture-pane -p -t "$1" | head -n 1 | grep -q "every 2s"' _ "$SESS"
tmux send-keys -t "$SESS" -
sleep 1
check "-: shorter interval" sh -c 'tmux capture-pane -p -t "$1" | head -n 1 | grep -q "every 1s"' _ "$SESS"

# resize: too small -> only the one-line message; bigger -> a clean frame
tmux resize-window -t "$SESS" -x 70 -y 20
sleep 1
cap "$SESS" > "$WORK/small"
check "resize 70x20: one line says the terminal is too small" \
	sh -c 'head -n 1 "$1" | grep -q "^terminal too small: 70x20, zswaptop needs 80x24$" &&
	       [ "$(tail -n +2 "$1" | tr -d " \n" | wc -c)" -eq 0 ]' _ "$WORK/small"
tmux resize-window -t "$SESS" -x 100 -y 30
sleep 1
cap "$SESS" > "$WORK/big"
check "resize 100x30: redrawn without garbage" \
	sh -c '[ "$(wc -l < "$1")" -eq 30 ] && head -n 1 "$1" | grep -q "^zswaptop  kernel" &&
	       [ "$(grep -c "zswaptop  kernel" "$1")" -eq 1 ] &&
	       ! grep -q "too small" "$1" && tail -n 1 "$1" | grep -q "| rows " &&
	       [ "$(awk "length > 100" "$1" | wc -l)" -eq 0 ]' _ "$WORK/big"
tmux send-keys -t "$SESS" q
sleep 2
cap "$SESS" > "$WORK/after-q"
check "q: exit status 0" grep -q "^exit=0" "$WORK/after-q"
check "q: terminal restored (icanon echo)" grep -q "^icanon echo" "$WORK/after-q"

# SIGTERM: a clean exit, terminal restored
tmux new-session -d -s "$SESS-term" -x 100 -y 30 \
	"sh -c 'echo \$\$ > $WORK/term.pid; exec $TOP -d 1'; $AFTER"
sleep 3
kill -TERM "$(cat "$WORK/term.pid")"
sleep 2
cap "$SESS-term" > "$WORK/after-term"
check "SIGTERM: exit status 0" grep -q "^exit=0" "$WORK/after-term"
check "SIGTERM: terminal restored (icanon echo)" grep -q "^icanon echo" "$WORK/after-term"

# --- batch mode vs zswap-gate record -----------------------------------
out=$($TOP -b -n 2 -d 0.5 -w 100); rc=$?
check "-b -n 2: two frames, exit 0" \
	[ "$rc $(echo "$out" | grep -c "^zswaptop  kernel ")" = "0 2" ]
check "-b: frames only, no totals and no keys (like top -b)" \
	sh -c '! echo "$1" | grep -q -e "^totals\\? " -e "h help" -e "q quit"' _ "$out"
check "-b -w 100: no line wider than 100" \
	sh -c '[ "$(echo "$1" | awk "length > 100" | wc -l)" -eq 0 ]' _ "$out"
out=$($TOP -b -n 2 -d 0.5 --totals); rc=$?
check "-b --totals: the window's totals after each frame" \
	[ "$rc $(echo "$out" | grep -c "^totals frame ")" = "0 2" ]
# zswaptop starts first and stops (SIGTERM) a full frame after the record
# ends, so the record's window lies inside its frames; nothing else swaps
# on the host meanwhile (host_lock).
$TOP -b --totals -d 1 > "$WORK/batch.txt" 2> "$WORK/batch.err" &
BPID=$!
i=0
while ! grep -q "^totals frame 1 " "$WORK/batch.txt" 2>/dev/null && [ $i -lt 30 ]; do
	sleep 1; i=$((i + 1))
done
# the cgroup table is always shown, so its tracepoint is attached
progs=$(bpf_prog_names "$BPID")
check "zswaptop -b: count_memcg_events attached for the cgroup table" \
	sh -c 'echo "$1" | grep -qx tp_memcg_events' _ "$progs"
R=$WORK/rec.json
$GATE record -q -o "$R" --cgroup "$CGH" -- sh -c "
	sh -c 'echo \$\$ > $CGC/tasks 2>/dev/null || echo \$\$ > $CGC/cgroup.procs
		exec $HOG -q -m 512 -w 15 -c 1536 -s 1' & sleep 3
	$HOG -q -m 512 -p 4 -c 1536 -s 2; wait"
check "record exits 0" [ $? -eq 0 ]
sleep 2.5
kill -TERM $BPID
wait $BPID
check "batch: SIGTERM ends it with exit 0" [ $? -eq 0 ]
BPID=""
frames=$(grep -c "^totals frame " "$WORK/batch.txt")
echo "batch: $frames frames around a $(jq -r .duration_s "$R") s record"
check "batch: frames cover the record" \
	gt "$frames" "$(jq -r '.duration_s + 1' "$R")"
check "batch: one header per frame, like top -b" \
	[ "$(grep -c "^zswaptop  kernel" "$WORK/batch.txt")" -eq "$frames" ]
bsum() {
	awk -v n="$1" '$1 == "total" && $2 == n && $3 != "n/a" { s += $3; k++ }
		END { if (k) printf "%.0f\n", s; else print "n/a" }' "$WORK/batch.txt"
}
for m in store_calls store_success store_reject load_hits written_back_pages \
	shrink_worker_wakeups pool_limit_hit "swap_write_bios{origin=writeback}" \
	"swap_write_pages{origin=writeback}" "swap_write_bios{origin=reclaim}" \
	"swap_write_pages{origin=reclaim}" pswpin pswpout zswpin zswpout zswpwb; do
	b=$(bsum "$m")
	r=$(metric "$R" "$m")
	echo "$m: batch sum $b, record $r"
	check "batch total of $m = record within 1%" within "$b" "$r" 1
done
check "batch: writeback happened in the window" gt "$(bsum written_back_pages)" 1000
for k in zswpout zswpin zswpwb; do
	b=$(awk -v h="$HOT" -v k="$k" '$1 == "cgroup" && index($NF, h) {
		for (i = 2; i < NF; i += 2) if ($i == k) s += $(i + 1) }
		END { printf "%.0f\n", s }' "$WORK/batch.txt")
	r=$(metric "$R" "cgroup_$k{cgroup=$CGH}")
	echo "cgroup $HOT $k: batch sum $b, record $r"
	check "batch per-cgroup $k of the hot hog = record within 1%" within "$b" "$r" 1
done

rmdir "$CGC" "$CGH" && CGC="" CGH=""

# --- a removed cgroup leaves the BPF map (cgroup_counts would fill) ---
# zswaptop's map, through its fds (other tools may have their own loaded;
# Debian's bpftool lists no pids)
top_map() {
	ids=$(bpftool -j map show | jq -r '.[] | select(.name == "cgroup_counts") | .id')
	for f in /proc/"$1"/fdinfo/*; do
		id=$(awk '$1 == "map_id:" { print $2 }' "$f" 2>/dev/null)
		for i in $ids; do
			[ "$id" = "$i" ] && { echo "$i"; return; }
		done
	done
}
in_map() {
	bpftool -j map dump id "$1" | jq -e --argjson id "$2" \
		'any(.[]; (.formatted.key // .key) == $id or
		     (.formatted.key // "" | tostring) == ($id | tostring))' >/dev/null
}
make_cgroup 128 zswap-gone || { fail "cgroup"; summary; exit 1; }
CGG=$CG
gid=$(stat -c %i "$CGG")
"$TOP" -b -n 12 -d 1 > "$WORK/prune.txt" 2>&1 &
tp=$!
sleep 2
sh -c "echo \$\$ > $CGG/cgroup.procs && exec $HOG -q -m 256 -p 2 -c 512 -s 1"
sleep 2
mid=$(top_map $tp)
check "zswaptop's cgroup_counts map found (id ${mid:-none})" [ -n "$mid" ]
check "a cgroup that swapped is in cgroup_counts (id $gid)" in_map "$mid" "$gid"
rmdir "$CGG"
sleep 4
not_in_map() { ! in_map "$@"; }
check "once removed, its entry is pruned from cgroup_counts" not_in_map "$mid" "$gid"
wait $tp
trc=$?
check "zswaptop ran through the removal (exit $trc)" [ "$trc" -eq 0 ]
tools/zswap-env.sh restore >/dev/null
check "swap and zswap state restored" [ "$(state)" = "$STATE_BEFORE" ]
summary
