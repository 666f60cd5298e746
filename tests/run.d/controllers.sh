#!/bin/sh
# What GTP controllers depend on, against the sanitized engine
# build/asan/morphos (MORPHOS overrides): the start-up flags
# (tests/gtp/startup.py), the replay of the traffic GoGui and
# gogui-twogtp really sent (tests/gtp/replay.py, tests/data/gogui-traffic/),
# GoGui's interrupt, live graphics and analyze menu (tests/gtp/interrupt.py),
# and a match of the engine against itself, pie on, through a manager that
# knows only points (tests/gtp/pointmatch.py).
# Closes with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
engine=${MORPHOS:-build/asan/morphos}
need "$engine"
for t in startup.py replay.py interrupt.py pointmatch.py; do
    suite "$t" python3 "tests/gtp/$t" "$engine"
done
summary
