#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The docs stay true: README.md, docs/ and claims/FORMAT.md name only
# options that exist. Each synopsis line (indented, starting with a tool
# or `zswap-gate SUBCOMMAND`) names options of that very command's
# --help; any other --option named in the text exists in one of the
# tools' or scripts' usage texts (options of other programs, as
# `systemctl --now`, are listed below). Every tool's and subcommand's
# --help runs and exits 0; every relative link resolves to a file; every
# "$ COMMAND" example runs without root and prints what the docs show;
# docs/examples/ holds each tool's real output, and those that need no
# root print the same today.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

DOCS="README.md docs/*.md claims/FORMAT.md"
WORK=$(mktemp -d /tmp/zswap-docs-test.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
# options of programs that are not ours, named in the docs
FOREIGN="--collector --cover-letter --now --pedantic"

help_of() {
	case $1 in
	zswap-gate\ *) build/zswap-gate ${1#zswap-gate } --help ;;
	*) "build/$1" --help ;;
	esac
}

for cmd in zswaptop zswap-lockstat zswap-export zswap-iostall "zswap-gate record" \
	"zswap-gate plan" "zswap-gate compare" "zswap-gate run" "zswap-gate claims" \
	"zswap-gate claims draft" "zswap-gate claims setup"; do
	help_of "$cmd" > "$WORK/help.$(echo "$cmd" | tr ' ' _)" 2>&1
	check "$cmd --help: exit 0" [ $? -eq 0 ]
done
cat "$WORK"/help.* > "$WORK/all"
build/zswap-gate --help >> "$WORK/all" 2>&1
build/zswap-workload --help >> "$WORK/all" 2>&1
for w in reclaim build cache swappers usemem access; do build/zswap-workload $w --help >> "$WORK/all" 2>&1; done
for f in tools/kernels-ab.sh tools/kernels-check.sh tools/kernel/build-kernel.sh tools/seed-run.sh \
	tools/guest/run-guest.sh tools/guest/fetch-kernels.sh tools/zswap-env.sh \
	tools/memcg-run.sh tools/guest/accel.sh; do
	sed -n '1,80p' "$f" >> "$WORK/all"
done

# --- every --help ends with EXAMPLES, as libbpf-tools' do -----------------
# 2 to 4 command lines ("    TOOL ...", continued by deeper-indented
# lines), nothing after them; the long options a line gives the tool of
# the --help (before " -- " and the "#" comment) are in that --help.
examples_of() {
	sed -n '/^EXAMPLES:$/,$p' | tail -n +2 | awk '
		/^    [^ ]/ { if (c != "") print c; c = substr($0, 5); next }
		/^     +[^ ]/ { sub(/^ +/, ""); c = c " " $0; next }
		{ bad = 1 }
		END { if (c != "") print c; if (bad) print "BAD LINE" }'
}
bad=""
for cmd in zswaptop zswap-lockstat zswap-export zswap-iostall zswap-gate \
	"zswap-gate compare" "zswap-gate run" "zswap-gate claims" \
	"zswap-gate claims draft" "zswap-gate claims setup" zswap-workload \
	"zswap-workload reclaim" "zswap-workload build" "zswap-workload cache" \
	"zswap-workload swappers" "zswap-workload usemem" "zswap-workload access"; do
	h=$(build/$cmd --help 2>&1 | sed '/^EXAMPLES:$/,$d')
	ex=$(build/$cmd --help 2>&1 | examples_of)
	n=$(echo "$ex" | grep -c .)
	if [ "$n" -lt 2 -o "$n" -gt 4 ] || echo "$ex" | grep -q "^BAD LINE"; then
		bad="$bad $cmd:$n"
		continue
	fi
	echo "$ex" > "$WORK/examples"
	while read -r line; do
		# only the lines of this very command
		case "$line" in "${cmd%% *} "*) ;; *) continue ;; esac
		line=${line%%#*}
		line=${line%% -- *}
		sub=$(echo "$line" | awk '{ print $2 }')
		for o in $(echo "$line" | grep -oE -- ' --[a-z][a-z0-9-]+'); do
			echo "$h" | grep -q -- "$o\b" && continue
			# a tool's usage over its subcommands': theirs
			case $cmd in zswap-gate | zswap-workload)
				build/$cmd "$sub" --help 2>&1 | grep -q -- "$o\b" &&
					continue ;;
			esac
			bad="$bad $cmd:$o"
		done
	done < "$WORK/examples"
done
check "every --help ends with 2 to 4 EXAMPLES naming its options${bad:+ (not:$bad)}" [ -z "$bad" ]
bad=""
for m in man/*.1; do
	n=$(sed -n '/^\.SH EXAMPLES/,/^\.fi/p' "$m" | grep -v '^\.' | grep -vc '^    ')
	[ "$n" -ge 2 ] || bad="$bad $m:$n"
done
check "every man page has an EXAMPLES section, 2 commands or more${bad:+ (not:$bad)}" [ -z "$bad" ]

# synopsis lines: "    TOOL [options]" (and their continuation lines)
bad=""
for doc in $DOCS; do
	awk '
		/^    (zswap-gate (record|plan|compare|run|claims)|zswaptop|zswap-lockstat|zswap-export|zswap-iostall)( |$)/ {
			split($0, w, " "); cmd = w[1]
			if (cmd == "zswap-gate") cmd = cmd " " w[2]
			print cmd "\t" $0; cont = 1; next }
		cont && /^     +[[(-]/ { print cmd "\t" $0; next }
		{ cont = 0 }' "$doc"
done > "$WORK/synopses"
while IFS="	" read -r cmd line; do
	h=$WORK/help.$(echo "$cmd" | tr ' ' _)
	[ -f "$h" ] || continue
	for o in $(echo "$line" | grep -oE -- '--[a-z][a-z0-9-]+'); do
		grep -q -- "$o\b" "$h" || bad="$bad $cmd:$o"
	done
done < "$WORK/synopses"
check "$(wc -l < "$WORK/synopses") synopsis lines name only their command's options${bad:+ (not:$bad)}" [ -z "$bad" ]

bad=""
for o in $(cat $DOCS | grep -oE '(^|[ `(\[])--[a-z][a-z0-9-]+' | sed 's/^[ `(\[]//' | sort -u); do
	case " $FOREIGN " in *" $o "*) continue ;; esac
	grep -q -- "$o\b" "$WORK/all" || bad="$bad $o"
done
check "every option the docs name exists${bad:+ (not:$bad)}" [ -z "$bad" ]

# relative links [text](path) resolve from the file that holds them
bad=""
for doc in $DOCS; do
	dir=$(dirname "$doc")
	for l in $(grep -oE '\]\([^)#:]+(#[^)]*)?\)' "$doc" | sed 's/^](//; s/)$//; s/#.*//'); do
		[ -e "$dir/$l" ] || bad="$bad $doc:$l"
	done
done
check "every relative link resolves${bad:+ (not:$bad)}" [ -z "$bad" ]
# the packages the README names are the ones tools/install-deps.sh installs
want=$(sed -n '/^PKGS="/,/"$/p; /^KERNEL_PKGS="/,/"$/p' tools/install-deps.sh |
	sed 's/^[A-Z_]*="//; s/"$//' | tr ' ' '\n' | grep . | sort -u)
got=$(tr '\n' ' ' < README.md |
	sed -n 's/.*names when *missing: \(.*\) (`--kernel`).*/\1/p' |
	sed 's/; the kernel builds add /, /' | tr ',' '\n' | tr -d ' ' | grep . | sort -u)
diff=$(printf '%s\n' "$want" "$got" | sort | uniq -u | tr '\n' ' ')
check "README's package list is install-deps.sh's${diff:+ (differ: $diff)}" \
	[ -n "$got" -a -z "$diff" ]
check "README.md stays under 300 lines ($(wc -l < README.md))" [ "$(wc -l < README.md)" -lt 300 ]

# --- the examples a user runs without root ---------------------------
# An indented line "$ COMMAND" (continued by trailing backslashes) is run
# from the repository's top with build/ first in PATH, as nobody where
# nobody can read the tree; "# exit N" at its end is the exit code it must
# give (default 0). The indented lines after it are output it must print,
# in that order ("..." stands for lines left out).
mkdir "$WORK/ex"
: > "$WORK/ex/list"
awk -v dir="$WORK/ex" '
	/^    \$ / {
		n++; cmd = substr($0, 7); out = dir "/" n ".out"; incmd = 1
		while (cmd ~ /\\$/ && (getline line) > 0) {
			sub(/\\$/, "", cmd); sub(/^ +/, "", line); cmd = cmd line
		}
		rc = 0
		if (match(cmd, /# exit [0-9]+$/)) {
			rc = substr(cmd, RSTART + 7); cmd = substr(cmd, 1, RSTART - 1)
		}
		sub(/ +$/, "", cmd)
		printf "%s\t%s\t%s\n", FILENAME, rc, cmd > (dir "/list")
		printf "" > out
		next }
	incmd && /^    ./ { print substr($0, 5) > out; next }
	{ incmd = 0 }' $DOCS
as_user=""
if setpriv --reuid=nobody --regid=nogroup --clear-groups -- \
	sh -c 'test -x build/zswap-gate && test -r claims/FORMAT.md' 2>/dev/null; then
	as_user="setpriv --reuid=nobody --regid=nogroup --clear-groups --"
else
	echo "note: user nobody cannot read this tree; the examples run as $(id -un)"
fi
i=0
while IFS="	" read -r doc rc cmd; do
	i=$((i + 1))
	$as_user env PATH="$PWD/build:$PATH" sh -c "$cmd" > "$WORK/ex/$i.got" 2>&1
	got=$?
	missing=$(awk '{ sub(/ +$/, "") }
		FILENAME == ARGV[1] { got[++g] = $0; next }
		$0 == "..." { next }
		{ while (j < g && got[++j] != $0) ; if (got[j] != $0) { print; exit } }' \
		"$WORK/ex/$i.got" "$WORK/ex/$i.out")
	check "$doc: \$ $(echo "$cmd" | cut -c1-70): exit $got (want $rc)${missing:+, lacks: $missing}" \
		[ "$got" -eq "$rc" -a -z "$missing" ]
done < "$WORK/ex/list"
check "the docs hold examples that run without root ($i)" [ "$i" -ge 5 ]
# --- the kernel patches and their notes ------------------------------
# Every patch carries a Signed-off-by (checkpatch asks for one); seed
# 002's are the project's reconstruction, so neither their From: nor
# their Signed-off-by: is the RFC's author, and each message says so.
# The numbers NOTES.md states are the patch files' own.
bad=""
for p in kernel/patches/*/*/*.patch; do
	grep -q '^Signed-off-by: ' "$p" || bad="$bad ${p#kernel/patches/}"
done
check "every kernel patch is signed off${bad:+ (not:$bad)}" [ -z "$bad" ]
bad=""
for p in kernel/patches/7.3/002-*/*.patch; do
	grep -Eq '^(From|Signed-off-by): .*ghiti' "$p" && bad="$bad $(basename "$p")"
	grep -q '^Rebuilt by the zswap toolkit' "$p" || bad="$bad $(basename "$p"):no-note"
done
check "seed 002's patches are the project's, and say they are rebuilt${bad:+ (not:$bad)}" [ -z "$bad" ]
# the sum of the per-patch diffstats: "INS DEL ZSWAP_C"
diffstat_of() {
	cat "$1"/*.patch | awk '
		/^ [0-9]+ files? changed/ {
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^insertion/) ins += $(i - 1)
				if ($i ~ /^deletion/) del += $(i - 1)
			} }
		/^ mm\/zswap\.c +\| +[0-9]+/ { z += $3 }
		END { print ins + 0, del + 0, z + 0 }'
}
n=kernel/patches/7.3/002-shrinker-iocost/NOTES.md
got=$(diffstat_of "${n%/*}")
said=$(tr '\n' ' ' < "$n" | sed -n 's/.*(\([0-9]*\) insertions, \([0-9]*\) deletions against [0-9]* and [0-9]*; `mm\/zswap.c` \([0-9]*\) lines against.*/\1 \2 \3/p')
check "$n's diffstat ($said) is its patches' ($got)" [ -n "$said" -a "$said" = "$got" ]
n=kernel/patches/7.3/000-batch-writeback-io/NOTES.md
got=$(diffstat_of "${n%/*}" | cut -d' ' -f1,2)
said=$(tr '\n' ' ' < "$n" | sed -n 's/.*the seed.s (\([0-9]*\) insertions, \([0-9]*\) deletions).*/\1 \2/p')
check "$n's diffstat ($said) is its patch's ($got)" [ -n "$said" -a "$said" = "$got" ]

# docs/examples/: each tool's real output (tools/gen-examples.sh, as root):
# the command that made it, then its output; the ones that need no root
# print the same today, numbers aside
for t in record compare claims zswaptop zswap-lockstat zswap-iostall zswap-export; do
	f=docs/examples/$t.txt
	check "$f: a command line, then its output" \
		sh -c '[ "$(wc -l < "$1")" -ge 6 ] && head -n 1 "$1" | grep -q "^\$ "' _ "$f"
done
numbers_aside() { sed 's/[0-9][0-9.,]*/#/g; s/ *$//' | tr -s ' '; }
for t in compare claims; do
	f=docs/examples/$t.txt
	cmd=$(head -n 1 "$f" | sed 's/^\$ zswap-gate/build\/zswap-gate/')
	sh -c "$cmd" 2>&1 | numbers_aside > "$WORK/now"
	tail -n +2 "$f" | numbers_aside > "$WORK/then"
	check "$f: the tool prints the same today, numbers aside ($(diff "$WORK/then" "$WORK/now" | grep -c '^[<>]') lines differ)" \
		cmp -s "$WORK/then" "$WORK/now"
done
summary
