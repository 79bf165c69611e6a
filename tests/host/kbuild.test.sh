#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# build-kernel.sh -t TREE [-c COMMIT] without building (-n: the image
# directory an input set names, exit 1 when not built): a git tree is
# keyed by its commit (two commits, two images; the same commit, one),
# a plain directory by its files (a touched file, another image), and
# neither is changed (status, refs, files); bad trees and commits are
# refused with exit 2 and the reason; patch series that do not apply
# (first patch, wrong context, after a patch named with spaces) exit 3
# and leave the cache's copy and state clean, a cover letter is skipped;
# -e checks each patch on the ones before it (checkpatch, the touched
# directories build), names the first that fails and builds no image.
# The real build of a tree is the
# same code as Debian's source (patches applied and reversed in the
# cache's copy), which tests/guest/kports.test.sh and tests/claims/
# build and boot.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

BK=tools/kernel/build-kernel.sh
WORK=$(mktemp -d /tmp/zswap-kbuild.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
export ZSWAP_CACHE=$WORK/cache

# a tree the script takes for a kernel's: a Makefile and mm/zswap.c
T=$WORK/tree
mkdir -p "$T/mm"
printf 'all:\n' > "$T/Makefile"
printf '/* zswap */\n' > "$T/mm/zswap.c"
git -C "$T" init -q && git -C "$T" add -A &&
	git -C "$T" -c user.name=t -c user.email=t@t commit -q -m one &&
	printf '/* zswap, 2 */\n' > "$T/mm/zswap.c" &&
	git -C "$T" -c user.name=t -c user.email=t@t commit -q -am two ||
	{ fail "cannot make a git tree"; summary; exit 1; }
refs=$(git -C "$T" show-ref; git -C "$T" rev-parse HEAD)

img_head=$($BK -n -t "$T" 2> "$WORK/err"); rc=$?
check "git tree at HEAD: not built yet (exit 1), an image directory named ($img_head)" \
	eval '[ $rc -eq 1 ] && [ -n "$img_head" ]'
img_one=$($BK -n -t "$T" -c HEAD~1 2> "$WORK/err")
img_sha=$($BK -n -t "$T" -c "$(git -C "$T" rev-parse HEAD)" 2> "$WORK/err")
check "another commit, another image" [ "$img_one" != "$img_head" ]
check "the same commit by its sha, the same image" [ "$img_sha" = "$img_head" ]
img_main=$($BK -n -t "$T" -k 7.3 2> "$WORK/err")
check "a tree is keyed by the tree, not a Debian line" [ "$img_main" = "$img_head" ]
$BK -n -t "$T" -c nosuch > /dev/null 2> "$WORK/err"
check "an unknown commit: exit 2, named ($(cat "$WORK/err"))" \
	sh -c '[ $1 -eq 2 ] && grep -q "no commit .nosuch." "$2"' _ $? "$WORK/err"
printf 'dirty\n' >> "$T/mm/zswap.c"
$BK -n -t "$T" > /dev/null 2> "$WORK/err"
check "uncommitted changes: said, the commit alone is built" \
	grep -q "has uncommitted changes; the build is of commit" "$WORK/err"
git -C "$T" checkout -q -- mm/zswap.c
check "the git tree is unchanged (refs, HEAD, status)" sh -c \
	'[ "$(git -C "$1" show-ref; git -C "$1" rev-parse HEAD)" = "$2" ] &&
	 [ -z "$(git -C "$1" status --porcelain)" ]' _ "$T" "$refs"

P=$WORK/plain
mkdir -p "$P/mm"
cp "$T/Makefile" "$P/" && cp "$T/mm/zswap.c" "$P/mm/"
img_p1=$($BK -n -t "$P" 2> /dev/null)
img_p2=$($BK -n -t "$P" 2> /dev/null)
touch -d '2020-01-01' "$P/mm/zswap.c"
img_p3=$($BK -n -t "$P" 2> /dev/null)
check "a plain directory: the same files, the same image" \
	eval '[ -n "$img_p1" ] && [ "$img_p1" = "$img_p2" ]'
check "a plain directory: a changed file, another image" [ "$img_p3" != "$img_p1" ]
$BK -n -t "$P" -c HEAD > /dev/null 2> "$WORK/err"
check "-c on a plain directory: exit 2, said ($(cat "$WORK/err"))" \
	sh -c '[ $1 -eq 2 ] && grep -q "is not a git tree" "$2"' _ $? "$WORK/err"
$BK -n -t /etc > /dev/null 2> "$WORK/err"
check "-t on a directory that is no kernel tree: exit 2, said" \
	sh -c '[ $1 -eq 2 ] && grep -q "not a kernel source tree" "$2"' _ $? "$WORK/err"
$BK -n -k 7 > /dev/null 2> "$WORK/err"
check "-k 7: exit 2, wants a line such as 7.3" \
	sh -c '[ $1 -eq 2 ] && grep -q "wants a kernel line" "$2"' _ $? "$WORK/err"
check "nothing was built or fetched into the cache" \
	eval '[ ! -d "$ZSWAP_CACHE/kernel/images" ] || [ -z "$(ls "$ZSWAP_CACHE/kernel/images")" ]'

# --- patch series that do not apply: refused, the cache's copy left clean --
# (the series stop before configuring, so the fake tree is enough)
git -C "$T" checkout -q HEAD~1 2>/dev/null
printf 'line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\n' > "$T/mm/zswap.c"
git -C "$T" -c user.name=t -c user.email=t@t commit -q -am three
git -C "$T" checkout -q -B main 2>/dev/null
# series DIR NAME TEXT...: a patch NAME in DIR changing line 4 of mm/zswap.c
# from the given context (wrong context: it does not apply without fuzz)
mkpatch() {
	mkdir -p "$1"
	printf -- '--- a/mm/zswap.c\n+++ b/mm/zswap.c\n@@ -1,7 +1,7 @@\n %s\n line 2\n line 3\n-line 4\n+line four\n line 5\n line 6\n line 7\n' \
		"$3" > "$1/$2"
}
build_state() { ls "$ZSWAP_CACHE/kernel/build/" 2>/dev/null | grep -E '\.(applied|pristine)$'; }
S1=$WORK/s1
mkpatch "$S1" "0001-fails.patch" "no such line"
$BK -t "$T" -p "$S1" > /dev/null 2> "$WORK/err"
check "a first patch that does not apply: exit 3 ($(grep -m1 'does not apply' "$WORK/err"))" \
	sh -c '[ $1 -eq 3 ] && grep -q "0001-fails.patch does not apply" "$2"' _ $? "$WORK/err"
check "  ... no patch state left in the cache ($(build_state))" [ -z "$(build_state)" ]
S2=$WORK/s2
mkpatch "$S2" "0001-fuzzy.patch" "line one"	# line 1's context differs
$BK -t "$T" -p "$S2" > /dev/null 2> "$WORK/err"
check "a patch with a wrong context line: exit 3, not applied with fuzz" \
	sh -c '[ $1 -eq 3 ] && grep -q "0001-fuzzy.patch does not apply" "$2"' _ $? "$WORK/err"
S3=$WORK/s3
mkpatch "$S3" "0001 a name with spaces.patch" "line 1"
mkpatch "$S3" "0002-fails.patch" "no such line"
sed -i 's/^-line 4/-line four/; s/^+line four/+line 4!/; s/^ line 5/ line 5/' "$S3/0002-fails.patch"
printf 'From: t\nSubject: [PATCH 0/2] cover\n\nthe series\n' > "$S3/0000-cover-letter.patch"
$BK -t "$T" -p "$S3" > /dev/null 2> "$WORK/err"
rc=$?
check "a cover letter in a series: skipped, said" grep -q "skipping 0000-cover-letter.patch: no diff" "$WORK/err"
check "a name with spaces applied, the next fails: exit 3 ($rc)" [ $rc -eq 3 ]
copy=$(ls -d "$ZSWAP_CACHE"/kernel/src/tree-*/ 2>/dev/null | head -n 1)
check "  ... the patch with spaces reversed in the cache's copy" \
	sh -c '[ -n "$1" ] && cmp -s "$1/mm/zswap.c" "$2/mm/zswap.c"' _ "$copy" "$T"
check "  ... no patch state left in the cache ($(build_state))" [ -z "$(build_state)" ]
$BK -t "$T" -p "$S1" > /dev/null 2> "$WORK/err"
check "a later build is not poisoned: the same refusal, exit 3, not 6" \
	sh -c '[ $1 -eq 3 ] && ! grep -q "not the base" "$2"' _ $? "$WORK/err"

# --- -e: each patch checked on the ones before it -----------------------
# The tree gets a checkpatch.pl that flags a patch adding "BAD" and a
# Makefile whose mm/ target fails when mm/zswap.c says "broken"; its
# build directory a .config, as a built base leaves it.
mkdir -p "$T/scripts"
printf 'my $t = do { local $/; <> }; exit($t =~ /^\\+.*BAD/m ? 1 : 0);\n' > "$T/scripts/checkpatch.pl"
printf '.PHONY: mm/\nkernelversion:\n\t@echo 1.0\nmm/:\n\t@! grep -q broken $(CURDIR)/mm/zswap.c\n' > "$T/Makefile"
git -C "$T" add -A && git -C "$T" -c user.name=t -c user.email=t@t commit -q -m tools
$BK -t "$T" -e > /dev/null 2> "$WORK/err"
check "-e without a series: exit 2, said ($(cat "$WORK/err"))" \
	sh -c '[ $1 -eq 2 ] && grep -q "wants a series" "$2"' _ $? "$WORK/err"
S4=$WORK/s4
mkpatch "$S4" "0001-good.patch" "line 1"
$BK -t "$T" -e -p "$S4" > /dev/null 2> "$WORK/err"
check "-e before any build: exit 2, wants a configured tree" \
	sh -c '[ $1 -eq 2 ] && grep -q "configured build tree" "$2"' _ $? "$WORK/err"
bt=$(ls "$ZSWAP_CACHE"/kernel/build/*.lock 2>/dev/null | head -n 1)
bt=${bt%.lock}
check "  ... its build directory is known (${bt:-none})" [ -n "$bt" ]
mkdir -p "$bt" && echo 'CONFIG_X=y' > "$bt/.config"
# on top of 0001-good: line four -> line four BAD (checkpatch flags it)
mkdir -p "$WORK/s5" "$WORK/s6"
cp "$S4/0001-good.patch" "$WORK/s5/"
sed 's/^-line 4$/-line four/; s/^+line four$/+line four BAD/' "$S4/0001-good.patch" \
	> "$WORK/s5/0002-bad.patch"
# alone: line 4 -> line broken (mm/ does not build)
sed 's/^+line four$/+line broken/' "$S4/0001-good.patch" > "$WORK/s6/0001-broken.patch"
$BK -t "$T" -e -p "$S4" > /dev/null 2> "$WORK/err"
check "-e on a good patch: exit 0, checked ($(grep -m1 'checkpatch clean' "$WORK/err"))" \
	sh -c '[ $1 -eq 0 ] && grep -q "0001-good.patch: checkpatch clean, mm/ build" "$2"' _ $? "$WORK/err"
$BK -t "$T" -e -p "$WORK/s5" > /dev/null 2> "$WORK/err"
check "-e: a patch checkpatch flags, after a good one: exit 1, named" \
	sh -c '[ $1 -eq 1 ] && grep -q "0001-good.patch: checkpatch clean" "$2" &&
		grep -q "0002-bad.patch: scripts/checkpatch.pl finds problems" "$2"' _ $? "$WORK/err"
$BK -t "$T" -e -p "$WORK/s6" > /dev/null 2> "$WORK/err"
check "-e: a patch that does not build: exit 1, named" \
	sh -c '[ $1 -eq 1 ] && grep -q "FAILED at step .build mm/ with 0001-broken.patch" "$2"' _ $? "$WORK/err"
copy=$(ls -d "$ZSWAP_CACHE"/kernel/src/tree-*/ 2>/dev/null | head -n 1)
check "  ... the cache's copy is the base again, no patch state left" \
	sh -c '[ -n "$1" ] && cmp -s "$1/mm/zswap.c" "$2/mm/zswap.c" && [ -z "$3" ]' _ "$copy" "$T" "$(build_state)"
check "-e builds no image" [ -z "$(ls "$ZSWAP_CACHE"/kernel/images/*/bzImage 2>/dev/null)" ]
summary
