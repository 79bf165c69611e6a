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
