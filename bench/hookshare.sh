#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# hookshare.sh RECORD PATTERN: the BPF CPU time of the programs whose
# names match PATTERN (a jq regex) and of all programs, over the recorded
# command's CPU time (cpu_user_s + cpu_sys_s), from a record written
# with --self-stats; each matching program's runs and mean ns. What a
# set of hooks adds to bench/cpushare.sh's share, from one record (the
# guest tier's fentry.json, build/guest/VER/).
[ $# -eq 2 ] && [ -r "$1" ] || { echo "usage: $0 RECORD PATTERN" >&2; exit 2; }
jq -r --arg re "$2" '
	(.metrics.cpu_user_s.value + .metrics.cpu_sys_s.value) as $cpu |
	[.self_stats // {} | to_entries[] | select(.key | test($re))] as $m |
	($m | map(.value.run_time_ns) | add // 0) as $ns |
	([.self_stats // {} | to_entries[] | .value.run_time_ns] | add // 0) as $all |
	($m[] | "\(.key) \(.value.run_cnt) runs, \(.value.mean_ns | floor) ns"),
	"\($re): \($ns / 1e6 | floor) ms over \($cpu | floor) s of command CPU = \(1e-7 * $ns / $cpu * 100 | floor / 100)%; all programs \(1e-7 * $all / $cpu * 100 | floor / 100)%"' "$1"
