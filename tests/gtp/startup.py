#!/usr/bin/env python3
"""The engine's start-up flags, as controllers start it:
`gogui -program "./morphos --size 7 --rules a"`,
`gogui-twogtp -black "./morphos --rules pie=off --pie-form point" ...`.

Usage: startup.py ENGINE

Good flags set the game up before the first command is read; a bad value
is refused at start (exit status 2, nothing on stdout) with the reason on
stderr. Prints one line per failure and closes with "N passed, N failed".
"""
import os, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tally import check, summary


def run(engine, args, stdin):
    p = subprocess.run([engine] + args, input=stdin.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def main():
    engine = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="morphos-startup-")
    init = os.path.join(tmp, "init.gtp")
    with open(init, "w") as f:
        f.write("# a comment line\nboardsize 5\nplay b C3\n\nplay w C3\n")
    bad_init = os.path.join(tmp, "bad.gtp")
    with open(bad_init, "w") as f:
        f.write("boardsize 5\nplay b Z9\n")
    quit_init = os.path.join(tmp, "quit.gtp")
    with open(quit_init, "w") as f:
        f.write("quit\n")

    good = [
        (["--rules", "pie=off"], "rules\n", "= none,edges=on,pie=off\n\n"),
        (["--rules", "a,b,edges=on"], "rules\n", "= a,b,edges=on,pie=on\n\n"),
        (["--rules", "a b"], "rules\n", "= a,b,edges=off,pie=on\n\n"),
        (["--size", "7", "--rules", "a"], "gogui-rules_board_size\nrules\n", "= 7\n\n= a,edges=off,pie=on\n\n"),
        (["--rules", "morpharaoh,board=160"], "rules\n",
         "= morpharaoh,board=160,edge=pair,center=embrace,pie=off\n\n"),
        (["--pie-form", "point"], "pie_form\n", "= point point\n\n"),
        (["--init", init], "showboard\n", None),
        (["--size", "7", "--movetime", "0.1"], "get_param movetime\n", "= 0.1\n\n"),
        (["--threads=1", "--movetime=0.2"], "get_param threads\nget_param movetime\n", "= 1\n\n= 0.2\n\n"),
    ]
    for args, stdin, want in good:
        name = " ".join(args)
        rc, out, err = run(engine, args, stdin)
        if want is None:  # --init: a 5x5 board after Black's C3 and White's swap
            check(name, rc == 0 and "moves played: 2, last move: swap (white)" in out and " 5 " in out,
                  "status %d, stdout %r, stderr %r" % (rc, out[:400], err[:400]))
        else:
            check(name, rc == 0 and out == want, "status %d, stdout %r, want %r, stderr %r" % (rc, out, want, err))

    bad = [
        (["--rules", "pie=maybe"], "--rules: "),
        (["--rules", "q"], "unknown rule token"),
        (["--size", "30"], "--size 30: the size must be 2..25"),
        (["--size", "seven"], "the size must be 2..25"),
        (["--rules", "morpharaoh", "--size", "7"], "Morpharaoh has no board size"),
        (["--pie-form", "sometimes"], "pie form must be auto, point or swap"),
        (["--init", os.path.join(tmp, "missing.gtp")], "cannot open the file"),
        (["--init", bad_init], "line 2 (play b Z9): illegal move: not a point on this board"),
        (["--init", quit_init], "quit would end the engine"),
        (["--rules", "a", "--rules", "b"], "--rules given twice"),
        (["--size"], "needs a value"),
        (["--threads", "0"], "--threads 0"),
        (["--threads", "0"], "allowed: 1 to 64"),
        (["--threads=x"], "takes an integer (allowed: 1 to 64)"),
        (["--memory", "1048576"], "allowed: 1 to "),
    ]
    for args, reason in bad:
        name = " ".join(args)
        rc, out, err = run(engine, args, "rules\n")
        check(name, rc == 2 and out == "" and reason in err and err.endswith("\n") and "\n" not in err[:-1],
              "status %d, stdout %r, stderr %r (want the reason %r)" % (rc, out, err, reason))
    for f in (init, bad_init, quit_init):
        os.remove(f)
    os.rmdir(tmp)
    sys.exit(summary())


if __name__ == "__main__":
    main()
