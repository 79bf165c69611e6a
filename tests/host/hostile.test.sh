#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Live host tier for hostile outputs and runs (issue 13): every tool gets
# an -o naming a device, fifo or symlink, non-finite durations, a missing
# or read-only output place, a --cgroup that is no cgroup, a command that
# cannot run, SIGKILL while a workload runs, two exporters on one file,
# an unknown TERM, a stdout that fails (/dev/full), and a full disk (a
# 64 KiB tmpfs). The expected outcome is the documented one (docs/faults.md "Bad
# input and faults"): one line naming the thing, exit 2 (1 for a fault
# at the end of a run), nothing replaced, no workload left behind.
# BIN=DIR runs another build's binaries (to see the checks fail there).
# Needs root.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
host_lock

BIN=${BIN:-build}
GATE=$BIN/zswap-gate
EXP=$BIN/zswap-export
TOP=$BIN/zswaptop
LOCK=$BIN/zswap-lockstat
IOST=$BIN/zswap-iostall
WORK=$(mktemp -d /tmp/zswap-hostile.XXXXXX)
TINY="" RO="" EXP_PID=""
A=tests/fixtures/records/seed000/a
B=tests/fixtures/records/seed000/b

if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP hostile host tier: needs root"
	exit 1
fi
cleanup() {
	[ -n "$EXP_PID" ] && kill "$EXP_PID" 2>/dev/null && wait "$EXP_PID" 2>/dev/null
	[ -n "$TINY" ] && umount "$TINY" 2>/dev/null
	[ -n "$RO" ] && umount "$RO" 2>/dev/null
	rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# rc2 DESC LOG CMD...: CMD exits 2 and prints one "error:" line into LOG
rc2() {
	rc2_desc=$1 rc2_log=$2
	shift 2
	timeout 20 "$@" > "$rc2_log.out" 2> "$rc2_log"
	rc=$?
	check "$rc2_desc: exit 2 (got $rc)" [ "$rc" -eq 2 ]
}
ischr() { [ -c "$1" ] && [ ! -L "$1" ]; }
# gone PID: the process has exited within a second (a zombie counts as gone)
gone() {
	i=0
	while [ $i -lt 10 ]; do
		st=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)
		[ -z "$st" ] || [ "$st" = Z ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	kill -9 "$1" 2>/dev/null	# left behind: do not leave it running
	return 1
}
# child_of PID [NAME]: waits (15 s: the tool loads its BPF programs
# first) for PID's child (running NAME), prints its pid
child_of() {
	i=0
	while [ $i -lt 150 ]; do
		if [ -n "${2:-}" ]; then
			c=$(pgrep -P "$1" -x "$2" | head -n 1)
		else
			c=$(pgrep -P "$1" | head -n 1)
		fi
		[ -n "$c" ] && { echo "$c"; return 0; }
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# --- 1. -o naming something that is not a regular file ---------------------
mknod "$WORK/null" c 1 3
mkfifo "$WORK/fifo"
ln -s "$WORK/null" "$WORK/to-null"
for t in null fifo to-null; do
	rc2 "record -o $t" "$WORK/o.log" $GATE record -q -o "$WORK/$t" -d 0.2
	check "record -o $t: the error names the output" grep -q "^error: -o $WORK/$t: output is" "$WORK/o.log"
done
check "record -o device: still a character device" ischr "$WORK/null"
check "record -o fifo: still a fifo" [ -p "$WORK/fifo" ]
check "record -o symlink: still a symlink" [ -L "$WORK/to-null" ]
rc2 "export -o device" "$WORK/o.log" $EXP -o "$WORK/null" --once -i 0.1
check "export -o device: still a character device" ischr "$WORK/null"
check "export -o device: the error says why" grep -q "character device, not a regular file" "$WORK/o.log"
rc2 "export -o directory" "$WORK/o.log" $EXP -o "$WORK" --once -i 0.1
check "record -o -: the record on stdout" sh -c '"$1" record -q -o - -d 0.2 | jq -e ".complete == true" >/dev/null' _ $GATE
echo '{"old": 1}' > "$WORK/real.json"
ln -s "$WORK/real.json" "$WORK/link.json"
$GATE record -q -o "$WORK/link.json" -d 0.2
check "record -o symlink to a file: the link is kept" [ -L "$WORK/link.json" ]
check "record -o symlink to a file: its target holds the record" \
	sh -c 'jq -e .complete "$1" >/dev/null' _ "$WORK/real.json"

# --- 2. durations and intervals -------------------------------------------
for d in nan inf -inf -1 0 1e999 5s; do
	rc2 "record -d $d" "$WORK/d.log" $GATE record -q -o "$WORK/d.json" -d "$d"
	check "record -d $d: the error names --duration" grep -q "^error: --duration '$d'" "$WORK/d.log"
done
check "record -d: nothing written" [ ! -e "$WORK/d.json" ]
rc2 "lockstat -d nan" "$WORK/d.log" $LOCK -d nan
check "lockstat -d nan: the error names --duration" grep -q "^error: --duration 'nan'" "$WORK/d.log"
rc2 "lockstat -d inf" "$WORK/d.log" $LOCK -d inf
rc2 "zswaptop -b -d nan" "$WORK/d.log" $TOP -b -n 1 -d nan
check "zswaptop -d nan: the error names --delay" grep -q "^error: --delay 'nan'" "$WORK/d.log"
rc2 "export -i inf" "$WORK/d.log" $EXP -o "$WORK/e.prom" -i inf --once
check "export -i inf: the error names --interval" grep -q "^error: --interval 'inf'" "$WORK/d.log"
mpp=$(cat /sys/module/zswap/parameters/max_pool_percent)
rc2 "run -d nan" "$WORK/d.log" $GATE run -n 1 --arm-a max_pool_percent=$mpp \
	--arm-b max_pool_percent=$mpp -o "$WORK/run" -d nan
check "run -d nan: nothing created" [ ! -e "$WORK/run" ]

# --- 3. output place missing or read-only: refused before the workload ----
rc2 "record -o missing dir" "$WORK/m.log" $GATE record -q -o "$WORK/no/such/r.json" -- touch "$WORK/ran"
check "record -o missing dir: the workload did not run" [ ! -e "$WORK/ran" ]
RO=$WORK/ro
mkdir "$RO" && mount -t tmpfs -o size=64k,ro tmpfs "$RO"
rc2 "record -o read-only" "$WORK/m.log" $GATE record -q -o "$RO/r.json" -- touch "$WORK/ran"
check "record -o read-only: the workload did not run" [ ! -e "$WORK/ran" ]
check "record -o read-only: the error says read-only" grep -q "Read-only file system" "$WORK/m.log"
rc2 "export -o read-only" "$WORK/m.log" $EXP -o "$RO/z.prom" --once -i 0.1
umount "$RO" && RO=""

# --- 4. --cgroup that is no cgroup; a command that cannot run -------------
echo x > "$WORK/file"
for cg in /tmp "$WORK/file" /nonexistent/cg; do
	rc2 "record --cgroup $cg" "$WORK/c.log" $GATE record -q -o "$WORK/c.json" --cgroup "$cg" -- touch "$WORK/ran"
	check "record --cgroup $cg: named in the error" grep -q "^error: --cgroup $cg" "$WORK/c.log"
	rc2 "zswaptop --cgroup $cg" "$WORK/c.log" $TOP -b -n 1 --cgroup "$cg"
	rc2 "iostall --cgroup $cg" "$WORK/c.log" $IOST --cgroup "$cg" -- touch "$WORK/ran"
	rc2 "plan --cgroup $cg" "$WORK/c.log" $GATE plan --cgroup "$cg"
done
check "--cgroup refused: no workload ran, no record" sh -c '[ ! -e "$1/ran" ] && [ ! -e "$1/c.json" ]' _ "$WORK"
rc2 "record -- missing command" "$WORK/c.log" $GATE record -q -o "$WORK/c.json" -- /nonexistent/cmd
rc2 "record -- a directory" "$WORK/c.log" $GATE record -q -o "$WORK/c.json" -- /tmp
rc2 "iostall -- missing command" "$WORK/c.log" $IOST -- /nonexistent/cmd
printf '#!/nonexistent/interpreter\n' > "$WORK/badexec"
chmod +x "$WORK/badexec"
$GATE record -q -o "$WORK/x.json" -- "$WORK/badexec" 2> "$WORK/x.log"
rc=$?
check "record of a command exec refuses: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "exec failure: the record is kept, marked incomplete" \
	sh -c 'jq -e ".complete == false and .exit_code == 127" "$1" >/dev/null' _ "$WORK/x.json"
check "exec failure: a note says the command could not be run" \
	sh -c 'jq -e "[.notes[] | select(test(\"could not be run\"))] | length == 1" "$1" >/dev/null' _ "$WORK/x.json"
$GATE record -q -o "$WORK/y.json" -- sh -c 'exit 127'
check "a command's own exit 127 stays a complete record" \
	sh -c 'jq -e ".complete == true and .exit_code == 127" "$1" >/dev/null' _ "$WORK/y.json"

# --- 5. SIGKILL of the tool: the workload goes too ------------------------
# killed NAME CMD...: starts CMD (a tool running `sleep 300`), SIGKILLs
# it once the workload runs, and checks the workload dies with it
killed() {
	kname=$1
	shift
	"$@" > /dev/null &
	kpid=$!
	w=$(child_of $kpid sleep)
	check "$kname: workload started" [ -n "$w" ]
	kill -9 $kpid
	wait $kpid 2>/dev/null
	[ -n "$w" ] && check "$kname killed: its workload is gone within a second" gone "$w"
}
killed record $GATE record -q -o "$WORK/k.json" -- sleep 300
check "record killed: no record file" [ ! -e "$WORK/k.json" ]
killed lockstat $LOCK -- sleep 300
killed iostall $IOST -- sleep 300
# run's arms set the values already there: a killed run changes nothing
$GATE run -n 1 --arm-a max_pool_percent=$mpp --arm-b max_pool_percent=$mpp \
	-o "$WORK/run" -- sleep 300 2> /dev/null &
run=$!
r=$(child_of $run)	# run execs /proc/self/exe: its comm is "exe"
w=""
[ -n "$r" ] && w=$(child_of $r sleep)
check "run: record and workload started" [ -n "$w" ]
kill -9 $run
wait $run 2>/dev/null
[ -n "$r" ] && check "run killed: its record is gone within a second" gone "$r"
[ -n "$w" ] && check "run killed: the workload is gone within a second" gone "$w"

# a signal that would end record (HUP, QUIT, USR1) stops the run like
# SIGINT: the workload gets it, the record is kept, marked incomplete
for sig in HUP QUIT USR1; do
	$GATE record -q -o "$WORK/sig-$sig.json" -- sleep 300 2> /dev/null &
	kpid=$!
	w=$(child_of $kpid sleep)
	kill -$sig $kpid
	wait $kpid 2>/dev/null
	check "record under SIG$sig: the record kept, incomplete, no temporary file" \
		eval '[ "$(jq .complete "$WORK/sig-$sig.json")" = false ] && [ -z "$(ls -A "$WORK" | grep "^\.sig-$sig")" ]'
	[ -n "$w" ] && check "record under SIG$sig: the workload is gone" gone "$w"
done
# SIGINT while the BPF programs load: nothing runs, nothing is left
$GATE record -q -o "$WORK/early.json" -- sleep 300 2> "$WORK/early.err" &
kpid=$!
sleep 0.05
kill -INT $kpid
wait $kpid
rc=$?
check "SIGINT during start-up: exit 1, said, no record, no temporary file, no workload ($rc)" \
	eval '[ $rc -eq 1 ] && grep -q "during start-up: nothing was run or recorded" "$WORK/early.err" &&
	      [ ! -e "$WORK/early.json" ] && [ -z "$(ls -A "$WORK" | grep "^\.early")" ] && ! pgrep -P $kpid >/dev/null'
# a stop signal reaches what the workload started too (a shell's
# background job, which ignores SIGINT, is stopped after it), and each
# tool says in its report that the run was interrupted
left() { pgrep -f "^sleep $1\$" > /dev/null; }
stop_tree() {
	tname=$1 sig=$2 secs=$3 out=$4
	shift 4
	"$@" -- sh -c "sleep $secs & sleep $secs" > "$out" 2>&1 &
	tpid=$!
	child_of $tpid > /dev/null
	sleep 1
	kill -$sig $tpid
	wait $tpid
	check "$tname under SIG$sig: nothing the workload started is left" eval '! left $secs'
	left $secs && pkill -f "^sleep $secs\$"
}
stop_tree lockstat INT 301 "$WORK/tree-lock.txt" $LOCK
check "lockstat under SIGINT: the report says it was interrupted" \
	grep -q "^note: interrupted by signal 2 after" "$WORK/tree-lock.txt"
stop_tree iostall TERM 302 "$WORK/tree-iost.txt" $IOST
check "iostall under SIGTERM: the report printed, saying it was interrupted" \
	eval 'grep -q "^note: interrupted by signal 15" "$WORK/tree-iost.txt" && grep -q "^who sleeps\|wb_offcpu\|iocost_" "$WORK/tree-iost.txt"'
# a workload that writes down the signal it got, then exits 3 (exit) or
# goes on (ignore): iostall stops it as every tool does, SIGKILL after
# the grace period, prints the report of the window and exits with the
# workload's code (issue 37: exit 143, no report, the workload SIGKILLed)
for w in exit ignore; do
	act=""
	[ $w = exit ] && act="; exit 3"
	printf '#!/bin/sh\ntrap '"'"'echo "$1" > "$0.got"%s'"'"' TERM INT\ntouch "$0.ready"\nwhile :; do sleep 0.1; done\n' \
		"$act" > "$WORK/wl-$w"
	chmod +x "$WORK/wl-$w"
done
# run_stopped NAME SIG DELAY CMD...: CMD's workload wl-NAME gets SIG from
# the test DELAY s after it is ready (or, DELAY "early", 0.2 s after CMD
# starts); the exit code in $rc, the run's seconds in $secs
run_stopped() {
	rs_w=$1 rs_sig=$2 rs_delay=$3
	shift 3
	rm -f "$WORK/wl-$rs_w.ready" "$WORK/wl-$rs_w.got"
	t0=$(date +%s)
	timeout -s KILL 30 "$@" -- "$WORK/wl-$rs_w" "$rs_sig" > "$WORK/stop.out" 2> "$WORK/stop.err" &
	rs_pid=$!
	if [ "$rs_delay" = early ]; then
		sleep 0.2
	else
		i=0
		while [ ! -e "$WORK/wl-$rs_w.ready" ] && [ $i -lt 150 ]; do sleep 0.1; i=$((i + 1)); done
		sleep "$rs_delay"
	fi
	pkill -"$rs_sig" -P $rs_pid
	wait $rs_pid
	rc=$? secs=$(($(date +%s) - t0))
	pkill -KILL -f "$WORK/wl-$rs_w" 2> /dev/null
}
reported() { grep -q "^note: interrupted by signal $1: the workload" "$WORK/stop.out" && grep -q "^PROGRAM " "$WORK/stop.out"; }
run_stopped exit TERM 0.5 $IOST
check "iostall under SIGTERM: the workload got it and exited 3, the report printed, exit 3 ($rc)" \
	eval '[ $rc -eq 3 ] && [ "$(cat "$WORK/wl-exit.got")" = TERM ] && reported 15 &&
	      ! grep -q "killed (SIGKILL)" "$WORK/stop.out"'
run_stopped ignore TERM 0.5 $IOST
check "iostall under SIGTERM, a workload that ignores it: SIGKILL after the grace period, the report printed, exit 137 ($rc after $secs s)" \
	eval '[ $rc -eq 137 ] && [ "$(cat "$WORK/wl-ignore.got")" = TERM ] && reported 15 &&
	      grep -q "^note: the workload was still there 5 s after signal 15: killed (SIGKILL)" "$WORK/stop.out" &&
	      [ $secs -lt 20 ] && ! pgrep -f "$WORK/wl-ignore" > /dev/null'
run_stopped exit TERM early $IOST
check "iostall under SIGTERM while it loads: exit 1, said, no workload run ($rc, $(cat "$WORK/stop.err" | tail -n 1))" \
	eval '[ $rc -eq 1 ] && grep -q "^interrupted by signal 15 during start-up: nothing was run" "$WORK/stop.err" &&
	      [ ! -e "$WORK/wl-exit.ready" ]'
run_stopped ignore INT 0.5 $GATE record -q -o "$WORK/ignored.json"
check "record under SIGINT, a workload that ignores it: killed after the grace period, the record kept and says so ($rc after $secs s)" \
	eval '[ "$(cat "$WORK/wl-ignore.got")" = INT ] && [ $secs -lt 20 ] &&
	      [ "$(jq .complete "$WORK/ignored.json")" = false ] && [ "$(jq .exit_code "$WORK/ignored.json")" = 137 ] &&
	      jq -r ".notes[]" "$WORK/ignored.json" | grep -q "still there 5 s after signal 2: killed (SIGKILL)"'
stop_tree record INT 303 "$WORK/tree-rec.txt" $GATE record -q -o "$WORK/tree.json"
check "record under SIGINT: the record notes what was stopped" \
	eval 'jq -r ".notes[]" "$WORK/tree.json" | grep -q "process(es) the command left behind were stopped"'

# the setup changing under the window: noted, the record incomplete
$GATE record -q -o "$WORK/chg.json" -- sh -c \
	"sleep 0.5; echo $((mpp == 7 ? 8 : 7)) > /sys/module/zswap/parameters/max_pool_percent; sleep 0.5" \
	2> "$WORK/chg.err"
echo "$mpp" > /sys/module/zswap/parameters/max_pool_percent
check "a parameter changed during the window: noted, record incomplete, said" \
	eval 'jq -r ".notes[]" "$WORK/chg.json" | grep -q "zswap parameter max_pool_percent changed during the window ($mpp -> " &&
	      [ "$(jq .complete "$WORK/chg.json")" = false ] && grep -q "the setup changed during the window" "$WORK/chg.err"'
# changed and put back inside the window (issue 37: the record was
# complete, with no note): both changes noted with when, the header keeps
# the window's start value, compare and claims refuse the record naming
# the change, or with --allow-incomplete take it with a warning
other=$((mpp == 7 ? 8 : 7))
$GATE record -q -o "$WORK/flip.json" -- sh -c \
	"sleep 0.6; echo $other > /sys/module/zswap/parameters/max_pool_percent; sleep 0.6
	 echo $mpp > /sys/module/zswap/parameters/max_pool_percent; sleep 0.6" 2> "$WORK/flip.err"
echo "$mpp" > /sys/module/zswap/parameters/max_pool_percent
check "a parameter changed and put back during the window: both changes noted with when, record incomplete ($(jq -c '.notes[-1]' "$WORK/flip.json"))" \
	eval 'jq -r ".notes[]" "$WORK/flip.json" | grep -q "^zswap parameter max_pool_percent changed during the window ($mpp -> $other at +[0-9.]* s, $other -> $mpp at +[0-9.]* s)\$" &&
	      [ "$(jq .complete "$WORK/flip.json")" = false ] && grep -q "the setup changed during the window" "$WORK/flip.err"'
check "  ... the record lists them (param, from, to, at_s 0.3-1.5 s and 0.3 s later), its header the start value" \
	eval '[ "$(jq -r ".param_changes | map(\"\(.param) \(.from) \(.to)\") | join(\",\")" "$WORK/flip.json")" = "max_pool_percent $mpp $other,max_pool_percent $other $mpp" ] &&
	      jq -e ".param_changes[0].at_s > 0.3 and .param_changes[0].at_s < 1.5 and .param_changes[1].at_s > .param_changes[0].at_s + 0.3" "$WORK/flip.json" > /dev/null &&
	      [ "$(jq -r .zswap.max_pool_percent "$WORK/flip.json")" = "$mpp" ]'
rc2 "compare of that record" "$WORK/flip.log" $GATE compare "$WORK/flip.json" -- $B
check "  ... compare names the change" grep -q "incomplete record (zswap parameter max_pool_percent changed during the window ($mpp -> $other at" "$WORK/flip.log"
$GATE compare --allow-incomplete "$WORK/flip.json" -- $B > /dev/null 2> "$WORK/flip.log"
check "  ... compare --allow-incomplete warns" \
	grep -q "^warning: $WORK/flip.json: zswap parameter max_pool_percent changed during the window.*: its metrics mix two settings" "$WORK/flip.log"
$GATE claims --allow-incomplete --allow-not-measurable tests/fixtures/claims/seed000-fixture.yaml "$WORK/flip.json" -- $B > /dev/null 2> "$WORK/flip.log"
check "  ... claims --allow-incomplete warns" \
	grep -q "^warning: $WORK/flip.json: zswap parameter max_pool_percent changed" "$WORK/flip.log"
make_cgroup 64 zswap-hostile-gone
$GATE record -q --cgroup "$CG" -o "$WORK/gone.json" -d 3 2> /dev/null &
kpid=$!
sleep 2
rmdir "$CG"
wait $kpid
# (its memory.stat counters go n/a: tests/unit/test_metric_eval.c; the
# tracepoints' per-cgroup counts are what was counted while it lived)
check "the --cgroup removed during the window: noted, record incomplete" \
	eval 'jq -r ".notes[]" "$WORK/gone.json" | grep -q "could not be read at the end of the window (removed?)" &&
	      [ "$(jq .complete "$WORK/gone.json")" = false ]'

# two records into one file: the second is refused, naming the first
$GATE record -q -o "$WORK/same.json" -- sleep 300 2> /dev/null &
kpid=$!
child_of $kpid sleep > /dev/null
rc2 "a second record -o the same file" "$WORK/same.log" $GATE record -q -o "$WORK/same.json" -- true
check "  ... names the first one's pid ($kpid)" \
	grep -q "another zswap-gate record (pid $kpid) writes this file" "$WORK/same.log"
kill -INT $kpid
wait $kpid
check "  ... the first one's record written, no lock file left behind" \
	eval '[ "$(jq .complete "$WORK/same.json")" = false ] && [ ! -e "$WORK/.same.json.lock" ]'
# run passes such a signal on: its record is kept, the parameters restored
$GATE run -n 2 --arm-a max_pool_percent=$mpp --arm-b max_pool_percent=$mpp \
	-o "$WORK/hup" -- sleep 300 2> /dev/null &
run=$!
r=$(child_of $run)
[ -n "$r" ] && child_of $r sleep > /dev/null
kill -HUP $run
wait $run
rc=$?
check "run under SIGHUP: exit 1, the record kept (incomplete), no second run ($rc)" \
	eval '[ $rc -eq 1 ] && [ "$(jq .complete "$WORK/hup/a/run-01.json")" = false ] && [ ! -e "$WORK/hup/b/run-01.json" ]'

# --- 6. two exporters on one file -----------------------------------------
$EXP -o "$WORK/two.prom" -i 0.5 2> "$WORK/exp1.log" &
EXP_PID=$!
i=0
while [ ! -s "$WORK/two.prom" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
rc2 "second exporter on one file" "$WORK/two.log" $EXP -o "$WORK/two.prom" -i 0.5
check "second exporter: the line names the holder's pid ($EXP_PID)" \
	grep -q "another zswap-export (pid $EXP_PID) writes this file" "$WORK/two.log"
ln -s "$WORK/two.prom" "$WORK/two-link.prom"
rc2 "second exporter through a symlink" "$WORK/two.log" $EXP -o "$WORK/two-link.prom" -i 0.5
kill $EXP_PID && wait $EXP_PID
EXP_PID=""
$EXP -o "$WORK/two.prom" -i 0.1 --once 2> "$WORK/two.log"
check "after the first exits, a new exporter takes the file" [ $? -eq 0 ]

# --- 7. unknown TERM; stdout write errors ---------------------------------
TERM=nonexistent-term script -qec "$TOP" /dev/null > "$WORK/term.out" 2>&1
rc=$?
check "zswaptop with TERM=nonexistent-term: exit 2 (got $rc)" [ "$rc" -eq 2 ]
check "unknown TERM: a line names it" grep -q "TERM=nonexistent-term" "$WORK/term.out"
# TERM=dumb has a terminfo entry but no cursor motion: a blank screen
TERM=dumb timeout 20 script -qec "$TOP" /dev/null > "$WORK/dumb.out" 2>&1
rc=$?
check "zswaptop with TERM=dumb: exit 2 at once (got $rc)" [ "$rc" -eq 2 ]
check "TERM=dumb: says the terminal cannot move the cursor" \
	grep -q "TERM=dumb: the terminal cannot move the cursor" "$WORK/dumb.out"
full() {
	full_desc=$1
	shift
	timeout 20 "$@" > /dev/full 2> "$WORK/full.log"
	rc=$?
	check "$full_desc > /dev/full: exit 2 (got $rc)" [ "$rc" -eq 2 ]
	check "$full_desc > /dev/full: says write error" grep -q "write error" "$WORK/full.log"
}
full "lockstat -d" $LOCK -d 0.2
full "lockstat --json" $LOCK -d 0.2 --json
full "zswaptop -b" $TOP -b -n 1 -d 0.2
full "record (summary)" $GATE record -o "$WORK/f.json" -d 0.2
full "compare" $GATE compare $A/*.json -- $B/*.json
full "claims" $GATE claims tests/fixtures/claims/seed000-fixture.yaml $A -- $B
full "plan" $GATE plan
full "iostall" $IOST -- true
full "export --help" $EXP --help

# an empty distribution says so: no rows of 0.0 ms, no mean of nothing
$IOST -- true > "$WORK/idle.txt" 2>&1
check "iostall, nothing slept in writeback: 'no samples', no zero rows" sh -c \
	'grep -q "^  no samples: no task slept inside zswap writeback" "$1" &&
	 ! grep -q "^  kworker  *0.0 ms" "$1"' _ "$WORK/idle.txt"
# sched_switch is there (this kernel's BTF): no note says it is not
check "iostall on a kernel with sched_switch: no note that it is missing" \
	sh -c '! grep -q "sched_switch: .*not measured" "$1"' _ "$WORK/idle.txt"

# --- 8. a full disk -------------------------------------------------------
TINY=$WORK/tiny
mkdir "$TINY" && mount -t tmpfs -o size=64k tmpfs "$TINY"
$EXP -o "$TINY/z.prom" -i 0.1 --once 2> /dev/null
cp "$TINY/z.prom" "$WORK/kept.prom"
mkdir "$TINY/plots"
dd if=/dev/zero of="$TINY/fill" bs=4k 2> /dev/null
$EXP -o "$TINY/z.prom" -i 0.1 --once 2> "$WORK/tiny.log"
rc=$?
check "export on a full disk: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "export on a full disk: the previous complete file kept" cmp -s "$TINY/z.prom" "$WORK/kept.prom"
$GATE record -q -o "$TINY/r.json" -d 0.2 2> "$WORK/tiny.log"
rc=$?
check "record on a full disk: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "record on a full disk: says no space" grep -q "No space left on device" "$WORK/tiny.log"
check "record on a full disk: no empty or partial record" [ ! -e "$TINY/r.json" ]
$GATE compare --plot "$TINY/plots" $A/*.json -- $B/*.json > /dev/null 2> "$WORK/tiny.log"
rc=$?
check "compare --plot on a full disk: fails (got $rc)" [ "$rc" -ne 0 ]
check "compare --plot on a full disk: says no space" grep -q "No space left on device" "$WORK/tiny.log"
check "compare --plot on a full disk: no empty file left" \
	sh -c '[ -z "$(find "$1" -type f -size 0)" ]' _ "$TINY/plots"
check "full disk: no temporary file left" sh -c '! ls -aR "$1" | grep -q "\.tmp$"' _ "$TINY"
umount "$TINY" && TINY=""

# --- inputs that are not regular files (issue 26: a FIFO blocked the
# reader forever, a directory read as "no rules" passed the gate): each
# refused at once, exit 2, the file and what it is named
mkfifo "$WORK/fifo.in"
mkdir -p "$WORK/adir" "$WORK/arm"
cp "$A"/*.json "$WORK/arm/"
mkfifo "$WORK/arm/zz.json"
for c in "record:compare $A -- $WORK/fifo.in:a FIFO" \
	"arm file:compare $WORK/arm -- $B:a FIFO" \
	"claims file:claims $WORK/fifo.in $A -- $B:a FIFO" \
	"rules FIFO:compare --rules $WORK/fifo.in $A -- $B:a FIFO" \
	"rules directory:compare --rules $WORK/adir $A -- $B:a directory" \
	"events FIFO:record -q -e $WORK/fifo.in -o $WORK/ev.json --duration 0.1:a FIFO"; do
	what=${c%%:*} rest=${c#*:}
	args=${rest%:*} kind=${rest##*:}
	t0=$(date +%s)
	# shellcheck disable=SC2086
	timeout 20 $GATE $args > /dev/null 2> "$WORK/err"
	rc=$?
	check "$what: exit 2 at once, '$kind' named ($(head -n 1 "$WORK/err"))" \
		sh -c '[ "$1" -eq 2 ] && [ $(($(date +%s) - $2)) -lt 10 ] &&
		       grep -q "not a regular file ($3)" "$4"' _ "$rc" "$t0" "$kind" "$WORK/err"
done

# --- a record replaced keeps its mode (issue 26: a 0600 file became 0644)
printf '{}' > "$WORK/private.json"
chmod 600 "$WORK/private.json"
$GATE record -q -o "$WORK/private.json" --duration 0.2 > /dev/null 2>&1
check "record -o onto a 0600 file: a record, still 0600 ($(stat -c %a "$WORK/private.json"))" \
	sh -c '[ "$(stat -c %a "$1")" = 600 ] && jq -e .schema "$1" > /dev/null' _ "$WORK/private.json"

summary
