#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# ratios.sh WALLS ARM...: WALLS has lines "detached S" and "ARM S" in
# alternation order; for each ARM, the ratio of each of its runs to the
# detached run before it, then the median and range (robust to other
# load on a shared host). The first ARM is ours, with its target (TARGET,
# 1.02 unless set).
walls=$1
shift
first=$1
for arm in "$@"; do
	r=$(awk -v arm="$arm" '$1 == "detached" { d = $2 } $1 == arm { print $2 / d, d, $2 }' \
		"$walls" | sort -n)
	if [ -z "$r" ]; then
		echo "$arm: not run"
		continue
	fi
	echo "$r" | awk -v arm="$arm" -v t="$([ "$arm" = "$first" ] && echo " (target < ${TARGET:-1.02})")" '
	{ r[NR] = $1; d += $2; a += $3 } END {
		m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
		printf "%-16s detached %.2f s, attached %.2f s (means of %d); median ratio %.4f, range %.4f..%.4f%s\n",
			arm, d / NR, a / NR, NR, m, r[1], r[NR], t }'
done
