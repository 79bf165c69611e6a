#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The host's userland in a guest (run-guest.sh -H, kernels-ab.sh
# --host-root): Debian's 7.x and the 7.3 VM image (tools/kernel/vm.config
# builds 9p, overlay and ext4 in; the Debian kernel loads them as
# modules) boot with the host's root shared read-only over virtio-9p under
# a tmpfs overlay and a 256 MiB ext4 scratch disk; in each, host programs
# run (fio, python3, the toolkit's own dynamic build), writes stay in the
# guest, and a record's stores match the kernel's zswpout; on 7.x also
# the seeds' MySQL workload (MariaDB + sysbench, tools/workloads/oltp.sh)
# and a real build standing in for kbuild (tools/workloads/kbuild.sh), each
# in a capped cgroup. Boot times of both modes are printed
# (docs/testing.md quotes them).
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh

OUT=${GUEST_OUT:-build/guest}/hostroot
command -v jq >/dev/null || { echo "jq missing: run tools/install-deps.sh"; exit 1; }
for p in fio mariadbd sysbench; do
	command -v $p >/dev/null || { echo "$p missing: run tools/install-deps.sh"; exit 1; }
done
rm -f /etc/zswap-hostroot-probe
mkdir -p "$OUT"
pwd > "$OUT/repo"

# uptime_at D: the guest's uptime when its script started (init.sh's line)
uptime_at() {
	sed -n 's/.*up \([0-9.]*\) s, running guest-test.sh.*/\1/p' "$1/console.log"
}

# boot NAME KERNEL_OPTION...: a -H -S 256 guest of the in-guest script
boot() {
	name=$1
	shift
	D=$OUT/$name
	rm -rf "$D"
	tools/guest/run-guest.sh -q "$@" -H -S 256 -c 2 -m 512M -d 256 -t 600 -o "$D" \
		-s tests/guest/hostroot.in-guest.sh -f build/static/hog -f "$OUT/repo"
	rc=$?
	check "$name: guest ran the script chrooted in the host's root (rc $rc)" [ $rc -eq 0 ]
	check "$name: its root is the overlay ($(cat "$D/rootfs" 2>/dev/null))" \
		[ "$(cat "$D/rootfs" 2>/dev/null)" = overlayfs ]
	check "$name: the host's fio ran there ($(cat "$D/fio-version" 2>/dev/null))" \
		[ "$(cat "$D/fio-version" 2>/dev/null)" = "$(fio --version)" ]
	check "$name: the host's python3 ran there" [ "$(cat "$D/python" 2>/dev/null)" = 42 ]
	check "$name: an overlay write is read back in the guest" \
		[ "$(cat "$D/overlay" 2>/dev/null)" = guest ]
	check "$name: and never reaches the host" [ ! -e /etc/zswap-hostroot-probe ]
	check "$name: /scratch is ext4 ($(cat "$D/scratch-fs" 2>/dev/null))" \
		[ "$(cat "$D/scratch-fs" 2>/dev/null)" = ext2/ext3 ]
	check "$name: /scratch holds 200-256 MiB ($(cat "$D/scratch-kb" 2>/dev/null) KiB)" \
		eval '[ "$(cat "$D/scratch-kb")" -ge 204800 ] && [ "$(cat "$D/scratch-kb")" -le 262144 ]'
	check "$name: 16 MiB written to /scratch and synced" [ "$(cat "$D/scratch-write" 2>/dev/null)" = ok ]
	check "$name: the host's dynamic zswap-gate recorded (rc $(cat "$D/rec.rc" 2>/dev/null))" \
		[ "$(cat "$D/rec.rc" 2>/dev/null)" = 0 ]
	s=$(metric "$D/rec.json" store_success 2>/dev/null)
	check "$name: store_success $s = zswpout delta $(cdelta zswpout) within 1%" \
		eval 'gt "$s" 0 && within "$s" "$(cdelta zswpout)" 1'
	echo "$name: the script started at $(uptime_at "$D") s of uptime with the host's root"
	if [ -f "$D/kbuild.rc" ]; then
		K=$D/kbuild.json
		cat "$D/kbuild.log"
		check "$name: a real build (kbuild.sh) under record in a 64M cap (record rc $(cat "$D/kbuild.rc"), workload exit $(jq -r .exit_code "$K" 2>/dev/null))" \
			eval '[ "$(cat "$D/kbuild.rc")" = 0 ] && [ "$(jq -r .exit_code "$K")" = 0 ]'
		check "$name: kbuild: 8 objects compiled, in $(metric "$K" workload_kbuild_duration_s) s of the record's $(jq -r .wall_time_s "$K" 2>/dev/null)" \
			eval '[ "$(metric "$K" workload_kbuild_objects)" = 8 ] &&
			      gt "$(metric "$K" workload_kbuild_duration_s)" 0 &&
			      gt "$(jq -r .wall_time_s "$K")" "$(metric "$K" workload_kbuild_duration_s)"'
	fi
	[ -f "$D/oltp.rc" ] || return 0
	O=$D/oltp.json
	check "$name: MariaDB + sysbench OLTP under record in a 72M cap (record rc $(cat "$D/oltp.rc"), workload exit $(jq -r .exit_code "$O" 2>/dev/null))" \
		eval '[ "$(cat "$D/oltp.rc")" = 0 ] && [ "$(jq -r .exit_code "$O")" = 0 ]'
	check "$name: OLTP TPS ($(metric "$O" workload_oltp_tps)) and p99 ($(metric "$O" workload_oltp_p99_ms) ms) in the record" \
		eval 'gt "$(metric "$O" workload_oltp_tps)" 0 &&
		      gt "$(metric "$O" workload_oltp_p99_ms)" 0'
	cz=$(metric "$O" "cgroup_zswpout{cgroup=/sys/fs/cgroup/oltp}")
	check "$name: the server swapped into zswap: its cgroup's zswpout $cz > 1000, = store_success within 1%" \
		eval 'gt "$cz" 1000 && within "$(metric "$O" store_success)" "$cz" 1'
}

# kernels: Debian's 7.x and the 7.3 VM image (make test and
# test-guest-all; GUEST_KERNELS picks)
for k in $(guest_kernels "7.x 7.3-image" "7.x 7.3-image"); do
	case $k in
	7.3-image)
		K73=$(tools/kernel/build-kernel.sh -q -k 7.3) &&
			boot 7.3-image -K "$K73" || fail "7.3 VM image built" ;;
	7.x)
		# the OLTP and kbuild smokes on one kernel: about 90 s of TCG
		# and KBUILD_S
		touch "$OUT/oltp" "$OUT/kbuild"
		boot 7.x -k 7.x -f "$OUT/oltp" -f "$OUT/kbuild"
		rm -f "$OUT/oltp" "$OUT/kbuild" ;;
	*) boot "$k" -k "$k" ;;
	esac
done

# the same Debian kernel in the default mode, for the boot time beside it
D=$OUT/initramfs
rm -rf "$D"
printf '#!/bin/sh\nexit 0\n' > "$OUT/true.sh"
tools/guest/run-guest.sh -q -k 7.x -c 2 -m 512M -d 256 -t 300 -o "$D" -s "$OUT/true.sh"
rc=$?
check "7.x: the busybox initramfs still boots by default (rc $rc)" [ $rc -eq 0 ]
echo "7.x: the script started at $(uptime_at "$D") s of uptime in the initramfs," \
	"$(uptime_at "$OUT/7.x") s with the host's root"
summary
