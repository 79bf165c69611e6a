#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# build-kernel.sh -t TREE [-c COMMIT] without building (-n: the image
# directory an input set names, exit 1 when not built): a git tree is
# keyed by its commit (two commits, two images; the same commit, one),
# a plain directory by its files (a touched file, another image), and
# neither is changed (status, refs, files); bad trees and commits are
# refused with exit 2 and the reason. The real build of a tree is the
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
summary
