#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bzimage.sh FILE - print the kernel release a bzImage carries in its boot
# header, or fail when FILE is not a bzImage.
#
# The x86 boot protocol's setup header holds "HdrS" at offset 0x202 and,
# at 0x20e, a pointer (minus 0x200) to the kernel's version string
# ("7.3.4-zs1343c2ea (root@host) #1 SMP ..."). Read from the image, the
# release names what boots, not what a build tree's
# include/config/kernel.release says after a later, interrupted build.
#
# Exit: 0 release printed; 1 not a bzImage (one line on stderr); 2 usage.

[ $# -eq 1 ] || { echo "usage: bzimage.sh FILE" >&2; exit 2; }
f=$1
notimg() { echo "bzimage: $f is not a bzImage ($*)" >&2; exit 1; }
[ -f "$f" ] && [ -r "$f" ] || notimg "not a readable file"
[ "$(dd if="$f" bs=1 skip=514 count=4 2>/dev/null)" = HdrS ] ||
	notimg "no HdrS boot header at 0x202"
off=$(od -An -tu2 -j 526 -N 2 "$f" | tr -d ' ')
[ -n "$off" ] && [ "$off" -gt 0 ] || notimg "no version string pointer"
rel=$(dd if="$f" bs=1 skip=$((off + 512)) count=256 2>/dev/null | tr '\0' '\n' |
	head -n 1 | cut -d' ' -f1)
[ -n "$rel" ] || notimg "an empty version string"
echo "$rel"
