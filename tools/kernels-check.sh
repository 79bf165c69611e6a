#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernels-check.sh (zswap-kernels check): from a series to its verdicts in
# one command.
#
#   zswap-kernels check SERIES [--revert] [--base LINE | --tree TREE
#                       [--commit COMMIT] | --images BEFORE,AFTER]
#                       [--claims FILE | --arms 'A|B'] [--table ID]...
#                       [--compare B:N]
#                       [-n RUNS | --budget DURATION] [--per-patch]
#                       [-o DIR] [--dry-run] [--zswap P=V,...]
#                       [--memory-max MiB | --memory-high MiB] [--iocost]
#                       [--writer [--writer-weight W]] [--locks]
#                       [-- COMMAND [ARGS...]]
#
#   SERIES     an mbox of the series (git format-patch's or b4's; b4 splits
#              it, its headers unfolded first), or a directory of *.patch
#              (a 0000-cover-letter.patch, or any file without a diff, is
#              the letter); a thread with only some of its patches (3/6
#              and 5/6) is checked as those, and the plan says so
#   --revert   the base already carries SERIES (it is merged): the
#              "before" kernel is the base with it reversed
#              (tools/kernel/revert-series.sh), the "after" the base
#   --base LINE  Debian's kernel line to build on (default 7.3); --tree
#              TREE [--commit C] a kernel tree of your own instead
#              (tools/kernel/build-kernel.sh -t/-c)
#   --images BEFORE,AFTER  kernels built already (kernels-ab.sh's IMAGE:
#              a bzImage or an image directory) instead of building them
#   --claims FILE  the series' claims (claims/FORMAT.md); default: drafted
#              from the letter and each patch's message (zswap-gate claims
#              draft), DIR/claims.yaml
#   --arms 'A|B'  the arms as the letter names them, the base first: the
#              drafted claims hold only their tables (claims draft --arms)
#   --table ID the tables to check (repeatable); default every table that
#              is one experiment with a metric to measure
#   -n RUNS    runs per kernel, alternated (default 5)
#   --budget DURATION  instead of -n: runs chosen by the data, within
#              DURATION (90s, 40m, 2h) a table. 3 runs per kernel first;
#              their time sets the plan (the most runs the budget allows,
#              up to 30, looked at every 3: zswap-gate claims --sequential
#              MAX/LOOKS, alpha spending over the looks); then runs are
#              added, alternated, until every row has a verdict or the
#              plan's last look, and the report says which rows the
#              budget left undecided and the runs they would need
#   --per-patch  also each prefix of the series (base + 1, base + 1..2,
#              ...), built incrementally and run alternated with the
#              others: the report says which patch moves each row (its
#              change at each step with its interval); not with --revert,
#              --images or --budget
#   -o DIR     the results (default check-NAME): series/, claims.yaml,
#              TABLE/ (kernels-ab's records, compare and claims), and
#              report.txt (72 columns, to paste into a reply on the list)
#              and report.md
#   --dry-run  prepare the series and the claims, print the plan (the
#              kernels and each table's experiment) and check that the
#              series (with --revert, its revert) applies to the base's
#              source when a build has fetched it before; build and boot
#              nothing
#   --compare B:N  the table columns the two kernels stand for (default:
#              each table's first compared pair)
#   the rest   override the claims file's setup, as tools/kernels-ab.sh
#              takes them; COMMAND replaces its workload
#
# The claims file is the experiment: each table runs with its setup
# (`zswap-gate claims setup --table ID`: scaled to the VM where it says
# how) on both kernels, a fresh boot a run, alternated (tools/kernels-ab.sh),
# and `zswap-gate claims` gives each row its verdict. Tables of one
# experiment (a cover letter and a patch quoting the same benchmark)
# share its runs: the first table's records give the others' verdicts
# (not with --budget, whose looks are each table's own).
#
# ZSWAP_KERNELS_AB names another A/B runner with kernels-ab.sh's options
# (the host tier's stub, which writes fixture records without a boot).
#
# Exit: 0 every table checked and no row contradicted; 1 a build or run
# failed, or a row is contradicted; 2 bad usage, or nothing to check (no
# table in the letter, no table that is one experiment); 3 a directional
# row untested (its metric n/a in an arm).
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
GATE=$repo/build/zswap-gate
# the installed layout keeps the guests' static copy here too
[ -x "$GATE" ] || GATE=$repo/build/static/zswap-gate

die() { echo "zswap-kernels check: error: $*" >&2; exit 2; }
say() { echo "zswap-kernels check: $*" >&2; }
usage() { sed -n '7,15p' "$0" | sed 's/^# \{0,3\}//' >&2; exit 2; }

orig_args=("$@")
series='' revert=0 line=7.3 tree='' commit='' claims='' runs=5 out='' dry=0
budget='' images='' per_patch=0 pair='' named_arms=''
tables=() ab=()
while [ $# -gt 0 ]; do
	case $1 in
	--base | --tree | --commit | --claims | --arms | --table | -n | -o | --budget | --images | --compare | --zswap | --memory-max | --memory-high | --writer-weight)
		[ $# -ge 2 ] || die "$1 wants a value (see --help)" ;;
	esac
	case $1 in
	--revert) revert=1; shift ;;
	--base) line=$2; shift 2 ;;
	--tree) tree=$2; shift 2 ;;
	--commit) commit=$2; shift 2 ;;
	--claims) claims=$2; shift 2 ;;
	--arms) named_arms=$2; shift 2 ;;
	--table) tables+=("$2"); shift 2 ;;
	-n) runs=$2; runs_given=1; shift 2 ;;
	--budget) budget=$2; shift 2 ;;
	--images) images=$2; shift 2 ;;
	-o) out=$2; shift 2 ;;
	--dry-run) dry=1; shift ;;
	--per-patch) per_patch=1; shift ;;
	--zswap | --memory-max | --memory-high | --writer-weight) ab+=("$1" "$2"); shift 2 ;;
	--compare) pair=$2; ab+=("$1" "$2"); shift 2 ;;
	--iocost | --locks | --writer) ab+=("$1"); shift ;;
	-h | --help) usage ;;
	--) shift; break ;;
	-*) die "unknown option '$1' (see --help)" ;;
	*) [ -z "$series" ] || die "one SERIES, not '$series' and '$1'"
	   series=$1; shift ;;
	esac
done
[ -n "$series" ] || die "want a SERIES: an mbox or a directory of patches"
[ -e "$series" ] || die "$series: not found"
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "-n wants a number of runs"
if [ -n "$budget" ]; then
	[ -z "${runs_given:-}" ] || die "-n and --budget: give one"
	budget_s=$(awk -v d="$budget" 'BEGIN {
		if (d !~ /^[0-9]+(s|m|h)?$/) exit 1
		m = d ~ /h$/ ? 3600 : d ~ /m$/ ? 60 : 1
		print int(d) * m }') && [ "$budget_s" -gt 0 ] ||
		die "--budget wants a duration: 90, 90s, 40m, 2h"
fi
[[ $line =~ ^[0-9]+\.[0-9]+$ ]] || die "--base wants a kernel line such as 7.3"
[ -z "$commit" ] || [ -n "$tree" ] || die "--commit wants --tree"
[ -z "$images" ] || [[ $images == ?*,?* ]] || die "--images wants BEFORE,AFTER"
[ $per_patch -eq 0 ] || { [ $revert -eq 0 ] && [ -z "$images" ] && [ -z "$budget" ]; } ||
	die "--per-patch wants a series to apply: not with --revert, --images or --budget"
[ -z "$claims" ] || [ -f "$claims" ] || die "claims file $claims not found"
[ -z "$claims" ] || [ -z "$named_arms" ] ||
	die "--arms names the arms of the drafted claims: not with --claims (its tables are as written)"
[ -x "$GATE" ] || die "$GATE missing: run make"
command -v jq >/dev/null || die "jq missing: run tools/install-deps.sh"

name=$(basename "${series%/}")
name=${name%.mbox}
name=${name%.mbx}
out=${out:-check-$name}
mkdir -p "$out" || die "cannot create $out"
out=$(cd "$out" && pwd)
rm -rf "$out/series" "$out/revert" "$out/b4"
mkdir -p "$out/series"

# --- the series: patches in order, and the letter ------------------------
# unfold: mail headers on one line each (b4 0.12 fails on a folded Subject)
unfold() {
	awk '/^From / && (NR == 1 || prev == "") { hdr = 1 }
	hdr && /^[ \t]/ { sub(/^[ \t]+/, " "); held = held $0; prev = $0; next }
	{ if (held != "") print held; held = "" }
	hdr && /^$/ { hdr = 0 }
	hdr { held = $0; prev = $0; next }
	{ print; prev = $0 }
	END { if (held != "") print held }' "$1"
}
letter=$out/letter.txt
: > "$letter"
if [ -d "$series" ]; then
	for f in "$series"/*.patch; do
		[ -f "$f" ] || continue
		if grep -q '^+++ ' "$f"; then
			cp "$f" "$out/series/"
		elif [ ! -s "$letter" ]; then
			cp "$f" "$letter"
		fi
	done
else
	command -v b4 >/dev/null || die "b4 missing: run tools/install-deps.sh (Debian's b4 splits the mbox)"
	mkdir -p "$out/b4"
	unfold "$series" > "$out/b4/series.mbox"
	b4 --offline-mode -n -q am -m "$out/b4/series.mbox" -o "$out/b4" -Q \
		> "$out/b4/log" 2>&1 || { cat "$out/b4/log" >&2; die "$series: b4 could not read the series (above)"; }
	pdir=$(ls -d "$out"/b4/*.patches 2>/dev/null | head -n 1)
	[ -n "$pdir" ] && [ -s "$pdir/series" ] || die "$series: b4 found no patch in it"
	n=0
	while read -r p; do
		n=$((n + 1))
		cp "$pdir/$p" "$out/series/$(printf '%04d' $n)-${p#[0-9][0-9][0-9][0-9]_}"
	done < "$pdir/series"
	cover=$(ls "$out"/b4/*.cover 2>/dev/null | head -n 1)
	[ -z "$cover" ] || cp "$cover" "$letter"
fi
mapfile -t patches < <(ls "$out"/series/*.patch 2>/dev/null)
[ ${#patches[@]} -gt 0 ] || die "$series: no patch with a diff in it"
# the letter: the cover letter (or, without one, the first patch as it
# was mailed: its headers name the series), then each patch's message
# (a patch's changelog may hold the tables)
if [ ! -s "$letter" ]; then
	# b4's am-ready mbox keeps the Message-Id its quilt patches drop
	first=${patches[0]}
	mbx=$(ls "$out"/b4/*.mbx 2>/dev/null | head -n 1)
	[ -z "$mbx" ] || first=$mbx
	awk '/^---$/ { exit } { print }' "$first" > "$letter"
	rest=("${patches[@]:1}")
else
	rest=("${patches[@]}")
fi
for p in "${rest[@]}"; do
	{
		echo
		sed -n 's/^Subject: *//p' "$p" | head -n 1
		awk '/^$/ { body = 1; next } body && /^---$/ { exit } body' "$p"
	} >> "$letter"
done
subject=$(sed -n 's/^Subject: *//p' "$letter" | head -n 1)
say "series: ${subject:-$name}: ${#patches[@]} patch(es) in $out/series/"
# a thread without some of its patches (b4 says so in its log): which
# the mbox has, so that a part checked is not taken for the whole
if [ -f "$out/b4/log" ] && grep -q 'Thread incomplete' "$out/b4/log"; then
	# b4's am-ready mbox keeps the subjects' [PATCH v2 N/M]
	have=$(sed -n 's/^Subject: *\[[^]]*[^0-9]\([0-9][0-9]*\/[0-9][0-9]*\)\].*/\1/p' \
		"$out"/b4/*.mbx 2>/dev/null | paste -sd, | sed 's/,/, /g')
	say "series: the thread is incomplete (b4): it has patch(es) ${have:-?}; the others are neither built nor reversed"
fi

# --- the claims ------------------------------------------------------------
if [ -z "$claims" ]; then
	claims=$out/claims.yaml
	"$GATE" claims draft ${named_arms:+--arms "$named_arms"} -o "$claims" "$letter" ||
		die "no claims drafted from the letter ($letter, above): name its arms (--arms 'A|B') or write a claims file (claims/FORMAT.md) and pass --claims"
	say "claims drafted into $claims: check its rows and setup, then pass --claims to run it as edited"
fi
if [ ${#tables[@]} -eq 0 ]; then
	while IFS=$'\t' read -r id mapped why; do
		if [ "$why" != ok ]; then
			say "table $id: left out: $why"
		elif [ "$mapped" -eq 0 ]; then
			say "table $id: left out: no row has a metric to measure"
		else
			tables+=("$id")
		fi
	done < <("$GATE" claims setup --list-tables "$claims")
fi
[ ${#tables[@]} -gt 0 ] || die "$claims: no table to check"
# the flags that override each table's setup, as kernels-ab takes them:
# --zswap's parameters after the setup's, a memory limit or --iocost
# instead of the setup's
ov_zswap='' ov_mem='' ov_iocost=false
for ((i = 0; i < ${#ab[@]}; i++)); do
	case ${ab[i]} in
	--zswap) ov_zswap=${ov_zswap:+$ov_zswap,}${ab[i + 1]} ;;
	--memory-max) ov_mem="memory.max ${ab[i + 1]} MiB" ;;
	--memory-high) ov_mem="memory.high ${ab[i + 1]} MiB" ;;
	--iocost) ov_iocost=true ;;
	esac
done
# each table's experiment, read once: checked here, said with the plan
declare -A experiment=()
for t in "${tables[@]}"; do
	setup=$("$GATE" claims setup --json --table "$t" "$claims") ||
		die "table $t: no experiment to run (above)"
	if [ $# -eq 0 ] && [ "$(jq -r '.workload[0] // ""' <<<"$setup")" != zswap-workload ]; then
		die "table $t: the claims' workload '$(jq -r '.workload | join(" ")' <<<"$setup")' is not a bundled one: set setup.scaled.workload to a zswap-workload command, or give -- COMMAND"
	fi
	experiment[$t]=$(jq -r '([.zswap | to_entries[] | "\(.key)=\(.value)"] +
			(if $zswap != "" then [$zswap] else [] end) | join(",")) as $z |
		"zswap " + (if $z == "" then "enabled, its defaults" else $z end) +
		(if $mem != "" then ", " + $mem
		 elif .memory_high_mib then ", memory.high \(.memory_high_mib) MiB"
		 elif .memory_max_mib then ", memory.max \(.memory_max_mib) MiB" else "" end) +
		", iocost " + (if .iocost or $iocost == "true" then "on" else "off" end) +
		", " + (if $cmd != "" then $cmd else .workload | join(" ") end)' --arg cmd "$*" \
		--arg zswap "$ov_zswap" --arg mem "$ov_mem" --arg iocost "$ov_iocost" <<<"$setup")
done

# --- the kernels -------------------------------------------------------------
if [ -n "$tree" ]; then
	src=(-t "$tree")
	[ -z "$commit" ] || src+=(-c "$commit")
	base_name="tree $tree${commit:+ at $commit}"
else
	src=(-k "$line")
	base_name="Debian's $line"
fi
if [ $revert -eq 1 ]; then
	"$here/kernel/revert-series.sh" "$out/series" "$out/revert" >/dev/null ||
		die "the series cannot be reversed (above)"
	arms=(reverted base)
	plan_before="$base_name with the series reversed ($out/revert/)"
	plan_after="$base_name, which carries the series"
else
	arms=(base series)
	plan_before="$base_name"
	plan_after="$base_name with the series ($out/series/)"
fi
say "before (${arms[0]}): $plan_before"
say "after (${arms[1]}): $plan_after"
declare -A first=()
for t in "${tables[@]}"; do
	from=${first[${experiment[$t]}]:-}
	if [ -n "$from" ] && [ -z "$budget" ]; then
		say "table $t: ${experiment[$t]} (table $from's experiment: its runs)"
	else
		say "table $t: ${experiment[$t]}"
		first[${experiment[$t]}]=$t
	fi
done
if [ $dry -eq 1 ]; then
	# the kernels' patches on the base's source, when it is in the cache
	if [ -z "$images" ]; then
		pdir=$out/series what="the series"
		[ $revert -eq 0 ] || pdir=$out/revert what="the series' revert"
		"$here/kernel/build-kernel.sh" -q "${src[@]}" -a -p "$pdir"
		case $? in
		0) say "dry run: $what applies to $base_name (checked on its source in the cache)" ;;
		7) say "dry run: not checked whether $what applies: $base_name's source is not in the cache yet (the first build fetches it)" ;;
		*)
			say "dry run: $what does not apply to $base_name (above)"
			# a series the base carries already reverses off it
			if [ $revert -eq 0 ] &&
			   "$here/kernel/revert-series.sh" "$out/series" "$out/revert" >/dev/null 2>&1 &&
			   "$here/kernel/build-kernel.sh" -q "${src[@]}" -a -p "$out/revert" 2>/dev/null; then
				say "dry run: its revert applies: $base_name carries the series already; check it with --revert"
			fi
			exit 1 ;;
		esac
	fi
	if [ -n "$budget" ]; then
		say "dry run: runs within --budget $budget a table would follow; nothing built"
	else
		# the kernels: before and after, with --per-patch each prefix
		nk=2
		[ $per_patch -eq 0 ] || nk=$((${#patches[@]} + 1))
		say "dry run: $runs runs per kernel of ${#first[@]} experiment(s), $((runs * nk * ${#first[@]})) boots, would follow; nothing built"
	fi
	exit 0
fi

build() { "$here/kernel/build-kernel.sh" -q "${src[@]}" "$@"; }
if [ -n "$images" ]; then
	before=${images%%,*} after=${images#*,}
	say "kernels given: before $before, after $after (nothing built)"
else
	base=$(build) || die "the base kernel did not build"
fi
if [ -n "$images" ]; then
	:
elif [ $revert -eq 1 ]; then
	before=$(build -p "$out/revert") || { say "the revert did not build"; exit 1; }
	after=$base
else
	before=$base
	after=$(build -p "$out/series") || { say "the series did not build"; exit 1; }
fi
# the kernels run: before and after, and with --per-patch each prefix of
# the series between them (p1 = base + patch 1, ...)
knames=("${arms[0]}") kimages=("$before")
if [ $per_patch -eq 1 ]; then
	for k in $(seq 1 $((${#patches[@]} - 1))); do
		rm -rf "$out/prefix-$k"
		mkdir -p "$out/prefix-$k"
		cp "${patches[@]:0:$k}" "$out/prefix-$k/"
		img=$(build -p "$out/prefix-$k") || { say "the series' first $k patches did not build"; exit 1; }
		knames+=("p$k") kimages+=("$img")
		say "p$k: the base and patches 1..$k"
	done
fi
knames+=("${arms[1]}") kimages+=("$after")

# --- the runs and the verdicts ---------------------------------------------
AB=${ZSWAP_KERNELS_AB:-$here/kernels-ab.sh}
# ab TABLE FIRST N [COMMAND...]: runs FIRST.. FIRST+N-1 of both kernels
ab() {
	local t=$1 first=$2 n=$3
	shift 3
	local kopt=() i
	for i in "${!knames[@]}"; do
		kopt+=(--kernel "${knames[$i]}=${kimages[$i]}")
	done
	"$AB" "${kopt[@]}" -n "$n" --first-run "$first" -o "$out/$t" --claims "$claims" \
		--table "$t" "${ab[@]}" ${1:+--} "$@"
}
STEP=3		# runs per kernel at a look: the fewest a t-test takes
MAX_RUNS=30
# sequential TABLE [ARGS...]: zswap-gate claims --sequential of the table
sequential() {
	local t=$1
	shift
	"$GATE" claims --sequential "$plan" --allow-not-measurable --table "$t" \
		--label-a "${arms[0]}" --label-b "${arms[1]}" ${pair:+--compare "$pair"} "$@" "$claims" \
		"$out/$t/${arms[0]}" -- "$out/$t/${arms[1]}"
}
# recorded TABLE N: both kernels have N records of the table (a run that
# failed is said by kernels-ab, and ends the table)
recorded() {
	local a n
	for a in "${arms[@]}"; do
		n=$(ls "$out/$1/$a"/run-*.json 2>/dev/null | wc -l)
		[ "$n" -eq "$2" ] || { say "table $1: $a has $n records of $2: a run failed (above)"; return 1; }
	done
}
# budgeted TABLE [COMMAND...]: STEP runs, a plan from their time, then
# runs added until the plan says stop; the sequential verdicts replace
# kernels-ab's fixed ones
budgeted() {
	local t=$1 t0 spent max have next add rc
	shift
	t0=$(date +%s)
	ab "$t" 1 $STEP "$@"
	recorded "$t" $STEP || return 1
	spent=$(($(date +%s) - t0))
	max=$((budget_s * STEP / (spent > 0 ? spent : 1) / STEP * STEP))
	[ $max -le $MAX_RUNS ] || max=$MAX_RUNS
	[ $max -ge $STEP ] || max=$STEP
	plan=$max/$((max / STEP))
	say "table $t: $STEP runs a kernel took $spent s; --budget $budget allows $max: plan $plan (looks every $STEP runs)"
	have=$STEP
	while :; do
		next=$(sequential "$t" --json | jq -r '.sequential.next | "\(.action) \(.runs // 0)"')
		[ "${next%% *}" = add ] || break
		add=${next#* }
		say "table $t: $have runs a kernel, undecided rows: adding $add"
		ab "$t" $((have + 1)) "$add" "$@"
		have=$((have + add))
		recorded "$t" $have || return 1
	done
	for f in json markdown; do
		sequential "$t" --$f > "$out/$t/claims-${arms[1]}.${f/markdown/md}"
	done
	sequential "$t" > "$out/$t/claims-${arms[1]}.txt"
	rc=$?
	say "table $t: decided at $have runs a kernel (plan $plan)"
	return $rc
}
# shared TABLE FROM: TABLE's verdicts from the records of FROM, a table of
# the same experiment (a cover letter and a patch quoting one benchmark):
# what kernels-ab writes for a table, without booting its runs again
shared() {
	local t=$1 from=$2 k f rc
	mkdir -p "$out/$t"
	for k in "${knames[@]}"; do
		cp -r "$out/$from/$k" "$out/$t/" || return 1
	done
	cp "$out/$from/experiment" "$out/$t/" 2>/dev/null
	say "table $t: the experiment of table $from: its records, not runs of its own"
	set -- --table "$t" --label-a "${arms[0]}" --label-b "${arms[1]}" \
		${pair:+--compare "$pair"} "$claims" "$out/$t/${arms[0]}" -- "$out/$t/${arms[1]}"
	for f in json markdown; do
		"$GATE" claims --$f "$@" > "$out/$t/claims-${arms[1]}.${f/markdown/md}"
	done
	"$GATE" claims "$@" | tee "$out/$t/claims-${arms[1]}.txt"
	rc=${PIPESTATUS[0]}
	return $rc
}
# all_recorded TABLE N: every kernel has N records of the table
all_recorded() {
	local k
	for k in "${knames[@]}"; do
		[ "$(ls "$out/$1/$k"/run-*.json 2>/dev/null | wc -l)" -eq "$2" ] || return 1
	done
}
ret=0
declare -A ran=()
for t in "${tables[@]}"; do
	rm -rf "${out:?}/$t"
	from=${ran[${experiment[$t]}]:-}
	if [ -n "$from" ] && [ -z "$budget" ]; then
		shared "$t" "$from"
	elif [ -n "$budget" ]; then
		budgeted "$t" "$@"
	else
		ab "$t" 1 "$runs" "$@"
	fi
	rc=$?
	# a table whose runs all recorded lends them to the tables after it
	[ -n "$from" ] || [ -n "$budget" ] || ! all_recorded "$t" "$runs" ||
		ran[${experiment[$t]}]=$t
	say "table $t: exit $rc"
	[ $rc -eq 0 ] || [ $ret -eq 1 ] || ret=$rc
	[ $per_patch -eq 1 ] || continue
	# each step: the kernel before it against the kernel after it
	for i in $(seq 1 $((${#knames[@]} - 1))); do
		"$GATE" claims --json --allow-not-measurable --table "$t" \
			--label-a "${knames[$((i - 1))]}" --label-b "${knames[$i]}" \
			${pair:+--compare "$pair"} "$claims" \
			"$out/$t/${knames[$((i - 1))]}" -- "$out/$t/${knames[$i]}" \
			> "$out/$t/step-$i.json" 2>/dev/null
	done
done

steps=()
[ $per_patch -eq 0 ] || steps=(--steps "${#patches[@]}")
if [ -n "$budget" ]; then
	runs_text="chosen by the data within $budget a table (zswap-gate claims --sequential)"
else
	runs_text="$runs a kernel and table"
fi
ZSWAP_GATE=$GATE "$here/kernels-report.sh" --claims "$claims" \
	--before "$plan_before" --after "$plan_after" \
	--runs "$runs_text" "${steps[@]}" \
	--reproduce "zswap-kernels check $(printf '%q ' "${orig_args[@]}")" \
	"$out" "${arms[1]}" "${tables[@]}" || ret=1
say "report: $out/report.txt, $out/report.md"
exit $ret
