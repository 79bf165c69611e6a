#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Regenerates vmlinux/x86/vmlinux.h from a kernel's BTF (default: the
# running kernel's). CO-RE relocations make one header serve 6.1 to 6.18.
set -eu
BTF=${1:-/sys/kernel/btf/vmlinux}
OUT=$(dirname "$0")/../vmlinux/x86/vmlinux.h
bpftool btf dump file "$BTF" format c > "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "wrote $OUT from $BTF"
