#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# extract-vmlinux.sh - extract the ELF vmlinux from a bzImage.
#
# Usage: extract-vmlinux.sh VMLINUZ > vmlinux
#
# Same method as the kernel's scripts/extract-vmlinux: look for the magic
# bytes of each compressor the kernel supports, decompress from every
# candidate offset and keep the first result that is an ELF file.  The
# decompressors complain about the data after the payload (the rest of
# the bzImage); that is expected and ignored.  The BTF facts need the
# .BTF section of this ELF (bpftool btf dump file vmlinux).

set -u

die() { echo "extract-vmlinux: error: $*" >&2; exit 1; }

img=${1:-}
[ -n "$img" ] && [ -f "$img" ] || die "usage: $0 VMLINUZ > vmlinux"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/extract-vmlinux.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

is_elf() {
	LC_ALL=C readelf -h "$1" > /dev/null 2>&1
}

# try MAGIC(grep -P bytes) TOOL...: decompress from each offset of MAGIC
try() {
	magic=$1; shift
	command -v "$1" > /dev/null || return 1
	for off in $(LC_ALL=C grep -obUaP "$magic" "$img" | cut -d: -f1); do
		tail -c +$((off + 1)) "$img" | "$@" > "$tmp/vmlinux" 2> /dev/null
		if is_elf "$tmp/vmlinux"; then
			cat "$tmp/vmlinux"
			exit 0
		fi
	done
	return 1
}

# Not compressed at all (a vmlinux given by mistake)?
if is_elf "$img"; then
	cat "$img"
	exit 0
fi

try '\x1f\x8b\x08'                 gunzip -c
try '\xfd\x37\x7a\x58\x5a\x00'     unxz -c
try '\x42\x5a\x68'                 bunzip2 -c
try '\x5d\x00\x00\x00'             unlzma -c
try '\x89\x4c\x5a'                 lzop -dc
try '\x02\x21\x4c\x18'             lz4 -dc
try '\x28\xb5\x2f\xfd'             unzstd -c

die "no compressed ELF payload found in $img (or its decompressor is not installed)"
