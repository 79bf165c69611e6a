#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernels-report.sh - zswap-kernels check's report: what ran, each row's
# quote, measure and verdict, and the command that reproduces it, as
# plain text of 72 columns to paste into a reply on the list (the layout
# of the kernel test robot's performance reports: a head of what was
# tested, then a block per row) and as markdown.
#
# Usage: kernels-report.sh --claims FILE --before TEXT --after TEXT
#                          --runs TEXT --reproduce COMMAND [--steps N]
#                          DIR ARM TABLE...
#
# Reads DIR/TABLE/claims-ARM.json (tools/kernels-ab.sh's verdicts of each
# table, ARM the "after" kernel) and the records' kernel releases;
# writes DIR/report.txt and DIR/report.md. With --steps N (check
# --per-patch) also DIR/TABLE/step-1..N.json, each patch's kernel
# against the one before it, and the patches' subjects from
# DIR/series/: which patch moves each row.
set -u
# the gate kernels-check.sh found (the build's, or the installed static one)
GATE=${ZSWAP_GATE:-$(cd "$(dirname "$0")/.." && pwd)/build/zswap-gate}
die() { echo "kernels-report: error: $*" >&2; exit 2; }

claims='' before='' after='' runs='' reproduce='' steps=0
while [ $# -gt 0 ]; do
	case $1 in
	--claims) claims=$2; shift 2 ;;
	--before) before=$2; shift 2 ;;
	--after) after=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--reproduce) reproduce=$2; shift 2 ;;
	--steps) steps=$2; shift 2 ;;
	*) break ;;
	esac
done
[ $# -ge 3 ] || die "usage: kernels-report.sh --claims F ... DIR ARM TABLE..."
out=$1 arm=$2
shift 2

# jq: a number, a change in percent, as the report prints them
JQ_DEFS='
def num: if . == null then "n/a"
	elif (. | fabs) >= 1000 then (. | round | tostring)
	elif (. | fabs) >= 10 then ((. * 10 | round) / 10 | tostring)
	else ((. * 1000 | round) / 1000 | tostring) end;
def pct: if . == null then "n/a"
	else ((. * 10 | round) / 10) as $r |
		(if $r == 0 then "0%" else (if $r > 0 then "+" else "" end) + ($r | tostring) + "%" end) end;
'

# field INDENT WIDTH LABEL TEXT: "LABEL TEXT" folded at 72 columns, the
# lines after the first under the text (a hanging indent)
field() {
	local pad first=1
	pad=$(printf '%*s' $(($1 + $2)) '')
	fold -s -w $((72 - $1 - $2)) <<<"$4" | sed 's/ *$//' | while IFS= read -r l; do
		if [ $first = 1 ]; then
			printf '%*s%-*s%s\n' "$1" '' "$2" "$3" "$l"
			first=0
		else
			printf '%s%s\n' "$pad" "$l"
		fi
	done
}

# command INDENT WORDS...: a shell command folded with backslashes, so
# the lines paste back into a shell
command_lines() {
	local pad=$1 line='' w
	shift
	for w in "$@"; do
		if [ -n "$line" ] && [ $((${#line} + ${#w} + pad + 3)) -gt 72 ]; then
			printf '%*s%s \\\n' "$pad" '' "$line"
			line="  $w"
		else
			line=${line:+$line }$w
		fi
	done
	printf '%*s%s\n' "$pad" '' "$line"
}

# one table's rows as blocks; $1 the claims JSON
rows_txt() {
	jq -r "$JQ_DEFS"'
	def q: if . == null then "-" elif .text then .text
		else (.mean | num) + (if .sd then " +- " + (.sd | num) else "" end) end;
	.rows[] |
	"@  " + .label + " (" + (if .claim then .claim else "no claim" end) + ")",
	"quoted:\t" + (if .quoted.base == null and .quoted.new == null and .quoted.change_pct == null
		then "no value, the claim only"
		else (.quoted.base | q) + " -> " + (.quoted.new | q) +
		(if .quoted.change_pct != null then ", " + (.quoted.change_pct | pct) else "" end) end),
	(if .measured and .measured.base.mean != null and .measured.new.mean != null then
		"measured:\t" + (.measured.base.mean | num) + " +- " + (.measured.base.sd | num) +
		" -> " + (.measured.new.mean | num) + " +- " + (.measured.new.sd | num) +
		(if .measured.change_pct != null then ", " + (.measured.change_pct | pct)
		 elif .measured.base.mean == 0 and .measured.new.mean != 0 then ", from 0"
		 else "" end) +
		(if .measured.ci_pct then " [" + (.measured.ci_pct[0] | pct) + ", " +
			(.measured.ci_pct[1] | pct) + "]" else "" end)
	 else empty end),
	"verdict:\t" + (.verdict // "unmapped") +
		(if .far_from_quoted then " (far from the quote)" else "" end) +
		(if .quoted_change then ", quoted change " + .quoted_change else "" end) +
		(if .p_adjusted == null then ""
		 elif .p_adjusted < 0.001 then ", p < 0.001"
		 else ", p " + ((.p_adjusted * 1000 | round) / 1000 | tostring) end) +
		(if .sequential.decided then ", decided at look \(.sequential.look)"
		 elif .sequential.runs_needed then ", undecided: about \(.sequential.runs_needed) runs a kernel would decide it"
		 else "" end),
	(if (.reason // "") != "" then "why:\t" + .reason else empty end),
	"@"' "$1" | while IFS= read -r l; do
		case $l in
		@*) printf '%s\n' "${l#@}" ;;
		*) field 4 10 "${l%%$'\t'*}" "${l#*$'\t'}" ;;
		esac
	done
}

# per_patch TABLE: each row's change at each step of the series (step-K
# .json: the kernel with patches 1..K against 1..K-1), a step whose
# interval leaves out 0 marked as moving the row
per_patch() {
	local t=$1 k subj
	[ "$steps" -gt 0 ] || return 0
	echo "  which patch moves each row (the change at each step, 95% CI):"
	echo
	for k in $(seq 1 "$steps"); do
		subj=$(ls "$out"/series/*.patch | sed -n "${k}p" | xargs sed -n 's/^Subject: *//p' | head -n 1 |
			sed 's/^\[[^]]*\] *//')
		field 4 6 "$k/$steps" "$subj"
	done
	echo
	for k in $(seq 1 "$steps"); do
		[ -s "$out/$t/step-$k.json" ] || { echo "    step $k: no verdicts (its runs failed)"; return 0; }
	done
	jq -rs "$JQ_DEFS"'
		. as $steps | $steps[0].rows | to_entries[] | .key as $i | .value.label as $l |
		select(.value.measured.base.mean != null) |
		"    " + $l,
		($steps | to_entries[] | .key as $k | .value.rows[$i] as $r | $r.measured as $m |
			"      \($k + 1): " +
			(if $m.change_pct != null then ($m.change_pct | pct)
			 else ($m.base.mean | num) + " -> " + ($m.new.mean | num) end) +
			(if $m.ci_pct then " [" + ($m.ci_pct[0] | pct) + ", " + ($m.ci_pct[1] | pct) + "]" +
				(if $m.ci_pct[0] > 0 or $m.ci_pct[1] < 0 then "  moves it" else "" end)
			 elif $m.change_pct == null and ($r.p_adjusted // 1) < 0.05
			 then "  moves it (p " + (if $r.p_adjusted < 0.001 then "< 0.001"
				else ($r.p_adjusted * 1000 | round) / 1000 | tostring end) + ")"
			 else "" end))' $(for k in $(seq 1 "$steps"); do echo "$out/$t/step-$k.json"; done)
	echo
}

# the kernel releases the records ran on, before and after
releases() {
	jq -r '.arms | map(.label + " " + (.kernels // "?")) | join(", ")' "$1"
}

txt=$out/report.txt
md=$out/report.md
series_line=$(grep -m1 '^series:' "$claims" | sed 's/^series: *//; s/^"//; s/"$//')
msgid=$(grep -m1 'message_id:' "$claims" | sed 's/.*message_id: *//; s/^"//; s/"$//; s/ *#.*//')
{
	echo "zswap-kernels check"
	echo "==================="
	echo
	field 0 8 series: "$series_line"
	# the Message-Id whole (a lore address is no use cut in two): beside
	# "letter:" where it fits, else on a line of its own under it
	if [ -n "$msgid" ] && [ "$msgid" != null ]; then
		if [ $((8 + 13 + ${#msgid})) -le 72 ]; then
			echo "letter: Message-Id <$msgid>"
		else
			echo "letter: Message-Id"
			echo "  <$msgid>"
		fi
	fi
	field 0 8 claims: "$claims"
	field 0 8 before: "$before"
	field 0 8 after: "$after"
	field 0 8 runs: "$runs, alternated, a fresh boot each (qemu, 2 vCPUs, 512 MiB, a 512 MiB swap disk)"
	for t in "$@"; do
		j=$out/$t/claims-$arm.json
		echo
		echo "table $t"
		echo "------${t//?/-}"
		if [ ! -s "$j" ]; then
			echo "  no verdicts: the runs failed (see $t/)"
			continue
		fi
		field 2 10 kernels: "$(releases "$j")"
		# what ran (kernels-ab's DIR/experiment), else the claims' setup
		if [ -s "$out/$t/experiment" ]; then
			cat "$out/$t/experiment"
		else
			"$GATE" claims setup --table "$t" "$claims" 2>/dev/null |
				grep -E '^(size|zswap|memory|iocost|workload):'
		fi | while IFS= read -r l; do
			field 2 10 "${l%%:*}:" "$(sed 's/^[a-z]*: *//' <<<"$l")"
		done
		field 2 10 verdicts: "$(jq -r '.counts | to_entries | map(select(.value > 0) | "\(.value) \(.key)") | join(", ")' "$j")"
		jq -e .sequential "$j" >/dev/null 2>&1 &&
			field 2 10 runs: "$(jq -r '.sequential | "\(.runs) a kernel, look \(.look) of \(.max_looks) (plan \(.max_runs)/\(.max_looks), \(.spending) alpha spending): \(.decided) rows decided, \(.undecided) undecided" +
				(if .next.action == "stop" and .undecided > 0 then ": the budget left them undecided" else "" end)' "$j")"
		echo
		rows_txt "$j"
		per_patch "$t"
	done
	echo "To reproduce:"
	echo
	eval "command_lines 2 $reproduce"
} > "$txt" || die "cannot write $txt"

{
	echo "# zswap-kernels check: $series_line"
	echo
	echo "- claims: \`$claims\`"
	echo "- before: $before"
	echo "- after: $after"
	echo "- runs: $runs, alternated, a fresh boot each"
	for t in "$@"; do
		j=$out/$t/claims-$arm.json
		echo
		echo "## table $t"
		echo
		if [ -s "$out/$t/claims-$arm.md" ]; then
			cat "$out/$t/claims-$arm.md"
		else
			echo "No verdicts: the runs failed (see \`$t/\`)."
		fi
	done
	echo
	echo "To reproduce: \`$reproduce\`"
} > "$md" || die "cannot write $md"
