#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Every command the pages show is run, one of four ways (docs.test.sh runs
# the "$ " examples that need no root and checks every option's name):
#   1. it is a docs/examples/ command (tools/gen-examples.sh, run here anew
#      as root): today's output has the page's shape (below);
#   2. it boots kernels or changes zswap's settings (zswap-kernels,
#      kernels-ab.sh, `zswap-gate run`): run with --dry-run, which checks
#      its options, images, claims file and directories and prints the
#      plan; it must exit 0; a daemon the page starts in the background
#      (`zswap-export ... &`) runs once (--once). A command that reads the records of the run
#      above it in the same block must read that run's directory;
#   3. a test script or the CI runs it with the same options
#      (tests/, .ci/run, bench/; their $GATE, $FG and $EXP are the tools);
#   4. a synopsis (`[`, `|`, `...` or a placeholder in capitals, as
#      FILE or SERIES.mbox): its
#      options are docs.test.sh's.
# A command none of these cover fails the test, named.
#
# The shape of an output is its skeleton (tests/lib.sh's labels: the
# headings and row names, numbers and temporary names folded): 80% of the
# page's must be in today's output and 80% of today's in the page's (rows
# come and go with the activity a live tool counts: a counter 0 one run
# is folded, the next it is not; a lock contends or does not).
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

if [ "$(id -u)" != 0 ]; then
	echo "SKIP doccmds host tier: needs root (tools/gen-examples.sh, dry runs of zswap-gate run)"
	exit 0
fi
DOCS="README.md docs/*.md"
WORK=$(mktemp -d /tmp/zswap-doccmds.XXXXXX)
scratch_cg=""
cleanup() {
	[ -n "$scratch_cg" ] && rmdir "$scratch_cg" 2>/dev/null
	rm -rf "$WORK"
}
trap cleanup EXIT

# every command line the pages show, continuations joined:
# FILE:LINE TAB BLOCK TAB CMD (BLOCK: the number of the indented block)
awk '
	function flush(  n, i, part) {	# "A && B" are two commands
		n = split(cmd, part, / && /)
		for (i = 1; i <= n; i++) print FILENAME ":" start "\t" block "\t" part[i]
		cmd = ""
	}
	/^    / {
		line = $0; sub(/^ +/, "", line)
		if (cmd != "" && cont) {
			sub(/\\$/, "", cmd); cmd = cmd " " line
			cont = line ~ /\\$/; if (!cont) flush(); next
		}
		# a title over a rule (a report) is output, not a command
		if (held != "" && line ~ /^[=-]+$/) { cmd = ""; held = ""; next }
		if (held != "") { held = ""; flush() }
		if (line ~ /^(sudo )?(zswap-[a-z-]+|zswaptop|build\/[a-z-]+|tools\/[a-z\/-]+\.sh|make|dpkg-buildpackage|apt-get)( |$)/ &&
		    line !~ /^[^ ]+ +[0-9]+ /) {	# not a table row naming a tool
			cmd = line; start = FNR; cont = line ~ /\\$/
			if (!cont) held = cmd	# flushed by the next line
		}
		next
	}
	{ held = ""; flush(); cont = 0; block++ }
	END { flush() }' $DOCS > "$WORK/cmds"
check "the pages show commands ($(wc -l < "$WORK/cmds"))" [ "$(wc -l < "$WORK/cmds")" -ge 20 ]

# a command as a test would write it: sudo, build/ and ./ dropped, the
# installed names as the scripts', comments and the values of -o and
# --cgroup (paths of one's own) out
normalize() {
	sed -E 's/  +#.*$//; s/^sudo //; s/(^| )(build|\.)\//\1/g;
		s/(^| )zswap-kernels( |$)/\1tools\/kernels-ab.sh\2/;
		s/(^| )zswap-build-kernel( |$)/\1tools\/kernel\/build-kernel.sh\2/;
		s/ (-o|--output|--cgroup) [^ ]+/ \1 PATH/g; s/[ \t]+/ /g; s/ $//'
}
# --- 1. docs/examples/, made anew ------------------------------------
tools/gen-examples.sh "$WORK/examples" > "$WORK/gen.log" 2>&1
check "tools/gen-examples.sh runs (exit $?)" [ $? -eq 0 ]
for f in docs/examples/*.txt; do
	# the guest tier's own (tests/guest/compare.test.sh checks it)
	[ "$f" = docs/examples/guest-compare.txt ] && continue
	t=$WORK/examples/${f##*/}
	if [ ! -s "$t" ]; then
		fail "$f: gen-examples.sh made no ${f##*/}"
		continue
	fi
	a=$(label_share "$f" "$t")
	b=$(label_share "$t" "$f")
	check "$f: today's output has the page's skeleton ($a% of its labels, $b% of today's in it)" \
		[ "$a" -ge 80 -a "$b" -ge 80 ]
	head -n 1 "$f" | sed 's/^\$ //' | normalize >> "$WORK/examples.cmds"
done

# --- every command, by the way it is run ------------------------------
# the records a run writes: its -o DIR, for the commands after it
run_dir="" run_block=""
: > "$WORK/uncovered"
n_ex=0 n_dry=0 n_once=0 n_after=0 n_test=0 n_syn=0
tests_text() {
	for f in tests/*/*.sh tests/*.sh .ci/run bench/*.sh; do
		[ -f "$f" ] && sed -e ':a' -e '/\\$/N; s/\\\n[ \t]*/ /; ta' "$f"
	done | sed -E 's/"?\$(GATE|FG)"? /zswap-gate /g; s/"?\$EXP"? /zswap-export /g' |
		normalize
}
tests_text > "$WORK/tests.txt"
while IFS="	" read -r where block cmd; do
	norm=$(echo "$cmd" | normalize)
	prev_dir=""
	[ "$block" = "$run_block" ] && prev_dir=$run_dir
	run_dir="" run_block=$block
	# 1. a docs/examples/ command (its -o and --cgroup its own)
	if grep -qxF -- "$norm" "$WORK/examples.cmds"; then
		n_ex=$((n_ex + 1))
		continue
	fi
	# 4. a synopsis
	if echo "$cmd" | grep -qE '\[|\||\.\.\.|(^| )[A-Z][A-Z_]{2,}(\.[a-z]+)?( |$)'; then
		n_syn=$((n_syn + 1))
		continue
	fi
	# 2. dry runs: the kernels (images as Debian's 7.x: the page's own
	# are variables) and zswap-gate run (its cgroup a scratch one here,
	# the page's may be another hierarchy's)
	case $norm in
	tools/kernels-ab.sh* | "zswap-gate run "*)
		dry=$(echo "$cmd" | sed -E 's/  +#.*$//; s/^sudo //;
			s/(^| )(build|\.)\/zswap-gate /\1build\/zswap-gate /;
			s/^zswap-gate /build\/zswap-gate /;
			s/^zswap-kernels /tools\/kernels-ab.sh /;
			s/=\$\([^)]*\)/=7.x/g; s/=\$[A-Za-z0-9_]+/=7.x/g')
		run_dir=$(echo "${cmd%% -- *}" | sed -nE 's/.* -o ([^ ]+).*/\1/p')
		dry=$(echo "$dry" | sed -E "s| -o [^ ]+| -o $WORK/dry|")
		if echo "$dry" | grep -q -- '--cgroup '; then
			[ -n "$scratch_cg" ] || {
				scratch_cg=/sys/fs/cgroup/memory/zswap-doccmds
				[ -d /sys/fs/cgroup/memory ] || scratch_cg=/sys/fs/cgroup/zswap-doccmds
				mkdir -p "$scratch_cg"
			}
			dry=$(echo "$dry" | sed -E "s| --cgroup [^ ]+| --cgroup $scratch_cg|")
		fi
		case $dry in
		*" run "*) dry=$(echo "$dry" | sed 's/ run / run --dry-run /') ;;
		*" check "*) dry=$(echo "$dry" | sed 's/ check / check --dry-run /') ;;
		*) dry=$(echo "$dry" | sed 's/^tools\/kernels-ab.sh /tools\/kernels-ab.sh --dry-run /') ;;
		esac
		rm -rf "$WORK/dry"
		PATH="$PWD/build:$PATH" sh -c "$dry" < /dev/null > "$WORK/dry.out" 2>&1
		rc=$?
		check "$where: a dry run of $(echo "$cmd" | cut -c1-60)...: exit $rc$([ $rc -ne 0 ] &&
			echo ", $(tail -n 1 "$WORK/dry.out")")" [ $rc -eq 0 ]
		n_dry=$((n_dry + 1))
		continue ;;
	esac
	# a daemon started in the background: once, into a file of its own
	case $norm in
	"zswap-export "*" &")
		once=$(echo "$cmd" | sed -E "s/^zswap-export /build\/zswap-export /;
			s/ &$/ --once/; s| --output [^ ]+| --output $WORK/export.prom|")
		sh -c "$once" < /dev/null > "$WORK/once.out" 2>&1
		rc=$?
		check "$where: $(echo "$cmd" | cut -c1-50)... once: exit $rc, its file written" \
			[ $rc -eq 0 -a -s "$WORK/export.prom" ]
		n_once=$((n_once + 1))
		continue ;;
	esac
	# ... and the commands that read the records of the run above them
	if [ -n "$prev_dir" ] && echo "$norm" | grep -qE "^zswap-gate (compare|claims) "; then
		check "$where: reads the records of the run above it ($prev_dir)" \
			sh -c 'echo "$1" | grep -qF -- " $2/a -- $2/b"' _ "$cmd" "$prev_dir"
		run_dir=$prev_dir
		n_after=$((n_after + 1))
		continue
	fi
	# 3. a test runs it: a line of the tests with its command and options
	head=$(echo "$norm" | awk '{ print $1 ($1 ~ /^zswap-(gate|kernels)$|kernels-ab/ &&
		$2 ~ /^[a-z]+$/ ? " " $2 : "") }')
	opts=$(echo "$norm" | grep -oE -- '(^| )--?[A-Za-z][A-Za-z0-9-]*' | tr -d ' ' | sort -u)
	if awk -v head="$head" -v opts="$opts" '
		BEGIN { n = split(opts, o, "\n") }
		index($0, head) {
			ok = 1
			for (i = 1; i <= n; i++)
				if (o[i] != "" && index($0 " ", " " o[i] " ") == 0 &&
				    index($0, " " o[i] "=") == 0) ok = 0
			if (ok) { found = 1; exit }
		}
		END { exit !found }' "$WORK/tests.txt"; then
		n_test=$((n_test + 1))
		continue
	fi
	echo "$where: $cmd" >> "$WORK/uncovered"
done < "$WORK/cmds"
check "every command the pages show is run: $n_ex as examples, $n_dry dry runs, $n_once daemons once, $n_after on a run's records, $n_test by tests, $n_syn synopses$([ -s "$WORK/uncovered" ] &&
	printf '; not: %s' "$(cut -c1-100 "$WORK/uncovered" | tr '\n' ';')")" [ ! -s "$WORK/uncovered" ]
check "README command 1 is docs/examples/record.txt's" \
	sh -c 'grep -q "^    tools/install-deps.sh && make && tools/seed-run.sh 004 -o " README.md &&
		head -n 1 docs/examples/record.txt | grep -q "^\$ tools/seed-run.sh 004 -o "'
summary
