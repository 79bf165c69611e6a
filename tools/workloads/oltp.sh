#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# oltp.sh [-d DIR] [-t TABLES] [-r ROWS] [-c THREADS] [-s SECONDS]
#         [-b BUFFER_MiB]: MariaDB under sysbench's oltp_read_write, the
# seeds' "MySQL, sysbench OLTP" workload with Debian's packages
# (mariadb-server, sysbench). A server of its own in DIR (default
# /scratch/oltp, the scratch disk of run-guest.sh -S; made afresh), on a
# socket, no network; TABLES x ROWS rows prepared, then THREADS clients
# for SECONDS. Run it under `zswap-gate record --cgroup CG`: the server
# and the clients are the cgroup's. Appends to $ZSWAP_WORKLOAD_METRICS:
#   oltp_tps VALUE tx/s        transactions per second of the run
#   oltp_p99_ms VALUE ms       99th percentile of a transaction's latency
#   oltp_errors VALUE count    sysbench's ignored errors
# and prints sysbench's report. Exit 0, or 1 when the server or sysbench
# failed (its log in DIR is printed).
set -u
dir=/scratch/oltp tables=4 rows=20000 threads=4 secs=60 buf=64
usage() { sed -n '4,5p' "$0" | sed 's/^# //' >&2; exit 2; }
while getopts d:t:r:c:s:b:h opt; do
	case $opt in
	d) dir=$OPTARG ;;
	t) tables=$OPTARG ;;
	r) rows=$OPTARG ;;
	c) threads=$OPTARG ;;
	s) secs=$OPTARG ;;
	b) buf=$OPTARG ;;
	*) usage ;;
	esac
done
for n in "$tables" "$rows" "$threads" "$secs" "$buf"; do
	case $n in '' | *[!0-9]*) echo "oltp: '$n' is not a number" >&2; exit 2 ;; esac
done
for p in mariadbd mariadb-install-db mariadb mariadb-admin sysbench; do
	command -v $p > /dev/null || {
		echo "oltp: $p missing (apt-get install mariadb-server sysbench)" >&2
		exit 2
	}
done

sock=$dir/mariadb.sock
log=$dir/mariadb.log
die() {
	echo "oltp: $*" >&2
	[ -f "$log" ] && tail -n 20 "$log" >&2
	[ -n "${srv:-}" ] && kill "$srv" 2>/dev/null && wait "$srv"
	exit 1
}
rm -rf "$dir"
mkdir -p "$dir/data" || die "cannot create $dir"
mariadb-install-db --user=root --datadir="$dir/data" --skip-test-db \
	--auth-root-authentication-method=normal > "$dir/install.log" 2>&1 ||
	die "mariadb-install-db failed (see $dir/install.log)"
mariadbd --no-defaults --user=root --datadir="$dir/data" --socket="$sock" \
	--skip-networking --pid-file="$dir/mariadb.pid" --log-error="$log" \
	--innodb-buffer-pool-size="${buf}M" --innodb-log-file-size=48M \
	--innodb-flush-log-at-trx-commit=2 &
srv=$!
i=0
until mariadb-admin --socket="$sock" -uroot ping > /dev/null 2>&1; do
	i=$((i + 1))
	[ $i -le 600 ] && kill -0 $srv 2>/dev/null || die "the server did not start"
	sleep 0.5
done
mariadb --socket="$sock" -uroot -e 'CREATE DATABASE sbtest' || die "CREATE DATABASE failed"
sb="sysbench oltp_read_write --db-driver=mysql --mysql-socket=$sock --mysql-user=root
	--tables=$tables --table-size=$rows"
$sb --threads=2 prepare > "$dir/prepare.log" 2>&1 || die "sysbench prepare failed (see $dir/prepare.log)"
$sb --threads="$threads" --time="$secs" --percentile=99 --report-interval=0 run \
	> "$dir/run.log" 2>&1 || die "sysbench run failed (see $dir/run.log)"
cat "$dir/run.log"
mariadb-admin --socket="$sock" -uroot shutdown > /dev/null 2>&1
wait $srv

tps=$(sed -n 's/^ *transactions: *[0-9]* *(\([0-9.]*\) per sec.*/\1/p' "$dir/run.log")
p99=$(sed -n 's/^ *99th percentile: *\([0-9.]*\).*/\1/p' "$dir/run.log")
errs=$(sed -n 's/^ *ignored errors: *\([0-9]*\) .*/\1/p' "$dir/run.log")
[ -n "$tps" ] && [ -n "$p99" ] || die "no TPS or p99 in sysbench's report"
if [ -n "${ZSWAP_WORKLOAD_METRICS:-}" ]; then
	{
		echo "oltp_tps $tps tx/s"
		echo "oltp_p99_ms $p99 ms"
		echo "oltp_errors ${errs:-0} count"
	} >> "$ZSWAP_WORKLOAD_METRICS"
fi
exit 0
