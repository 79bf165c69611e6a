# SPDX-License-Identifier: GPL-2.0
# bash completion for the zswap toolkit's tools: installed once per tool
# name (bash-completion loads completions/NAME on first use). The option
# lists are the tools' --help; tests/host/install.test.sh checks them.

_zswap_opts() {
	case $1 in
	zswap-gate:record | zswap-gate:plan)
		echo "--output --cgroup --duration --events --slow-ns --self-stats
			--iocost --no-fentry --no-kprobe --plan --locks --quiet
			--verbose --help" ;;
	zswap-gate:compare)
		echo "--alpha --markdown --json --plot --fail-on --rules
			--no-default-gate --allow-incomplete --label-a --label-b
			--help" ;;
	zswap-gate:run)
		echo "--runs --arm-a --arm-b --output --claims --compare --cgroup
			--duration --no-fentry --no-kprobe --self-stats --locks
			--iocost --verbose --help" ;;
	zswap-gate:claims)
		echo "--table --compare --alpha --adjust --fail-on-not-shown
			--allow-not-measurable --markdown --json --allow-incomplete --label-a --label-b
			--labels --help" ;;
	zswaptop:*)
		echo "--delay --cgroup --batch --frames --width --locks --iocost
			--no-fentry --no-kprobe --verbose --help" ;;
	zswap-lockstat:*)
		echo "--duration --all --exact --compare-exact --sample-every
			--idle-detach --no-fentry --json --plan --raw-tp --self-stats
			--verbose --help" ;;
	zswap-export:*)
		echo "--output --interval --once --cgroups --locks --iocost
			--no-fentry --no-kprobe --verbose --help" ;;
	zswap-iostall:*)
		echo "--cgroup --empty --verbose --help" ;;
	zswap-kernels:*)
		echo "--kernel -n -c -m -d -t -o -f --memory-max --zswap --iocost
			--locks --claims --table --compare --help" ;;
	zswap-build-kernel:*)
		echo "-k -t -c -s -p -o -j -f -n -q -h" ;;
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
	if [[ $cmd == zswap-gate ]]; then
		if ((COMP_CWORD == 1)); then
			COMPREPLY=($(compgen -W "record plan compare run claims --help" -- "$cur"))
			return 0
		fi
		sub=${COMP_WORDS[1]}
	fi
	case $prev in
	-o | --output | -e | --events | -r | --rules | --claims | --plot)
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
		COMPREPLY=($(compgen -W "$(_zswap_opts "$cmd:$sub")" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
	return 0
}

complete -o filenames -F _zswap zswap-gate zswaptop zswap-lockstat zswap-export zswap-iostall
