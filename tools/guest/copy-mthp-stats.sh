#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# copy-mthp-stats.sh DST - copy the per-size mTHP stats as the kernel lays
# them out (DST/transparent_hugepage/hugepages-64kB/stats/zswpout) for the
# parser tests (read_mthp_stats()); nothing on a kernel without them.
# Run on the host by capture-fixtures.sh and in guests by fixtures-guest.sh.

set -u
[ $# -eq 1 ] || { echo "usage: copy-mthp-stats.sh DST" >&2; exit 2; }
for d in /sys/kernel/mm/transparent_hugepage/hugepages-*kB; do
	[ -d "$d/stats" ] || continue
	mkdir -p "$1/transparent_hugepage/${d##*/}/stats" || exit 1
	for f in "$d"/stats/*; do
		cat "$f" > "$1/transparent_hugepage/${d##*/}/stats/${f##*/}" || exit 1
	done
done
exit 0
