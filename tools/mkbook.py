#!/usr/bin/env python3
"""mkbook.py - build the engine's opening book (engine/book.h has the format).

  tools/mkbook.py search --rules TOKENS [--size N] [--movetime S] [-j N]
                  [--engine CMD] [--start BOOK.tsv]
                  [--deep K [--deep-plies D] [--side both|black|white]]
                  > engine/books/NAME.tsv
  tools/mkbook.py c engine/books/*.tsv > engine/book_data.c

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
Morphos without the c mutator or the pie rule. `c` turns .tsv books into the
C table the engine builds in (engine/book_data.c).
"""
import argparse
import concurrent.futures
import re
import subprocess
import sys


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


def read_book(path, rules):
    """{moves tuple: (move, note)} of the lines of `rules` in a .tsv book."""
    book = {}
    with open(path) as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if line.startswith("#") or len(cols) < 4 or cols[0] != rules:
                continue
            moves = () if cols[2] == "-" else tuple(cols[2].split(";"))
            book[moves] = (cols[3], cols[4] if len(cols) > 4 else "")
    return book


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
    for moves in sorted(book, key=lambda k: (len(k), [int(x) if x.isdigit() else x for x in k])):
        move, note = book[moves]
        print("%s\t%d\t%s\t%s\t%s" % (rules, size, ";".join(moves) or "-", move, note))


def to_c(args):
    out = ["/* book_data.c - the built-in opening book (see book.h for the format).",
           " * Generated by tools/mkbook.py c from engine/books/ (the .tsv files); regenerate",
           " * rather than edit. */",
           '#include "book.h"',
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
    c = sub.add_parser("c")
    c.add_argument("files", nargs="+")
    args = ap.parse_args()
    search(args) if args.cmd == "search" else to_c(args)


if __name__ == "__main__":
    main()
