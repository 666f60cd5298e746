#!/bin/sh
# A deliberately broken GTP engine for the match runner's tests. It accepts
# every setup command and answers genmove (or play) in the way MODE names:
#   illegal   genmove answers Z99 (no such point)
#   occupied  genmove always answers A1 (occupied from its second move on)
#   die       exits at genmove
#   crash     kills itself with SIGSEGV at genmove
#   hang      never answers genmove
#   garbage   answers genmove without the '=' of GTP
#   slow      answers A1 after 2 seconds
#   resign    resigns
#   reject    answers every play with an error
#   nosetup   exits at boardsize
mode=${1:-illegal}
set -f
while IFS= read -r line; do
    set -- $line
    case $1 in
    quit) printf '= \n\n'; exit 0 ;;
    boardsize) [ "$mode" = nosetup ] && exit 1; printf '= \n\n' ;;
    play) if [ "$mode" = reject ]; then printf '? illegal move\n\n'; else printf '= \n\n'; fi ;;
    genmove)
        case $mode in
        illegal) printf '= Z99\n\n' ;;
        die) exit 3 ;;
        crash) kill -SEGV $$ ;;
        hang) sleep 1000 ;;
        garbage) printf 'A1\n\n' ;;
        slow) sleep 2; printf '= A1\n\n' ;;
        resign) printf '= resign\n\n' ;;
        *) printf '= A1\n\n' ;;
        esac ;;
    *) printf '= \n\n' ;;
    esac
done
