#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fetch-kernels.sh - download and unpack the guest kernels used by the
# guest-kernel test tier:
#
#   6.1   Debian 12's newest linux-image-6.1.0-N-amd64-unsigned
#   6.12  Debian 13's newest linux-image-6.12.*+deb13-amd64-unsigned
#   7.x   Debian's newest packaged 7.x kernel, from sid or
#         trixie-backports (7.2.13+deb14-amd64 in December 2026); from 7.x
#         a kernel is split into linux-binary-REL (vmlinuz),
#         linux-modules-REL and linux-base-REL (config, modules.builtin),
#         and linux-image-REL is a metapackage of the three
#
# Usage: fetch-kernels.sh [6.1] [6.12] [7.x]    (default: 6.1 and 6.12)
#
# Result, per version, in ${ZSWAP_CACHE:-<repo>/.cache}/kernels/<ver>/:
#   vmlinuz        the bzImage
#   release        its `uname -r`
#   config         the kernel's .config (to tell built-in from module)
#   modules/*.ko   the modules the initramfs needs, decompressed
#   modules.load   their names in dependency (insmod) order
#
# The system's apt configuration is never modified.  Debian 12 kernels are
# looked up in the system's own package lists (read only); the newer ones
# come from private apt configurations under the cache directory that point
# at the same archive host as the system's sources.  The archive address is
# derived at run time and never written into the repository.
#
# Already cached kernels are not fetched again; delete the directory to
# force a refresh.

set -eu

die() { echo "fetch-kernels: error: $*" >&2; exit 1; }
say() { echo "fetch-kernels: $*"; }

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cache=${ZSWAP_CACHE:-$repo/.cache}
kdir=$cache/kernels
debs=$kdir/debs

# Modules the guests may need, if they are modules and not built in:
# the virtio disk stack, zswap's pool allocators and its compressors.
# Their dependencies are added (see add_module); names that are built in or
# absent on a kernel are skipped.
WANT_MODULES="virtio virtio_ring virtio_pci_legacy_dev virtio_pci_modern_dev
	virtio_pci virtio_blk zsmalloc zbud z3fold lzo lzo_rle lz4 lz4_compress
	lz4_decompress lz4hc zstd zstd_compress zstd_decompress"
# And those of run-guest.sh -H (the host's root over virtio-9p under an
# overlay, an ext4 scratch disk), loaded only then: modules.hostroot.
HOSTROOT_MODULES="9pnet 9pnet_virtio 9p overlay ext4"

# debian_mirror, apt_priv, apt_cache_priv, priv_update (private apt
# configurations under $APT_PRIV_DIR)
APT_PRIV_DIR=$kdir
. "$here/../apt-private.sh"

# newest package name matching an extended regex, from `apt-cache search`
newest() {
	sed 's/ - .*//' | grep -E "^$1\$" | sort -V | tail -n 1
}

# Download $1 into $debs (skipped if the .deb is already there).
# $2 = "system", or the NAME of a private configuration (apt_priv).
download() {
	pkg=$1 cfg=$2
	mkdir -p "$debs"
	set -- "$debs/${pkg}"_*.deb
	if [ -f "$1" ]; then
		say "using cached $(basename "$1")"
		deb=$1
		return
	fi
	say "downloading $pkg ..."
	if [ "$cfg" != system ]; then
		(cd "$debs" && apt_priv "$cfg" -- download "$pkg") ||
			die "download of $pkg ($cfg) failed"
	else
		(cd "$debs" && apt-get -q -o APT::Sandbox::User=root download "$pkg") ||
			die "download of $pkg failed (try 'apt-get update')"
	fi
	set -- "$debs/${pkg}"_*.deb
	[ -f "$1" ] || die "apt-get download left no $pkg .deb in $debs"
	deb=$1
}

# Copy module $1 (and, first, the modules it depends on) from $mtree to
# $out.new/modules/, decompressed, appending names to $out.new/$2 (default
# modules.load) in insmod order.  The package ships no modules.dep (depmod
# runs at install time), so dependencies are read from each module's
# .modinfo "depends=" string. Names not in the index are built in or
# absent, and names in a list already are loaded by then: skipped.
add_module() {
	cat "$out.new/modules.load" "$out.new/modules.hostroot" 2>/dev/null |
		grep -qx "$1" && return 0
	p=$(awk -v n="$1" '$1 == n { print $2; exit }' "$tmp/index")
	[ -n "$p" ] || return 0
	case $p in
	*.ko.xz)  xz -dc "$p" ;;
	*.ko.zst) zstd -qdc "$p" ;;
	*.ko.gz)  gzip -dc "$p" ;;
	*)        cat "$p" ;;
	esac > "$out.new/modules/$1.ko"
	deps=$(tr '\0' '\n' < "$out.new/modules/$1.ko" |
		sed -n 's/^depends=//p' | head -n 1 | tr ',-' ' _')
	for d in $deps; do
		add_module "$d" "${2:-modules.load}"
	done
	echo "$1" >> "$out.new/${2:-modules.load}"
}

# install_kernel VER DEB...: unpack the DEBs (one linux-image, or 7.x's
# binary, modules and base) and install vmlinuz, config, release and
# modules into $kdir/VER.
install_kernel() {
	ver=$1 out=$kdir/$1
	shift
	tmp=$(mktemp -d "$kdir/unpack.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	for deb in "$@"; do
		say "unpacking $(basename "$deb")"
		dpkg -x "$deb" "$tmp" || die "dpkg -x $deb failed"
	done

	# boot/vmlinuz-REL up to 6.x; usr/lib/modules/REL/vmlinuz from 7.x
	vmlinuz=
	for f in "$tmp"/boot/vmlinuz-* "$tmp"/usr/lib/modules/*/vmlinuz; do
		[ -f "$f" ] && vmlinuz=$f
	done
	[ -n "$vmlinuz" ] || die "no vmlinuz in $*"
	case $vmlinuz in
	*/boot/vmlinuz-*) rel=${vmlinuz##*/vmlinuz-} ;;
	*) rel=$(basename "$(dirname "$vmlinuz")") ;;
	esac
	# 6.1 keeps modules in /lib/modules, 6.12 (merged /usr) in /usr/lib
	mtree=
	for d in "$tmp/lib/modules/$rel" "$tmp/usr/lib/modules/$rel"; do
		[ -f "$d/modules.builtin" ] && mtree=$d
	done
	[ -n "$mtree" ] || die "no modules for $rel in $*"
	config=$tmp/boot/config-$rel
	[ -f "$config" ] || config=$mtree/config
	[ -f "$config" ] || die "no config of $rel in $*"
	find "$mtree/kernel" -name '*.ko*' | awk '{
		n = $0; sub(/.*\//, "", n); sub(/\.ko.*/, "", n); gsub(/-/, "_", n)
		print n, $0 }' > "$tmp/index"

	rm -rf "$out.new"
	mkdir -p "$out.new/modules"
	cp "$vmlinuz" "$out.new/vmlinuz"
	cp "$config" "$out.new/config"
	cp "$mtree/modules.builtin" "$out.new/modules.builtin"
	: > "$out.new/modules.load"
	for m in $WANT_MODULES; do
		add_module "$m"
	done
	: > "$out.new/modules.hostroot"
	for m in $HOSTROOT_MODULES; do
		add_module "$m" modules.hostroot
	done
	echo "$rel" > "$out.new/release"
	rm -rf "$out"
	mv "$out.new" "$out"
	rm -rf "$tmp"
	trap - EXIT
	say "$ver: $rel ready in $out (modules: $(tr "\n" " " < "$out/modules.load"))"
}

# cached VER: installed, with this script's lists (modules.hostroot came
# later: a kernel without it is installed again from its cached .debs)
cached() {
	[ -f "$kdir/$1/vmlinuz" ] && [ -s "$kdir/$1/release" ] &&
		[ -f "$kdir/$1/modules.hostroot" ]
}

fetch_61() {
	if cached 6.1; then
		say "6.1: cached $(cat "$kdir/6.1/release")"
		return
	fi
	pkg=$(apt-cache search --names-only '^linux-image-6\.1\.0-.*-amd64-unsigned$' |
		newest 'linux-image-6\.1\.0-[0-9]+-amd64-unsigned')
	[ -n "$pkg" ] || die "no linux-image-6.1.0-*-amd64-unsigned in the system's package lists (run 'apt-get update')"
	say "6.1: newest package is $pkg"
	download "$pkg" system
	install_kernel 6.1 "$deb"
}

fetch_612() {
	if cached 6.12; then
		say "6.12: cached $(cat "$kdir/6.12/release")"
		return
	fi
	priv_update trixie trixie
	pkg=$(apt_cache_priv trixie search --names-only '^linux-image-6\.12\..*\+deb13-amd64-unsigned$' |
		newest 'linux-image-6\.12\.[0-9]+\+deb13-amd64-unsigned')
	[ -n "$pkg" ] || die "no linux-image-6.12.*+deb13-amd64-unsigned in Debian 13's lists"
	say "6.12: newest package is $pkg"
	download "$pkg" trixie
	install_kernel 6.12 "$deb"
}

# 7.x: the newest linux-binary-7.*-amd64 of sid and trixie-backports, with
# its modules and base packages (the metapackage linux-image-REL would
# pull an initramfs tool too).
fetch_7x() {
	if cached 7.x; then
		say "7.x: cached $(cat "$kdir/7.x/release")"
		return
	fi
	priv_update 7x sid trixie-backports
	abi=$(apt_cache_priv 7x search --names-only '^linux-binary-7\.[0-9.]+.*-amd64$' |
		sed 's/ - .*//' | grep -E '^linux-binary-7\.[0-9.]+\+(deb|bpo)[0-9]*-amd64$' |
		sed 's/^linux-binary-//' | sort -V | tail -n 1)
	[ -n "$abi" ] || die "no linux-binary-7.*-amd64 in the lists of sid and trixie-backports"
	say "7.x: newest kernel is $abi (linux-binary, linux-modules, linux-base)"
	set --
	for part in binary modules base; do
		download "linux-$part-$abi" 7x
		set -- "$@" "$deb"
	done
	install_kernel 7.x "$@"
}

[ $# -gt 0 ] || set -- 6.1 6.12
mkdir -p "$kdir"
for v in "$@"; do
	case $v in
	6.1)  fetch_61 ;;
	6.12) fetch_612 ;;
	7.x)  fetch_7x ;;
	*)    die "unknown kernel '$v' (want 6.1, 6.12 or 7.x)" ;;
	esac
done
