#!/usr/bin/env python3
"""The engine under an address-space limit (ulimit -v), as on a shared
host or in a container: each searcher must shrink its tables to what can
be had, say so once on standard error, and play its best - never a random
move, never a crash.

Usage: memlimit.py ENGINE

ENGINE must be an unsanitized build (./morphos): AddressSanitizer reserves
terabytes of address space and cannot start under such a limit. Each run is
a child process with RLIMIT_AS set (32 to 512 MiB) and the default memory
option (512 MiB, which does not fit): mcts with a fixed playout count, one
thread and no clock (so the search is deterministic and must run every
playout), then ab, then solve; and GoGui's commands in a turn of
millions of moves. At 0f08f81 mcts printed `cannot allocate
the 512 MiB tree ...; playing a random move` at every limit here.
Prints one line per failure and closes with "N passed, N failed".
"""
import os, re, resource, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tally import check, summary


def run(engine, mib, script, timeout=120):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (mib << 20, mib << 20))
    p = subprocess.run([engine], input=script.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       preexec_fn=limit, timeout=timeout)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def answers(out):
    parts = out.split("\n\n")
    return [a for a in parts if a]


def main():
    engine = os.path.abspath(sys.argv[1])
    for mib in (32, 64, 128, 256, 512):
        name = "%d MiB" % mib
        rc, out, err = run(engine, mib, "set_param threads 1\nset_param movetime 0\nset_param playouts 2000\n"
                           "set_param verbose on\nboardsize 9\ngenmove b\ngenmove w\nquit\n")
        a = answers(out)
        check(name + ": mcts exits cleanly", rc == 0 and len(a) == 8, "status %s, answers %r" % (rc, a))
        moves = [x for x in a[5:7]]
        check(name + ": mcts plays", all(re.fullmatch(r"= ([A-HJ]\d|swap)", x) for x in moves), repr(moves))
        check(name + ": never at random", "random" not in err, repr(err[-400:]))
        said = err.count("mcts: the 512 MiB tree (option memory) cannot be allocated; searching with")
        check(name + ": the smaller tree said once", said == 1, "said %d times: %r" % (said, err[-400:]))
        counts = [int(n) for n in re.findall(r"\| (\d+) playouts", err)]
        check(name + ": every playout searched", len(counts) == 2 and all(n >= 2000 for n in counts), repr(counts))
        rc, out, err = run(engine, mib, "set_param searcher ab\nset_param ab_depth 2\nset_param movetime 0\n"
                           "boardsize 9\nplay b E5\ngenmove w\n4 solve 1\nquit\n")
        a = answers(out)
        check(name + ": ab and solve answer", rc == 0 and len(a) == 8 and re.fullmatch(r"= [A-HJ]\d|= swap", a[5])
              and re.fullmatch(r"=4 (unknown|black [A-HJ]\d|white ([A-HJ]\d|swap))", a[6]) is not None,
              "status %s, answers %r, stderr %r" % (rc, a, err[-300:]))
        check(name + ": ab never at random", "random" not in err, repr(err[-300:]))
    # A turn of 38,391,578 moves (tests/gtp/listing.gtp): GoGui's commands
    # answer from the rules core's steps; the list they built before needs
    # 360 MiB (the engine died here without an answer).
    turn = ("boardsize 25\nrules c d\nplay b M14\nplay w M13,A1\nplay b L14,L13\nplay w A2,A3\n"
            "play b M12,A5\nplay w A4,A6\nplay b M13\ngogui-rules_side_to_move\n")
    rc, out, err = run(engine, 256, turn + "gogui-rules_legal_moves\nexplain_point A7\nplay w A7\n"
                       "gogui-rules_legal_moves\nquit\n")
    a = answers(out)
    check("256 MiB, 38,391,578 moves: GoGui's commands answer", rc == 0 and len(a) == 15
          and len(a[10].split()) == 615 and a[11] == "= white may play A7: the first point of a compound move"
          and a[12] == "= " and len(a[13].split()) == 615,
          "status %s, %d answers, stderr %r" % (rc, len(a), err[-300:]))
    sys.exit(summary())


main()
