# SPDX-License-Identifier: GPL-2.0
# Shell helpers for the scripts that run inside a guest; mkinitramfs.sh
# ships this file as /opt/zswap/guest-lib.sh beside them.

# counters: "NAME VALUE" lines of the zswap and swap counters in
# /proc/vmstat and every debugfs zswap file, for before/after deltas
# (tests/lib.sh's cdelta reads them on the host).
counters() {
	grep -E '^(zswp|pswp)' /proc/vmstat
	for f in /sys/kernel/debug/zswap/*; do
		echo "$(basename "$f") $(cat "$f")"
	done
}

# iocost_flush CGROUP: make io.stat's cost.* of CGROUP complete. io.stat
# prints the iocg's last flushed stat; paying the last debt adds to the
# live stat, and when the iocg idles right after, ioc_check_iocgs()
# deactivates it before iocg_flush_stat() walks the active iocgs, so that
# tail (tens of ms) stays out of io.stat until the iocg is active again
# (the BPF side reads the live stat). One direct read from the cgroup
# reactivates it; the next period (under 1 s) flushes it.
iocost_flush() {
	sh -c 'echo $$ > "$1/cgroup.procs" &&
		exec dd if=/dev/vda of=/dev/null bs=4096 count=1 iflag=direct 2>/dev/null' _ "$1"
	sleep 3
}

# wait_block DEV: up to 5 s for the block device node DEV to appear (a
# virtio disk's node comes a little after its driver is up); 0 once it is
# there.
wait_block() {
	_i=0
	while [ ! -b "$1" ] && [ $_i -lt 50 ]; do sleep 0.1; _i=$((_i + 1)); done
	[ -b "$1" ]
}

# split_disk SWAP_MiB: swap on /dev/vda1, its first SWAP_MiB, and
# /dev/vda2, the rest, for a sibling writer: one device, so iocost weighs
# the swapping cgroup and the writer's against each other.
# The host's userland (run-guest.sh -H) has util-linux's fdisk, whose
# prompts differ (it asks first to wipe the swap signature): sfdisk there.
split_disk() {
	swapoff /dev/vda 2>/dev/null
	if command -v sfdisk > /dev/null; then
		printf ',%sM\n,\n' "$1" | sfdisk -q --label dos --wipe always \
			--wipe-partitions always /dev/vda > /dev/null 2>&1
	else
		printf 'o\nn\np\n1\n\n+%sM\nn\np\n2\n\n\nw\n' "$1" |
			fdisk /dev/vda > /dev/null 2>&1
	fi
	wait_block /dev/vda2
	mkswap /dev/vda1 > /dev/null && swapon /dev/vda1
}

# fio_randwrite CGROUP OUTPUT SECONDS: Debian's fio (tools/guest/bundle-fio.sh
# ships it as /opt/zswap/fio) writing 4 KiB blocks at random to /dev/vda2
# from CGROUP, 8 in flight, direct, so it fills its share of the device;
# replaces the calling shell.
fio_randwrite() {
	echo $$ > "$1/cgroup.procs" || return 1
	exec /opt/zswap/fio/ld-linux-x86-64.so.2 --library-path /opt/zswap/fio/lib \
		/opt/zswap/fio/fio --name=randwrite --filename=/dev/vda2 \
		--rw=randwrite --bs=4k --direct=1 --ioengine=libaio --iodepth=8 \
		--thread --time_based --runtime="$3" --output="$2"
}
