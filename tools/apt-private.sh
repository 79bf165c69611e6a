# SPDX-License-Identifier: GPL-2.0
# apt-private.sh: apt-get and apt-cache with private configurations, so
# Debian's newer suites (trixie, trixie-backports, sid) are read without
# touching the system's apt sources. Sourced (POSIX sh) by
# tools/guest/fetch-kernels.sh and tools/kernel/build-kernel.sh, which set
# APT_PRIV_DIR (lists and caches go to $APT_PRIV_DIR/apt-NAME/) and a
# say() and die() of their own. The archive address is the system's own,
# derived at run time and never written into the repository.

# Print the URI of the main Debian archive used by the system's sources:
# the first 'deb' entry that is not the security archive.  Both the
# one-line format and deb822 (.sources) files are understood.
debian_mirror() {
	if [ -n "${ZSWAP_DEBIAN_MIRROR:-}" ]; then
		echo "$ZSWAP_DEBIAN_MIRROR"
		return
	fi
	{
		for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
			[ -r "$f" ] || continue
			# deb [opts] URI suite comp...
			sed -n 's/^[[:space:]]*deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\2/p' "$f"
		done
		for f in /etc/apt/sources.list.d/*.sources; do
			[ -r "$f" ] || continue
			# only stanzas with Types: deb; URIs: may hold several
			awk '{ l = tolower($0) }
			     l ~ /^[[:space:]]*$/ { if (deb) print uris; deb = 0; uris = ""; next }
			     l ~ /^types:/ && l ~ /[[:space:]]deb([[:space:]]|$)/ { deb = 1 }
			     l ~ /^uris:/ { sub(/^[^:]*:[[:space:]]*/, ""); uris = $0 }
			     END { if (deb) print uris }' "$f" | tr ' ' '\n'
		done
	} | grep -E '^(https?|ftp)://' | grep -v -- '-security' |
		grep -E '/debian/?$' | head -n 1 | sed 's,/$,,'
}

# apt_priv NAME [SUITE...] -- APT-GET ARGS: apt-get with a private
# configuration: lists and cache under $APT_PRIV_DIR/apt-NAME; SUITEs, when given,
# make its sources list anew (those suites on the system's archive host,
# $mirror).
apt_priv() {
	d=$APT_PRIV_DIR/apt-$1
	shift
	mkdir -p "$d/lists/partial" "$d/cache/archives/partial"
	[ "$1" = -- ] || : > "$d/sources.list"
	while [ "$1" != -- ]; do
		echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $1 main" \
			>> "$d/sources.list"
		shift
	done
	shift
	apt-get -q -o Dir::Etc::sourcelist="$d/sources.list" \
		-o Dir::Etc::sourceparts=- \
		-o Dir::State::Lists="$d/lists" \
		-o Dir::Cache="$d/cache" \
		-o Debug::NoLocking=1 -o APT::Sandbox::User=root "$@"
}

# apt_cache_priv NAME APT-CACHE ARGS: apt-cache on apt_priv's lists.
apt_cache_priv() {
	d=$APT_PRIV_DIR/apt-$1
	shift
	apt-cache -o Dir::Etc::sourcelist="$d/sources.list" \
		-o Dir::Etc::sourceparts=- \
		-o Dir::State::Lists="$d/lists" \
		-o Dir::Cache="$d/cache" "$@"
}

# priv_update NAME SUITE...: the private lists, fresh.
priv_update() {
	mirror=$(debian_mirror)
	[ -n "$mirror" ] || die "cannot find the Debian archive address in /etc/apt/sources.list(.d); set ZSWAP_DEBIAN_MIRROR"
	n=$1
	shift
	say "updating private package lists of $* in $APT_PRIV_DIR/apt-$n"
	apt_priv "$n" "$@" -- --error-on=any update ||
		die "apt-get update of the private lists of $* failed"
}

