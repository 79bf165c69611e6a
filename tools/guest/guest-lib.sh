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

# iocost_enable IOPS [DISK_IOPS]: iocost on /dev/vda with a linear model
# of IOPS 4 KiB requests a second (reads and writes, random or
# sequential alike: IOPS * 4096 bytes a second), vrate pinned at 100%
# (TCG's disk latencies would otherwise drag it down); the model and
# DISK_IOPS, the speed it was calibrated from ("-": none), go to
# $RESULTS/iocost-model as one line of "key=value" words and to the
# console.
iocost_enable() {
	_dev=$(cat /sys/block/vda/dev)
	_bps=$(($1 * 4096))
	echo "$_dev ctrl=user model=linear rbps=$_bps rseqiops=$1 rrandiops=$1 wbps=$_bps wseqiops=$1 wrandiops=$1" \
		> /sys/fs/cgroup/io.cost.model || { echo "iocost: cannot write the model"; return 1; }
	echo "$_dev enable=1 ctrl=user rpct=95.00 rlat=250000 wpct=95.00 wlat=250000 min=100.00 max=100.00" \
		> /sys/fs/cgroup/io.cost.qos || { echo "iocost: cannot enable"; return 1; }
	echo "disk_iops=${2:--} model_iops=$1" > "$RESULTS/iocost-model"
	echo "iocost: $(cat "$RESULTS/iocost-model") (io.cost.model: $(cat /sys/fs/cgroup/io.cost.model))"
}

# wios CGROUP: the write requests /dev/vda has taken from CGROUP (io.stat)
wios() {
	awk -v d="$(cat /sys/block/vda/dev)" '$1 == d { for (i = 2; i <= NF; i++)
		if ($i ~ /^wios=/) w = substr($i, 6) } END { print w + 0 }' "$1/io.stat"
}

# iocost_calibrate CGROUP PCT: iocost_enable with a model of PCT% of the
# write IOPS the disk reaches in this boot, at least 256 and at most 8192
# (32 MB/s): CGROUP's io.stat wios over 2 s from its first write, while
# a writer that fills the disk alone (fio_randwrite) runs there and
# iocost is still off. A fixed model left the experiments to the host's
# speed: where the guest's disk reached less than the model (TCG on a
# busy host: 2.9k IOPS against 8k) the writer never filled it and nobody
# was throttled or in debt; a model that follows the disk's speed in
# the same boot keeps the experiment's conditions whatever the host's
# speed this hour. The guest's clock times the window (/proc/uptime), so
# a late wake-up is counted. No write within 10 s: disk_iops=0 and the
# floor's model.
iocost_calibrate() {
	_i=0
	while [ "$(wios "$1")" = 0 ] && [ $_i -lt 100 ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	_w0=$(wios "$1") _t0=$(cut -d' ' -f1 /proc/uptime)
	sleep 2
	_w1=$(wios "$1") _t1=$(cut -d' ' -f1 /proc/uptime)
	set -- $(awk -v a="$_w0" -v b="$_w1" -v s="$_t0" -v e="$_t1" -v p="$2" 'BEGIN {
		d = e > s ? int((b - a) / (e - s)) : 0; m = int(d * p / 100)
		print (m < 256 ? 256 : (m > 8192 ? 8192 : m)), d }')
	iocost_enable "$1" "$2"
}
