#!/usr/bin/env python3
"""mkbook.py - build the engine's opening book (engine/book.h has the format).

  tools/mkbook.py search --rules TOKENS [--size N] [--movetime S] [-j N]
                  [--engine CMD] [--start BOOK.tsv]
                  [--deep K [--deep-plies D] [--side both|black|white]]
                  > engine/books/NAME.tsv
  tools/mkbook.py first MATCH.tsv... > engine/books/first/NAME.tsv
  tools/mkbook.py mirror --book BOOK.tsv --first FIRST.tsv [--min-games N]
                  [--margin M] [--engine CMD] > BOOK2.tsv
  tools/mkbook.py pie --book BOOK.tsv --first FIRST.tsv [--min-games N] [--engine CMD]
                  > engine/books/NAME-pie.tsv
  tools/mkbook.py c engine/books/*.tsv > engine/generated/book_data.c   (make generated)

`search` asks the engine (with its book off) for the move in every position
of the book's tree, each with a long search (--movetime, default 20 s, one
thread, N positions at once): the start position; every first move of the
first player (so that the engine answers any opening as the second player);
and every answer to the engine's own first move (so that it follows its
first move up as the first player). --deep K follows the K most critical
lines below each of those two positions two plies deeper (D times; --side
white or black: only where the book plays that colour); with
--start, the positions a book already has are kept, not searched again.
Moves alternate b, w, so the tree is for
rule sets where a turn is one move and no swap comes first: Morpharaoh, or
Morphos without the c mutator or the pie rule.

`first` counts, in bench/match result files (self-play between near-equal
engines), how Black scored after each first stone and each first two moves.
`mirror` replaces the book's answer to a first stone by the half-turn image
of its twin stone's answer (the same opening by the board's colour-keeping
symmetry) where Black scored clearly less after that one (--margin, 0.25,
with --min-games games each, 10). `pie` makes the book of the same rules
with the pie rule on from a book without it and that table: a stone is
judged by the games where White answered as the book does (where those are
fewer than --min-games, 20, by every game after the stone or its twin); the
first move is the stone Black scored nearest to even after (of those judged
by the book's answer); White swaps a stone after which Black scored more
than half and otherwise answers as the book does; after a swap (the
position mapped through the board's colour-exchanging symmetry, Black to
move) every line of the book is followed mapped the same way, and without
one the lines are the book's own. Search values cannot make this choice:
after a first stone they stay near 0.5 whatever the stone (White 0.495 at
20 s after stone 14 of the 48-cell board, after which Black scored 19% in 80
self-play games).
`c` turns .tsv books into the C table the engine builds in
(engine/generated/book_data.c).
"""
import argparse
import concurrent.futures
import re
import subprocess
import sys
import types


def gtp(engine, rules, size, moves, *cmds):
    """One engine process: rules, board, `moves` played (b, w, b, ...), then
    cmds. Returns the last command's answer and the engine's stderr; any
    error answer is fatal."""
    lines = ["rules " + rules.replace(",", " ")] + (["boardsize %d" % size] if size else [])
    lines += ["play %s %s" % ("bw"[i % 2], m) for i, m in enumerate(moves)]
    run = subprocess.run(engine, shell=True, input="\n".join(lines + list(cmds) + ["quit"]) + "\n",
                         capture_output=True, text=True, check=False)
    answers = [a.strip() for a in run.stdout.split("\n\n") if a.strip()]
    for a in answers:
        if a.startswith("?"):
            raise RuntimeError("engine error at %s: %s" % (";".join(moves) or "-", a))
    return answers[-2][1:].strip(), run.stderr  # the last answer is quit's


def book_search(engine, rules, size, moves, movetime):
    """The engine's move after `moves` (one thread, book off) and a note
    with its winrate and playouts."""
    move, stderr = gtp(engine, rules, size, moves, "set_param movetime %g" % movetime, "set_param threads 1",
                       "set_param book 0", "set_param verbose 1", "genmove %s" % "bw"[len(moves) % 2])
    stats = [line for line in stderr.splitlines() if line.startswith("mcts:")]
    m = re.search(r"winrate ([0-9.]+) \| (\d+) playouts", stats[-1] if stats else "")
    return move, "winrate %s, %s playouts" % (m.group(1), m.group(2)) if m else "search"


def book_rows(path):
    """The lines of a .tsv book (or table) as lists of columns, comments left out."""
    with open(path) as f:
        rows = [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]
    return [cols for cols in rows if len(cols) >= 4]


def moves_of(text):
    return () if text == "-" else tuple(text.split(";"))


def move_key(move):
    """Sort key of a move: words (pass, swap) first, then cell numbers in
    order, then coordinates."""
    return (1, int(move), "") if move.isdigit() else (0 if move in ("pass", "swap") else 2, 0, move)


def book_order(moves):
    return (len(moves), [move_key(m) for m in moves])


def read_book(path, rules):
    """{moves tuple: (move, note)} of the lines of `rules` in a .tsv book."""
    return {moves_of(c[2]): (c[3], c[4] if len(c) > 4 else "") for c in book_rows(path) if c[0] == rules}


def winrate(note):
    m = re.search(r"winrate ([0-9.]+)", note)
    return float(m.group(1)) if m else 0.5


def search(args):
    rules = gtp(args.engine, args.rules, 0, [], "rules")[0]
    size = args.size if not rules.startswith("morpharaoh") else 0
    book = read_book(args.start, rules) if args.start else {}

    def job(moves):
        move, note = book_search(args.engine, rules, size, list(moves), args.movetime)
        return moves, move, note

    def fill(positions):
        todo = [m for m in positions if m not in book]
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for moves, move, note in pool.map(job, todo):
                book[moves] = (move, note)
                print("%-14s -> %s (%s)" % (";".join(moves) or "-", move, note), file=sys.stderr, flush=True)

    def replies(moves):
        return [moves + (m,) for m in gtp(args.engine, rules, size, list(moves), "legal_moves")[0].split()]

    # Full nodes: positions where the opponent moves and every move of
    # theirs has the book's answer. The start (our book plays either side)
    # and the position after the book's own first move are the first.
    fill([()])
    full = [(), (book[()][0],)]
    fill([c for f in full for c in replies(f)])
    # Deeper along the critical lines: below each full node, the --deep
    # opponent moves the book rates best for the opponent (the lowest
    # winrate for the side to move after them), followed by the book's
    # answer, become full nodes in turn.
    if args.side == "white":
        full = full[:1]
    elif args.side == "black":
        full = full[1:]
    for _ in range(args.deep_plies if args.deep else 0):
        nxt = []
        for f in full:
            kids = sorted((c for c in book if len(c) == len(f) + 1 and c[:-1] == f), key=lambda c: winrate(book[c][1]))
            nxt += [c + (book[c][0],) for c in kids[:args.deep]]
        full = nxt
        fill([c for f in full for c in replies(f)])
    print("# morphos opening book: %s, tools/mkbook.py search --movetime %g" % (rules, args.movetime))
    print("# rules\tsize\tmoves\tmove\tnote")
    for moves in sorted(book, key=book_order):
        move, note = book[moves]
        print("%s\t%d\t%s\t%s\t%s" % (rules, size, ";".join(moves) or "-", move, note))


def first(args):
    """Black's score by first stone: per rules, {stone: [games, wins, draws]}."""
    table = {}
    for path in args.files:
        rules = None
        with open(path) as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if line.startswith("# rules") and len(cols) > 1:
                    rules = cols[1]
                # Games the rules ended (a connection, a draw); not a crash,
                # an illegal move or a time loss.
                if line.startswith("#") or len(cols) < 6 or not rules or cols[5] in ("", "-") or \
                        not (cols[4].endswith(" connects") or cols[2] == "draw"):
                    continue
                black, winner, moves = cols[1], cols[2], cols[5].split(";")
                for k in (1, 2)[:len(moves)]:
                    row = table.setdefault(rules, {}).setdefault(";".join(moves[:k]), [0, 0, 0])
                    row[0] += 1
                    row[1] += winner == black
                    row[2] += winner == "draw"
    print("# Black's score by first stone and by first two moves, tools/mkbook.py first %s" % " ".join(args.files))
    print("# rules\tmoves\tgames\tblack_wins\tdraws")
    for rules in sorted(table):
        for moves in sorted(table[rules], key=lambda k: [move_key(m) for m in k.split(";")]):
            print("%s\t%s\t%d\t%d\t%d" % ((rules, moves) + tuple(table[rules][moves])))


def read_first(args, rules, size):
    """{moves: (games, Black's score)} of a `first` table's lines of `rules`."""
    score, canon = {}, {}
    for cols in book_rows(args.first):
        if len(cols) < 5:
            continue
        if cols[0] not in canon:
            canon[cols[0]] = gtp(args.engine, cols[0], size, [], "rules")[0]
        if canon[cols[0]] == rules:
            score[cols[1]] = (int(cols[2]), int(cols[3]) + 0.5 * int(cols[4]))
    return score


def load_book(args):
    """A pie=off book: its lines, rules (pie off and on), size, points, the
    answers to first moves, the swap's map of points (where a swap takes a
    first stone: the one point Black cannot play after it) and the twin of
    each point (its image under the colour-keeping sigma o sigma)."""
    lines = book_rows(args.book)
    rules = {c[0] for c in lines}
    if len(rules) != 1:
        sys.exit("%s: needs the lines of one rule set" % args.book)
    off = gtp(args.engine, rules.pop(), 0, [], "rules")[0]
    if "pie=off" not in off.split(","):
        sys.exit("%s: the book's rules have the pie rule on already" % args.book)
    size = int(lines[0][1])
    on = gtp(args.engine, off.replace("pie=off", "pie=on"), size, [], "rules")[0]
    cells = gtp(args.engine, off, size, [], "legal_moves")[0].split()
    sigma = {}
    for x in cells:
        after = set(gtp(args.engine, on, size, [], "play b " + x, "play w swap", "legal_moves b")[0].split())
        missing = [c for c in cells if c not in after]
        if len(missing) != 1:
            sys.exit("no single image of %s under swap" % x)
        sigma[x] = missing[0]
    return types.SimpleNamespace(lines=lines, off=off, on=on, size=size, cells=cells, sigma=sigma,
                                 twin={x: sigma[sigma[x]] for x in cells}, answer={c[2]: c[3] for c in lines})


def scorer(score):
    """Games and Black's score over a set of openings of a `first` table."""
    def games(keys):
        n = sum(score.get(k, (0, 0))[0] for k in keys)
        return n, sum(score.get(k, (0, 0))[1] for k in keys) / n if n else 0.5
    return games


def book_order(moves):
    return (len(moves), [int(x) if x.isdigit() else -1 for x in moves])


def mirror(args):
    """The pie=off book with each first-move answer replaced by the half-turn
    image of its twin stone's answer where that did clearly better."""
    bk = load_book(args)
    games = scorer(read_first(args, bk.off, bk.size))
    twin, answer = bk.twin, bk.answer
    with open(args.book) as f:
        for line in f:
            if line.startswith("#") and not line.startswith("# rules\t") and "mkbook.py mirror" not in line:
                print(line.rstrip("\n"))
    print("# then: tools/mkbook.py mirror --first %s" % args.first)
    print("# rules\tsize\tmoves\tmove\tnote")
    for cols in bk.lines:
        x, a = cols[2], cols[3]
        b = answer.get(twin.get(x))
        if x in twin and a in twin and b in twin and twin[b] != a:
            own = games({"%s;%s" % (x, a), "%s;%s" % (twin[x], twin[a])})
            alt = games({"%s;%s" % (x, twin[b]), "%s;%s" % (twin[x], b)})
            if min(own[0], alt[0]) >= args.min_games and alt[1] + args.margin <= own[1]:
                cols = cols[:3] + [twin[b], "half-turn image of the answer %s to %s: Black %.2f in %d self-play "
                                   "games against %.2f in %d after %s" % (b, twin[x], alt[1], alt[0], own[1], own[0], a)]
        print("\t".join(cols))


def pie(args):
    """The pie=on book made of a pie=off book and a `first` table."""
    bk = load_book(args)
    games = scorer(read_first(args, bk.off, bk.size))
    twin, answer, sigma = bk.twin, bk.answer, bk.sigma

    # Black's score after X is judged by the games where White answered as
    # the book does (X;A, and the same position by the half turn); where
    # those are too few to decide a swap, by every game after X or its twin.
    judged, pooled = {}, {}
    for x in bk.cells:
        a = answer.get(x)
        judged[x] = games({"%s;%s" % (x, a), "%s;%s" % (twin[x], twin[a])}) if a in twin else (0, 0.5)
        pooled[x] = judged[x] if judged[x][0] >= args.min_games else games({x, twin[x]})
    offers = [x for x in bk.cells if judged[x][0] >= args.min_games]
    if not offers:
        sys.exit("%s: no stone of %s with %d games after the book's answer" % (args.first, bk.off, args.min_games))

    out = {}
    best = min(offers, key=lambda x: (abs(pooled[x][1] - 0.5), -pooled[x][0], int(x) if x.isdigit() else 0))
    out[()] = (best, "Black scores %.2f after it in %d self-play games: the stone nearest to even"
               % (pooled[best][1], pooled[best][0]))
    for cols in bk.lines:
        moves = moves_of(cols[2])
        note = cols[4] if len(cols) > 4 else ""
        if len(moves) >= 2:
            out[moves] = (cols[3], note)
        if len(moves) >= 1:
            mapped = (moves[0], "swap") + tuple(sigma[m] for m in moves[1:])
            out[mapped] = (sigma[cols[3]], "swapped line " + ";".join(moves) + " " + cols[3] + ", " + note)
        if len(moves) == 1 and pooled[moves[0]][0]:
            n, p = pooled[moves[0]]
            out[moves] = ("swap", "Black scores %.2f after it in %d self-play games" % (p, n)) if p > 0.5 \
                else (cols[3], "Black scores %.2f after it in %d self-play games; %s" % (p, n, note))
    print("# morphos opening book: %s, tools/mkbook.py pie --book %s --first %s" % (bk.on, args.book, args.first))
    print("# rules\tsize\tmoves\tmove\tnote")
    for moves in sorted(out, key=book_order):
        print("%s\t%d\t%s\t%s\t%s" % (bk.on, bk.size, ";".join(moves) or "-", out[moves][0], out[moves][1]))


def to_c(args):
    out = ["/* book_data.c - the built-in opening book (see book.h for the format).",
           " * Generated by tools/mkbook.py c from engine/books/ (the .tsv files); make",
           " * generated rewrites it, make check-generated checks it is fresh. */",
           '#include "../book.h"',
           "",
           "const char *const book_builtin[] = {"]
    for path in args.files:
        with open(path) as f:
            for line in f:
                line = line.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                if '"' in line or "\\" in line or len(line.split("\t")) < 4:
                    sys.exit("%s: bad line: %s" % (path, line))
                out.append('    "%s",' % line.replace("\t", "\\t"))
    out += ["    NULL,", "};"]
    print("\n".join(out))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("search")
    s.add_argument("--rules", required=True)
    s.add_argument("--size", type=int, default=9)
    s.add_argument("--movetime", type=float, default=20)
    s.add_argument("-j", "--jobs", type=int, default=2)
    s.add_argument("--engine", default="./morphos")
    s.add_argument("--start", help="a .tsv book whose lines are kept (only missing positions are searched)")
    s.add_argument("--deep", type=int, default=0, help="critical lines followed one move deeper")
    s.add_argument("--deep-plies", type=int, default=1, help="how many times (each two plies deeper)")
    s.add_argument("--side", choices=["both", "black", "white"], default="both",
                   help="deepen only the lines where the book plays this colour")
    fs = sub.add_parser("first")
    fs.add_argument("files", nargs="+")
    mi = sub.add_parser("mirror")
    mi.add_argument("--book", required=True)
    mi.add_argument("--first", required=True)
    mi.add_argument("--engine", default="./morphos")
    mi.add_argument("--min-games", type=int, default=10, help="games each answer needs")
    mi.add_argument("--margin", type=float, default=0.25, help="how much lower Black's score must be")
    pi = sub.add_parser("pie")
    pi.add_argument("--book", required=True)
    pi.add_argument("--first", required=True)
    pi.add_argument("--engine", default="./morphos")
    pi.add_argument("--min-games", type=int, default=20, help="games a first move needs to be chosen")
    c = sub.add_parser("c")
    c.add_argument("files", nargs="+")
    args = ap.parse_args()
    {"search": search, "first": first, "mirror": mirror, "pie": pie, "c": to_c}[args.cmd](args)


if __name__ == "__main__":
    main()
