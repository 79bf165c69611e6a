#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cpushare.sh FILE: the recorder's CPU time over the workload's CPU
# time, per attached run and as a median: its BPF programs' run time and
# the user-space samples of its loop (the `collector_tick` row of
# self_stats: zswap's parameters and the levels, every 100 ms). FILE has
# one line per run: "RECORD CPU_US", a record written with --self-stats
# (bpf_stats run_time_ns, summed, and the ticks' CPU ns) and the user +
# system CPU time of the workload's processes in that run. Less noisy
# than the wall-time ratio on a loaded machine: a CPU-bound workload
# slows by about this share. Conservative: programs that ran in kworkers
# (writeback), kswapd or other processes count in the numerator, not in
# the denominator.
[ -s "$1" ] || { echo "cpushare: no runs in $1"; exit 0; }
while read -r rec cpu; do
	ns=$(jq '[.self_stats // {} | to_entries[] | .value.run_time_ns] | add // 0' "$rec")
	tick=$(jq '.self_stats.collector_tick.run_time_ns // 0' "$rec")
	echo "$ns $cpu $tick"
done < "$1" | awk '$2 > 0 { r[++n] = $1 / ($2 * 1000); b += $1; u += $2; t += $3 }
	END {
		if (!n) { print "CPU share: n/a (no workload CPU time)"; exit }
		for (i = 1; i <= n; i++)
			for (j = i + 1; j <= n; j++)
				if (r[j] < r[i]) { tmp = r[i]; r[i] = r[j]; r[j] = tmp }
		m = n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2
		printf "CPU share: %.2f ms of programs and %.2f ms of ticks over %.2f s of workload CPU, median %.4f = %.2f%% (%d runs, range %.2f-%.2f%%; the ticks alone %.2f%%)\n",
			(b - t) / n / 1e6, t / n / 1e6, u / n / 1e6, m, 100 * m, n,
			100 * r[1], 100 * r[n], 100 * t / (u * 1000) }'
