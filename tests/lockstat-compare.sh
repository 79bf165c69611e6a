# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the lockstat tiers (tests/host/lockstat.test.sh,
# tests/guest/lockstat.test.sh) after tests/lib.sh.
#
# sampled_vs_exact LABEL REPORT DIR: REPORT is a zswap-lockstat
# --compare-exact --json report: stacks walked by lock address (each
# address's first contention, then 1 in N at random) and, in exact_check,
# the same window with every contention walked. Per lock address and per
# class the counts and waits must be equal (a class marked estimated
# shares an address with another; "other" and "none", the rest, are
# locks the whole kernel takes: those within the callers' tolerance);
# per caller the estimate within
# 4 sigma of a 1-in-N binomial sample, 4 * sqrt(N * exact) + N, where N is
# sample_every, or sample_other_every for the rows of the rest of the
# kernel's locks (class other, op none: an address whose walks show no
# zswap frame is walked that much less). DIR takes the files.
sampled_vs_exact() {
	sl=$1 sr=$2 sd=$3
	check "$sl: stacks walked by lock address" \
		[ "$(jq -r .sampling.mode "$sr")" = by_address ]
	sn=$(jq .sampling.sample_every "$sr")
	# the rest of the kernel's addresses: 1 in so (null: at sample_every)
	so=$(jq '.sampling.sample_other_every // .sampling.sample_every' "$sr")
	stotal=$(jq .contentions "$sr")
	swalked=$(jq .sampling.walked "$sr")
	snlocks=$(jq '.locks | length' "$sr")
	echo "$sl: walked $swalked of $stotal contentions on $snlocks lock addresses (1 in $sn at random after the first)"
	check "$sl: exact view present, same total ($(jq .exact_check.contentions "$sr"))" \
		[ "$(jq .exact_check.contentions "$sr")" -eq "$stotal" ]
	# a window with almost no contention has nothing to sample: the
	# ratio and caller checks below need some (a kernel that traced none
	# at all, as one CI host did, perf included)
	if [ "$stotal" -lt 50 ]; then
		echo "SKIP ($sl: sampled vs exact): this kernel ($(uname -r)) traced $stotal contentions in the window, under 50: nothing to sample"
		return 0
	fi
	# each address: its first contention, then 1 in N (and a few more
	# when two CPUs race on an address's first, or kallsyms changed)
	check "$sl: walked at most addresses + total / N, twice over ($swalked)" \
		[ "$swalked" -le $((2 * snlocks + 2 * stotal / sn)) ]
	[ "$stotal" -lt $((20 * snlocks)) ] ||
		check "$sl: walked under a quarter of the contentions ($swalked of $stotal)" \
			[ $((swalked * 4)) -lt "$stotal" ]

	jq -r '.locks[] | "\(.lock) \(.contentions) \(.total_ns)"' "$sr" | sort > "$sd/addr.sampled"
	jq -r '.exact_check.locks[] | "\(.lock) \(.contentions) \(.total_ns)"' "$sr" |
		sort > "$sd/addr.exact"
	sdiff=$(diff "$sd/addr.sampled" "$sd/addr.exact" | grep -c '^[<>]')
	check "$sl: per lock address, counts and waits equal the exact view ($snlocks addresses, $sdiff lines differ)" \
		[ "$sdiff" -eq 0 ]

	sclasses() {
		jq -r "$1"' | (.classes | map({key: .class, value: .contentions}) | from_entries) +
			{none: (.contentions - .zswap_contentions)} | to_entries[] |
			"\(.key) \(.value)"' "$sr" | sort
	}
	sclasses . > "$sd/class.sampled"
	sclasses .exact_check > "$sd/class.exact"
	# other (slab, page allocator) and none are locks the rest of the
	# kernel takes too: an address whose zswap contentions were never
	# walked counts as none, so both are estimates (docs/zswap-lockstat.md), with the
	# classes the report marks
	sest="$(jq -r '[.classes[] | select(.estimated) | .class] | join(" ")' "$sr") other none"
	while read -r c x; do
		e=$(awk -v c="$c" '$1 == c { print $2 }' "$sd/class.sampled")
		case " $sest " in
		*" $c "*)
			cn=$sn
			case $c in other | none) cn=$so ;; esac
			check "$sl: class $c (estimated), within 4 sqrt(N * exact) + N, N $cn ($e vs $x)" \
				awk -v a="${e:-0}" -v b="$x" -v n="$cn" 'BEGIN {
					d = a - b; if (d < 0) d = -d
					exit !(d <= 4 * sqrt(n * b) + n) }' ;;
		*)
			check "$sl: class $c, count equals the exact view ($e vs $x)" \
				[ "${e:-0}" -eq "$x" ] ;;
		esac
	done < "$sd/class.exact"
	check "$sl: classes compared" [ -s "$sd/class.exact" ]

	scallers() {
		jq -r "$1"'.callers[] | "\(.class)/\(.op)/\(.caller) \(.contentions)"' "$sr" | sort
	}
	scallers "" > "$sd/callers.sampled"
	scallers .exact_check > "$sd/callers.exact"
	join -a 1 -a 2 -e 0 -o 0,1.2,2.2 "$sd/callers.exact" "$sd/callers.sampled" \
		> "$sd/callers.joined"
	# N of a row: its class/op/caller key says whether it is the rest's
	rowrate='function rate(k) { return k ~ /^other\// || k ~ /^[^\/]*\/none\// ? o : n }'
	awk -v n="$sn" -v o="$so" -v l="$sl" "$rowrate"'
		{ d = $3 - $2; if (d < 0) d = -d; r = rate($1)
			if (d > 4 * sqrt(r * $2) + r) {
				bad++; print "  " $1 ": exact " $2 ", estimated " $3 }
			dev += d; sum += $2; rows++ }
		END { printf "%s: %d caller rows, estimates off by %d of %d contentions (%.1f%%), %d beyond 4 sigma\n",
			l, rows, dev, sum, sum ? 100 * dev / sum : 0, bad
			print bad + 0 > bad_file }' bad_file="$sd/callers.bad" "$sd/callers.joined"
	sbad=$(cat "$sd/callers.bad")
	check "$sl: per caller, every estimate within 4 sqrt(N * exact) + N of the exact view ($sbad not)" \
		[ "$sbad" -eq 0 ]
	check "$sl: caller rows compared ($(wc -l < "$sd/callers.joined"))" \
		[ -s "$sd/callers.joined" ]
}
