#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh - build the busybox initramfs a guest kernel boots into.
#
# Usage: mkinitramfs.sh -k 6.1|6.12|7.x -o OUT.cpio.gz -s GUEST_SCRIPT
#                       [-H] [-f FILE]... [-D DIR]...
#        mkinitramfs.sh -N -o OUT.cpio.gz -s GUEST_SCRIPT [...]
#
#   -k VER     guest kernel (its modules come from fetch-kernels.sh's cache)
#   -N         no modules: for a kernel with everything built in (the
#              images of tools/kernel/build-kernel.sh)
#   -o OUT     gzip'ed newc cpio archive to write
#   -s SCRIPT  becomes /opt/zswap/guest-test.sh, run by /init
#   -H         with the modules of run-guest.sh -H too (9p, overlay, ext4:
#              fetch-kernels.sh's modules.hostroot), loaded only then
#   -f FILE    copied to /opt/zswap/<basename FILE> (binaries, scripts)
#   -D DIR     copied as is to /opt/zswap/<basename DIR>/
#
# Contents: static busybox (applet links are made by /init at boot),
# /init (init.sh), the kernel's modules listed in modules.load, the user
# files.  There is no cpio binary on the build machines, so busybox's
# cpio writes the archive.

set -eu

die() { echo "mkinitramfs: error: $*" >&2; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cache=${ZSWAP_CACHE:-$repo/.cache}

ver='' out='' script='' files='' dirs='' nomod=0 hostroot=0
nl='
'
while getopts k:No:s:f:D:H opt; do
	case $opt in
	k) ver=$OPTARG ;;
	N) nomod=1 ;;
	H) hostroot=1 ;;
	o) out=$OPTARG ;;
	s) script=$OPTARG ;;
	f) files="$files$OPTARG$nl" ;;
	D) dirs="$dirs$OPTARG$nl" ;;
	*) die "usage: $0 -k VER|-N -o OUT -s SCRIPT [-f FILE]... [-D DIR]..." ;;
	esac
done
[ -n "$ver" ] || [ $nomod = 1 ] || die "usage: $0 -k VER|-N -o OUT -s SCRIPT [-f FILE]... [-D DIR]..."
[ -n "$out" ] && [ -n "$script" ] ||
	die "usage: $0 -k VER|-N -o OUT -s SCRIPT [-f FILE]... [-D DIR]..."

if [ $nomod = 0 ]; then
	kdir=$cache/kernels/$ver
	[ -f "$kdir/modules.load" ] || die "no kernel $ver in $kdir: run fetch-kernels.sh $ver"
fi
[ -f "$script" ] || die "guest script $script not found"

busybox=$(command -v busybox) || die "busybox not found (apt-get install busybox-static)"
# A dynamically linked busybox would need its libraries in the image.
if LC_ALL=C readelf -l "$busybox" 2>/dev/null | grep -q 'INTERP'; then
	die "$busybox is dynamically linked; install busybox-static"
fi

root=$(mktemp -d "${TMPDIR:-/tmp}/zswap-initramfs.XXXXXX")
trap 'rm -rf "$root"' EXIT

mkdir -p "$root/bin" "$root/sbin" "$root/usr/bin" "$root/usr/sbin" \
	"$root/etc" "$root/proc" "$root/sys" "$root/dev" "$root/tmp" \
	"$root/root" "$root/lib/modules" "$root/opt/zswap"
cp "$busybox" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
cp "$here/init.sh" "$root/init"
chmod 755 "$root/init"

if [ $nomod = 1 ]; then
	# /init insmods what modules.load lists: nothing
	: > "$root/etc/modules.load"
	: > "$root/etc/modules.hostroot"
	ver=built-in
else
	[ $hostroot = 0 ] || [ -f "$kdir/modules.hostroot" ] ||
		die "$kdir has no modules.hostroot: run fetch-kernels.sh $ver again"
	cp "$kdir/modules.load" "$root/etc/modules.load"
	: > "$root/etc/modules.hostroot"
	[ $hostroot = 0 ] || cp "$kdir/modules.hostroot" "$root/etc/modules.hostroot"
	for m in $(cat "$root/etc/modules.load" "$root/etc/modules.hostroot"); do
		cp "$kdir/modules/$m.ko" "$root/lib/modules/"
	done
fi

cp "$script" "$root/opt/zswap/guest-test.sh"
chmod 755 "$root/opt/zswap/guest-test.sh"
cp "$here/guest-lib.sh" "$root/opt/zswap/guest-lib.sh"

# Word splitting on newlines only, so names with blanks survive.
IFS=$nl
for f in $files; do
	[ -f "$f" ] || die "file $f not found"
	cp -p "$f" "$root/opt/zswap/"
done
for d in $dirs; do
	[ -d "$d" ] || die "directory $d not found"
	cp -a "$d" "$root/opt/zswap/$(basename "$d")"
done
unset IFS

mkdir -p "$(dirname "$out")"
(cd "$root" && find . | busybox cpio -o -H newc 2>/dev/null) | gzip -1 > "$out.tmp" ||
	die "cpio of $root failed"
mv "$out.tmp" "$out"
echo "mkinitramfs: $out ($ver, $(du -k "$out" | cut -f1) KiB)"
