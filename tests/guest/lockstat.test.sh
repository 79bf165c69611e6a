#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest tier for zswap-lockstat: Debian's 6.1 (one rb-tree and spinlock
# per swap type, zbud) and 6.12 (an xarray per 64 MiB of swap, zsmalloc)
# under qemu with four vCPUs and eight concurrent swapping hogs
# (tests/guest/lockstat.in-guest.sh). Checks: zswap's tree lock is
# contended on 6.1; on 6.12 the report spreads the contention over tree
# indexes; the address map of zswap_trees[] (read through kallsyms, which
# Debian builds with CONFIG_KALLSYMS_ALL) agrees with the stack-based
# classification for every tree lock; the tree indexes fit the 512 MiB
# swap disk (8 trees of 64 MiB); on 6.12, stacks walked by lock address
# (as where fentry is refused: --no-fentry) give the counts of every
# contention walked in the same window (--compare-exact), exactly per
# lock address and per class, per caller within 4 sigma of the sample
# (tests/lockstat-compare.sh); the default mode (fentry) times only the
# contentions inside zswap's operations and counts the others, which
# the --all instance times; its gate keeps it detached from the
# tracepoints while swap is idle and attaches it when a hog swaps.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
. tests/lockstat-compare.sh

OUT=${GUEST_OUT:-build/guest}/lockstat
# A guest that sees the CPUID hypervisor bit replaces the queued spinlock
# slowpath by a test-and-set loop (virt_spin_lock(), for hypervisors
# without paravirt spinlocks, as TCG) that returns before
# lock:contention_begin: no spinlock contention would ever be traced.
# Without the bit the guest takes the native slowpath, as on bare metal.
export ZSWAP_GUEST_CPU=max,hypervisor=off
# kernels: 6.12 and 7.x under make test; 6.1, 6.12 and 7.x under make test-guest-all
KERNELS=$(guest_kernels "6.12 7.x" "6.1 6.12 7.x")
command -v jq >/dev/null || { echo "jq missing: run tools/install-deps.sh"; exit 1; }


# The default mode walks stacks only in tasks inside a zswap operation
# (fentry brackets): the same window seen with every stack walked (the
# other instance's exact view) must give the same zswap rows. Both
# instances' programs run on every contention; what may differ is a
# zswap lock contended in a zswap function outside the brackets (none
# expected) and the edges of the windows (the filtered one is attached
# around the other's): 2% and 5 contentions per lock class and operation.
filtered_vs_all() {
	ver=$1 A=$2 F=$3
	if [ ! -s "$F" ]; then
		fail "$ver: no report from the filtered instance"
		cat "${F%.json}.err" 2>/dev/null
		return
	fi
	check "$ver: filtered instance exit 0 on SIGTERM" [ "$(cat "${F%.json}.rc")" = 0 ]
	check "$ver: filtered instance walks stacks only inside zswap (fentry)" \
		sh -c 'jq -r .plan.stacks "$1" | grep -q "^walked only in tasks inside a zswap operation (fentry: zswap_.*store"' _ "$F"
	rows() {
		jq -r '['"$2"'.callers[] | select(.zswap)] | group_by(.class + "/" + .op)[] |
			"\(.[0].class)/\(.[0].op) \([.[].contentions] | add)"' "$1" | sort
	}
	rows "$A" "(.exact_check // .)" > "$D/rows.all"
	rows "$F" "" > "$D/rows.filtered"
	nrows=0
	while read -r key a; do
		f=$(awk -v k="$key" '$1 == k { print $2 }' "$D/rows.filtered")
		echo "  $key: exact $a, filtered ${f:-0}"
		nrows=$((nrows + 1))
		check "$ver: $key contentions, filtered = exact (2%, 5)" \
			awk -v a="$a" -v b="${f:-0}" 'BEGIN { d = a - b; if (d < 0) d = -d
				t = a * 0.02; if (t < 5) t = 5; exit !(d <= t) }'
	done < "$D/rows.all"
	check "$ver: zswap rows compared ($nrows)" gt "$nrows" 0
	extra=$(join -v 2 "$D/rows.all" "$D/rows.filtered" | awk '$2 > 5')
	check "$ver: no zswap row only the filtered instance has${extra:+ ($extra)}" [ -z "$extra" ]
	# the default mode times zswap's locks only; --all every lock
	check "$ver: filtered instance times zswap's locks only, --all every lock" \
		[ "$(jq -r .scope.timed "$F") $(jq -r .scope.timed "$A")" = "zswap all" ]
	others=$(jq '.contentions - .zswap_contentions' "$A")
	untimed=$(jq .scope.untimed_contentions "$F")
	# inside a zswap operation but not zswap's: an interrupt's, and on
	# 7.x the reclaim zswap_store's allocations enter (the swap cluster
	# and LRU locks of shrink_folio_list), whose 12 frames do not reach
	# zswap's: timed by the default mode, fewer than --all times
	ftimed=$(jq '.contentions - .zswap_contentions' "$F")
	echo "  --all: $others contentions not zswap's; filtered: $untimed counted only, $ftimed timed not zswap's"
	check "$ver: the filtered instance counts, not times, the others (untimed $untimed + $ftimed >= $others)" \
		awk -v u="$untimed" -v t="$ftimed" -v o="$others" \
			'BEGIN { exit !(u + t >= o * 0.98 - 5) }'
	check "$ver: the filtered instance times fewer contentions not zswap's than --all ($ftimed of $(jq .contentions "$F"), --all $others)" \
		awk -v t="$ftimed" -v o="$others" 'BEGIN { exit !(t <= o / 2 + 5) }'
}

check_kernel() {
	ver=$1
	D=$OUT/$ver
	rm -rf "$D"
	mkdir -p "$D"
	# 6.1 took 154 s on a quiet host, 629 s beside other tiers' guests
	tools/guest/run-guest.sh -q -k "$ver" -c 4 -m 512M -d 512 -t 900 -o "$D" \
		-s tests/guest/lockstat.in-guest.sh -f build/static/zswap-lockstat -f build/static/hog
	rc=$?
	check "$ver: guest ran the test script (rc $rc)" [ $rc -eq 0 ]
	R=$D/lockstat.json
	[ -s "$R" ] || { fail "$ver: no report"; cat "$D/lockstat.err" 2>/dev/null; return; }
	check "$ver: zswap-lockstat exit 0" [ "$(cat "$D/lockstat.rc")" = 0 ]
	check "$ver: four vCPUs" [ "$(cat "$D/nproc")" = 4 ]
	check "$ver: tp_btf hooks" [ "$(jq -r .plan.hook "$R")" = tp_btf ]
	check "$ver: symbols resolved" [ "$(jq -r .plan.symbols "$R")" = true ]
	# struct zspage has no lock of its own before 6.16: no groups
	case $ver in
	6.1 | 6.12)
		check "$ver: no zspage lock groups (plan and locks)" \
			[ "$(jq '[.plan.zspage_groups, ([.locks[] | select(.group)] | length)] | @text' "$R")" = '"[false,0]"' ] ;;
	*)
		check "$ver: zspage locks grouped per pool (struct zspage_lock, 6.16+; $(jq '[.locks[] | select(.group)] | length' "$R") groups)" \
			[ "$(jq .plan.zspage_groups "$R")" = true ] ;;
	esac
	check "$ver: tree map read from zswap_trees ($(jq -r .plan.tree_locks_known "$R") tree locks known$(jq -r '.plan.tree_mapping_why | if . == "" then "" else ": " + . end' "$R"))" \
		[ "$(jq -r .plan.tree_mapping "$R")" = true ]
	check "$ver: the workload used zswap (zswpout $(cdelta zswpout))" gt "$(cdelta zswpout)" 5000
	G=$D/gate.json
	echo "$ver: gate: detached $(jq .scope.detached_s "$G") of $(jq .duration_s "$G") s," \
		"attached $(jq .scope.attaches "$G") times, $(jq .zswap_contentions "$G") zswap contentions"
	check "$ver: gate: exit 0, detached while idle (2 s at least), attached when a hog swapped" \
		sh -c '[ "$(cat "$1")" = 0 ] && jq -e ".scope.detached_s >= 1.9 and .scope.attaches >= 1" "$2" >/dev/null' \
		_ "$D/gate.rc" "$G"
	check "$ver: gate: zswap's contentions seen once attached again" \
		gt "$(jq .zswap_contentions "$G")" 0
	echo "$ver: $(jq .contentions "$R") contentions, $(jq .zswap_contentions "$R") under zswap, failures $(jq -c .failures "$R")"
	jq -r '.callers[] | select(.zswap) |
		"  \(.class) / \(.op) / \(.caller): \(.contentions), p99 <= \(.p99_ns) ns"' "$R"
	jq -r '.trees[] | "  tree \(.type):\(.index) \(.lock) \(.contentions)"' "$R"
	check "$ver: zswap lock contention observed" gt "$(jq .zswap_contentions "$R")" 0
	unmapped=$(jq '[.trees[] | select(.type == null)] | length' "$R")
	check "$ver: every tree lock found by its stack is in zswap_trees[] ($unmapped not)" \
		[ "$unmapped" -eq 0 ]
	check "$ver: tree indexes fit a 512 MiB swap disk (< 8)" \
		[ "$(jq '[.trees[] | select(.index != null and .index >= 8)] | length' "$R")" -eq 0 ]
	filtered_vs_all "$ver" "$R" "$D/filtered.json"
	[ "$ver" = 6.1 ] || sampled_vs_exact "$ver" "$R" "$D"
	case $ver in
	6.1)
		check "6.1: layout is one rb-tree per swap type" \
			[ "$(jq -r .plan.tree_layout "$R")" = "rb-tree per swap type" ]
		tree=$(jq '[.callers[] | select(.class == "tree") | .contentions] | add // 0' "$R")
		check "6.1: the tree spinlock is contended ($tree)" gt "$tree" 0
		check "6.1: one tree, index 0" \
			[ "$(jq '[.trees[] | select(.index != 0)] | length' "$R")" -eq 0 ]
		bad=$(jq -r '.callers[] | select(.class == "tree") |
			select(.caller | test("^zswap_frontswap_|^zswap_writeback_entry") | not) | .caller' "$R")
		check "6.1: tree lock callers are the frontswap hooks${bad:+ (not: $bad)}" [ -z "$bad" ]
		;;
	6.12 | 7.x)
		check "$ver: layout is an xarray per 64 MiB" \
			[ "$(jq -r .plan.tree_layout "$R")" = "xarray per 64 MiB of swap" ]
		n=$(jq '[.trees[] | select(.class == "xarray") | .index] | unique | length' "$R")
		check "$ver: xarray contention spread over several tree indexes ($n)" gt "$n" 1
		bad=$(jq -r '.callers[] | select(.class == "xarray") |
			select(.caller | test("^(xa_|__xa_|xas_|zswap_writeback_entry|shrink_memcg_cb)") | not) | .caller' "$R")
		check "$ver: xarray callers are xa_* from zswap${bad:+ (not: $bad)}" [ -z "$bad" ]
		;;
	esac
}

for k in $KERNELS; do
	check_kernel "$k"
done
summary
