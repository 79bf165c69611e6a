#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Installing the toolkit like a system tool: `make install DESTDIR=` and
# `make uninstall`; the man pages (mandoc lint, every option of each
# tool's --help documented); bash completion (every option completed);
# zswap-export.service (systemd-analyze verify, and its command line run
# under its capability bounding set); the Debian package (built from a
# copy of the tree, lintian, dpkg -i, each installed tool run once,
# dpkg -r). Needs root. Leaves the system as it found it. No host_lock:
# it changes no swap or zswap setting and reconciles no counter (its
# exporters only write files); a lock of its own serializes dpkg.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

TOOLS="zswap-gate zswaptop zswap-lockstat zswap-export zswap-iostall"
# installed too, without a man page of its own (zswap-gate(1) shows it)
WORKLOAD=zswap-workload
WORK=$(mktemp -d /tmp/zswap-install.XXXXXX)
SVC_PID="" DEB_INSTALLED=0
cleanup() {
	[ -n "$SVC_PID" ] && kill "$SVC_PID" 2>/dev/null && wait "$SVC_PID" 2>/dev/null
	[ "$DEB_INSTALLED" = 1 ] && dpkg -P zswap-toolkit >/dev/null 2>&1
	rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP install host tier: needs root"
	exit 1
fi
for c in mandoc man systemd-analyze dpkg-buildpackage lintian setpriv promtool; do
	command -v $c >/dev/null || { echo "$c missing: run tools/install-deps.sh"; exit 1; }
done
[ -f /usr/share/bash-completion/bash_completion ] ||
	{ echo "bash-completion missing: run tools/install-deps.sh"; exit 1; }

# helpopts TOOL [SUBCOMMAND]: the long options its --help prints
# the usage without its EXAMPLES (other programs' options in them)
helptext() { build/"$1" ${2:+"$2"} --help 2>&1 | sed '/^EXAMPLES:$/,$d'; }
longopts() { grep -oE -- '--[a-z][a-z0-9-]*' | sort -u; }
# the short options: "  -x, --long" and "-x/--long"
shortopts() { grep -oE -- '(^ +|[ ,(])-[a-zA-Z][,/]' | grep -oE -- '-[a-zA-Z]' | sort -u; }

# --- tools/install-deps.sh as root and through sudo ---------------------------
# Stubs on PATH: dpkg-query says one package is missing, apt-get, sudo
# and tee log their arguments (tee writes nowhere), so nothing is installed.
S=$WORK/stubs
mkdir -p "$S/nosudo" "$S/sudo"
for c in dpkg-query apt-get chmod rm; do
	printf '#!/bin/sh\necho "%s $*" >> "%s/calls"\n%s\n' "$c" "$S" \
		"$( [ $c = dpkg-query ] && echo 'case $3 in mandoc) exit 1;; esac; printf "install ok installed"')" \
		> "$S/nosudo/$c"
done
printf '#!/bin/sh\necho "tee $*" >> "%s/calls"\ncat >/dev/null\n' "$S" > "$S/nosudo/tee"
printf '#!/bin/sh\necho "sudo $*" >> "%s/calls"\n"$@"\n' "$S" > "$S/sudo/sudo"
chmod 755 "$S"/nosudo/* "$S"/sudo/*
chmod 777 "$S"; chmod 755 "$WORK"  # the user runs the stubs
deps() { # PATH-PREFIX USER...: runs install-deps.sh, prints its calls
	rm -f "$S/calls"
	setpriv $2 env PATH="$1:/usr/bin:/bin" sh tools/install-deps.sh > "$S/out" 2>&1
	echo "rc=$?"
	cat "$S/calls" 2>/dev/null
}
out=$(deps "$S/nosudo" "--reuid=0")
check "install-deps.sh as root, no sudo: apt-get called directly" sh -c \
	'echo "$1" | grep -q "^rc=0" && echo "$1" | grep -q "^apt-get install .* mandoc" &&
	 ! echo "$1" | grep -q "^sudo"' _ "$out"
out=$(deps "$S/nosudo:$S/sudo" "--reuid=65534 --regid=65534 --clear-groups")
check "install-deps.sh as a user with sudo: apt-get through sudo" sh -c \
	'echo "$1" | grep -q "^rc=0" && echo "$1" | grep -q "^sudo env .*apt-get install .* mandoc" &&
	 echo "$1" | grep -q "^sudo apt-get update"' _ "$out"
out=$(deps "$S/nosudo" "--reuid=65534 --regid=65534 --clear-groups")
check "install-deps.sh as a user without sudo: exit 2, one line, nothing run" sh -c \
	'echo "$1" | grep -q "^rc=2" && [ "$(wc -l < "$2")" -eq 1 ] &&
	 ! echo "$1" | grep -q "^apt-get"' _ "$out" "$S/out"
cmds=$(sed -n '/^## The two commands/,/^## [^T]/p' README.md | grep '^    tools/install-deps.sh')
check "README: the two commands run without sudo ($(echo "$cmds" | grep -c .) found)" \
	sh -c '[ "$(echo "$1" | grep -c .)" -eq 2 ] && ! echo "$1" | grep -q sudo' _ "$cmds"

# --- make install / uninstall ------------------------------------------------
D=$WORK/destdir
make -s install DESTDIR="$D" PREFIX=/usr/local > "$WORK/install.log" 2>&1
check "make install DESTDIR= PREFIX=/usr/local: exit 0" [ $? -eq 0 ]
missing=""
for f in $(printf 'bin/%s\n' $TOOLS) \
	$(printf 'share/man/man1/%s.1\n' $TOOLS) share/man/man5/zswap-claims.5 \
	$(printf 'share/bash-completion/completions/%s\n' $TOOLS) \
	$(cd claims && printf 'share/zswap-toolkit/claims/%s\n' *.yaml) \
	share/zswap-toolkit/prometheus/zswap-rules.yml \
	share/zswap-toolkit/grafana/zswap.json lib/systemd/system/zswap-export.service; do
	[ -s "$D/usr/local/$f" ] || missing="$missing $f"
done
for f in bin/$WORKLOAD lib/zswap-toolkit/build/static/zswap-gate \
	lib/zswap-toolkit/build/static/zswap-workload; do
	[ -s "$D/usr/local/$f" ] || missing="$missing $f"
done
check "every file installed under DESTDIR/usr/local (missing:${missing:- none})" [ -z "$missing" ]
check "nothing installed outside DESTDIR/usr/local" \
	sh -c '[ "$(find "$1" -mindepth 1 -maxdepth 2 | sort | tr "\n" " ")" = "$1/usr $1/usr/local " ]' _ "$D"
ok=0
for t in $TOOLS; do
	"$D/usr/local/bin/$t" --help >/dev/null 2>&1 && ok=$((ok + 1))
done
check "each installed tool runs (--help exit 0: $ok of 5)" [ $ok -eq 5 ]
check "zswap-workload installed, with its completion, and runs (reclaim --help)" sh -c \
	'[ -x "$1/bin/zswap-workload" ] && [ -s "$1/share/bash-completion/completions/zswap-workload" ] &&
	 "$1/bin/zswap-workload" reclaim --help | grep -q "^usage: zswap-workload reclaim"' _ "$D/usr/local"
# --version: one string, the same from every tool and the kernels wrappers
want=$(build/zswap-gate --version | sed 's/^zswap-gate //')
bad=""
for t in $TOOLS $WORKLOAD zswap-kernels zswap-build-kernel; do
	got=$("$D/usr/local/bin/$t" --version 2>&1) || bad="$bad $t(exit $?)"
	[ "$got" = "$t $want" ] || bad="$bad $t($got)"
done
check "every installed tool's --version: exit 0, '\$TOOL $want'${bad:+ (wrong:$bad)}" [ -z "$bad" ]
check "the version is debian/changelog's, with git describe in a checkout" \
	sh -c 'v=$(sed -n "1s/.*(\(.*\)).*/\1/p" debian/changelog); r=$(git describe --always --dirty)
	       [ "$1" = "$v ($r)" ]' _ "$want"
check "zswap-gate compare --version: the same line" \
	[ "$(build/zswap-gate compare --version)" = "zswap-gate $want" ]
UNIT=$D/usr/local/lib/systemd/system/zswap-export.service
check "the unit's ExecStart names PREFIX's bin" \
	grep -q '^ExecStart=/usr/local/bin/zswap-export ' "$UNIT"
make -s uninstall DESTDIR="$D" PREFIX=/usr/local >/dev/null 2>&1
rc=$?
left=$(find "$D" ! -type d)
check "make uninstall: exit 0, no file left${left:+ ($left)}" [ $rc -eq 0 -a -z "$left" ]
rm -rf "$D"
make -s install DESTDIR="$D" PREFIX=/usr/local >/dev/null 2>&1

# --- man pages ---------------------------------------------------------------
for m in man/*.1 man/*.5; do
	out=$(mandoc -T lint -W warning "$m" 2>&1); rc=$?
	check "mandoc -T lint: $m clean${out:+ ($out)}" [ $rc -eq 0 -a -z "$out" ]
	check "man -l renders $m" sh -c \
		'MANWIDTH=80 man -l "$1" 2>/dev/null | grep -q "^NAME"' _ "$m"
done
for t in $TOOLS; do
	page=man/$t.1
	case $t in
	zswap-gate) help=$( (helptext $t; for s in compare run claims; do helptext $t $s; done)) ;;
	*) help=$(helptext $t) ;;
	esac
	undoc=""
	for o in $(echo "$help" | longopts) $(echo "$help" | shortopts); do
		esc=$(echo "$o" | sed 's/-/\\\\-/g')
		grep -q -- "$esc\\([^a-z0-9\\\\]\\|$\\)" "$page" || undoc="$undoc $o"
	done
	n=$(echo "$help" | longopts | wc -l)
	check "$page documents every option of $t --help ($n long; missing:${undoc:- none})" \
		[ -z "$undoc" -a "$n" -gt 0 ]
done

# the format page's example is a claims file zswap-gate accepts
sed -n '/^\.SH EXAMPLES/,/^\.fi/p' man/zswap-claims.5 | sed '1,2d;$d; s/\\-/-/g' > "$WORK/example.yaml"
check "zswap-claims(5)'s example is read by zswap-gate claims (exit 0, its table)" sh -c \
	'build/zswap-gate claims --allow-not-measurable "$1" tests/fixtures/records/seed000/a -- tests/fixtures/records/seed000/b \
		> "$1.out" 2>&1 && grep -q "^table alone" "$1.out"' _ "$WORK/example.yaml"

# --- bash completion ---------------------------------------------------------
# completes WORDS...: what _zswap offers for the last word
completes() {
	bash -c '. completions/zswap.bash; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_zswap; printf "%s\n" "${COMPREPLY[@]}"' _ "$@"
}
for t in $TOOLS; do
	check "completions/zswap.bash: complete -p $t" \
		sh -c 'bash -c ". completions/zswap.bash; complete -p $1" | grep -q "_zswap $1$"' _ "$t"
done
# the options offered are those the tool's --help lists (completions call
# it); record's are the lines after "record options:" of the top help
for ts in "zswap-gate record" "zswap-gate compare" "zswap-gate run" "zswap-gate claims" \
	  zswaptop zswap-lockstat zswap-export zswap-iostall; do
	set -- $ts
	case $ts in
	"zswap-gate record") want=$(helptext zswap-gate | sed -n '/^record options:/,$p' | longopts) ;;
	*) want=$(helptext "$@" | longopts) ;;
	esac
	tool=$1; shift
	got=$(completes "build/$tool" "$@" -- | sort -u)
	lacking=$(echo "$want" | grep -vxF -e "$got" | tr '\n' ' ')
	check "completion of '$ts --' offers every option of its --help (lacking: ${lacking:-none})" \
		[ -z "$lacking" ]
done
got=$(completes build/zswap-gate plan -- | tr '\n' ' ')
check "completion: zswap-gate plan -- offers record's options (--no-fentry among them)" \
	sh -c 'echo " $1" | grep -q " --no-fentry "' _ "$got"
got=$(completes zswap-gate c | tr '\n' ' ')
check "completion: zswap-gate c -> compare claims ($got)" [ "$got" = "compare claims " ]
got=$(completes zswap-gate record -o x -- --)
check "completion: nothing after -- (the command's own words)" [ -z "$got" ]

# --- zswap-export.service ----------------------------------------------------
pid1=$(cat /proc/1/comm)
[ "$pid1" = systemd ] ||
	echo "NOTE: PID 1 is '$pid1', not systemd: the unit is checked with systemd-analyze verify, its command line run directly under its CapabilityBoundingSet and NoNewPrivileges; ProtectSystem, PrivateTmp and the other sandboxing take effect only under systemd"
# verify resolves ExecStart and Documentation=man: in DESTDIR
sed "s|^ExecStart=/|ExecStart=$D/|" "$UNIT" > "$WORK/zswap-export.service"
out=$(MANPATH=$D/usr/local/share/man systemd-analyze verify "$WORK/zswap-export.service" 2>&1); rc=$?
check "systemd-analyze verify zswap-export.service: exit 0, no warning${out:+ ($out)}" \
	[ $rc -eq 0 -a -z "$out" ]
sed 's/^NoNewPrivileges=/NoNewPrivilege=/' "$WORK/zswap-export.service" > "$WORK/bad.service"
check "systemd-analyze verify reports a misspelt key (the check can fail)" sh -c \
	'MANPATH=$2 systemd-analyze verify "$1" 2>&1 | grep -q "Unknown key"' _ "$WORK/bad.service" "$D/usr/local/share/man"

unitval() { sed -n "s/^$1=//p" "$UNIT"; }
caps=$(unitval CapabilityBoundingSet | tr 'A-Z' 'a-z' | sed 's/cap_/+/g; s/ /,/g')
rwdir=$(unitval ReadWritePaths)
TF=$WORK/textfile
mkdir "$TF"
# the command line with the textfile directory moved to $TF
cmdline=$(unitval ExecStart | sed "s|^/usr/local/bin/|$D/usr/local/bin/|; s|$rwdir|$TF|")
echo "unit: bounding set $caps, textfile directory $rwdir; running: $cmdline"
check "ExecStart writes into ReadWritePaths, node_exporter's textfile directory" \
	sh -c '[ "$1" = /var/lib/prometheus/node-exporter ] &&
		echo "$2" | grep -q -- "--output $1/zswap.prom"' _ "$rwdir" "$(unitval ExecStart)"
# shellcheck disable=SC2086
setpriv --bounding-set="-all,$caps" --inh-caps=-all --no-new-privs $cmdline 2> "$WORK/svc.log" &
SVC_PID=$!
i=0
while [ ! -s "$TF/zswap.prom" ] && [ $i -lt 250 ]; do sleep 0.1; i=$((i + 1)); done
check "the unit's command line writes $rwdir/zswap.prom (after $((i / 10)) s)" [ -s "$TF/zswap.prom" ]
check "its file passes promtool check metrics" sh -c 'promtool check metrics < "$1"' _ "$TF/zswap.prom"
kill -TERM "$SVC_PID"; wait "$SVC_PID"; rc=$?; SVC_PID=""
# the single-writer lock file (.NAME.lock) stays, as documented
check "SIGTERM (systemctl stop): exit 0, no temporary file left" \
	sh -c '[ "$1" -eq 0 ] && [ "$(ls -A "$2" | tr "\n" " ")" = ".zswap.prom.lock zswap.prom " ]' _ $rc "$TF"

# The bounding set is what it needs: every metric family of a full root
# run but the bpf_stats self metrics, and each capability dropped loses
# some (or the start).
families() { grep -v '^#' "$1" | sed 's/[ {].*//' | grep -v '^zswap_exporter_program_' | sort -u; }
once() { # CAPS OUT
	rm -f "$2"
	setpriv --bounding-set="-all$1" --inh-caps=-all --no-new-privs \
		"$D/usr/local/bin/zswap-export" -o "$2" --once --interval 0.5 --cgroups 2>/dev/null
	[ -s "$2" ] && families "$2"
}
build/zswap-export -o "$WORK/root.prom" --once --interval 0.5 --cgroups 2>/dev/null
families "$WORK/root.prom" > "$WORK/root.fam"
once ",$caps" "$WORK/o.prom" > "$WORK/unit.fam"
check "the unit's capabilities give every metric family of a root run ($(wc -l < "$WORK/root.fam")) but zswap_exporter_program_*" \
	sh -c 'cmp -s "$1" "$2" && [ -s "$1" ]' _ "$WORK/root.fam" "$WORK/unit.fam"
for c in $(echo "$caps" | tr ',' ' '); do
	less=""
	for o in $(echo "$caps" | tr ',' ' '); do [ "$o" = "$c" ] || less="$less,$o"; done
	once "$less" "$WORK/o.prom" > "$WORK/less.fam"
	lost=$(comm -23 "$WORK/root.fam" "$WORK/less.fam" | wc -l)
	check "without ${c#+}: $lost metric families lost (all when it cannot start)" [ "$lost" -gt 0 ]
done

# --- the Debian package ------------------------------------------------------
# Built from a copy of the tree (what git tracks, and untracked files not
# ignored), so nothing lands beside the checkout and no build/ is reused.
# two clones installing the package at once would remove each other's
exec 8>/run/zswap-toolkit.deb.lock
flock 8
if dpkg-query -W -f='${db:Status-Status}' zswap-toolkit 2>/dev/null | grep -q '^installed'; then
	fail "zswap-toolkit is already installed on this machine: not replaced (dpkg -r zswap-toolkit first)"
	summary
	exit 1
fi
SRC=$WORK/deb/zswap-toolkit
mkdir -p "$SRC"
git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -xf - -C "$SRC"
check "build dependencies present (dpkg-checkbuilddeps)" sh -c 'cd "$1" && dpkg-checkbuilddeps' _ "$SRC"
t0=$(date +%s)
(cd "$SRC" && DEB_BUILD_OPTIONS=parallel=2 dpkg-buildpackage -b -us -uc) > "$WORK/deb.log" 2>&1
rc=$?
echo "dpkg-buildpackage -b -us -uc: $(($(date +%s) - t0)) s"
[ $rc -eq 0 ] || tail -n 20 "$WORK/deb.log"
DEB=$(ls "$WORK"/deb/zswap-toolkit_*_amd64.deb 2>/dev/null | head -n 1)
check "dpkg-buildpackage -b -us -uc builds the .deb" [ $rc -eq 0 -a -n "$DEB" ]
lint=$(lintian "$WORK"/deb/zswap-toolkit_*_amd64.changes 2>&1 | grep -v 'root privileges')
echo "${lint:-lintian: no tag}"
check "lintian: no error" sh -c '! echo "$1" | grep -q "^E:"' _ "$lint"

if [ -n "$DEB" ]; then
	dpkg -i "$DEB" > "$WORK/dpkg.log" 2>&1
	rc=$?
	DEB_INSTALLED=1
	check "dpkg -i: exit 0" [ $rc -eq 0 ]
	for t in $TOOLS; do
		check "installed /usr/bin/$t --help: exit 0" sh -c '"$1" --help >/dev/null 2>&1' _ "/usr/bin/$t"
	done
	check "installed /usr/bin/zswap-workload runs: reclaim of 1 MiB for 0.1 s" sh -c \
		'/usr/bin/zswap-workload reclaim -q --populate 1 --duration 0.1 --method pageout'
	check "installed /usr/bin/zswap-gate --version: the release, no revision (built outside git)" \
		[ "$(/usr/bin/zswap-gate --version)" = "zswap-gate $(sed -n '1s/.*(\(.*\)).*/\1/p' debian/changelog)" ]
	/usr/bin/zswap-gate plan > "$WORK/plan.txt" 2>&1
	check "installed zswap-gate plan: exit 0, a plan" \
		sh -c '[ $1 -eq 0 ] && grep -q store_calls "$2"' _ $? "$WORK/plan.txt"
	check "installed zswap-lockstat --plan: exit 0" sh -c '/usr/bin/zswap-lockstat --plan >/dev/null 2>&1'
	check "installed zswaptop -b -n 1: a frame" sh -c \
		'/usr/bin/zswaptop -b -n 1 -d 0.5 2>/dev/null | grep -q .'
	mkdir "$WORK/once"
	check "installed zswap-export --once: a file promtool accepts" sh -c \
		'/usr/bin/zswap-export -o "$1/zswap.prom" --once --interval 0.5 2>/dev/null &&
		 promtool check metrics < "$1/zswap.prom"' _ "$WORK/once"
	check "installed zswap-iostall -- true: exit 0" sh -c '/usr/bin/zswap-iostall -- true >/dev/null 2>&1'
	check "installed zswap-gate claims: the installed seed 000 file on the fixture records" sh -c \
		'/usr/bin/zswap-gate claims /usr/share/zswap-toolkit/claims/000-batch-writeback-io.yaml \
			tests/fixtures/records/seed000/a -- tests/fixtures/records/seed000/b 2>&1 |
			grep -q "^table alone"'
	# kernels A/B from the installed files alone: outside the checkout,
	# the package's static guest binaries, two fresh 6.12 boots
	check "installed zswap-kernels and zswap-build-kernel --help: their usage" sh -c \
		'/usr/bin/zswap-kernels --help 2>&1 | grep -q -- "--kernel NAME=IMAGE" &&
		 /usr/bin/zswap-build-kernel -h 2>&1 | grep -q -- "-t TREE"'
	kab=$WORK/kab
	kcache=${ZSWAP_CACHE:-$(pwd)/.cache}
	(cd / && env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin ZSWAP_CACHE="$kcache" \
		/usr/bin/zswap-kernels --kernel a=6.12 --kernel b=6.12 -n 1 -d 64 -t 300 \
		-o "$kab" -- ./zswap-workload reclaim -q --populate 16 --duration 2) \
		> "$WORK/kab.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || tail -n 20 "$WORK/kab.log"
	check "installed zswap-kernels: an A/B of two 6.12 boots from /usr/lib/zswap-toolkit (rc $rc)" \
		sh -c '[ $1 -eq 0 ] && [ -s "$2/a/run-01.json" ] && [ -s "$2/b/run-01.json" ] &&
		       grep -q "^store_calls " "$2/compare-b.txt"' _ $rc "$kab"
	check "man finds the installed pages" sh -c \
		'[ "$(man -w zswap-gate)" = /usr/share/man/man1/zswap-gate.1.gz ] && man -w 5 zswap-claims >/dev/null'
	check "bash-completion loads the installed completion on demand" sh -c \
		'bash -c ". /usr/share/bash-completion/bash_completion; _completion_loader zswap-export; complete -p zswap-export" | grep -q _zswap'
	out=$(systemd-analyze verify /lib/systemd/system/zswap-export.service 2>&1); rc=$?
	check "systemd-analyze verify the installed unit: exit 0, no warning${out:+ ($out)}" \
		[ $rc -eq 0 -a -z "$out" ]
	dpkg -c "$DEB" | awk '$1 !~ /^d/ { print substr($6, 2) }' > "$WORK/files"
	dpkg -r zswap-toolkit > "$WORK/dpkg.log" 2>&1
	rc=$?
	DEB_INSTALLED=0
	left=$(while read -r f; do [ -e "$f" ] && echo "$f"; done < "$WORK/files")
	check "dpkg -r: exit 0, none of its $(wc -l < "$WORK/files") files left${left:+ ($left)}" \
		[ $rc -eq 0 -a -z "$left" ]
	# dpkg keeps a removed package's postrm (config-files) until a purge
	dpkg -P zswap-toolkit > "$WORK/dpkg.log" 2>&1
	rc=$?
	st=$(dpkg-query -W -f='${db:Status-Status}' zswap-toolkit 2>/dev/null)
	check "dpkg -P: exit 0, dpkg knows it no more (status: ${st:-none})" \
		[ $rc -eq 0 -a "${st:-not-installed}" = not-installed ]
fi
summary
