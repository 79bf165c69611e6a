#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernels-ab.sh: one workload on two or more kernels in VMs, alternated,
# recorded, compared, and with --claims a series' verdict table.
# `kernels-ab.sh check SERIES ...` (zswap-kernels check) is
# tools/kernels-check.sh: a series' patches to their verdicts.
#
#   kernels-ab.sh --kernel NAME=IMAGE --kernel NAME=IMAGE [...] -o DIR
#                 [-n RUNS [--first-run N]] [-c CPUS] [-m MEM] [-d SWAP_MiB]
#                 [-t TIMEOUT_S] [--memory-max MiB | --memory-high MiB]
#                 [--zswap P=V[,P=V...]] [--iocost]
#                 [--arm-zswap NAME:P=V[,P=V...]]...
#                 [--writer [--writer-weight W]] [--locks]
#                 [--host-root [--scratch MiB]]
#                 [--claims FILE [--table ID] [--compare B:N | --columns]]
#                 [-f FILE]... [--dry-run] [-- COMMAND [ARGS...]]
#
#   IMAGE      a bzImage, an image directory of tools/kernel/build-kernel.sh
#              (bzImage + release), a kernel build directory (the tree or
#              its O=, with arch/x86/boot/bzImage), or 6.1 / 6.12 / 7.x for
#              Debian's kernels
#   -n RUNS    runs per kernel (default 5), in alternation: A B A B ...
#   --first-run N  number the runs from N (default 1), keeping DIR's
#              records of runs before it: more runs added to a set
#   -c, -m, -d the VM: vCPUs (2), memory (512M), swap disk MiB (512)
#   --memory-max  the workload's memory cgroup limit, MiB (default 64)
#   --memory-high the workload's memory.high instead, MiB (memory.max
#              left at max): reclaim and throttling above it, no OOM kill
#              (SeongJae Park's store-as-is letter runs under memory.high)
#   --zswap    zswap parameters set before each run (enabled=1 always)
#   --arm-zswap  more for one kernel NAME's runs, set after --zswap's: one
#              image can be two arms (shrinker_enabled=N and Y)
#   --iocost   iocost on the swap disk (a linear model of 4096 IOPS, 16
#              MB/s; with --writer 1/4 of the IOPS fio reaches alone in the
#              same boot, 256 to 8192; vrate pinned at 100%) and `record
#              --iocost`; each run's model and the disk's measured IOPS
#              beside its record, DIR/NAME/run-NN.iocost ("disk_iops=N
#              model_iops=M", tools/guest/guest-lib.sh's iocost_enable)
#   --writer   with --iocost: a sibling cgroup with 10x the workload's
#              io.weight runs Debian's fio, random 4 KiB direct writes, 8
#              in flight, from about 3 s before the record to its end (2 s
#              of them alone, iocost off: the model's calibration); swap
#              is then the disk's first half, fio writes to the other
#   --writer-weight  the writer's io.weight against the workload's 100
#              (default 1000: the 10x)
#   --locks    `record --locks`
#   --host-root  the host's root file system is the guest's (run-guest.sh
#              -H): COMMAND may be any program installed here
#   --scratch MiB  with --host-root, an ext4 disk at /scratch (-S)
#   -f FILE    ship FILE into the guest too (COMMAND's binaries; the
#              toolkit's zswap-gate and zswap-workload always go)
#   --columns  the kernels stand for the claims table's columns in order
#              (three or more): one `zswap-gate claims` over every arm,
#              each pair the table compares (DIR/claims.txt, .md, .json)
#   --claims FILE  the experiment: FILE's setup (`zswap-gate claims setup
#              --table ID`: setup.scaled where it says how, the table's
#              rows' `when:`) gives the zswap parameters (before --zswap's),
#              the memory limit, iocost and COMMAND; each flag overrides
#   --dry-run  check the options, the images and the claims file's setup,
#              print the plan (kernels, runs, VM, experiment); boot nothing
#   COMMAND    runs inside the guest in /opt/zswap (ship it with -f), in
#              the memory cgroup, under `zswap-gate record`
#
# Every run boots its kernel afresh: zswap's pool and LRU, the swap slots
# and the page cache then start the same for every run, so runs are
# independent samples (a boot costs about 5 s under TCG). A guest that
# dies without results is booted again up to 3 times (ZSWAP_GUEST_RETRIES;
# run-guest.sh prints each crash's console): under TCG, Debian's 7.3
# kernel now and then takes an int3 oops at a tracepoint site being
# patched (attaching or detaching a BPF program while another vCPU runs
# through it): 3 of 11 boots of seed 002's arms once, the host busy with
# other work. KVM is used where a guest has booted under it with the
# runs' CPU model (ZSWAP_GUEST_CPU, default max; tools/guest/accel.sh),
# else TCG (this tool says which and why); ZSWAP_GUEST_ACCEL chooses
# instead.
# Records go to DIR/NAME/run-NN.json; then `zswap-gate compare` of the
# first kernel against each other one (DIR/compare-NAME.txt) and, with
# --claims, `zswap-gate claims` (DIR/claims-NAME.txt, .md, .json; with
# --columns one over every arm, DIR/claims.txt, .md, .json).
#
# Exit: 0 done (no claims row contradicted), 1 a run failed or a row is
# contradicted, 2 bad usage, 3 a directional claims row untested (its
# metric n/a in an arm: zswap-gate claims' exit).
set -u
here=$(cd "$(dirname "$0")" && pwd)
# `zswap-kernels check SERIES ...`: from a series to its verdicts
[ "${1:-}" = check ] && shift && exec "$here/kernels-check.sh" "$@"
repo=$(cd "$here/.." && pwd)
# the static copies the guests run (make static-bins; installed in
# LIBDIR/build/static); this gate compares their records here too
GATE=$repo/build/static/zswap-gate
WL=$repo/build/static/zswap-workload

die() { echo "kernels-ab: error: $*" >&2; exit 2; }
say() { echo "kernels-ab: $*" >&2; }
usage() { sed -n '9,17p' "$0" | sed 's/^# \{0,3\}//' >&2; exit 2; }

# "a=1,b=2" and "b=3,c=4" -> "a=1,b=3,c=4": the second's values override
merge_params() {
	local out='' kv
	local -A seen=()
	for kv in ${2//,/ }; do seen[${kv%%=*}]=$kv; done
	for kv in ${1//,/ }; do
		[ -n "${seen[${kv%%=*}]:-}" ] && continue
		out+=${out:+,}$kv
	done
	echo "$out${2:+${out:+,}$2}"
}

names=() images=() ship=()
runs=5 cpus=2 mem=512M swap=512 timeout_s=900 memmax=64 memhigh='' zswap='' iocost=0
locks=0 writer=0 hostroot=0 scratch=0 claims='' table='' pair='' out='' first=1
columns=0 writer_weight=1000 dry=0
declare -A arm_zswap=()
while [ $# -gt 0 ]; do
	case $1 in
	-n | --first-run | -c | -m | -d | -t | -o | -f | --memory-max | --memory-high | --zswap | --arm-zswap | --claims | --table | --compare | --scratch | --writer-weight)
		[ $# -ge 2 ] || die "$1 wants a value (see --help)" ;;
	esac
	case $1 in
	--kernel)
		[ $# -ge 2 ] && [[ $2 == ?*=?* ]] || die "--kernel wants NAME=IMAGE"
		names+=("${2%%=*}"); images+=("${2#*=}"); shift 2 ;;
	-n) runs=$2; shift 2 ;;
	--first-run) first=$2; shift 2 ;;
	-c) cpus=$2; shift 2 ;;
	-m) mem=$2; shift 2 ;;
	-d) swap=$2; shift 2 ;;
	-t) timeout_s=$2; shift 2 ;;
	-o) out=$2; shift 2 ;;
	-f) ship+=(-f "$2"); shift 2 ;;
	--memory-max) memmax=$2; memmax_given=1; shift 2 ;;
	--memory-high) memhigh=$2; shift 2 ;;
	--zswap) zswap=$2; shift 2 ;;
	--arm-zswap)
		[[ $2 == ?*:?* ]] || die "--arm-zswap wants NAME:P=V[,P=V...]"
		arm_zswap[${2%%:*}]=${2#*:}; shift 2 ;;
	--columns) columns=1; shift ;;
	--iocost) iocost=1; iocost_given=1; shift ;;
	--locks) locks=1; shift ;;
	--writer) writer=1; shift ;;
	--writer-weight) writer_weight=$2; shift 2 ;;
	--host-root) hostroot=1; shift ;;
	--dry-run) dry=1; shift ;;
	--scratch) scratch=$2; shift 2 ;;
	--claims) claims=$2; shift 2 ;;
	--table) table=$2; shift 2 ;;
	--compare) pair=$2; shift 2 ;;
	--) shift; break ;;
	-h | --help) usage ;;
	*) die "unknown option '$1' (see --help)" ;;
	esac
done
[ ${#names[@]} -ge 2 ] || die "want at least two --kernel NAME=IMAGE"
[ -n "$out" ] || die "want -o DIR"
# The claims file is the experiment: its setup (zswap-gate claims setup,
# scaled to the VM where it says how, with the table's rows' `when:`)
# gives the zswap parameters, the memory limit, iocost and the workload;
# a flag overrides each.
if [ -n "$claims" ]; then
	[ -f "$claims" ] || die "claims file $claims not found"
	# the host's gate reads it (the installed layout has the static one)
	sgate=$repo/build/zswap-gate
	[ -x "$sgate" ] || sgate=$GATE
	[ -x "$sgate" ] || die "$sgate missing: run make"
	setup=$("$sgate" claims setup --json ${table:+--table "$table"} "$claims") ||
		die "--claims $claims: no experiment to run (above)"
	from=$(jq -r '.zswap | to_entries | map("\(.key)=\(.value)") | join(",")' <<<"$setup")
	zswap=$(merge_params "$from" "$zswap")
	if [ -z "${memmax_given:-}" ] && [ -z "$memhigh" ]; then
		from=$(jq -r '.memory_high_mib // empty' <<<"$setup")
		if [ -n "$from" ]; then
			memhigh=$from
		else
			memmax=$(jq -r ".memory_max_mib // $memmax" <<<"$setup")
		fi
	fi
	[ -n "${iocost_given:-}" ] || [ "$(jq -r .iocost <<<"$setup")" != true ] || iocost=1
	if [ $# -eq 0 ]; then
		mapfile -t words < <(jq -r '.workload[]' <<<"$setup")
		[ ${#words[@]} -gt 0 ] || die "--claims $claims states no workload: give -- COMMAND"
		[ "${words[0]}" = zswap-workload ] ||
			die "--claims $claims: its workload '${words[*]}' is not a bundled one (zswap-workload): give -- COMMAND"
		words[0]=./zswap-workload
		set -- "${words[@]}"
	fi
	say "the experiment of $claims${table:+ (table $table)}: zswap ${zswap:-enabled, its defaults}," \
		"$([ -n "$memhigh" ] && echo "memory.high $memhigh" || echo "memory.max $memmax") MiB," \
		"iocost $([ $iocost -eq 1 ] && echo on || echo off), -- $*"
fi
[ $# -ge 1 ] || die "want -- COMMAND (or --claims FILE whose setup names a workload)"
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "-n wants a number of runs"
[[ $first =~ ^[1-9][0-9]*$ ]] || die "--first-run wants a run number (1 or more)"
[[ $memmax =~ ^[1-9][0-9]*$ ]] || die "--memory-max wants MiB"
[ -z "$memhigh" ] || [[ $memhigh =~ ^[1-9][0-9]*$ ]] || die "--memory-high wants MiB"
[ -z "$memhigh" ] || [ -z "${memmax_given:-}" ] || die "--memory-high and --memory-max: give one"
zswap_re='^([a-z_]+=[A-Za-z0-9_]+(,[a-z_]+=[A-Za-z0-9_]+)*)?$'
[[ $zswap =~ $zswap_re ]] || die "--zswap wants P=V[,P=V...]"
for n in "${!arm_zswap[@]}"; do
	[[ ${arm_zswap[$n]} =~ $zswap_re ]] || die "--arm-zswap $n: wants P=V[,P=V...]"
	[[ " ${names[*]} " == *" $n "* ]] || die "--arm-zswap $n: no --kernel of that name"
done
[ $columns -eq 0 ] || { [ -n "$claims" ] && [ ${#names[@]} -ge 3 ] && [ -z "$pair" ]; } ||
	die "--columns wants --claims, three or more kernels and no --compare"
[[ $scratch =~ ^[0-9]+$ ]] || die "--scratch wants MiB"
[[ $writer_weight =~ ^[0-9]+$ ]] && [ "$writer_weight" -ge 1 ] && [ "$writer_weight" -le 10000 ] ||
	die "--writer-weight wants an io.weight, 1 to 10000"
[ "$scratch" -eq 0 ] || [ $hostroot -eq 1 ] ||
	die "--scratch wants --host-root (the host's mkfs.ext4 makes the disk)"
# run-guest.sh's options for them
root_opts=()
[ $hostroot -eq 0 ] || root_opts+=(-H)
[ "$scratch" -eq 0 ] || root_opts+=(-S "$scratch")
[ $writer -eq 0 ] || [ $iocost -eq 1 ] || die "--writer wants --iocost (the writer is there to be weighed against)"
[ $writer -eq 0 ] || [ "$swap" -ge 64 ] || die "--writer wants a swap disk of 64 MiB or more (-d)"
for i in "${!names[@]}"; do
	[[ ${names[$i]} =~ ^[A-Za-z0-9._+-]+$ ]] || die "kernel name '${names[$i]}'"
	case ${images[$i]} in
	6.1 | 6.12 | 7.x) continue ;;
	esac
	img=${images[$i]}
	[ -e "$img" ] || die "kernel image $img not found"
	# a bzImage, an image directory or a build directory: checked before
	# the first boot (a boot header, its release)
	[ -f "$img/arch/x86/boot/bzImage" ] && img=$img/arch/x86/boot/bzImage
	[ -d "$img" ] && img=$img/bzImage
	rel=$("$here/guest/bzimage.sh" "$img" 2>&1) ||
		die "--kernel ${names[$i]}=${images[$i]}: $rel"
	say "${names[$i]}: ${images[$i]} boots $rel"
done
for i in "${!names[@]}"; do
	for j in "${!names[@]}"; do
		[ "$i" -lt "$j" ] && [ "${names[$i]}" = "${names[$j]}" ] &&
			die "kernel name '${names[$i]}' given twice: each needs its own records"
	done
done
# what runs, one "key: value" a line (DIR/experiment, for reports such as
# zswap-kernels check's; and --dry-run's plan)
experiment() {
	echo "zswap: ${zswap:-enabled, its defaults}"
	if [ -n "$memhigh" ]; then echo "memory: memory.high $memhigh MiB"
	else echo "memory: memory.max $memmax MiB"; fi
	echo "iocost: $([ $iocost -eq 1 ] && echo on || echo off)$([ $writer -eq 1 ] &&
		echo ", fio beside at io.weight $writer_weight against 100")"
	echo "workload: $*"
	echo "vm: $cpus vCPUs, $mem, a $swap MiB swap disk${root_opts[*]:+ (run-guest.sh ${root_opts[*]})}"
}
# --dry-run: everything above is checked; say what would run, boot nothing
if [ $dry -eq 1 ]; then
	for i in "${!names[@]}"; do
		echo "kernel ${names[$i]}: ${images[$i]}${arm_zswap[${names[$i]}]:+, zswap ${arm_zswap[${names[$i]}]}}"
	done
	echo "runs: $runs a kernel from run $first, alternated, a fresh boot each"
	experiment "$@"
	echo "records: $out/NAME/run-NN.json${claims:+; then zswap-gate claims $claims${table:+ --table $table}}"
	echo "dry run: nothing built or booted"
	exit 0
fi
# a checkout builds them the first time (a minute on 2 cores)
if [ ! -x "$GATE" ] || [ ! -x "$WL" ]; then
	[ -f "$repo/Makefile" ] || die "$GATE or $WL missing"
	say "building the guests' static copies: make static-bins"
	make -s -C "$repo" static-bins >&2 || die "make static-bins failed"
fi

# KVM only where a guest has booted under it (tools/guest/accel.sh), else
# TCG: probed here, so the line saying why comes first; each run's
# run-guest.sh then reads the cached answer.
if [ -n "${ZSWAP_GUEST_ACCEL:-}" ]; then
	say "accelerator: $ZSWAP_GUEST_ACCEL (ZSWAP_GUEST_ACCEL)"
else
	if [[ ${images[0]} =~ ^(6\.1|6\.12|7\.x)$ ]]; then
		kopt=(-k "${images[0]}")
	else
		kopt=(-K "${images[0]}")
	fi
	"$here/guest/accel.sh" "${kopt[@]}" 2>&1 >/dev/null | sed 's/^/kernels-ab: /' >&2
fi

mkdir -p "$out" || die "cannot create $out"
# what ran, for reports (zswap-kernels check's): one "key: value" a line
experiment "$@" > "$out/experiment" || die "cannot write $out/experiment"
work=$(mktemp -d "${TMPDIR:-/tmp}/kernels-ab.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$work"' EXIT
if [ $writer -eq 1 ]; then
	"$here/guest/bundle-fio.sh" "$work/fio" || die "--writer: cannot bundle fio"
	ship+=(-D "$work/fio")
fi

# The in-guest script: zswap parameters (P=V,...), the cgroup, iocost, one
# record of COMMAND.
rec_opts="--cgroup \$CG"
[ $locks -eq 1 ] && rec_opts="$rec_opts --locks"
[ $iocost -eq 1 ] && rec_opts="$rec_opts --iocost"
in_guest_script() {
	local zs=$1
	shift
	echo '#!/bin/sh'
	echo '# generated by tools/kernels-ab.sh: one recorded run'
	echo 'cd /opt/zswap || exit 1'
	echo 'P=/sys/module/zswap/parameters'
	echo 'echo 1 > $P/enabled'
	for pv in ${zs//,/ }; do
		echo "echo ${pv#*=} > \$P/${pv%%=*} || { echo 'cannot set ${pv%%=*}'; exit 3; }"
	done
	echo 'cat $P/* > $RESULTS/params 2>/dev/null'
	[ $iocost -eq 1 ] && echo '. ./guest-lib.sh'
	[ $writer -eq 1 ] &&
		echo "split_disk $((swap / 2)) || { echo 'cannot split the disk'; exit 3; }"
	echo 'CG=/sys/fs/cgroup/workload'
	echo 'mkdir -p $CG'
	if [ -n "$memhigh" ]; then
		echo "echo $((memhigh << 20)) > \$CG/memory.high"
	else
		echo "echo $((memmax << 20)) > \$CG/memory.max"
	fi
	[ $iocost -eq 1 ] &&
		echo 'echo 1 > /sys/module/blk_cgroup/parameters/blkcg_debug_stats 2>/dev/null'
	if [ $writer -eq 1 ]; then
		# fio alone for the model's calibration (guest-lib.sh), then
		# under iocost for a second before the record. The model is 1/4
		# of fio's IOPS alone: beside the workload's two threads fio
		# reaches 0.15-0.5 of them (TCG: the guest's CPU issues the
		# IO), and seed 002's stock arm on 7.3 ran up debt in 4 of 4
		# runs at 1/4 (models 1.3-3.4k) but in 2 of 4 at 4/5 (none at
		# 5.1k and 7.0k, where the workload's share also reached 59%)
		echo 'W=/sys/fs/cgroup/writer'
		echo 'mkdir -p $W && echo 100 > $CG/io.weight && echo '"$writer_weight"' > $W/io.weight || { echo "writer: no io.weight"; exit 3; }'
		echo "sh -c \". ./guest-lib.sh; fio_randwrite \$W \$RESULTS/fio.out $timeout_s\" & fio=\$!"
		echo 'iocost_calibrate $W 25 || exit 3'
		echo 'sleep 1'
	elif [ $iocost -eq 1 ]; then
		echo 'iocost_enable 4096 || exit 3'
	fi
	printf './zswap-gate record -q %s -o $RESULTS/run.json --' "$rec_opts"
	printf ' %q' "$@"
	echo ' > $RESULTS/record.log 2>&1'
	echo 'echo $? > $RESULTS/record.rc'
	if [ $writer -eq 1 ]; then
		echo 'kill $fio; wait $fio'
		echo 'grep -q "write: IOPS" $RESULTS/fio.out || { echo "writer: fio wrote nothing"; echo 1 > $RESULTS/record.rc; }'
	fi
	echo 'exit 0'
}
for name in "${names[@]}"; do
	zs=$zswap${arm_zswap[$name]:+,${arm_zswap[$name]}}
	in_guest_script "$zs" "$@" > "$work/run.$name.sh"
	[ -z "$zs" ] || say "$name: zswap ${zs#,}"
done

total=$((runs * ${#names[@]}))
done_runs=0
start=$(date +%s)
ret=0
for r in $(seq "$first" $((first + runs - 1))); do
	for i in "${!names[@]}"; do
		name=${names[$i]}
		img=${images[$i]}
		d=$work/$name-$r
		elapsed=$(($(date +%s) - start))
		left=''
		[ $done_runs -gt 0 ] &&
			left=", about $((elapsed * (total - done_runs) / done_runs)) s left"
		say "[$((done_runs + 1))/$total] $name run $r/$((first + runs - 1)) (${elapsed} s so far$left)"
		if [[ $img =~ ^(6\.1|6\.12|7\.x)$ ]]; then kopt=(-k "$img"); else kopt=(-K "$img"); fi
		ZSWAP_GUEST_RETRIES=${ZSWAP_GUEST_RETRIES:-3} \
		"$here/guest/run-guest.sh" -q "${kopt[@]}" -c "$cpus" -m "$mem" -d "$swap" \
			-t "$timeout_s" -o "$d" -s "$work/run.$name.sh" \
			-f "$GATE" -f "$WL" "${ship[@]}" "${root_opts[@]}"
		grc=$?
		rrc=$(cat "$d/record.rc" 2>/dev/null || echo none)
		mkdir -p "$out/$name"
		# the iocost model of this boot, beside its record
		if [ -s "$d/iocost-model" ]; then
			cp "$d/iocost-model" "$out/$name/$(printf 'run-%02d.iocost' "$r")"
			say "$name run $r: iocost $(cat "$d/iocost-model")"
		fi
		if [ $grc -ne 0 ] || [ "$rrc" != 0 ] || [ ! -s "$d/run.json" ]; then
			say "$name run $r failed: guest rc $grc, record rc $rrc (console: $out/$name/run-$r.console.log)"
			cp "$d/console.log" "$out/$name/run-$r.console.log" 2>/dev/null
			cp "$d/record.log" "$out/$name/run-$r.record.log" 2>/dev/null
			ret=1
		else
			cp "$d/run.json" "$out/$name/$(printf 'run-%02d.json' "$r")"
		fi
		rm -rf "$d"
		done_runs=$((done_runs + 1))
	done
done
say "$total runs in $(($(date +%s) - start)) s; records in $out/NAME/"
[ $ret -eq 0 ] || exit 1

# verdicts NAME ARGS...: zswap-gate claims' three layouts into DIR/NAME.*
verdicts() {
	local stem=$out/$1
	shift
	"$GATE" claims --json "$@" > "$stem.json"
	"$GATE" claims --markdown "$@" > "$stem.md"
	"$GATE" claims "$@" | tee "$stem.txt"
	crc=${PIPESTATUS[0]}
	[ "$crc" -eq 0 ] || ret=$crc
}

base=${names[0]}
for name in "${names[@]:1}"; do
	"$GATE" compare --label-a "$base" --label-b "$name" "$out/$base" -- "$out/$name" \
		> "$out/compare-$name.txt" 2>&1
	[ -n "$claims" ] && [ $columns -eq 0 ] || continue
	copt=(--label-a "$base" --label-b "$name")
	[ -n "$table" ] && copt+=(--table "$table")
	[ -n "$pair" ] && copt+=(--compare "$pair")
	verdicts "claims-$name" "${copt[@]}" "$claims" "$out/$base" -- "$out/$name"
done
if [ $columns -eq 1 ]; then
	arms=("$out/${names[0]}")
	for name in "${names[@]:1}"; do
		arms+=(-- "$out/$name")
	done
	copt=(--labels "$(IFS=,; echo "${names[*]}")")
	[ -n "$table" ] && copt+=(--table "$table")
	verdicts claims "${copt[@]}" "$claims" "${arms[@]}"
fi
exit $ret
