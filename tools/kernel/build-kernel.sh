#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-kernel.sh - build a VM kernel (bzImage) from Debian's kernel source
# package, as is (the base) or with patch series applied, cached by its
# inputs so that a second call costs nothing.
#
# Usage: build-kernel.sh [-k LINE | -t TREE [-c COMMIT]] [-s VERSION]
#                        [-p PATCHDIR]... [-o DIR] [-j JOBS] [-f] [-n] [-q]
#                        [-e | -a]
#
#   -k LINE     the kernel line: Debian's linux-source-LINE, 6.12 (the
#               default; $ZSWAP_KERNEL_PACKAGE names another package) or
#               7.3; a line the system's apt sources lack comes from
#               trixie-backports or sid through a private apt configuration
#               (tools/apt-private.sh; the system's sources untouched)
#   -s VERSION  Debian version of the source package; default
#               $ZSWAP_KERNEL_SOURCE, else apt's candidate
#   -t TREE     a kernel tree of your own instead of Debian's source: a
#               git repository, built at -c COMMIT (default HEAD; cloned
#               --shared into the cache, so neither the tree nor its .git
#               changes), or a plain source directory (copied into the
#               cache); one source copy and one build directory per tree
#   -c COMMIT   with -t on a git tree: the commit (branch, tag, sha) built
#   -p DIR      a series: DIR/*.patch applied in name order with
#               `patch -p1`; repeatable, series applied in the given order;
#               none = the base kernel
#   -o DIR      also copy the image's files (bzImage, config, release, ...)
#               into DIR
#   -j JOBS     make jobs (default: nproc)
#   -f          build even if the image is cached, and check that the new
#               mm/zswap.o is byte for byte the cached image's (exit 6 if
#               not; the cached image is kept)
#   -n          build nothing: print the image directory and say on stderr
#               whether it is cached (exit 0 cached, 1 not)
#   -q          progress only at step boundaries (no 30 s build ticks)
#   -e          check each patch instead of building an image: applied on
#               the ones before it, scripts/checkpatch.pl finds nothing and
#               the directories the series touches (outside include/)
#               build; exit 1 at the first that fails (needs the base
#               built once, for a configured build tree)
#   -a          check that the series applies (each patch on the ones
#               before it, no fuzz) and reverses, on the source a build
#               fetched before; build nothing, fetch nothing (exit 7 when
#               the source is not in the cache yet)
#
# stdout: one line, the image directory (everything else goes to stderr),
# so a script does  img=$(tools/kernel/build-kernel.sh -p DIR) || exit
# The image directory, ${ZSWAP_CACHE:-<repo>/.cache}/kernel/images/<key>/,
# holds:
#   bzImage           boot it with tools/guest/run-guest.sh -K DIR/bzImage
#   config, release   the .config and `uname -r` (6.12.N-zs<key:8>, so a
#                     booted guest tells which image it runs)
#   System.map
#   zswap.o.sha256    checksum of the build's mm/zswap.o
#   zswap.code.sha256 checksum of its disassembly (code only: a patch that
#                     changes comments or local names leaves it equal)
#   inputs            source version, vm.config checksum, every patch and
#                     its diff's checksum (not its message's); <key> is a
#                     hash of exactly these
#   build.log, build-seconds
#   compiled          files the build compiled, and how many of them ccache
#                     had to compile (misses; the rest came from its cache)
#   built-after       the image whose objects the build tree held before
#                     this build (its series and key), or "none"
#
# How: the source package is downloaded once with `apt-get download` (the
# system's apt sources, read only) into <cache>/kernel/debs/ and unpacked
# once into <cache>/kernel/src/<version>/.  Every image of one source
# version is built out of tree (O=) in one build tree,
# <cache>/kernel/build/<version>/: `make tinyconfig` + tools/kernel/vm.config
# + `make olddefconfig` the first time, then base and variants share their
# objects and a variant costs an incremental rebuild.  A series is
# applied, built and reversed, so the source is the base again afterwards
# (checked: every file a patch touches must be back to its checksum before
# the apply).  A build interrupted while patched is reversed by the next
# run.  One build at a time per source version (flock).
# Reversing a series gives its files new times, so make recompiles every
# object that includes one of them (after seed 002's zswap.h, most of the
# tree): ccache (<cache>/kernel/ccache, keyed by contents) answers those
# compilations from the objects of the base, so the build after any series
# compiles what an edit of mm/zswap.c compiles. A series that changes a
# header is another matter: ccache has none of the objects that include
# the new version (a header fs.h includes is most of the kernel), and
# the build says which headers before it starts (-n too).
#
# Build dependencies (gcc make bc bison flex libelf-dev libssl-dev dwarves
# ...) are installed with `tools/install-deps.sh --kernel` when missing.
#
# Exit status: 0 image ready (or -n: cached; -e: every patch checked; -a:
# the series applies and reverses); 1
# build failed (or -n: not cached; -e: a patch failed its check); 2 usage
# or setup error (missing tools, no root to install them); 3 a patch does
# not apply or does not reverse; 4 the source could not be fetched or
# unpacked; 5 .config lacks an option of vm.config or one the guest tier
# needs; 6 check failed (source not back to the base after a series, or a
# forced rebuild differs from the cached image); 7 -a: the source is not
# in the cache (nothing checked).

set -u
set -o pipefail
# name order of patches is byte order; messages of the tools untranslated
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cache=${ZSWAP_CACHE:-$repo/.cache}
kcache=$cache/kernel
pkg=${ZSWAP_KERNEL_PACKAGE:-linux-source-6.12}
fragment=$here/vm.config
# Bump when the way images are built changes, so old images are not reused.
SCHEME=1

t0=$(date +%s)
label=base
say() { echo "build-kernel: [$label] $*" >&2; }
die() { echo "build-kernel: [$label] error: $*" >&2; exit "${2:-2}"; }
elapsed() { s=$(($(date +%s) - ${1:-$t0})); printf '%dm%02ds' $((s / 60)) $((s % 60)); }

usage() {
	sed -n '/^# Usage:/,/^# stdout:/{/^# stdout:/d;s/^# \{0,1\}//p}' "$0" >&2
	exit 2
}

ver=${ZSWAP_KERNEL_SOURCE:-} outdir='' jobs=$(nproc) force=0 dry=0 quiet=0 each=0 applies=0
tree='' commit=''
series=()
while getopts k:s:t:c:p:o:j:fnqeah opt; do
	case $opt in
	t) tree=$OPTARG ;;
	c) commit=$OPTARG ;;
	k) [[ $OPTARG =~ ^[0-9]+\.[0-9]+$ ]] || die "-k wants a kernel line such as 6.12 or 7.3"
	   pkg=linux-source-$OPTARG ;;
	s) ver=$OPTARG ;;
	p) series+=("$OPTARG") ;;
	o) outdir=$OPTARG ;;
	j) jobs=$OPTARG ;;
	f) force=1 ;;
	n) dry=1 ;;
	q) quiet=1 ;;
	e) each=1 ;;
	a) applies=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || usage
[[ $jobs =~ ^[0-9]+$ ]] && [ "$jobs" -gt 0 ] || die "-j wants a number of jobs"
[ -f "$fragment" ] || die "config fragment $fragment missing"
[ $each = 0 ] || [ $applies = 0 ] || die "-e and -a: one or the other"
[ $applies = 0 ] || [ ${#series[@]} -gt 0 ] || die "-a wants a series (-p DIR)"

# The patches, in order: every series' *.patch sorted by name.
patches=()
names=()
for d in "${series[@]}"; do
	[ -d "$d" ] || die "patch series $d is not a directory"
	d=$(cd "$d" && pwd)
	n=0
	for f in "$d"/*.patch; do
		[ -f "$f" ] || continue
		# git format-patch --cover-letter: mail text, no diff
		if ! grep -q '^+++ ' "$f"; then
			echo "build-kernel: skipping $(basename "$f"): no diff in it (a cover letter?)" >&2
			continue
		fi
		patches+=("$f")
		n=$((n + 1))
	done
	[ "$n" -gt 0 ] || die "patch series $d has no *.patch"
	names+=("$(basename "$d")")
done
[ ${#names[@]} -gt 0 ] && label=$(IFS=+; echo "${names[*]}")

# --- a tree of the user's: its identity --------------------------------
# tree_state: a git tree's commit, or a plain directory's file list with
# sizes and times (what a copy would change)
if [ -n "$tree" ]; then
	[ -d "$tree" ] || die "-t $tree: not a directory"
	tree=$(cd "$tree" && pwd)
	[ -f "$tree/Makefile" ] && [ -f "$tree/mm/zswap.c" ] ||
		die "-t $tree: not a kernel source tree (no Makefile, mm/zswap.c)"
	pkg=tree:$tree
	ver=tree-$(echo "$tree" | sha256sum | cut -c1-12)
	if git -C "$tree" rev-parse --git-dir >/dev/null 2>&1; then
		sha=$(git -C "$tree" rev-parse --verify -q "${commit:-HEAD}^{commit}") ||
			die "-t $tree: no commit '${commit:-HEAD}'"
		commit=$sha
		tree_state="commit $commit"
		git -C "$tree" diff --quiet HEAD -- 2>/dev/null ||
			say "note: $tree has uncommitted changes; the build is of commit ${commit:0:12} alone"
	else
		[ -z "$commit" ] || die "-c $commit: $tree is not a git tree"
		tree_state="files $(find "$tree" -path "$tree/.git" -prune -o -type f \
			-printf '%P %s %T@\n' | sort | sha256sum | cut -c1-16)"
	fi
fi

# --- source version ----------------------------------------------------
# The system's apt first; a package it lacks (7.x on Debian 12) from a
# private configuration of Debian's newer suites.
APT_PRIV_DIR=$kcache
. "$repo/tools/apt-private.sh"
PRIV_SUITES="trixie-backports sid"
apt_src=system
candidate() {
	apt-cache policy "$pkg" 2>/dev/null | awk '$1 == "Candidate:" && $2 != "(none)" { print $2 }'
}
# the private lists, once made, answer before the system's are updated
have_priv() { [ -f "$kcache/apt-src/sources.list" ]; }
priv_candidate() {
	apt_cache_priv src policy "$pkg" 2>/dev/null |
		awk '$1 == "Candidate:" && $2 != "(none)" { print $2 }'
}
apt_updated=0
apt_update() {
	[ $apt_updated = 1 ] && return 1
	apt_updated=1
	[ "$(id -u)" = 0 ] || return 1
	say "apt-get update (the system's package lists; its sources are not changed)"
	apt-get -q update >&2
}
if [ -n "$tree" ]; then
	:	# ver names the tree's copy and build directory
elif [ -z "$ver" ]; then
	ver=$(candidate)
	if [ -z "$ver" ] && have_priv; then
		ver=$(priv_candidate)
		[ -n "$ver" ] && apt_src=src
	fi
	[ -n "$ver" ] || { apt_update && ver=$(candidate); }
	if [ -z "$ver" ]; then
		if have_priv; then ver=$(priv_candidate); fi
		if [ -z "$ver" ]; then
			# shellcheck disable=SC2086
			(priv_update src $PRIV_SUITES) >&2 && ver=$(priv_candidate)
		fi
		[ -n "$ver" ] && apt_src=src
	fi
	[ -n "$ver" ] || die "apt knows no $pkg, nor do $PRIV_SUITES: run 'apt-get update' (as root) or pass -s VERSION" 4
elif [ -z "$(apt-cache policy "$pkg" 2>/dev/null | grep -F " $ver ")" ] 2>/dev/null; then
	apt_src=src	# not in the system's lists: the private ones
fi
[[ $ver =~ ^[A-Za-z0-9.+:~-]+$ ]] || die "bad source version '$ver'"
src=$kcache/src/$ver
bt=$kcache/build/$ver

# --- the cache key: hash of everything the image is built from ------------
inputs() {
	echo "scheme $SCHEME"
	if [ -n "$tree" ]; then
		echo "tree $tree $tree_state"
	else
		echo "package $pkg $ver"
	fi
	echo "vm.config $(sha256sum < "$fragment" | cut -c1-64)"
	for p in "${patches[@]}"; do
		echo "patch $(diff_body "$p" | sha256sum | cut -c1-64) ${p#"$repo"/}"
	done
}
# A patch's diff: from its first diff or --- line to the end, less a
# format-patch signature ("-- " and git's version). Its message, name and
# signature do not change the image, so they do not change the key (a
# series sent again with a new letter, or a revert generated by
# zswap-kernels check, finds the image built before).
diff_body() {
	awk -v total="$(wc -l < "$1")" '/^(diff |--- )/ { on = 1 }
		on && /^-- $/ && NR >= total - 2 { exit } on' "$1"
}
# Patch paths are shown in `inputs` but only their diffs make the key.
key=$(inputs | awk '$1 == "patch" { $3 = "" } { print }' | sha256sum | cut -c1-16)
img=$kcache/images/$key

# the headers the patches change: every object that includes one
# recompiles, and ccache misses each (a header fs.h includes is most of
# the kernel: tens of minutes on 2 cores), so the build says so first
changed_headers() {
	local p
	for p in "${patches[@]}"; do
		sed -n 's/^+++ [^/]*\/\([^[:space:]]*\.h\)\([[:space:]].*\)\{0,1\}$/\1/p' "$p"
	done | sort -u | paste -sd, | sed 's/,/, /g'
}
headers=$(changed_headers)
headers_note() {
	[ -z "$headers" ] ||
		say "the patches change $headers: every object that includes them recompiles${1:-}"
}

if [ $dry = 1 ]; then
	echo "$img"
	if [ -f "$img/bzImage" ]; then say "cached: $img"; exit 0; fi
	say "not built yet: $img"
	# a fresh cache builds from nothing: say which one, and how to pick another
	[ -n "${ZSWAP_CACHE:-}" ] || [ -d "$kcache/ccache" ] ||
		say "the cache is $cache (empty: a first build; ZSWAP_CACHE=DIR reuses another)"
	headers_note
	exit 1
fi

copy_out() {
	[ -n "$outdir" ] || return 0
	mkdir -p "$outdir" && cp "$img"/* "$outdir"/ ||
		die "cannot copy the image into $outdir"
}
if [ -f "$img/bzImage" ] && [ $force = 0 ] && [ $each = 0 ] && [ $applies = 0 ]; then
	say "cached: $(cat "$img/release"), $img"
	copy_out
	echo "$img"
	exit 0
fi

# --- build dependencies ----------------------------------------------------
need=""
tools="gcc make bc bison flex pahole xz patch perl python3 objdump ccache"
[ $applies = 0 ] || tools="patch"	# -a builds nothing
for t in $tools; do
	command -v "$t" >/dev/null || need="$need $t"
done
[ $applies = 1 ] || [ -f /usr/include/libelf.h ] || need="$need libelf-dev"
[ $applies = 1 ] || [ -f /usr/include/openssl/ssl.h ] || need="$need libssl-dev"
if [ -n "$need" ]; then
	[ "$(id -u)" = 0 ] || die "missing:$need; run tools/install-deps.sh --kernel as root"
	say "installing build dependencies (missing:$need)"
	"$repo/tools/install-deps.sh" --kernel >&2 || die "tools/install-deps.sh --kernel failed"
fi

mkdir -p "$kcache/build" "$kcache/images" "$kcache/debs" "$kcache/src" ||
	die "cannot create $kcache"
# One build per source tree at a time: patches are applied in place.
exec 7>"$bt.lock"
if ! flock -n 7; then
	say "waiting for another build of $ver"
	flock 7
fi
locked=1
# The build we waited for may have been this one.
if [ -f "$img/bzImage" ] && [ $force = 0 ] && [ $each = 0 ] && [ $applies = 0 ]; then
	say "cached meanwhile: $(cat "$img/release"), $img"
	copy_out
	echo "$img"
	exit 0
fi

# --- fetch and unpack --------------------------------------------------------
fetch_source() {
	local t deb tmp tarball z
	t=$(date +%s)
	deb=$(ls "$kcache/debs/${pkg}_${ver#*:}"_*.deb 2>/dev/null | head -n 1)
	if [ -z "$deb" ]; then
		say "downloading $pkg $ver (about 150 MB; $apt_src apt lists) into the cache $cache (ZSWAP_CACHE=DIR: another, one that holds it)"
		if [ "$apt_src" = src ]; then
			[ -f "$kcache/apt-src/sources.list" ] ||
				{ (priv_update src $PRIV_SUITES) >&2 || exit 4; }
			(cd "$kcache/debs" && apt_priv src -- download "$pkg=$ver" >&2) ||
				die "apt-get download $pkg=$ver from $PRIV_SUITES failed" 4
		else
			(cd "$kcache/debs" && apt-get -q -o APT::Sandbox::User=root download "$pkg=$ver" >&2) ||
				{ apt_update &&
				  (cd "$kcache/debs" && apt-get -q -o APT::Sandbox::User=root download "$pkg=$ver" >&2); } ||
				die "apt-get download $pkg=$ver failed (is $ver still in the archive? apt-cache policy $pkg)" 4
		fi
		deb=$(ls "$kcache/debs/${pkg}_${ver#*:}"_*.deb 2>/dev/null | head -n 1)
		[ -n "$deb" ] || die "apt-get download left no $pkg .deb in $kcache/debs" 4
		say "downloaded $(basename "$deb") in $(elapsed "$t")"
	fi
	tarball=$(dpkg-deb -c "$deb" | awk '{ print $NF }' | grep -E '^\./usr/src/linux-source-[^/]*\.tar\.(xz|bz2|gz)$' | head -n 1)
	[ -n "$tarball" ] || die "no usr/src/linux-source-*.tar.* in $deb" 4
	say "unpacking ${tarball#./} into $src"
	tmp=$src.unpack
	rm -rf "$tmp"
	mkdir -p "$tmp"
	# streamed: the deb's tarball is never written to disk
	case $tarball in
	*.xz) z=-J ;;
	*.bz2) z=-j ;;
	*) z=-z ;;
	esac
	dpkg-deb --fsys-tarfile "$deb" | tar -xOf - "$tarball" |
		tar -C "$tmp" --strip-components=1 -x $z -f - ||
		die "unpacking $tarball failed" 4
	[ -f "$tmp/mm/zswap.c" ] && [ -f "$tmp/Makefile" ] ||
		die "$tarball holds no kernel tree (no mm/zswap.c)" 4
	rm -rf "$src"
	mv "$tmp" "$src"
	say "source $ver ready in $(elapsed "$t")"
}
# prepare_tree: the cache's copy of the user's tree at its state. A git
# tree: a --shared clone (the tree's objects through alternates), checked
# out at the commit, so only changed files get new times and the build
# stays incremental. A plain directory: copied afresh when it changed.
prepare_tree() {
	local t
	t=$(date +%s)
	if [ "${tree_state%% *}" = commit ]; then
		if [ ! -d "$src/.git" ]; then
			rm -rf "$src"
			git clone -q --shared --no-checkout "$tree" "$src" >&2 ||
				die "cannot clone $tree into $src" 4
		fi
		git -C "$src" -c advice.detachedHead=false checkout -q --force \
			"$commit" >&2 || die "cannot check out $commit in $src" 4
		git -C "$src" clean -q -fdx >&2
	elif [ "$(cat "$src.state" 2>/dev/null)" != "$tree_state" ]; then
		rm -rf "$src" "$src.state"
		# an in-tree build's objects would stop make O= ("source tree
		# is not clean"): the copy is cleaned, the tree is not touched
		rm -rf "$src.copy"
		cp -a "$tree" "$src.copy" && make -s -C "$src.copy" mrproper 7>&- >&2 &&
			mv "$src.copy" "$src" || die "cannot copy $tree into $src" 4
		echo "$tree_state" > "$src.state"
	fi
	say "tree $tree at ${tree_state#* } ready in $src in $(elapsed "$t")"
}
if [ -z "$tree" ]; then
	if [ $applies = 1 ] && ! { [ -f "$src/Makefile" ] && [ -f "$src/mm/zswap.c" ]; }; then
		say "not checked: the source $pkg $ver is not in the cache $cache yet (a build fetches it)"
		exit 7
	fi
	[ -f "$src/Makefile" ] && [ -f "$src/mm/zswap.c" ] || fetch_source
fi

log_dir=$kcache/logs
mkdir -p "$log_dir"
log=$log_dir/$key.log
[ $applies = 0 ] || log=$log_dir/$key.applies.log	# a build's log stays
: > "$log"

# fail STEP RC: name the step, show the log's end
fail() {
	echo "build-kernel: [$label] FAILED at step '$1' (exit $2) after $(elapsed); in $log:" >&2
	# the compiler's first errors, then the end of the log
	grep -m 5 -E '(error|Error):' "$log" | sed 's/^/    /' >&2
	echo "    ..." >&2
	tail -n 12 "$log" | sed 's/^/    /' >&2
}

# --- patches: apply, and reverse whatever happens ------------------------
state=$bt.applied	# copies of the patches now applied to $src, in order
sums=$bt.pristine	# checksums of the files they touch, before the apply

# files a patch touches (its +++ and --- names without the first
# component; /dev/null for created or deleted files is skipped)
patch_files() {
	sed -n -e 's/^+++ [^/]*\/\([^[:space:]]*\).*/\1/p' \
		-e 's/^--- [^/]*\/\([^[:space:]]*\).*/\1/p' "$1" | sort -u
}

# checksums, or "absent", of the files the patches in $1 touch
file_sums() {
	local f
	for f in $(cat "$1"/*.patch 2>/dev/null | patch_files /dev/stdin | sort -u); do
		if [ -f "$src/$f" ]; then
			echo "$(sha256sum < "$src/$f" | cut -c1-64) $f"
		else
			echo "absent $f"
		fi
	done
}

# the checksums taken before the apply, of the files the patches still in
# $state touch (a failed apply drops the patches it did not reach)
pristine_sums() {
	awk 'NR == FNR { want[$0]; next } ($2 in want)' \
		<(cat "$state"/*.patch 2>/dev/null | patch_files /dev/stdin) "$sums"
}

reverse_all() {
	local p f k ok=0 list
	[ -d "$state" ] || return 0
	list=("$state"/*.patch)
	for ((k = ${#list[@]} - 1; k >= 0; k--)); do
		p=${list[k]}
		[ -f "$p" ] || continue
		if ! patch -d "$src" -p1 -R -s -f --no-backup-if-mismatch -r - < "$p" >> "$log" 2>&1; then
			echo "build-kernel: [$label] FAILED to reverse $(basename "$p") in $src; remove $src to start from a fresh copy" >&2
			ok=3
		fi
	done
	# make decides by modification times: make sure every file the
	# series touched is newer than the objects built from its patched
	# version, so the next build recompiles them.
	for f in $(cat "$state"/*.patch 2>/dev/null | patch_files /dev/stdin); do
		[ -f "$src/$f" ] && touch "$src/$f"
	done
	if [ $ok = 0 ] && [ -f "$sums" ]; then
		if ! cmp -s <(pristine_sums) <(file_sums "$state"); then
			echo "build-kernel: [$label] CHECK FAILED: $src is not the base after reversing the series:" >&2
			diff <(pristine_sums) <(file_sums "$state") | sed 's/^/    /' >&2
			ok=6
		fi
	fi
	[ $ok = 0 ] && rm -rf "$state" "$sums"
	return $ok
}

cleanup() {
	[ -n "${ticker:-}" ] && kill "$ticker" 2>/dev/null
	# only the holder of the lock touches the source
	if [ "${locked:-0}" = 1 ] && [ -d "$state" ]; then
		say "reversing the series"
		reverse_all || exit $?
	fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# A closed stderr (| head) must not kill the script before it reverses.
trap '' PIPE

if [ -d "$state" ]; then
	say "an interrupted build left patches applied in $src: reversing them"
	reverse_all || exit $?
fi
[ -z "$tree" ] || prepare_tree

# fd 7 (the lock) is not make's: a leftover child must not hold the lock.
# ccache through its gcc symlinks (/usr/lib/ccache first in PATH): CC
# stays "gcc", so neither the configuration nor the objects change.
export CCACHE_DIR=$kcache/ccache CCACHE_MAXSIZE=${ZSWAP_CCACHE_SIZE:-8G}
# the build tree's path is the same for every image of a source version
export CCACHE_BASEDIR=$kcache
kmake() { PATH=/usr/lib/ccache:$PATH make -C "$src" O="$bt" "$@" 7>&-; }
# ccache's count of compilations it had to run (misses) so far
ccache_misses() {
	ccache --print-stats 2>/dev/null |
		awk -F'\t' '$1 == "cache_miss" || $1 == "direct_cache_miss" && !m { m = $2 } END { print m + 0 }'
}

# -e: one patch, on the ones before it: checkpatch clean, and the
# directories the series touches outside include/ ($each_dirs) build
check_patch() {
	local name
	name=$(basename "$1" | cut -c5-)
	if ! perl "$src/scripts/checkpatch.pl" --no-tree -q "$1" >> "$log" 2>&1; then
		say "patch $name: scripts/checkpatch.pl finds problems:"
		perl "$src/scripts/checkpatch.pl" --no-tree -q "$1" 2>&1 | head -n 20 | sed 's/^/    /' >&2
		return 1
	fi
	# shellcheck disable=SC2086 # the directories are words
	if ! kmake -j"$jobs" LOCALVERSION="$each_lv" $each_dirs >> "$log" 2>&1; then
		fail "build $each_dirs with $name" 1
		return 1
	fi
	say "patch $name: checkpatch clean, $each_dirs build"
}
if [ $each = 1 ]; then
	[ ${#patches[@]} -gt 0 ] || die "-e wants a series (-p DIR)"
	[ -f "$bt/.config" ] || die "-e wants a configured build tree: build the base once first"
	# the tree keeps the release of the image built last: a build
	# directory boots as that image (run-guest.sh -K DIR)
	each_lv=$(cat "$bt/include/config/kernel.release" 2>/dev/null)
	each_lv=${each_lv#"$(kmake -s kernelversion)"}
	each_dirs=$(cat "${patches[@]}" | patch_files /dev/stdin | grep -v '^include/' |
		sed 's,/[^/]*$,/,' | sort -u | paste -sd ' ')
fi

if [ ${#patches[@]} -gt 0 ]; then
	step_t=$(date +%s)
	mkdir -p "$state"
	i=0
	for p in "${patches[@]}"; do
		i=$((i + 1))
		cp "$p" "$state/$(printf %03d "$i")-$(basename "$p" | tr -c 'A-Za-z0-9._+\n-' _)"
	done
	file_sums "$state" > "$sums"
	# all or nothing: dry-run each patch on top of the previous ones
	# would need them applied, so apply one by one and unwind on failure
	applied=()
	for p in "$state"/*.patch; do
		# --fuzz=0: a hunk whose context differs fails, as with git apply
		if ! patch -d "$src" -p1 -N -s --fuzz=0 --dry-run -f < "$p" >> "$log" 2>&1; then
			say "patch $(basename "$p" | cut -c5-) does not apply to $pkg $ver (with the patches before it applied, no fuzz):"
			patch -d "$src" -p1 -N --fuzz=0 --dry-run -f < "$p" 2>&1 | sed 's/^/    /' | tail -n 20 >&2
			# drop the copies of the patches not applied, reverse the rest
			for q in "$state"/*.patch; do
				case " ${applied[*]} " in *" $q "*) ;; *) rm -f "$q" ;; esac
			done
			reverse_all
			exit 3
		fi
		patch -d "$src" -p1 -N -s -f --fuzz=0 --no-backup-if-mismatch < "$p" >> "$log" 2>&1 ||
			{ fail "apply $(basename "$p")" $?; exit 3; }
		applied+=("$p")
		if [ $each = 1 ] && ! check_patch "$p"; then
			reverse_all
			exit 1
		fi
	done
	if [ $each = 1 ]; then
		say "each of the ${#patches[@]} patches checked in $(elapsed "$step_t")"
		reverse_all || exit $?
		exit 0
	fi
	if [ $applies = 1 ]; then
		reverse_all || exit $?
		say "the ${#patches[@]} patch(es) apply to $pkg $ver (no fuzz) and reverse, in $(elapsed "$step_t"); $src is the base again"
		exit 0
	fi
	say "applied ${#patches[@]} patch(es) in $(elapsed "$step_t")"
fi

# --- configure (once per vm.config) ------------------------------------------
frag_sum=$(sha256sum < "$fragment" | cut -c1-64)
if [ ! -f "$bt/.config" ] || [ "$(cat "$bt/.vm.config.sha256" 2>/dev/null)" != "$frag_sum" ]; then
	step_t=$(date +%s)
	say "configuring $bt: tinyconfig + vm.config + olddefconfig"
	mkdir -p "$bt"
	{ kmake tinyconfig && cat "$fragment" >> "$bt/.config" && kmake olddefconfig; } >> "$log" 2>&1 ||
		{ fail configure $?; exit 1; }
	echo "$frag_sum" > "$bt/.vm.config.sha256"
	say "configured in $(elapsed "$step_t")"
fi

# Every option of the fragment must have survived olddefconfig, and the
# options the guest tier relies on that the fragment only implies. An
# option this tree's Kconfig no longer defines is left out (CONFIG_ZPOOL:
# zswap uses zsmalloc directly from 6.18) and named.
symbols=$(find "$src" -name 'Kconfig*' -exec sed -n 's/^\(menu\)\{0,1\}config \([A-Z0-9_]*\).*/\2/p' {} + | sort -u)
missing="" gone=""
while IFS= read -r l; do
	case $l in
	CONFIG_*=*)
		o=${l%%=*}
		if ! grep -qx "${o#CONFIG_}" <<< "$symbols"; then
			gone="$gone $o"
			continue
		fi
		grep -qx "$l" "$bt/.config" && continue
		# x86 offers PREEMPT_LAZY instead from 6.13 (Debian's 7.x
		# model too): the tree's preemption choice is kept
		if [ "$o" = CONFIG_PREEMPT_VOLUNTARY ] &&
		   grep -qx CONFIG_ARCH_HAS_PREEMPT_LAZY=y "$bt/.config"; then
			gone="$gone $o(PREEMPT_LAZY)"
			continue
		fi
		missing="$missing $o" ;;
	"# CONFIG_"*" is not set")
		o=${l#\# }
		o=${o%% *}
		grep -q "^$o=" "$bt/.config" && missing="$missing !$o" ;;
	esac
done < "$fragment"
# TRACEPOINTS: lock:contention_begin/end, the tracepoint plans;
# DYNAMIC_FTRACE_WITH_DIRECT_CALLS: fentry/fexit trampolines;
# CGROUP_BPF and BPF_JIT with fentry's BPF_JIT_ALWAYS_ON not needed.
for o in CONFIG_TRACEPOINTS CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS \
	CONFIG_DEBUG_INFO CONFIG_ZSMALLOC \
	CONFIG_BLK_DEV CONFIG_VIRTIO; do
	grep -qx "$o=y" "$bt/.config" || missing="$missing $o"
done
if [ -n "$missing" ]; then
	echo "build-kernel: [$label] $bt/.config lacks:$missing (! = set though vm.config unsets it)" >&2
	exit 5
fi
[ -z "$gone" ] || say "vm.config options $pkg $ver does not define or offer (left out):$gone"

# --- build -------------------------------------------------------------------
# The release names the image: 6.12.N-zs<key>, so a booted guest's uname -r
# tells which image it is.  Only a few objects include utsrelease.h.
lv=-zs$(echo "$key" | cut -c1-8)
step_t=$(date +%s)
headers_note " (a long build)"
say "make -j$jobs bzImage (log: $log)"
if [ $quiet = 0 ]; then
	(
		exec 7>&-
		while sleep 30; do
			n=$(grep -c '^  CC ' "$log")
			last=$(grep -E '^  [A-Z]+' "$log" | tail -n 1 | sed 's/^ *//')
			echo "build-kernel: [$label]   $(elapsed "$step_t"): $n files compiled, $last" >&2
		done
	) > /dev/null &	# its sleep must not hold a caller's $(...) open
	ticker=$!
fi
misses0=$(ccache_misses)
kmake -j"$jobs" LOCALVERSION="$lv" bzImage >> "$log" 2>&1
rc=$?
if [ -n "${ticker:-}" ]; then
	kill "$ticker" 2>/dev/null
	wait "$ticker" 2>/dev/null
	ticker=''
fi
if [ $rc != 0 ]; then
	fail "make bzImage" $rc
	exit 1
fi
build_s=$(($(date +%s) - step_t))
compiled=$(grep -c '^  CC ' "$log")
misses=$(($(ccache_misses) - misses0))
say "built in $(elapsed "$step_t") ($compiled files compiled, $misses of them by the compiler, the rest from ccache)"

# --- the image -----------------------------------------------------------------
release=$(kmake -s LOCALVERSION="$lv" kernelrelease 2>>"$log") || { fail kernelrelease $?; exit 1; }
new=$img.new.$$
rm -rf "$new"
mkdir -p "$new" || die "cannot create $new"
cp "$bt/arch/x86/boot/bzImage" "$bt/.config" "$bt/System.map" "$new/" || die "cannot copy the image into $new"
mv "$new/.config" "$new/config"
echo "$release" > "$new/release"
sha256sum < "$bt/mm/zswap.o" | cut -c1-64 > "$new/zswap.o.sha256"
# the code alone: offsets and instructions, no debug info or line numbers
objdump -d -r --no-show-raw-insn "$bt/mm/zswap.o" | tail -n +4 | sha256sum | cut -c1-64 \
	> "$new/zswap.code.sha256"
inputs > "$new/inputs"
echo "$build_s" > "$new/build-seconds"
echo "$compiled $misses" > "$new/compiled"
cat "$bt/last-image" 2>/dev/null > "$new/built-after" || echo none > "$new/built-after"
cp "$log" "$new/build.log"

# The series is reversed before the image is published, so a failure to
# get back to the base is not hidden behind a ready image.
if [ -d "$state" ]; then
	step_t=$(date +%s)
	reverse_all || { rc=$?; rm -rf "$new"; exit $rc; }
	say "reversed the series in $(elapsed "$step_t"): $src is the base again"
fi

if [ -f "$img/bzImage" ]; then
	# -f: a rebuild of a cached image must give the same zswap.o
	if cmp -s "$img/zswap.o.sha256" "$new/zswap.o.sha256"; then
		say "rebuild check: mm/zswap.o identical to the cached image's ($(cut -c1-12 "$new/zswap.o.sha256"))"
		rm -rf "$new"
	else
		echo "build-kernel: [$label] CHECK FAILED: rebuilt mm/zswap.o $(cut -c1-12 "$new/zswap.o.sha256") differs from the cached image's $(cut -c1-12 "$img/zswap.o.sha256"); new build kept in $new" >&2
		exit 6
	fi
else
	rm -rf "$img"
	mv "$new" "$img" || die "cannot move $new to $img"
fi
# what the build tree's objects are now built from
echo "$label $key" > "$bt/last-image"
say "image $release ($(($(stat -c %s "$img/bzImage") / 1024)) KiB) in $img, total $(elapsed)"
copy_out
echo "$img"
exit 0
