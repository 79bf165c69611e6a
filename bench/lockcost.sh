#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# lockcost.sh STATS EMPTY: ns per run of zswap-lockstat's contention
# programs (STATS: its --self-stats --json report) beside hookbench's
# empty programs on the same tracepoints (EMPTY: hookbench's output),
# and the floor of timing a contention (hookbench's t_contention_*),
# and how many of the contentions were zswap's.
STATS=$1
EMPTY=$2
for p in begin end; do
	runs=$(jq -r --arg p "btf_$p" '.self_stats[$p].run_cnt' "$STATS")
	ns=$(jq -r --arg p "btf_$p" '.self_stats[$p].mean_ns' "$STATS")
	base=$(awk -v p="e_contention_$p" '$1 == p && $2 > 0 { printf "%.1f", $3 / $2 }' "$EMPTY")
	floor=$(awk -v p="t_contention_$p" '$1 == p && $2 > 0 { printf "%.1f", $3 / $2 }' "$EMPTY")
	printf "contention_%-6s runs %-9s %8.1f ns   empty %8s ns   ratio %s   floor %s ns (%s x empty)\n" \
		"$p" "$runs" "$ns" "${base:-n/a}" \
		"$(awk -v a="$ns" -v b="$base" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "n/a" }')" \
		"${floor:-n/a}" \
		"$(awk -v a="$floor" -v b="$base" 'BEGIN { if (a > 0 && b > 0) printf "%.1f", a / b; else print "n/a" }')"
done
echo "contentions in the measured run: $(jq .contentions "$STATS"), under zswap $(jq .zswap_contentions "$STATS")"
