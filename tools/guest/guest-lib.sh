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
