#!/usr/bin/env python3
"""Replay the GTP traffic GoGui 1.6 and gogui-twogtp 1.6 really sent to the
engine (tests/data/gogui-traffic/, one log per engine process; README.md
there tells each scenario) and check every answer those controllers depend
on.

Usage: replay.py ENGINE [TRAFFIC_DIR]

Each log is replayed on a fresh engine, set up as it was when recorded
(`--rules pie=off` where GoGui's start-up script had sent `rules pie=off`).
Every answer must equal the recorded one, except where the engine was
changed on purpose, and those are checked for what the controller needs:

- `genmove C`: the recorded search answered with its clock; the replay
  plays the recorded move (`play C MOVE`), or expects `resign` again once
  the game is over (tournament managers end games on it).
- `list_commands`: every command recorded must still be listed.
- `gogui-analyze_commands`: every line `TYPE/LABEL/COMMAND` with a type
  GoGui knows and a listed command.
- `gogui-rules_final_result`: GoGui's end-of-game text: `Black wins (B+)...`
  where the engine answered `black` (and so on).
- `gogui-rules_game_id` under Morpharaoh: GoGui crashed after it (the
  board size failed), so the Morpharaoh start-up is checked as GoGui now
  sees it: no rules extension listed, and the `boardsize` GoGui sends to a
  Go program refused with where Morpharaoh can be played.

Prints one line per failure and closes with "N passed, N failed".
"""
import os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from regress import Engine, parse_answer  # noqa: E402

# Engine flags that reproduce each scenario's start (see the README).
SETUP = {"gui-pie-off": ["--rules", "pie=off"]}

GOGUI_TYPES = {"bwboard", "cboard", "dboard", "eplist", "gfx", "hstring", "hpstring", "none", "param",
               "plist", "pstring", "pspairs", "string", "sboard", "var", "varb", "varc", "varp", "varpo", "varw"}


def read_log(path):
    """[(command, ok, text)] from a log: '> ' lines sent, '< ' lines answered."""
    items, cmd, answer = [], None, []
    with open(path, encoding="utf-8") as f:
        for line in f.read().split("\n"):
            if line.startswith("> "):
                cmd, answer = line[2:], []
            elif line.startswith("< ") and cmd is not None:
                if line == "< ":
                    raw = "\n".join(answer)
                    ok, text = parse_answer(raw, "")
                    items.append((cmd, ok, text))
                    cmd = None
                else:
                    answer.append(line[2:])
    return items


class Replay:
    def __init__(self, engine, report):
        self.engine, self.report = engine, report
        self.passed = self.failed = 0

    def check(self, where, cond, msg):
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            self.report("%s: %s" % (where, msg))

    def ask(self, eng, cmd):
        return parse_answer(eng.send(cmd), "")

    def close(self, eng, where):
        eng.send("quit")
        rc, rest = eng.finish()
        self.check(where, rc == 0 and not rest.strip(),
                   "exit status %s, stderr %s" % (rc, eng.err.decode("utf-8", "replace")[-1500:]))

    def log(self, path):
        name = os.path.basename(path)
        scenario = name.split(".")[0]
        eng = Engine([self.engine] + SETUP.get(scenario, []), os.path.dirname(path))
        listed = set()
        try:
            for n, (cmd, ok, text) in enumerate(read_log(path), 1):
                where = "%s #%d (%s)" % (name, n, cmd)
                word = cmd.split()[0]
                if word == "quit":
                    break
                if word == "genmove":
                    color = cmd.split()[1]
                    if text == "resign":
                        got = self.ask(eng, cmd)
                        self.check(where, got == (True, "resign"), "expected resign, got %r" % (got,))
                    else:
                        got = self.ask(eng, "play %s %s" % (color, text))
                        self.check(where, got[0], "play of the recorded move failed: %r" % (got,))
                    continue
                got_ok, got = self.ask(eng, cmd)
                if word == "list_commands":
                    listed = set(got.split("\n"))
                    missing = set(text.split("\n")) - listed
                    self.check(where, got_ok and not missing, "commands no longer listed: %s" % sorted(missing))
                elif word == "gogui-analyze_commands":
                    bad = []
                    for line in got.split("\n"):
                        m = re.fullmatch(r"([a-z]+)/([^/]+)/(\S+)( .*)?", line)
                        if not m or m.group(1) not in GOGUI_TYPES or m.group(3) not in listed:
                            bad.append(line)
                    self.check(where, got_ok and not bad, "analyze commands GoGui cannot run: %s" % bad)
                elif word == "gogui-rules_final_result" and text != "unknown":
                    want = {"black": r"Black wins \(B\+\): .*", "white": r"White wins \(W\+\): .*",
                            "draw": r"Draw \(0\): .*"}[text]
                    self.check(where, got_ok and re.fullmatch(want, got) is not None,
                               "end text %r, want %s" % (got, want))
                else:
                    self.check(where, (got_ok, got) == (ok, text),
                               "answered %s %r, recorded %s %r" % ("=" if got_ok else "?", got[:300],
                                                                    "=" if ok else "?", text[:300]))
            self.close(eng, name)
        except (RuntimeError, OSError) as e:
            self.check(name, False, "engine failure: %s; stderr %s" % (e, eng.err.decode("utf-8", "replace")[-2000:]))
            eng.p.kill()

    def morpharaoh(self, folder):
        """gui-morpharaoh: what GoGui 1.6 sees now when it starts the engine
        already in Morpharaoh (it crashed on 70c1c9b)."""
        where = "gui-morpharaoh"
        eng = Engine([self.engine, "--rules", "morpharaoh,board=48"], folder)
        try:
            # The player's start-up as recorded, up to the rules extension.
            for cmd, ok, text in read_log(os.path.join(folder, "gui-morpharaoh.player.log")):
                if cmd == "list_commands":
                    got_ok, got = self.ask(eng, cmd)
                    rules_ext = [c for c in got.split("\n") if c.startswith("gogui-rules_")]
                    self.check(where, got_ok and not rules_ext,
                               "lists %s: GoGui would start a rules program and crash" % rules_ext)
                    break
                self.check(where, self.ask(eng, cmd) == (ok, text), "%s answered otherwise" % cmd)
            got = self.ask(eng, "known_command gogui-rules_game_id")
            self.check(where, got == (True, "false"), "known_command gogui-rules_game_id: %r" % (got,))
            # A Go program: GoGui sets up its own board and sends the size.
            for size in ("19", "9"):
                got = self.ask(eng, "boardsize " + size)
                self.check(where, not got[0] and "web board" in got[1] and "GoGui" in got[1],
                           "boardsize %s: %r does not say where to play Morpharaoh" % (size, got))
            got = self.ask(eng, "play B D4")
            self.check(where, not got[0] and "not a point on this board" in got[1], "play B D4: %r" % (got,))
            self.close(eng, where)
        except (RuntimeError, OSError) as e:
            self.check(where, False, "engine failure: %s" % e)
            eng.p.kill()


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    engine = os.path.abspath(sys.argv[1])
    folder = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else
                             os.path.join(os.path.dirname(__file__), "..", "data", "gogui-traffic"))
    r = Replay(engine, print)
    logs = sorted(f for f in os.listdir(folder) if f.endswith(".log") and not f.startswith("gui-morpharaoh"))
    for f in logs:
        r.log(os.path.join(folder, f))
    r.morpharaoh(folder)
    print("%d logs replayed" % (len(logs) + 1))
    print("%d passed, %d failed" % (r.passed, r.failed))
    sys.exit(1 if r.failed else 0)


if __name__ == "__main__":
    main()
