#!/usr/bin/env python3
"""Random GTP sessions with the search on: what the scripts and the fuzz
target (which keeps the search off) do not reach.

Usage: sessions.py ENGINE [COUNT] [SEED] [PROFILE]

Each session starts ENGINE with random rules (mutators, AbstractPlay
presets, Morpharaoh), size, searcher, threads and small limits, then sends
10-50 random commands: genmove, legal and illegal plays, undo, the clock,
set_param in and out of range, analyze cut short by the next command,
solve, perft, rule and size changes, loadsgf, the AbstractPlay and GoGui
commands. A session passes when every answer is framed ('=' or '?', one
empty line), every refused command left the game, the rules and the
options exactly as they were (rules, move_history, side_to_move, the
stones, the board, pie_form, gogui-params and winner read before and
after), `printsgf` then `loadsgf` and `ap_printgame` then `ap_loadgame`
give back the same game, and the engine exits with status 0 and no sanitizer report,
within its time. The same SEED (default 1) gives the same command lines and
draws; a session with two threads may still search, and so play, differently.
PROFILE (default `small`) narrows the draws for longer sweeps: `large`
(sizes 11-25, two threads), `gogui` (GoGui's extension from the first
command, compound rules, many single points), `cairo` (Morpharaoh and the
pie, every --pie-form). Closes with "N passed, N failed".
"""
import glob, os, random, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gtpengine
import tally

HERE = os.path.dirname(os.path.abspath(__file__))
SGFS = sorted(glob.glob(os.path.join(HERE, "data", "*.sgf")))
RULES = ["", "a", "b", "c", "d", "e", "a,b", "b,d", "c,d", "c,c=upto", "c,c=adjacent", "d,d=extra", "a,b,c,d,e",
         "e,e=a1white", "edges=off", "pie=off", "p3=on", "tiebreak=on", "abstractplay=default", "abstractplay=minimorph",
         "abstractplay=duomorph", "abstractplay=remorph", "morpharaoh", "morpharaoh,board=160",
         "morpharaoh,edge=majority,center=majority", "b,e", "a,c,d"]
OUT = os.environ.get("SESSIONS_OUT", "build/sessions")
SEARCHERS = []  # the engine's own list (gtpengine.searchers), read in main
COLOURS = ["b", "w", "B", "W", "black", "white"]
QUERIES = ["showboard", "printsgf", "final_score", "winner", "weak_stones b", "weak_stones w", "winning_chain", "stones b",
           "move_history", "side_to_move", "legal_moves", "gogui-rules_legal_moves", "gogui-rules_board",
           "gogui-rules_final_result", "gogui-rules_side_to_move", "gogui-rules_game_id", "ap_printgame", "ap_winner",
           "ap_legal_moves", "board_geometry", "explain_point A1", "explain_point C3", "get_param threads", "gogui-params",
           "rules", "pie_form"]
PARAMS = [  # main puts "searcher NAME" for each searcher in front

    "playouts 50", "playouts -3", "playouts 1000000000000", "threads 2", "threads 0", "threads 65", "rave off",
    "reuse on", "reuse off", "solver on", "solver off", "expand_after 1", "rescan 1", "lgr on", "p_flip 0.5",
    "playout_cap 5", "memory 1", "memory 0", "book on", "prove on", "movetime 0", "movetime -1", "ab_depth 1",
    "ab_depth 201", "nosuch 1", "explore x"]
CLOCK = ["time_settings 0 0.05 1", "time_settings 1 0 0", "time_settings 0 0 0", "time_settings -1 0 0",
         "kgs-time_settings byoyomi 0 0.05 1", "kgs-time_settings none", "kgs-time_settings canadian 0 0.1 2",
         "time_left b 0.05 0", "time_left w 1 1", "time_left x 1 1"]
PLAYS = ["pass", "swap", "A1", "Z99", "xA1", "A1,B2", "resign", "", "C3,D4,E5", "1", "48", "161"]
# Read before and after a refused command: what must not change.
STATE = ["rules", "move_history", "side_to_move", "stones b", "stones w", "board_geometry", "pie_form", "gogui-params",
         "winner"]


PROFILES = ("small", "large", "gogui", "cairo")
COMPOUND = ["c", "d", "c,d", "c,c=upto", "c,c=adjacent", "d,d=extra", "abstractplay=duomorph", "abstractplay=remorph",
            "a,b,c,d,e", "b,d"]
CAIRO = ["morpharaoh", "morpharaoh,board=160", "morpharaoh,edge=majority", "morpharaoh,center=majority",
         "morpharaoh,pie=on", "", "pie=on", "c"]


def session(r, profile="small"):
    """Command line and commands of one session."""
    rules = r.choice({"gogui": COMPOUND, "cairo": CAIRO}.get(profile, RULES))
    cairo = "morpharaoh" in rules
    size = 0 if cairo else r.choice([11, 13, 19, 25] if profile == "large" else [2, 3, 4, 5, 5, 7, 9])
    searcher = r.choice(SEARCHERS)
    args = ["--movetime", "0", "--playouts", str(r.choice([1, 20, 100, 300])), "--memory", str(r.choice([1, 16])),
            "--threads", "2" if profile == "large" else str(r.choice([1, 1, 2])), "--searcher", searcher, "--solve_time", "0.1",
            "--ab_depth", str(2 if size and size <= 5 and "c" not in rules.split(",") else 1), "--seed", str(r.randrange(1000))]
    if rules:
        args += ["--rules", rules]
    if profile == "cairo":
        args += ["--pie-form", r.choice(["auto", "point", "swap"])]
    if size:
        args += ["--size", str(size)]
    cmds = ["gogui-rules_game_id"] if profile == "gogui" else []
    for _ in range(r.randrange(10, 50)):
        x, col = r.random(), r.choice(COLOURS)
        if x < 0.05: cmds.append("genmove " + col)
        elif x < 0.25: cmds.append("@genmove")  # for the side to move, or a new game once it is over
        elif x < 0.34: cmds.append("@play")  # a legal move of legal_moves
        elif x < (0.45 if profile == "gogui" else 0.37): cmds.append("@point")  # a point of gogui-rules_legal_moves (compound moves point by point)
        elif x < 0.40: cmds.append("@ap_play")  # a legal move of ap_legal_moves
        elif x < 0.45: cmds.append("undo")
        elif x < 0.48: cmds.append("reg_genmove " + col)
        elif x < 0.55: cmds.append(r.choice(QUERIES))
        elif x < 0.61: cmds.append("set_param " + r.choice(PARAMS))
        elif x < 0.65: cmds.append(r.choice(CLOCK))
        elif x < 0.68: cmds.append("analyze %s %d" % (col, r.choice([1, 5])))
        elif x < 0.71: cmds.append("solve " + r.choice(["0.05", "0.1", "-1", "x"]))
        elif x < 0.73: cmds.append("perft " + r.choice(["0", "1", "2", "-1", "65"]))
        elif x < 0.78:
            cmds.append(r.choice(["clear_board", "boardsize %d" % r.choice([2, 5, 7, 26, 0]),
                                  "rules " + (r.choice(RULES) or "none").replace(",", " "), "rules a nosuch", "rules c=upto"]))
        elif x < 0.81 and SGFS: cmds.append("loadsgf %s%s" % (r.choice(SGFS), r.choice(["", " 3", " 1", " 100", " 0"])))
        elif x < 0.83: cmds.append("loadsgf /nonexistent.sgf")
        elif x < 0.91: cmds.append("play %s %s" % (col, r.choice(PLAYS)))
        elif x < 0.94: cmds.append(r.choice(["pie_form point", "pie_form swap", "pie_form auto", "pie_form x"]))
        elif x < 0.94: cmds.append("@roundtrip")  # printsgf to a file, loadsgf of it: the same game
        elif x < 0.95: cmds.append("@aproundtrip")  # ap_printgame, ap_loadgame of it: the same game
        elif x < 0.96: cmds.append(r.choice(["search_gfx winrate 0.05", "search_gfx visits 0.02", "search_gfx x"]))
        elif x < 0.97: cmds.append(r.choice(["divide 1", "ap_genmove", "ap_play zz9", "ap_loadgame c3 d4", "ap_loadgame zz"]))
        else: cmds.append("genmove " + col)
    return args, cmds


class Engine(gtpengine.Engine):
    def __init__(self, engine, args, err):
        super().__init__([engine] + args, err)

    def state(self):
        """The answers of STATE's reads."""
        return [self.ask(q) for q in STATE]


def changed(before, after):
    """The STATE reads that differ, and the first difference (before, after)."""
    diff = [(q, b, a) for q, b, a in zip(STATE, before, after) if b != a]
    return [q for q, _, _ in diff], (diff[0][1][:4], diff[0][2][:4]) if diff else None


def framed(ans):
    return bool(ans) and ans[0][:1] in ("=", "?")


def run_session(engine, r, limit, stats):
    args, cmds = session(r, stats["profile"])
    with tempfile.TemporaryFile("w+") as err, tempfile.TemporaryDirectory() as tmp:
        e = Engine(engine, args, err)
        timer = threading.Timer(limit, e.p.kill)
        timer.start()
        log = []
        problem = None
        try:
            for c in cmds:
                if c in ("@play", "@ap_play", "@point"):
                    ans = e.ask({"@play": "legal_moves", "@ap_play": "ap_legal_moves", "@point": "gogui-rules_legal_moves"}[c])
                    moves = " ".join(ans)[1:].split()
                    if not moves or ans[0].startswith("?"):
                        continue
                    if c == "@ap_play":
                        c = "ap_play " + r.choice(moves)
                    else:
                        side = e.ask("side_to_move")[0][2:] if c == "@point" else r.choice(COLOURS)
                        c = "play %s %s" % (side, r.choice(moves))
                if c == "@genmove":
                    over = e.ask("winner")[0] != "= none"
                    c = "clear_board" if over and r.random() < 0.7 else "genmove " + e.ask("side_to_move")[0][2:]
                if c in ("@roundtrip", "@aproundtrip"):
                    # Write the game out, read it back: the same game. A move
                    # list cannot hold a set-up position: ap_printgame
                    # refuses it, and nothing changes.
                    before = e.state()
                    rec = os.path.join(tmp, "record.sgf")
                    save = "printsgf " + rec if c == "@roundtrip" else "ap_printgame"
                    log.append(save)
                    stats["commands"] += 1
                    ans = e.ask(save)
                    if c == "@aproundtrip" and ans[0].startswith("?"):
                        continue
                    if not ans[0].startswith("="):
                        problem = "%s: %r" % (save, ans[:3])
                        break
                    moves = ans[0][2:].strip()
                    if c == "@roundtrip":
                        load = "loadsgf " + rec
                    else:
                        load = "ap_loadgame " + moves if moves else "clear_board"
                    log.append(load)
                    stats["commands"] += 1
                    ans = e.ask(load)
                    if not ans[0].startswith("="):
                        problem = "%s: %r" % (load, ans[:3])
                        break
                    names, first = changed(before, e.state())
                    if names:
                        problem = "%s then %s changed %s: %r -> %r" % (save, load, ", ".join(names), *first)
                        break
                    stats["roundtrips"] += 1
                    continue
                log.append(c)
                stats["commands"] += 1
                if c.startswith("analyze"):
                    e.send(c)  # streams until the next line arrives
                    time.sleep(0.02)
                    e.send("protocol_version")
                    ans = e.answer()
                    if ans[0].startswith("= ") and ans[0] != "= 2":
                        problem = "analyze: %r" % ans[:2]
                        break
                    while ans != ["= 2"]:
                        ans = e.answer()
                    continue
                before = e.state()
                ans = e.ask(c)
                if not framed(ans):
                    problem = "%s: unframed answer %r" % (c, ans[:3])
                    break
                if ans[0].startswith("?"):
                    stats["refused"] += 1
                    names, first = changed(before, e.state())
                    if names:
                        problem = "%s: refused (%s) but changed %s: %r -> %r" % (c, ans[0], ", ".join(names), *first)
                        break
            if problem is None:
                e.ask("quit")
            e.p.stdin.close()
            rc = e.p.wait(timeout=limit)
        except (EOFError, BrokenPipeError, subprocess.TimeoutExpired) as ex:
            e.p.kill()
            e.p.wait()
            rc, problem = e.p.returncode, problem or "%s: %s" % (log[-1] if log else "start", ex)
        timer.cancel()
        err.seek(0)
        text = err.read()
    if problem is None and rc != 0:
        problem = "exit status %d" % rc
    if problem is None and ("Sanitizer" in text or "runtime error" in text or "Assertion" in text):
        problem = "sanitizer report"
    if problem:
        # The commands as sent, to replay: the state reads between them change nothing.
        os.makedirs(OUT, exist_ok=True)
        path = os.path.join(OUT, "%s-%d-%d.gtp" % (stats["profile"], stats["seed"], stats["session"]))
        with open(path, "w") as f:
            f.write("# morphos %s\n%s\n" % (" ".join(args), "\n".join(log)))
        return "%s\n  morphos %s\n  last commands: %s (all in %s)\n  %s" % (
            problem, " ".join(args), " | ".join(log[-6:]), path, "\n  ".join(text.strip().splitlines()[-12:]))
    return None


def main():
    try:
        engine = sys.argv[1]
        count = int(sys.argv[2]) if len(sys.argv) > 2 else 40
        seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
        profile = sys.argv[4] if len(sys.argv) > 4 else "small"
        if profile not in PROFILES or count < 0 or len(sys.argv) > 5:
            raise ValueError(profile)
    except (IndexError, ValueError):
        print("usage: sessions.py ENGINE [COUNT] [SEED] [PROFILE]: COUNT >= 0, SEED integers, PROFILE one of %s"
              % ", ".join(PROFILES))
        print("0 passed, 1 failed")
        return 2
    SEARCHERS[:] = gtpengine.searchers(engine)
    if not SEARCHERS:
        print("FAIL: %s --help names no searchers" % engine)
        print("0 passed, 1 failed")
        return 1
    PARAMS[:0] = ["searcher %s" % s for s in SEARCHERS]
    stats = {"commands": 0, "refused": 0, "roundtrips": 0, "seed": seed, "profile": profile}
    for i in range(count):
        stats["session"] = i
        why = run_session(engine, random.Random(seed * 1000003 + i), 120, stats)
        tally.check("session %d (seed %d)" % (i, seed), not why, why)
    if not tally.failed:
        print("ok   %d random sessions (seed %d, %s): %d commands, %d refused with the state unchanged, %d records read back"
              % (tally.passed, seed, profile, stats["commands"], stats["refused"], stats["roundtrips"]))
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
