#!/usr/bin/env python3
"""GoGui's interrupt protocol, its live graphics and its analyze menu, as
GoGui 1.6 drives them (GtpClient.sendInterrupt writes the comment line
`# interrupt` while a command runs; LiveGfx reads `gogui-gfx:` lines on
stderr until an empty line).

Usage: interrupt.py ENGINE

- `gogui-interrupt` is listed and answers, so GoGui offers Interrupt.
- `# interrupt` ends genmove (60 s to think) with a legal move, analyze
  (which else runs until the next command), solve (60 s) with `unknown`
  and the search_gfx analyze command at once, and gets no answer itself.
- `# interrupt` ends divide and perft (4 plies on 19x19) between root
  moves, with an error that says so.
- Other input does not cut genmove short: GTP controllers wait.
- genmove in GoGui's player sends live graphics, then `gogui-gfx: CLEAR`.
- Every command of GoGui's analyze menu (gogui-analyze_commands) answers by
  itself within a bounded time, with the arguments GoGui fills in.

The limits are the engine's CPU time, not the wall clock, so that a loaded
machine cannot break them: "at once" is within 5 s of the engine's CPU time
after the interrupt, where the commands were given 60 s, and a menu command
ends by itself within 30 s of CPU. An engine that waits on nothing (no CPU
time for 30 s of the wall clock) has hung.
Prints one line per failure and closes with "N passed, N failed".
"""
import os, re, select, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tally import check, summary


# An engine that neither answers nor uses CPU time for this long has hung:
# under load a running engine still gets some CPU time each second.
IDLE = 30


class Engine:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  bufsize=0)
        self.out = b""
        self.err = b""

    def cpu(self):
        """The engine's CPU seconds so far (user + system, every thread; the
        wall clock where there is no /proc)."""
        try:
            with open("/proc/%d/stat" % self.p.pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return time.time()

    def wait(self, done, cpu, pump=True):
        """Read the engine's output (pump) until done() holds: True, or False
        once the engine spent `cpu` seconds of CPU time on it, or none for
        IDLE seconds of the wall clock."""
        c0 = last = self.cpu()
        moved = time.time()
        while not done():
            c = self.cpu()
            if c - c0 > cpu:
                return False
            if c != last:
                last, moved = c, time.time()
            elif time.time() - moved > IDLE:
                return False
            if pump:
                self.pump(0.1)
            else:
                time.sleep(0.05)
        return True

    def send(self, line):
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()

    def pump(self, timeout):
        r, _, _ = select.select([self.p.stdout, self.p.stderr], [], [], timeout)
        for s in r:
            chunk = os.read(s.fileno(), 65536)
            if s is self.p.stdout:
                self.out += chunk
            else:
                self.err += chunk
            if not chunk:
                raise RuntimeError("engine closed its output")

    def answer(self, cpu):
        """(ok, text) of the next answer, or None once the engine spent `cpu`
        seconds of CPU time waiting for it (or hung: wait)."""
        if not self.wait(lambda: b"\n\n" in self.out, cpu):
            return None
        raw, self.out = self.out.split(b"\n\n", 1)
        raw = raw.decode()
        return raw[0] == "=", raw[1:].lstrip(" ").lstrip("\n") if raw[1:2] in (" ", "\n") else raw[1:]

    def ask(self, line, cpu=60):
        self.send(line)
        return self.answer(cpu)

    def quiet(self, seconds):
        """Whether no whole answer arrives for that long."""
        t0 = time.time()
        while time.time() - t0 < seconds:
            self.pump(seconds - (time.time() - t0))
            if b"\n\n" in self.out:
                return False
        return True

    def close(self, name):
        self.send("quit")
        a = self.answer(30)
        if self.wait(lambda: self.p.poll() is not None, 30, pump=False):
            rc = self.p.returncode
        else:
            self.p.kill()
            self.p.wait()
            rc = -1
        check(name + ": quit", a is not None and a[0] and rc == 0, "status %s" % rc)


def interrupted(e, name, cmd, want, after=0.5):
    """Send cmd, then `# interrupt` after `after` s: the answer must follow
    within 5 s of the engine's CPU time (the budgets are 60 s) and match
    want."""
    e.send(cmd)
    check(name + ": still busy before the interrupt", e.quiet(after), "answered before the interrupt")
    e.send("# interrupt")
    a = e.answer(5)
    check(name, a is not None and a[0] and re.fullmatch(want, a[1], re.S) is not None,
          "answer %r (want %s)" % (a, want))
    # The interrupt line itself gets no answer: the next answer is name's.
    a = e.ask("name", 10)
    check(name + ": in step after", a is not None and a[1] == "Morphos", "next answer %r" % (a,))


def main():
    engine = os.path.abspath(sys.argv[1])
    for part in (interrupts, counts, live_gfx, menu):
        try:
            part(engine)
        except (RuntimeError, OSError) as x:
            check(part.__name__, False, "engine failure: %s" % x)
    sys.exit(summary())


def interrupts(engine):
    e = Engine([engine, "--movetime", "60", "--solve_time", "60"])
    a = e.ask("list_commands")
    check("gogui-interrupt listed", a and "gogui-interrupt" in a[1].split("\n"))
    a = e.ask("gogui-interrupt")
    check("gogui-interrupt answers", a is not None and a[:2] == (True, ""), repr(a))
    e.ask("boardsize 9")
    interrupted(e, "genmove interrupted", "genmove b", r"[A-HJ-T][0-9]+")
    a = e.ask("showboard")
    check("genmove interrupted: the move is played", a and "moves played: 1" in a[1], repr(a))
    interrupted(e, "analyze interrupted", "analyze 10", r"(info move .*\n?)+")
    interrupted(e, "solve interrupted", "solve 60", r"unknown")
    interrupted(e, "search_gfx interrupted", "search_gfx winrate 60",
                r"INFLUENCE( [A-HJ-T]\d+ -?\d\.\d\d)+\nLABEL( [A-HJ-T]\d+ \d+%)+\nVAR( [bw] [A-HJ-T]\d+)+\nTEXT .*")
    # Other input does not stop genmove (GTP controllers wait): with a
    # fixed playout count and one thread the search runs all of them.
    e.ask("set_param movetime 0")
    e.ask("set_param playouts 20000")
    e.ask("set_param threads 1")
    e.ask("set_param verbose 1")
    e.err = b""
    e.send("genmove w")
    e.send("name")
    a = e.answer(60)
    b = e.answer(10)
    try:
        e.pump(0.3)
    except RuntimeError:
        pass
    m = re.search(rb"\| (\d+) playouts", e.err)
    check("genmove not stopped by a command", a is not None and a[0] and m is not None and int(m.group(1)) >= 20000,
          "answer %r, stderr %r" % (a, e.err[-300:]))
    check("the command after genmove answered", b is not None and b[1] == "Morphos", repr(b))
    e.close("interrupts")


def counts(engine):
    # Long counts stop between root moves: divide and perft 4 on 19x19
    # take minutes; interrupted, they answer an error saying so, no count.
    e = Engine([engine])
    e.ask("boardsize 19")
    for cmd in ("divide 4", "perft 4"):
        e.send(cmd)
        check(cmd + ": still busy before the interrupt", e.quiet(0.5), "answered before the interrupt")
        e.send("# interrupt")
        a = e.answer(5)
        check(cmd + " interrupted", a is not None and not a[0] and
              re.fullmatch(r"(divide|perft) interrupted \(# interrupt\) after \d+ of 361 root moves: no count", a[1]),
              "answer %r" % (a,))
        a = e.ask("name", 10)
        check(cmd + " interrupted: in step after", a is not None and a[1] == "Morphos", "next answer %r" % (a,))
    e.close("counts")


def live_gfx(engine):
    # GoGui's player: live graphics while genmove thinks, cleared before the
    # answer. A long budget cut by GoGui's interrupt once two 0.5 s reports
    # came (a short movetime let mcts stop early after one on a loaded
    # machine).
    e = Engine([engine, "--movetime", "60"])
    e.ask("gogui-rules_game_id")
    e.ask("gogui-interrupt")
    e.send("genmove b")
    # Interrupt once two graphics blocks came, however slowly (the
    # sanitized engine on a loaded machine took over 1.3 s to start).
    e.wait(lambda: len(re.findall(rb"gogui-gfx:\n(?:.+\n)+\n", e.err)) >= 2 or b"\n\n" in e.out, 300)
    e.send("# interrupt")
    a = e.answer(5)
    time.sleep(0.2)
    try:
        e.pump(0.5)
    except RuntimeError:
        pass
    err = e.err.decode()
    blocks = re.findall(r"gogui-gfx:\n((?:.+\n)+)\n", err)
    check("live gfx during genmove", a is not None and a[0] and len(blocks) >= 2, "%d blocks in %r" % (len(blocks), err[:300]))
    check("live gfx commands GoGui knows",
          blocks and all(re.fullmatch(r"(?:(?:INFLUENCE|VAR|TEXT|LABEL)( .*)?\n)+", b) for b in blocks), repr(blocks[:1]))
    check("live gfx cleared before the answer", err.rstrip().endswith("gogui-gfx: CLEAR") or
          re.search(r"gogui-gfx: CLEAR\n(?!.*gogui-gfx)", err, re.S) is not None, repr(err[-200:]))
    e.close("live gfx")


def menu(engine):
    # Every analyze command GoGui's menu offers ends by itself.
    tmp = tempfile.mkdtemp(prefix="morphos-menu-")
    for rules, moves in (("none", ["E5", "E5", "D4"]), ("c", ["E5", "D4,F6"])):
        e = Engine([engine, "--rules", rules, "--movetime", "0.1", "--solve_time", "0.3"])
        e.ask("gogui-interrupt")
        for i, m in enumerate(moves):
            e.ask("play %s %s" % ("bw"[i % 2], m))
        a = e.ask("gogui-analyze_commands")
        menu = a[1].split("\n") if a and a[0] else []
        check("analyze menu (%s)" % rules, len(menu) >= 10, repr(a))
        for line in menu:
            kind, label, cmd = line.split("/", 2)
            cmd = cmd.replace("%w", os.path.join(tmp, "menu.sgf")).replace("%p", "C3").replace("%m", "black")
            cmd = cmd.replace("%c", "black")
            a = e.ask(cmd, 30)
            check("menu %s (%s): %s" % (label, rules, cmd), a is not None and "%" not in cmd,
                  "no answer within 30 s of CPU time" if a is None else "unfilled argument")
            if a is not None and not a[0]:
                check("menu %s (%s) succeeds" % (label, rules), False, repr(a))
        e.close("menu " + rules)
    if os.path.exists(os.path.join(tmp, "menu.sgf")):
        with open(os.path.join(tmp, "menu.sgf")) as f:
            sgf = f.read()
        check("saved record has RU", "RU[" in sgf, sgf[:200])
        os.remove(os.path.join(tmp, "menu.sgf"))
    os.rmdir(tmp)


if __name__ == "__main__":
    main()
