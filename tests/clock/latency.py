#!/usr/bin/env python3
"""Clock discipline of ./morphos, the release build (the code that ships):
each case drives the engine over GTP and checks that the timed command
answers within its budget plus MARGIN, never hangs, and that every search
obeys its clock. Not a speed test: the budgets are the engine's own
(time_settings, time_left, movetime, solve SECONDS); MARGIN absorbs process
start-up, pipes and a loaded machine.

Usage: latency.py ENGINE [--margin S]. Closes with "N passed, N failed".
The default margin, 0.25 s, is the benchmark's (run it by hand on a quiet
machine); make test (tests/run.d/clock.sh) passes --margin 5, a margin no
load reaches: there it catches hangs and budgets ignored, while the exact
deadline test is test_engine's, on an injected clock.
"""
import os, select, subprocess, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gtpengine
from tally import check, summary

MARGIN = 0.25  # seconds over the budget still accepted (process start-up, pipes, a loaded machine)
HANG = 20      # an answer later than this is a hang

# 19x19 under c: the root solver's node counter stepped over every multiple
# of 1024 here, and genmove never answered (70c1c9b).
HANG_MOVES = ("L7;K11,G16;M7,G10;K7,F16;J7,G9;L6,H16;M6,F10;E4,K6;J6,F9;K10,E17;J8,M8;F15,E16;"
              "H6,H9;E15,J15;H8,J9;J10,J16;K8,H10;J11,O14;L8,L13;L10,F17;H7,N14;H11,G17;K9,M9;N10,H15;"
              "G11,M14;M10,O13;L9,L14;L11,B14;N9,N13;C14,G15;N5,M13;O10,D15;K7;M11,H12")


def hang_setup(clock):
    cmds = ["boardsize 19", "rules c", clock]
    colour = "b"
    for m in HANG_MOVES.split(";"):
        cmds.append("play %s %s" % (colour, m))
        colour = "w" if colour == "b" else "b"
    return cmds


class Engine:
    def __init__(self, args):
        self.p = subprocess.Popen([ENGINE] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        self.buf = b""

    def cmd(self, c, limit=HANG):
        """(seconds, answer) or (None, None) after `limit` seconds without one."""
        t = time.monotonic()
        self.p.stdin.write(c.encode() + b"\n")
        self.p.stdin.flush()
        fd = self.p.stdout.fileno()
        while b"\n\n" not in self.buf:
            left = t + limit - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None, None
            chunk = os.read(fd, 65536)
            if not chunk:
                return None, None
            self.buf += chunk
        ans, self.buf = self.buf.split(b"\n\n", 1)
        return time.monotonic() - t, ans.decode("latin-1").strip()

    def close(self):
        self.p.kill()
        self.p.wait()


CASES = []


def case(name, args, setup, timed, budget):
    """Run setup (each must answer '='), then each timed command within budget + MARGIN."""
    CASES.append((name, args, setup, timed, budget))


case("the hang position: genmove within byo-yomi 1 s (time_settings 0 1 1)", [],
     hang_setup("time_settings 0 1 1"), ["genmove b"], 1.0)
case("the hang position: genmove within sudden death 5 s's share", [],
     hang_setup("time_settings 5 0 0"), ["genmove b"], 5.0 * 0.25)
case("the hang position: kgs byo-yomi 1 s", [],
     hang_setup("kgs-time_settings byoyomi 0 1 1"), ["genmove b"], 1.0)
case("the hang position: 2 threads, byo-yomi 0.5 s", ["--threads", "2"],
     hang_setup("time_settings 0 0.5 1"), ["genmove b"], 0.5)
case("time_left 0.01: genmove within 10 ms", [],
     ["boardsize 19", "time_settings 60 0 0", "time_left b 0.01 0"], ["genmove b"], 0.01)
case("time_left 0.01 under c on 25x25", [],
     ["boardsize 25", "rules c", "time_settings 60 0 0", "time_left b 0.01 0"], ["genmove b"], 0.01)
case("solve 0.05 on the empty 19x19 board", [], ["boardsize 19"], ["solve 0.05"], 0.05)
case("solve 0.05 on the empty 9x9 board", [], ["boardsize 9"], ["solve 0.05"], 0.05)
case("solve 0.05 on 25x25 under c", [], ["boardsize 25", "rules c"], ["solve 0.05"], 0.05)
case("solve 0.2 in the hang position", [], hang_setup("time_settings 0 0 0"), ["solve 0.2"], 0.2)
case("ab with --playouts 60 --movetime 0 on 19x19: the default 1 s", ["--searcher", "ab", "--playouts", "60", "--movetime", "0"],
     ["boardsize 19"], ["genmove b"], 1.0)
case("ab under c on 19x19, movetime 0.3", ["--searcher", "ab", "--movetime", "0.3"],
     ["boardsize 19", "rules c"], ["genmove b", "genmove w"], 0.3)
case("mcts on Morpharaoh 160, byo-yomi 0.2 s", [],
     ["rules morpharaoh board=160", "time_settings 0 0.2 1"], ["genmove b", "genmove w", "genmove b"], 0.2)


def long_run(name, cmd):
    """A long command-line run shows progress on stderr after a second and
    stops at once on Ctrl-C (SIGINT), saying so. None, or why not."""
    import signal
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    fd = p.stderr.fileno()
    err = b""
    t = time.monotonic()
    while b"left\n" not in err:
        left = t + 60 - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            p.kill()
            p.wait()
            return "no progress line on stderr in 60 s (stderr %r)" % err[-200:]
        chunk = os.read(fd, 4096)
        if not chunk:
            p.wait()
            return "ended without a progress line (status %s, stderr %r)" % (p.returncode, err[-200:])
        err += chunk
    first = err.decode("latin-1").splitlines()[0]
    p.send_signal(signal.SIGINT)
    t = time.monotonic()
    try:
        rest = p.communicate(timeout=10)[1]
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        return "still running 10 s after Ctrl-C"
    if p.returncode != 130 or b"interrupted" not in rest:
        return "Ctrl-C: status %s, stderr %r" % (p.returncode, rest[-200:])
    print("ok   %s (first progress line: %s; stopped %.3f s after Ctrl-C)" % (name, first, time.monotonic() - t))
    return None


def main():
    global ENGINE
    global MARGIN
    args = sys.argv[1:]
    if len(args) == 3 and args[1] == "--margin":
        MARGIN = float(args[2])
    elif len(args) != 1:
        sys.exit("usage: latency.py ENGINE [--margin S]")
    ENGINE = args[0]
    # Every other searcher of the engine's table (mcts and ab have their cases).
    names = gtpengine.searchers(ENGINE)
    if not names:
        check(ENGINE, False, "--help names no searchers")
    for s in [n for n in names if n not in ("mcts", "ab")]:
        case("%s under c on 25x25, movetime 0.2" % s, ["--searcher", s, "--movetime", "0.2"],
             ["boardsize 25", "rules c"], ["genmove b", "genmove w"], 0.2)
    bench_dir = os.path.join(os.path.dirname(os.path.abspath(ENGINE)), "bench")
    for name, cmd in [("perft --size 25 --rules c --depth 3: progress, Ctrl-C",
                       [ENGINE, "perft", "--size", "25", "--rules", "c", "--depth", "3"]),
                      ("divide --size 25 --rules c --depth 3: progress, Ctrl-C",
                       [ENGINE, "divide", "--size", "25", "--rules", "c", "--depth", "3"]),
                      ("bench/perft_suite --bulk off: progress, Ctrl-C",
                       [os.path.join(bench_dir, "perft_suite"), "--bulk", "off",
                        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "perft-public.tsv")])]:
        why = long_run(name, cmd)
        check(name, not why, why)
    for name, args, setup, timed, budget in CASES:
        e = Engine(args)
        why = None
        for c in setup:
            dt, ans = e.cmd(c)
            if ans is None or not ans.startswith("="):
                why = "setup %r answered %r" % (c, ans)
                break
        worst = 0.0
        for c in timed if why is None else []:
            dt, ans = e.cmd(c, max(HANG, budget * 4))
            if ans is None:
                why = "%r: no answer in %g s" % (c, max(HANG, budget * 4))
                break
            if not ans.startswith("="):
                why = "%r answered %r" % (c, ans)
                break
            worst = max(worst, dt)
            if dt > budget + MARGIN:
                why = "%r took %.3f s (budget %g s + %g)" % (c, dt, budget, MARGIN)
                break
        e.close()
        check(name, not why, why)
        if not why:
            print("ok   %s (worst %.3f s)" % (name, worst))
    return summary()


if __name__ == "__main__":
    sys.exit(main())
