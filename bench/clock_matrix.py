#!/usr/bin/env python3
"""Clock benchmark: whole games through bench/match, every searcher against
itself under a clock, over a matrix of rule sets, sizes and clocks. Per row:
the moves played, the worst overrun of any move (the time a move took minus
the time its clock allowed it: negative is slack left), and every loss on
time (a move over its time by more than --margin, or a hang).

  bench/clock_matrix.py [--ci|--full|--e-load] [--searchers a,b] [--engine CMD]
                        [--margin S] [--plies N] [--games N] [--busy] [--logs DIR]

--full is the matrix of docs/results.md's command list (every searcher x
rule set x size x clock); the default is a smaller matrix that still covers
every rule set, size and clock (each rule set on one size); --ci is the
bounded slice tests/run.d/clock.sh runs. --e-load is mutator e (a full
board from the start) in 1 s sudden death on 19x19 and 25x25, two search
threads, with every core kept busy by another process (as --busy does for
any matrix): the load that made e lose on time at 0f08f81. --logs keeps
each row's per-move clock log (bench/match --clock-log: game, engine,
colour, ply, seconds available, seconds taken, ok|lost) in DIR. Exit
status 1 on any loss on time or any overrun beyond the margin.
"""
import argparse, multiprocessing, os, shlex, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def engine_searchers(engine):
    """The engine's searchers (its searchers[] table), from the
    'searchers (--searcher NAME):' line of its --help."""
    out = subprocess.run(shlex.split(engine) + ["--help"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True).stdout
    for line in out.splitlines():
        if line.startswith("searchers (--searcher NAME):"):
            return line.split(":", 1)[1].split()
    sys.exit("%s --help names no searchers" % engine)

# Rule set -> bench/match --rules, and the sizes it is played on in the
# default matrix (each size used at least once over the rule sets).
RULES = [("none", "none", 19), ("a", "a", 9), ("b+d", "b,d", 13), ("c", "c", 25), ("c+d", "c,d", 19),
         ("e", "e", 5), ("morpharaoh 48", "morpharaoh,board=48", 0), ("morpharaoh 160", "morpharaoh,board=160", 0)]
SIZES = [5, 9, 13, 19, 25]
# Clock name -> bench/match --tc. "10 ms" is sudden death with 10 ms for the
# whole game: after the first moves every move is played with nothing left,
# so each must answer within the margin.
CLOCKS = [("sudden death 3 s", "3"), ("byo-yomi 0.2 s", "0:0.2:1"), ("byo-yomi 1 s", "0:1:1"),
          ("Canadian 2 s / 5", "0:2:5"), ("10 ms left", "0.01")]


def burn(parent):
    """A busy core, until the run ends (or its parent is gone, however it
    ended: no spinning orphan)."""
    while os.getppid() == parent:
        for _ in range(100000):
            pass


def run_row(args, searcher, rules, size, tc, plies, games, extra=""):
    engine = "%s --searcher %s%s" % (args.engine, searcher, extra)
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "clock.tsv")
        cmd = [os.path.join(HERE, "match"), "-a", engine, "-b", engine, "-n", str(games), "--rules", rules,
               "--tc", tc, "--margin", str(args.margin), "--max-plies", str(plies), "--random-opening", "2",
               "--clock-log", log, "-o", os.path.join(tmp, "match.tsv"), "--quiet", "--timeout", "30"]
        if size:
            cmd += ["-s", str(size)]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        moves, worst, losses = 0, None, 0
        if os.path.exists(log) and args.logs:
            os.makedirs(args.logs, exist_ok=True)
            name = "%s-%s-%s-%s.tsv" % (searcher, rules, size or "-", tc)
            shutil.copy(log, os.path.join(args.logs, name.replace(",", "+").replace(":", "_").replace("=", "")))
        if os.path.exists(log):
            for line in open(log):
                f = line.rstrip("\n").split("\t")
                if len(f) < 6 or f[0] == "game":
                    continue
                moves += 1
                over = float(f[5]) - float(f[4])
                worst = over if worst is None else max(worst, over)
                if f[6:] and f[6] == "lost":
                    losses += 1
        return moves, worst, losses, r.returncode, r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--full", action="store_true", help="every rule set on every size (default: each rule set on one size)")
    g.add_argument("--ci", action="store_true", help="the bounded slice make test runs")
    g.add_argument("--e-load", action="store_true", help="mutator e, 1 s sudden death, 2 threads, every core busy")
    ap.add_argument("--busy", action="store_true", help="keep every core busy with another process meanwhile")
    ap.add_argument("--searchers", default="", help="comma-separated (default: every searcher the engine lists in --help)")
    ap.add_argument("--engine", default=os.path.join(ROOT, "morphos"), help="engine binary (default: ./morphos)")
    ap.add_argument("--margin", type=float, default=0.05, help="seconds over a move's time before a loss (default 0.05)")
    ap.add_argument("--plies", type=int, default=0, help="plies per game (default: 16, --ci 10, --full 10 x points)")
    ap.add_argument("--games", type=int, default=1, help="games per row (default 1)")
    ap.add_argument("--logs", default="", help="keep each row's clock log (bench/match --clock-log) in this folder")
    args = ap.parse_args()
    searchers = args.searchers.split(",") if args.searchers else engine_searchers(args.engine)
    rows = []
    if args.ci:
        plies = args.plies or 10
        for s in ("mcts", "ab"):
            rows += [(s, "c", "c", 19, c) for c in CLOCKS if c[0] in ("byo-yomi 0.2 s", "10 ms left")]
        rows += [("mcts", "morpharaoh 160", "morpharaoh,board=160", 0, CLOCKS[1])]
        # The root solver cleared a 16 MiB table each move here (93605cc):
        # 48 ms moves with 7 ms left in 5 games of 6.
        rows += [("mcts", "morpharaoh 48", "morpharaoh,board=48", 0, CLOCKS[4], 4)]
    elif args.e_load:
        plies = args.plies or 0
        args.busy = True
        games = args.games if args.games > 1 else 3
        rows += [("mcts", "e", "e", sz, ("sudden death 1 s", "1"), games, " --threads 2") for sz in (19, 25)]
    elif args.full:
        plies = args.plies
        for s in searchers:
            for name, rules, size in RULES:
                for sz in ([0] if size == 0 else SIZES):
                    rows += [(s, name, rules, sz, c) for c in CLOCKS]
    else:
        plies = args.plies or 16
        for s in searchers:
            for name, rules, size in RULES:
                rows += [(s, name, rules, size, c) for c in CLOCKS]
    burners = []
    if args.busy:
        burners = [multiprocessing.Process(target=burn, args=(os.getpid(),), daemon=True) for _ in range(os.cpu_count() or 1)]
        for b in burners:
            b.start()
        print("(every core busy: %d other processes)" % len(burners))
    print("| searcher | rules | size | clock | moves | worst overrun (ms) | losses on time |")
    print("|---|---|---|---|---:|---:|---:|")
    bad = 0
    summary = {}
    for row in rows:
        s, name, rules, size, (cname, tc) = row[:5]
        games = row[5] if len(row) > 5 else args.games
        extra = row[6] if len(row) > 6 else ""
        p = plies or 10 * (size * size if size else 160)
        moves, worst, losses, rc, out = run_row(args, s, rules, size, tc, p, games, extra)
        if moves == 0 and rc != 0:
            losses += 1
            sys.stderr.write(out)
        w = "-" if worst is None else "%+.0f" % (worst * 1000)
        print("| %s | %s | %s | %s | %d | %s | %d |" % (s, name, size or "-", cname, moves, w, losses), flush=True)
        k = (s, cname)
        o = summary.get(k, (0, None, 0))
        summary[k] = (o[0] + moves, worst if o[1] is None else (o[1] if worst is None else max(o[1], worst)), o[2] + losses)
        if losses or (worst is not None and worst > args.margin):
            bad += 1
    print()
    print("| searcher | clock | moves | worst overrun (ms) | losses on time |")
    print("|---|---|---:|---:|---:|")
    for (s, cname), (moves, worst, losses) in summary.items():
        print("| %s | %s | %d | %s | %d |" % (s, cname, moves, "-" if worst is None else "%+.0f" % (worst * 1000), losses))
    for b in burners:
        b.terminate()
    print("%d rows, %d with a loss on time or an overrun past %g s" % (len(rows), bad, args.margin))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
