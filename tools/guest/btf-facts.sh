#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# btf-facts.sh - print the BTF facts the hook planner needs, one per line:
#
#   func NAME PROTOTYPE      the FUNC exists; PROTOTYPE is C-like, e.g.
#                            "bool zswap_store(struct folio *folio)"
#   nofunc NAME              no FUNC of that name (renamed, inlined, absent)
#   tp NAME yes|no           a btf_trace_NAME typedef (tp_btf target) exists
#   enum NAME VALUE          value of an enum vm_event_item member
#   noenum NAME              vm_event_item has no such member
#
# Usage: btf-facts.sh BTF_FILE      (an ELF vmlinux with .BTF, or raw BTF
#                                   such as /sys/kernel/btf/vmlinux)
#        btf-facts.sh --funcs       just list the function names (the one
#                                   list fixtures-guest.sh also uses)
#
# A static function present in several compilation units may have more
# than one FUNC; each distinct prototype gets its own line.

set -eu

# Every name of the kernel function table (src/metrics/kernel_funcs.c, one
# KFN line each), or, in a guest where the source is not shipped, the
# list capture-fixtures.sh shipped beside this script (kfuncs.txt); then
# the swap write path the table does not hook.
here=$(cd "$(dirname "$0")" && pwd)
table=$here/../../src/metrics/kernel_funcs.c
if [ -f "$table" ]; then
	FUNCS=$(sed -n 's/^[[:space:]]*KFN("\([A-Za-z0-9_]*\)".*/\1/p' "$table")
elif [ -f "$here/kfuncs.txt" ]; then
	FUNCS=$(cat "$here/kfuncs.txt")
else
	echo "btf-facts: neither $table nor $here/kfuncs.txt" >&2
	exit 1
fi
[ -n "$FUNCS" ] || { echo "btf-facts: no function names in the table" >&2; exit 1; }
FUNCS="$FUNCS __swap_writepage swap_write_submit"
TPS="btf_trace_count_memcg_events btf_trace_contention_begin
	btf_trace_block_bio_queue btf_trace_mm_shrink_slab_start"
ENUMS="ZSWPIN ZSWPOUT ZSWPWB"

if [ "${1:-}" = --funcs ]; then
	echo $FUNCS | tr ' ' '\n'
	exit 0
fi
[ $# -eq 1 ] && [ -r "$1" ] || { echo "usage: $0 BTF_FILE" >&2; exit 2; }
command -v bpftool > /dev/null || { echo "btf-facts: bpftool not found" >&2; exit 1; }

dump=$(mktemp "${TMPDIR:-/tmp}/btf-facts.XXXXXX")
trap 'rm -f "$dump"' EXIT
bpftool btf dump file "$1" format raw > "$dump" ||
	{ echo "btf-facts: bpftool cannot read BTF from $1" >&2; exit 1; }

# The raw dump has one line per type, "[ID] KIND 'name' key=val...", and
# tab-indented member lines ("'name' type_id=N" for FUNC_PROTO params,
# "'NAME' val=N" for enum values) after their type.
awk -v funcs="$FUNCS" -v tps="$TPS" -v enums="$ENUMS" '
function attr(key,   i) {
	for (i = 3; i <= NF; i++)
		if (index($i, key "=") == 1)
			return substr($i, length(key) + 2)
	return ""
}

# C-ish spelling of type id t
function tname(t,   k, b) {
	if (t == 0)
		return "void"
	k = kind[t]
	if (k == "INT" || k == "FLOAT" || k == "TYPEDEF")
		return name[t]
	if (k == "STRUCT" || k == "UNION")
		return tolower(k) " " name[t]
	if (k == "ENUM" || k == "ENUM64")
		return "enum " name[t]
	if (k == "FWD")
		return fwd[t] " " name[t]
	if (k == "PTR") {
		if (kind[ref[t]] == "FUNC_PROTO")
			return tname(ret[ref[t]]) " (*)(" params(ref[t], 0) ")"
		b = tname(ref[t])
		return b ~ /\*$/ ? b "*" : b " *"
	}
	if (k == "CONST" || k == "VOLATILE" || k == "RESTRICT") {
		b = tname(ref[t])
		# qualifier of a pointer goes after the star
		return b ~ /\*$/ ? b " " tolower(k) : tolower(k) " " b
	}
	if (k == "TYPE_TAG")
		return tname(ref[t])
	if (k == "ARRAY")
		return tname(ref[t]) "[" nelems[t] "]"
	return k " " name[t]
}

# parameter list of FUNC_PROTO p, with names if named is set
function params(p, named,   i, s, ty, n) {
	if (nparam[p] == 0)
		return "void"
	s = ""
	for (i = 1; i <= nparam[p]; i++) {
		ty = ptype[p, i]
		n = pname[p, i]
		if (ty == 0 && i == nparam[p]) {
			s = s (i > 1 ? ", " : "") "..."
			continue
		}
		ty = tname(ty)
		if (named && n != "(anon)")
			ty = ty ~ /\*$/ ? ty n : ty " " n
		s = s (i > 1 ? ", " : "") ty
	}
	return s
}

/^\[/ {
	id = substr($1, 2, length($1) - 2)
	k = $2
	# names may contain blanks ("long unsigned int"): take the quoted part
	n = $0
	sub(/^[^\x27]*\x27/, "", n)
	sub(/\x27.*$/, "", n)
	kind[id] = k
	name[id] = n
	ref[id] = attr("type_id")
	cur = id
	if (k == "FUNC_PROTO") {
		ret[id] = attr("ret_type_id")
		nparam[id] = 0
	} else if (k == "ARRAY") {
		nelems[id] = attr("nr_elems")
	} else if (k == "FWD") {
		fwd[id] = attr("fwd_kind")
	} else if (k == "FUNC") {
		fn[n] = fn[n] " " id
	} else if (k == "TYPEDEF") {
		tdef[n] = 1
	}
	next
}

/^\t/ {
	n = $0
	sub(/^[^\x27]*\x27/, "", n)
	sub(/\x27.*$/, "", n)
	if (kind[cur] == "FUNC_PROTO") {
		i = ++nparam[cur]
		pname[cur, i] = n
		ptype[cur, i] = substr($2, 9)	# "type_id=N"
	} else if ((kind[cur] == "ENUM" || kind[cur] == "ENUM64") &&
		   name[cur] == "vm_event_item") {
		v = $2
		sub(/^val=/, "", v)
		evals[n] = v
	}
}

END {
	nf = split(funcs, f, /[ \t\n]+/)
	for (i = 1; i <= nf; i++) {
		if (f[i] == "")
			continue
		if (!(f[i] in fn)) {
			print "nofunc " f[i]
			continue
		}
		ni = split(fn[f[i]], ids, " ")
		delete seen
		for (j = 1; j <= ni; j++) {
			p = ref[ids[j]]
			s = tname(ret[p])
			s = s (s ~ /\*$/ ? "" : " ") f[i] "(" params(p, 1) ")"
			if (!(s in seen))
				print "func " f[i] " " s
			seen[s] = 1
		}
	}
	nt = split(tps, t, /[ \t\n]+/)
	for (i = 1; i <= nt; i++)
		if (t[i] != "")
			print "tp " t[i] " " (t[i] in tdef ? "yes" : "no")
	ne = split(enums, e, /[ \t\n]+/)
	for (i = 1; i <= ne; i++)
		if (e[i] != "")
			print (e[i] in evals ? "enum " e[i] " " evals[e[i]] : "noenum " e[i])
}' "$dump"
