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

# within A B PCT: |A - B| <= PCT% of max(|B|, 1)
within() {
	awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN {
		d = a - b; if (d < 0) d = -d
		m = b < 0 ? -b : b; if (m < 1) m = 1
		exit !(d <= m * p / 100) }'
}

gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }

# metric FILE NAME: value of a metric in a record ("null" when n/a)
metric() { jq -r --arg n "$2" '.metrics[$n].value' "$1"; }
msource() { jq -r --arg n "$2" '.metrics[$n].source' "$1"; }

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

summary() {
	echo "$PASSED passed, $FAILED failed"
	[ "$FAILED" -eq 0 ]
}

# Only one test at a time may own the host's swap and zswap settings,
# and only one qemu guest runs at a time on the two-core machines: the
# scripts take these locks (held until the script exits).
host_lock() {
	exec 9>/run/zswap-toolkit.host.lock
	flock 9
}
