#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# walls.sh FILE: mean wall time of the workload run alone ("detached S"
# lines) and under zswap-gate record (the record's own wall_time_s of the
# command, "attached S" lines), their ratio, and record's start-up and
# teardown around the command ("total S" lines minus attached).
awk '{ s[$1] += $2; n[$1]++ } END {
	a = s["attached"] / n["attached"]; d = s["detached"] / n["detached"]
	printf "%d alternations: detached %.2f s, attached %.2f s, ratio %.4f (target < 1.01)\n",
		n["attached"], d, a, a / d
	if (n["full"])
		printf "with --locks --iocost: %.2f s, ratio %.4f (target < 1.03)\n",
			s["full"] / n["full"], s["full"] / n["full"] / d
	if (n["total"])
		printf "record start-up and teardown: %.2f s per run\n",
			s["total"] / n["total"] - a }' "$1"
