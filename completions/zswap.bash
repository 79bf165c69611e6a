# SPDX-License-Identifier: GPL-2.0
# bash completion for the zswap toolkit's tools: installed once per tool
# name (bash-completion loads completions/NAME on first use). A tool's
# options are those its --help lists, which the tool makes from its option
# table (src/util/cli_opts.h); the kernel scripts' are listed here.

# _zswap_opts PROGRAM NAME SUBCOMMAND: the options to offer
_zswap_opts() {
	case $2 in
	zswap-kernels)
		echo "--kernel -n -c -m -d -t -o -f --memory-max --memory-high --zswap --iocost
			--locks --claims --table --compare --help --version" ;;
	zswap-build-kernel)
		echo "-k -t -c -s -p -o -j -f -n -q -h --version" ;;
	*)
		# plan takes record's options
		[[ $3 == plan ]] && set -- "$1" "$2" record
		# "claims draft": a subcommand of two words
		"$1" ${3:+$3} --help 2>/dev/null | sed '/^EXAMPLES:$/,$d' |
			grep -oE -- '^ +(-[a-zA-Z], )?--[a-z][a-z0-9-]*' |
			grep -oE -- '--[a-z][a-z0-9-]*'
		echo --help --version ;;
	esac
}

_zswap() {
	local cur prev cmd sub="" i
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	cmd=${COMP_WORDS[0]##*/}
	COMPREPLY=()
	# after --, a command line of its own
	for ((i = 1; i < COMP_CWORD; i++)); do
		[[ ${COMP_WORDS[i]} == -- ]] && return 0
	done
	if [[ $cmd == zswap-workload ]]; then
		# its commands are the lines "  NAME  what" of its --help
		if ((COMP_CWORD == 1)); then
			COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" --help 2>/dev/null |
				sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p') --help --version" -- "$cur"))
			return 0
		fi
		sub=${COMP_WORDS[1]}
	fi
	if [[ $cmd == zswap-gate ]]; then
		if ((COMP_CWORD == 1)); then
			COMPREPLY=($(compgen -W "record plan compare run claims --help" -- "$cur"))
			return 0
		fi
		sub=${COMP_WORDS[1]}
		if [[ $sub == claims ]] && ((COMP_CWORD == 2)) && [[ $cur != -* ]]; then
			COMPREPLY=($(compgen -W "draft" -- "$cur") $(compgen -f -- "$cur"))
			return 0
		fi
		[[ $sub == claims && ${COMP_WORDS[2]} == draft ]] && sub="claims draft"
	fi
	case $prev in
	-o | --output | -e | --events | -r | --rules | --claims | --plot | \
	--bearer-token-file | --basic-auth-file | --ca-file)
		COMPREPLY=($(compgen -f -- "$cur"))
		[[ $prev == --plot ]] && COMPREPLY=($(compgen -d -- "$cur"))
		return 0 ;;
	-c | --cgroup)
		[[ $cmd:$sub == zswap-gate:claims ]] || {
			COMPREPLY=($(compgen -d -- "${cur:-/sys/fs/cgroup/}"))
			return 0
		} ;;
	--adjust)
		COMPREPLY=($(compgen -W "holm none" -- "$cur"))
		return 0 ;;
	-d | --duration | --delay | -i | --interval | -n | --runs | --frames | \
	-w | --width | -a | --alpha | --slow-ns | -t | --table | --label-a | \
	--label-b | --labels | --arm-a | --arm-b | -f | --fail-on)
		return 0 ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_zswap_opts "${COMP_WORDS[0]}" "$cmd" "$sub")" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
	return 0
}

complete -o filenames -F _zswap zswap-gate zswaptop zswap-lockstat zswap-export zswap-iostall \
	zswap-workload
