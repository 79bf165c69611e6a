#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# bundle-fio.sh DIR: Debian's fio, its shared libraries and the loader in
# DIR (DIR/fio, DIR/lib/, DIR/ld-linux-x86-64.so.2), to ship into a guest
# with run-guest.sh -D DIR: the guest has no libc of its own.
# guest-lib.sh's fio_randwrite runs it there.
set -eu
[ $# -eq 1 ] || { echo "usage: bundle-fio.sh DIR" >&2; exit 2; }
fio=$(command -v fio) || { echo "bundle-fio: fio missing: run tools/install-deps.sh" >&2; exit 1; }
rm -rf "$1"
mkdir -p "$1/lib"
cp "$fio" "$1/fio"
ldd "$fio" | awk '/=> \// { print $3 }' | while read -r lib; do cp -L "$lib" "$1/lib/"; done
cp -L "$(ldd "$fio" | awk '/ld-linux/ { print $1 }')" "$1/ld-linux-x86-64.so.2"
