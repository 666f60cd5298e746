#!/usr/bin/env python3
"""A tournament manager that knows only points, written to the GTP 2 spec
(as gogui-twogtp and Go match runners are): the engine against itself with
the pie rule on, through `--pie-form point`.

Usage: pointmatch.py ENGINE [GAMES]

Like twogtp with a referee: two players and a referee, three processes of
ENGINE started as `ENGINE --pie-form point --rules pie=on --playouts N
--seed S --threads 1 --movetime 0 --solver off`: each game the same on
any machine at any load (no clock: the default movetime of 1 s cut the
sanitized engine's 300 playouts short on a loaded machine, and the root
solver's budget is wall-clock time; either changed White's swap, and a run
at load 18 had none). Per game: `boardsize`, `clear_board`, `komi 0` to
all three; then `genmove` to the side to move and `play` of the answer to
the two others. The manager accepts only what a Go manager parses: a
vertex (letter without I, then the row, inside the board), `pass` or
`resign` - `swap`, a compound move or anything else ends the game as an
error, as twogtp's "played invalid move". It knows no rules: colours
alternate (the swap-pieces pie keeps them so), the loser's `resign` ends a
game, and the referee's `final_score` must name the same winner.

Half the games start with Black's centre stone given to all three, as an
opening file would, so that White's swap (answered as that point) is
played; the run checks that some swap was played and read back by the
others. Prints one line per game and closes with "N passed, N failed".
"""
import os, re, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tally import check, summary  # noqa: E402

VERTEX = re.compile(r"([A-HJ-Z])([1-9][0-9]?)$", re.I)


class Gtp:
    def __init__(self, argv, name):
        self.name = name
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def cmd(self, line):
        """(ok, text): a GTP answer, '=' or '?' then text, ended by an empty line."""
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            s = self.p.stdout.readline()
            if s == "":
                raise RuntimeError("%s closed its output after %r" % (self.name, line))
            s = s.rstrip("\r\n")
            if s == "" and lines:
                break
            if s == "" and not lines:
                continue
            lines.append(s)
        first = lines[0]
        if first[0] not in "=?":
            raise RuntimeError("%s: malformed answer %r" % (self.name, first))
        text = "\n".join([first[1:].strip()] + lines[1:])
        return first[0] == "=", text

    def close(self):
        try:
            self.cmd("quit")
        except (RuntimeError, OSError):
            pass
        try:
            return self.p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.p.kill()
            return -1


def on_board(vertex, size):
    m = VERTEX.match(vertex)
    if not m:
        return False
    col = "ABCDEFGHJKLMNOPQRSTUVWXYZ".index(m.group(1).upper())
    return col < size and 1 <= int(m.group(2)) <= size


def game(engines, referee, size, opening, report):
    """Play one game; returns (ok, winner, swaps)."""
    for e in engines + [referee]:
        for c in ("boardsize %d" % size, "clear_board", "komi 0"):
            ok, t = e.cmd(c)
            if not ok:
                return report("%s: %s refused: %s" % (e.name, c, t))
    moves = []
    color = "b"
    if opening:
        for e in engines + [referee]:
            ok, t = e.cmd("play b " + opening)
            if not ok:
                return report("opening %s refused by %s: %s" % (opening, e.name, t))
        moves.append(("b", opening))
        color = "w"
    swaps = 0
    for ply in range(4 * size * size):
        player = engines[0] if color == "b" else engines[1]
        ok, ans = player.cmd("genmove " + color)
        if not ok:
            return report("genmove %s failed: %s" % (color, ans))
        ans = ans.strip()
        if ans.lower() == "resign":
            winner = "W" if color == "b" else "B"
            ok, score = referee.cmd("final_score")
            if not ok or not score.startswith(winner + "+"):
                return report("%s resigned but the referee says %r" % (color, score))
            return True, winner, swaps
        if ans.lower() != "pass" and not on_board(ans, size):
            return report("%s played invalid move: %s" % (player.name, ans))
        if len(moves) == 1 and color == "w" and ans.upper() == moves[0][1].upper():
            swaps += 1
        other = engines[1] if color == "b" else engines[0]
        for e in (other, referee):
            ok, t = e.cmd("play %s %s" % (color, ans))
            if not ok:
                return report("%s refused play %s %s: %s" % (e.name, color, ans, t))
        moves.append((color, ans))
        # Colours alternate, the swap included (swap-pieces: Black moves
        # after White's swap), as a Go manager assumes.
        color = "w" if color == "b" else "b"
    return report("no result after %d plies" % len(moves))


def main():
    engine = os.path.abspath(sys.argv[1])
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    swaps_total = 0
    for g in range(games):
        size = (5, 7)[g % 2]
        opening = "C3" if size == 5 and g % 4 == 0 else ("D4" if g % 4 == 1 else None)
        argv = [engine, "--pie-form", "point", "--rules", "pie=on", "--threads", "1", "--playouts", "300", "--memory", "64", "--movetime", "0", "--solver", "off"]
        black = Gtp(argv + ["--seed", str(2 * g + 1)], "black")
        white = Gtp(argv + ["--seed", str(2 * g + 2)], "white")
        referee = Gtp(argv, "referee")
        errors = []

        def report(msg):
            errors.append(msg)
            return False, None, 0

        try:
            ok, winner, swaps = game([black, white], referee, size, opening, report)
        except (RuntimeError, OSError) as e:
            ok, winner, swaps = report(str(e))
        rcs = [p.close() for p in (black, white, referee)]
        if any(rcs):
            ok = report("exit status %s" % rcs)[0]
        swaps_total += swaps
        print("game %d (%dx%d%s): %s" % (g, size, size, ", opening " + opening if opening else "",
                                          ("%s+R" % winner) + (" after a swap" if swaps else "") if ok else
                                          "ERROR " + "; ".join(errors)))
        check("game %d" % g, ok, "; ".join(errors))
    if swaps_total == 0:
        check("swaps", False, "no game had a swap: the point form was not exercised")
    sys.exit(summary())


if __name__ == "__main__":
    main()
