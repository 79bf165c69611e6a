# SPDX-License-Identifier: GPL-2.0
# Shell test helpers: assertions that count, and JSON field access (jq).
# POSIX sh; sourced by the host and guest tiers.

PASSED=0
FAILED=0

pass() { PASSED=$((PASSED + 1)); echo "ok   $*"; }
fail() { FAILED=$((FAILED + 1)); echo "FAIL $*"; }

# check DESCRIPTION COMMAND...: passes when COMMAND succeeds
check() {
	desc=$1
	shift
	if "$@"; then pass "$desc"; else fail "$desc"; fi
}

# Both compare numbers only: "null" (a metric a record lacks) or an empty
# string fails the check, where awk would read it as 0 or compare strings.
NUMS='function num(x) { gsub(/^[ \t]+|[ \t]+$/, "", x)
	return x ~ /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/ }'

# within A B PCT [SLACK]: |A - B| <= PCT% of max(|B|, 1), plus SLACK
within() {
	awk -v a="$1" -v b="$2" -v p="$3" -v s="${4:-0}" "$NUMS"' BEGIN {
		if (!num(a) || !num(b) || !num(s)) exit 1
		d = a - b; if (d < 0) d = -d
		m = b < 0 ? -b : b; if (m < 1) m = 1
		exit !(d <= m * p / 100 + s) }'
}

# skipped_pages RUNS RECORD: the writeback pages RUNS skipped BPF runs may
# cost RECORD's counts: each misses at most one writeback bio, or gives it
# the wrong origin; a bio may carry more than the mean pages per bio, so
# one page more than the mean where bios carry several (one page a run
# when the record has no writeback bio)
skipped_pages() {
	awk -v m="$1" -v p="$(metric "$2" "pages_per_bio{origin=writeback}")" "$NUMS"' BEGIN {
		if (!num(m)) exit 1
		if (!num(p) || p < 1) p = 1
		printf "%d\n", m * (p > 1 ? p + 1 : 1) }'
}

# gt A B: A > B
gt() { awk -v a="$1" -v b="$2" "$NUMS"' BEGIN { exit !(num(a) && num(b) && a + 0 > b + 0) }'; }

# metric FILE NAME: value of a metric in a record ("null" when n/a)
metric() { jq -r --arg n "$2" '.metrics[$n].value' "$1"; }
msource() { jq -r --arg n "$2" '.metrics[$n].source' "$1"; }
# row JSON LABEL FIELD: a field of the row with that label in the JSON of
# `zswap-gate claims --json`
row() { jq -r --arg l "$2" ".rows[] | select(.label == \$l) | $3" "$1"; }

# counter_delta NAME BEFORE AFTER: after - before of NAME in two files of
# "NAME VALUE" lines (by FILENAME: with FNR == NR an empty BEFORE would
# make AFTER's lines the "before" ones)
counter_delta() {
	awk -v k="$1" '$1 != k { next } FILENAME == ARGV[1] { b = $2; next }
		{ a = $2 } END { print a - b }' "$2" "$3"
}

# cdelta NAME: after - before of a counter a guest script captured
cdelta() { counter_delta "$1" "$D/before.txt" "$D/after.txt"; }

# counter NAME: /proc/vmstat or debugfs zswap value
vmstat() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }
dbgfs() { cat "/sys/kernel/debug/zswap/$1"; }

# A child of our own memory cgroup (v1 on the host, v2 in guests).
# make_cgroup LIMIT_MiB [NAME]: sets CG to the new cgroup's path
make_cgroup() {
	limit_mib=$1
	if grep -q memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
		CG=/sys/fs/cgroup/${2:-zswap-test}.$$
		mkdir "$CG" && echo $((limit_mib << 20)) > "$CG/memory.max"
	else
		own=$(awk -F: '$2 ~ /(^|,)memory(,|$)/ { print $3 }' /proc/self/cgroup)
		CG=/sys/fs/cgroup/memory${own%/}/${2:-zswap-test}.$$
		mkdir "$CG" && echo $((limit_mib << 20)) > "$CG/memory.limit_in_bytes"
	fi
}

# contended N: true when a window saw at least 50 contentions under zswap
# (N). Below that the kernel did not trace zswap's lock contention: the
# 6.18 host of 2026-11-30 on (6.18.44-fc-v782, 2 CPUs, a paravirtualized
# kernel on PVM) traces almost none, where the earlier 6.18 hosts traced
# about 20,000 a second for the same hogs (queued spinlocks trace a
# waiter only once it queues behind another; with paravirt spinlocks every
# waiter did). The checks that need contention are then skipped with this
# reason printed; what does not need it (exit codes, the plan, agreement
# with perf on the same window) still runs, and the guest tier checks
# zswap lock contention on 6.1 and 6.12.
contended() {
	[ "$1" -ge 50 ] && return 0
	echo "SKIP (contention checks): this kernel ($(uname -r), $(nproc) CPUs) traced $1 contentions under zswap in the window; too few to check (see contended() in tests/lib.sh)"
	return 1
}

# guest_boot DIR RUN_GUEST_ARGS...: boots a guest whose results land in
# DIR (tools/guest/run-guest.sh -q -o DIR ...), or, with GUEST_REUSE=1,
# takes the results a previous boot left there; sets GUEST_RC.
# guest_kernels MAKE_TEST_LIST ALL_LIST: the kernels a guest script boots:
# GUEST_KERNELS when set; every kernel it supports under GUEST_ALL=1
# (`make test-guest-all`); else the list `make test` affords within CI's
# hour (7.x, the kernel the series are written for, and 6.12; 6.1 where
# the script is the only one to cover it).
guest_kernels() {
	if [ -n "${GUEST_KERNELS:-}" ]; then
		echo "$GUEST_KERNELS"
	elif [ "${GUEST_ALL:-0}" = 1 ]; then
		echo "$2"
	else
		echo "$1"
	fi
}

guest_boot() {
	gdir=$1
	shift
	gstart=$(date +%s)
	if [ "${GUEST_REUSE:-0}" = 1 ] && [ -f "$gdir/rc" ]; then
		GUEST_RC=$(cat "$gdir/rc")
	else
		rm -rf "$gdir"
		mkdir -p "$gdir"
		tools/guest/run-guest.sh -q -o "$gdir" "$@"
		GUEST_RC=$?
	fi
	echo "$gdir: guest part took $(($(date +%s) - gstart)) s (with the wait for the guest lock)"
}

# tally NAME LOG: adds LOG's closing "N passed, N failed" line to
# TOTAL_P and TOTAL_F; a LOG without one (a run that died) is one failure.
TOTAL_P=0
TOTAL_F=0
tally() {
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$2" | tail -n 1)
	if [ -z "$line" ]; then
		echo "FAIL $1: no result line (did not run to the end)"
		TOTAL_F=$((TOTAL_F + 1))
		return
	fi
	p=${line%% passed*}
	f=${line#*passed, }
	TOTAL_P=$((TOTAL_P + p))
	TOTAL_F=$((TOTAL_F + ${f%% failed*}))
}

# stop_cgroup_tasks DIR: kills every task left in the cgroup DIR (the
# hogs a script started), so swapoff and rmdir can succeed.
stop_cgroup_tasks() {
	[ -n "$1" ] && [ -d "$1" ] || return 0
	for i in 1 2 3 4 5 6 7 8 9 10; do
		pids=$(cat "$1/cgroup.procs" 2>/dev/null)
		[ -z "$pids" ] && return 0
		# shellcheck disable=SC2086
		kill $pids 2>/dev/null
		sleep 0.5
	done
}

# env_cleanup: the usual EXIT trap of a script that made cgroup $CG and
# set up swap and zswap with tools/zswap-env.sh.
env_cleanup() {
	if [ -n "${CG:-}" ]; then
		stop_cgroup_tasks "$CG"
		rmdir "$CG" 2>/dev/null
	fi
	tools/zswap-env.sh restore >/dev/null 2>&1
}

summary() {
	echo "$PASSED passed, $FAILED failed"
	[ "$FAILED" -eq 0 ]
}

# bpf_prog_names PID: the names of the BPF programs PID holds, one a line
# (prog_id of its fds' fdinfo, named by bpftool)
bpf_prog_names() {
	for f in /proc/"$1"/fdinfo/*; do
		sed -n 's/^prog_id:[[:space:]]*//p' "$f" 2>/dev/null
	done | sort -u | while read -r id; do
		bpftool prog show id "$id" -j 2>/dev/null | jq -r .name
	done
}

# Only one test at a time may own the host's swap and zswap settings,
# and only one qemu guest runs at a time on the two-core machines: the
# scripts take these locks (held until the script exits).
host_lock() {
	exec 9>/run/zswap-toolkit.host.lock
	flock 9
}

# A free loopback port (Debian's prometheus and node_exporter services
# use 9090 and 9100; the tests run their own instances).
free_port() {
	while :; do
		p=$(awk -v s="$(date +%N)" 'BEGIN { srand(s); print 20000 + int(rand() * 30000) }')
		curl -s -o /dev/null "http://127.0.0.1:$p/" || { echo "$p"; return; }
	done
}
# up URL: waits for a server to answer (15 s at most)
up() {
	i=0
	while [ $i -lt 150 ]; do
		curl -sf -o /dev/null "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# labels FILE: the first word of each line that starts at column 0 (a
# heading or a row's name), numbers and temporary names (mktemp's 6
# characters, ids of 16 hex digits or more) folded: an output's skeleton,
# which the activity a live tool counts changes less than its rows
labels() {
	sed -nE '/^[^ \t]/{ s/[ \t].*//; s/\.[A-Za-z0-9]{6}\b/.XXXXXX/g;
		s/[0-9a-f]{16,}/ID/g; s/[0-9][0-9.,]*/#/g; p; }' "$1"
}
# label_share A B: the percentage of A's labels that B has
label_share() {
	_lb=$(mktemp)
	labels "$2" > "$_lb"
	labels "$1" | awk 'FILENAME == ARGV[1] { have[$0] = 1; next }
		{ n++; if ($0 in have) f++ }
		END { print n ? int(100 * f / n) : 0 }' "$_lb" -
	rm -f "$_lb"
}
