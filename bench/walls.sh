#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# walls.sh FILE: mean wall time of "detached S" and "attached S" lines and
# their ratio (the slowdown of the workload while recorded).
awk '{ s[$1] += $2; n[$1]++ } END {
	a = s["attached"] / n["attached"]; d = s["detached"] / n["detached"]
	printf "%d alternations: detached %.2f s, attached %.2f s, ratio %.4f (target < 1.01)\n",
		n["attached"], d, a, a / d }' "$1"
