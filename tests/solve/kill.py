#!/usr/bin/env python3
"""A solve killed mid-run and restarted: the proof database keeps every
record written before the kill, cuts a torn tail, and the restarted solve
gives the right value, which the checker then proves.

Usage: kill.py ENGINE. 4x4 with the pie (White wins: every first stone is
refuted), the database written every 0.02 s; the engine is killed
(SIGKILL) once the file holds 1,500 records, and again with a torn
record appended by hand; the solved database then answers `solve`,
`genmove` and `analyze` (the proven value, not a search). Prints one line per failure and closes with
"N passed, N failed"."""
import os, signal, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gtpengine import Engine
from tally import check, summary

HEADER, REC = 128, 40


def records(info):
    """wins + losses + open from a `proofdb` answer."""
    w = info.replace(",", "").split()
    return sum(int(w[i - 1]) for i, t in enumerate(w) if t in ("wins", "losses", "open"))


def start(engine, db):
    e = Engine([engine])
    e.ask("boardsize 4")
    e.ask("rules pie=on")
    ok, info = e.result("proofdb %s 0.02" % db)
    return e, ok, info


def analyze(e, color):
    """The first report of `analyze COLOR` (its words), the analysis then ended."""
    e.send("analyze %s 10" % color)
    first = []
    while not first:
        line = e.p.stdout.readline()
        if line == "":
            raise EOFError("the engine closed its output")
        if line.startswith("info"):
            first = line.split()
    e.send("protocol_version")  # ends the analysis
    while e.p.stdout.readline() not in ("= 2\n", ""):
        pass
    e.p.stdout.readline()  # the empty line that ends the answer
    return first


def main():
    engine = sys.argv[1]
    d = tempfile.mkdtemp()
    db = os.path.join(d, "kill.pdb")
    # A fresh solve, killed once enough has been written.
    e, ok, info = start(engine, db)
    check("open a new database", ok and records(info) == 0, info)
    e.send("solve 600")
    t0 = time.time()
    while time.time() - t0 < 300 and os.path.getsize(db) < HEADER + 1500 * REC and e.p.poll() is None:
        time.sleep(0.01)
    e.p.send_signal(signal.SIGKILL)
    e.p.wait()
    killed = os.path.getsize(db)
    check("killed mid-solve with records written", killed >= HEADER + 1500 * REC, "size %d" % killed)
    # Restart: every whole record is read back, a torn one is cut off.
    with open(db, "ab") as f:
        f.write(b"\x01" * 17)
    e, ok, info = start(engine, db)
    check("reopened", ok, info)
    n = (killed - HEADER) // REC
    check("every record written before the kill read back", records(info) == n, "%s, %d records in the file" % (info, n))
    # The kill's partial record and the 17 bytes make whole bad records
    # (skipped, kept in the file) when they reach REC, then a torn tail.
    bad, torn = divmod((killed - HEADER) % REC + 17, REC)
    check("the torn tail cut off", "%d bad records skipped, %d bytes of a torn tail cut" % (bad, torn) in info
          and os.path.getsize(db) == HEADER + (n + bad) * REC, info)
    ok, ans = e.result("solve 600")
    check("the restarted solve: White wins", ok and ans.split()[0] == "white", ans)
    ok, chk = e.result("proofdb check")
    check("the checker proves it", ok and chk.startswith("white wins: proven"), chk)
    ok, info2 = e.result("proofdb")
    check("the restart kept the old records and added more", records(info2) > n, info2)
    check("quit", e.quit() == 0)
    # Solved now: a third run answers from the database at once.
    e, ok, info = start(engine, db)
    ok, ans2 = e.result("solve 600")
    check("answered from the database", ok and ans2 == ans, ans2)
    # Analysis shows the proven value: one report, visits 1, the mover's
    # win rate 0 (lost) or 10000 (won), and the database's line.
    info = analyze(e, "b")
    check("analysis shows the proven loss and the database's move",
          info[:6] == ["info", "move", ans.split()[1], "visits", "1", "winrate"] and info[6] == "0", " ".join(info))
    ok, mv = e.result("genmove b")
    check("genmove plays the database's move on a lost position", ok and mv == ans.split()[1], "%s vs %s" % (mv, ans))
    info = analyze(e, "w")
    check("analysis shows the proven win", info[3:7] == ["visits", "1", "winrate", "10000"] and "pv" in info,
          " ".join(info))
    check("quit", e.quit() == 0)
    for f in os.listdir(d):
        os.unlink(os.path.join(d, f))
    os.rmdir(d)
    return summary() == 0


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
