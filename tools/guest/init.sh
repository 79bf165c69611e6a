#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the guest initramfs built by mkinitramfs.sh.
#
# Sets up the guest the way the tests expect it (proc, sysfs, devtmpfs,
# debugfs, tracefs, cgroup2 with io+memory delegated from the root, the
# virtio swap disk), runs /opt/zswap/guest-test.sh with RESULTS=/results,
# then sends /results back to the host over the console as a base64'ed
# tar.gz between two marker lines and powers off.  Whatever happens the
# guest must end in poweroff: the host waits for the markers or its
# timeout, never for a shell prompt.

/bin/busybox --install -s
export PATH=/opt/zswap:/sbin:/bin:/usr/sbin:/usr/bin
export HOME=/root

log() { echo "guest-init: $*"; }

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing
mount -t cgroup2 cgroup2 /sys/fs/cgroup
mount -t tmpfs tmpfs /tmp
# Children get io and memory controllers (memory.max, io.stat, iocost).
echo '+io +memory' > /sys/fs/cgroup/cgroup.subtree_control ||
	log "cannot enable +io +memory in the root cgroup"

# Modules, in dependency order (see fetch-kernels.sh).
for m in $(cat /etc/modules.load); do
	insmod "/lib/modules/$m.ko" || log "insmod $m failed"
done

# The runner attaches a raw image as the first virtio disk unless it was
# asked for no swap.  Its node may appear a little after insmod returns.
swapdev=/dev/vda
if grep -qw noswap /proc/cmdline; then
	log "no swap disk requested"
else
	i=0
	while [ ! -b $swapdev ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if [ -b $swapdev ]; then
		mkswap $swapdev > /dev/null && swapon $swapdev ||
			log "mkswap/swapon $swapdev failed"
	else
		log "no $swapdev: running without swap"
	fi
fi

export RESULTS=/results
KREL=$(uname -r)
export KREL
mkdir -p $RESULTS

log "kernel $KREL up $(cut -d' ' -f1 /proc/uptime) s, running guest-test.sh"
if [ -x /opt/zswap/guest-test.sh ]; then
	# tee keeps the script's output on the console; the subshell keeps
	# its exit code, which a pipeline would lose.
	(
		cd $RESULTS && /opt/zswap/guest-test.sh
		echo $? > $RESULTS/rc
	) 2>&1 | tee $RESULTS/guest-test.log
else
	log "no /opt/zswap/guest-test.sh"
	echo 127 > $RESULTS/rc
fi
log "guest-test.sh exited with $(cat $RESULTS/rc), up $(cut -d' ' -f1 /proc/uptime) s"

# Keep kernel messages from landing inside the base64 block.
echo 1 > /proc/sys/kernel/printk
sync
tar -C $RESULTS -czf /tmp/results.tar.gz .
echo "@@ZSWAP-GUEST-RESULTS-BEGIN@@"
base64 /tmp/results.tar.gz
echo "@@ZSWAP-GUEST-RESULTS-END@@ $(md5sum < /tmp/results.tar.gz | cut -d' ' -f1)"

poweroff -f
