#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# SAN tier, live part: every tool of the ASan + UBSan build (make SAN=1,
# build/san/) once on this host while hogs swap in a 128 MiB memory
# cgroup: record, plan, compare and claims (fixture and live records),
# run, zswaptop -b and its TUI in tmux, zswap-lockstat, zswap-export
# --once, zswap-iostall and hookbench, and bad inputs that must exit 2.
# A check fails on a sanitizer report in the tool's stderr or on an
# unexpected exit code. Needs root and tmux; about two minutes. Leaves
# swap and zswap as it found them.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
. tests/san/san.sh
host_lock

HOG=$PWD/$SAN/hog
GATE=$SAN/zswap-gate
A=tests/fixtures/records/seed000/a
B=tests/fixtures/records/seed000/b
F=tests/fixtures/claims/seed000-fixture.yaml
WORK=$(mktemp -d /tmp/zswap-san.XXXXXX)
export ZSWAP_ENV_STATE=$WORK/env.state
CG=""
trap 'tmux kill-session -t "zswap-san-$$" 2>/dev/null; env_cleanup; rm -rf "$WORK"' EXIT INT TERM

if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP SAN smoke: needs root (BPF, swap and zswap)"
	exit 1
fi
san_built zswap-gate zswaptop zswap-lockstat zswap-export zswap-iostall \
	hookbench hog

# --- no privileges needed: the readers, on fixtures -------------------
san "compare fixture arms" 0 $GATE compare $A -- $B
san "compare --json" 0 $GATE compare --json $A -- $B
san "compare --markdown --plot" 0 $GATE compare --markdown --plot "$WORK/plot" $A -- $B
# the fixture claims file has a row of every verdict, one contradicted
san "claims fixture (a row contradicted)" 1 $GATE claims $F $A -- $B
san "claims --json" 1 $GATE claims --json $F $A -- $B
for c in claims/*.yaml; do
	san "claims $c on the fixture records" 0 $GATE claims --markdown \
		--allow-not-measurable "$c" $A -- $B
done
for r in tests/fixtures/records/bad/*; do
	san "compare with bad record ${r##*/}: exit 2" 2 $GATE compare $A -- "$r"
done
san "record: unknown option, exit 2" 2 $GATE record --bogus
san "claims: missing file, exit 2" 2 $GATE claims "$WORK/none.yaml" $A -- $B
san "zswaptop -b: bad interval, exit 2" 2 $SAN/zswaptop -b -d 0
san "lockstat: bad duration, exit 2" 2 $SAN/zswap-lockstat -d -1
san "export: no output, exit 2" 2 $SAN/zswap-export --once

# zswap idle (no swap yet): no cgroup has zswap events, the table is empty
san "zswaptop -b --locks --iocost, zswap idle" 0 \
	$SAN/zswaptop -b -n 2 -d 1 --locks --iocost

# --- live: swap, zswap and hogs ----------------------------------------
tools/zswap-env.sh setup --swapfile "$WORK/swap" --size 1024 \
	--max-pool-percent 1 --shrinker N >/dev/null ||
	{ fail "zswap-env setup"; summary; exit 1; }
make_cgroup 128 zswap-san || { fail "cgroup"; summary; exit 1; }

san "plan" 0 $GATE plan --cgroup "$CG"
san "record --locks --iocost --self-stats --events of a swapping hog" 0 \
	$GATE record -q --locks --iocost --self-stats --events "$WORK/ev.jsonl" \
	-o "$WORK/live.json" --cgroup "$CG" -- $HOG -q -m 384 -p 2 -c 1536 -s 1
check "record: the hog swapped through zswap (zswpout > 1000)" \
	gt "$(metric "$WORK/live.json" zswpout)" 1000
san "record -d 1" 0 $GATE record -q -o "$WORK/idle.json" -d 1
# one record an arm: no gating metric can be tested (exit 3), and with
# --allow-untested the pass/fail path runs
san "compare the live records" 3 $GATE compare "$WORK/live.json" -- "$WORK/idle.json"
san "compare the live records, --allow-untested" "0|1" $GATE compare --allow-untested \
	"$WORK/live.json" -- "$WORK/idle.json"

# a hog that keeps swapping while the other tools look (killed at exit)
sh -c 'echo $$ > "$1/cgroup.procs" && exec "$2" -q -m 384 -p 100000 -c 1536 -s 2' \
	_ "$CG" "$HOG" &
sleep 2
san "zswaptop -b --locks --iocost" 0 $SAN/zswaptop -b -n 2 -d 1 --locks --iocost
san "zswaptop -b --cgroup" 0 $SAN/zswaptop -b -n 2 -d 1 -w 200 --cgroup "$CG"
# the TUI (ncurses) in tmux: every key once, a resize, then q
TUI_SESS=zswap-san-$$
tui_keys() {
	tmux new-session -d -s "$TUI_SESS" -x 160 -y 50 \
		"ASAN_OPTIONS=$ASAN_OPTIONS UBSAN_OPTIONS=$UBSAN_OPTIONS \
		$SAN/zswaptop --locks --iocost 2>'$WORK/tui.err'; echo \$? >'$WORK/tui.rc'" ||
		return 1
	sleep 3
	for k in s s r p p h x Tab Tab + - Down PgDn PgUp; do
		tmux send-keys -t "$TUI_SESS" "$k"
		sleep 0.3
	done
	tmux send-keys -t "$TUI_SESS" -l "/zswap"
	tmux send-keys -t "$TUI_SESS" Enter
	tmux resize-window -t "$TUI_SESS" -x 70 -y 20
	sleep 1.5
	tmux resize-window -t "$TUI_SESS" -x 100 -y 30
	sleep 1.5
	tmux send-keys -t "$TUI_SESS" q
	for i in 1 2 3 4 5 6 7 8 9 10; do
		[ -s "$WORK/tui.rc" ] && break
		sleep 0.5
	done
	tmux kill-session -t "$TUI_SESS" 2>/dev/null
	cat "$WORK/tui.err" >&2
	return "$(cat "$WORK/tui.rc" 2>/dev/null || echo 124)"
}
if command -v tmux >/dev/null; then
	san "zswaptop TUI in tmux: keys, resize, q" 0 tui_keys
else
	fail "tmux missing: run tools/install-deps.sh"
fi
san "zswap-lockstat -d 3" 0 $SAN/zswap-lockstat -d 3
san "zswap-lockstat --all --json -d 1" 0 $SAN/zswap-lockstat --all --json -d 1
san "zswap-export --once --cgroups --locks --iocost" 0 \
	$SAN/zswap-export -o "$WORK/zswap.prom" --once -i 1 --cgroups --locks --iocost
check "zswap-export: the textfile written" grep -q '^zswap_' "$WORK/zswap.prom"
san "zswap-iostall --cgroup over a hog" 0 \
	$SAN/zswap-iostall --cgroup "$CG" -- $HOG -q -m 128 -p 1 -c 1536 -s 3
san "zswap-lockstat --plan" 0 $SAN/zswap-lockstat --plan
san "zswap-lockstat -- COMMAND" 0 $SAN/zswap-lockstat -- sleep 1
# fentry is refused on some hosts (exit 1 then): its error path runs clean
san "hookbench" "0|1" $SAN/hookbench -f zswap_store -- sleep 1
# claims on 2 runs of 1 s: a row may be contradicted (1) or untested (3:
# a directional row's metric n/a on this host); its paths run clean
san "zswap-gate run -n 2, then claims" "0|1|3" $GATE run -n 2 \
	--arm-a max_pool_percent=1 --arm-b max_pool_percent=2 -o "$WORK/run" \
	--claims claims/000-batch-writeback-io.yaml -d 1
san "compare the run's arms (2 runs an arm: untested)" 3 $GATE compare "$WORK/run/a" -- "$WORK/run/b"
summary
