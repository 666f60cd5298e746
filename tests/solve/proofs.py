#!/usr/bin/env python3
"""The committed proofs checked by the engine's independent checker.

tests/data/proofs/STEM.map is an `opening_map` answer (the value of every
first stone, one line per class of symmetric openings, then the map);
STEM.proof.gz the proof file `proofdb export` wrote from the start
position (the empty board's value and each opening's: the winner's moves
alone). `proofdb verify` walks it with nothing but the rules core; this
script checks that every opening of the map and the empty board are
proven with the map's winners. The proof file is the whole proof: a
sample would prove nothing.

Usage: proofs.py ENGINE NAME... (NAME: SIZE,RULES,STEM with RULES as
the file's rules line gives them, e.g. 5,none,edges=on,pie=off,base5). Prints one line per failure and closes with
"N passed, N failed"."""
import gzip, os, shutil, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gtpengine import Engine
from tally import check, summary

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "proofs")


def opening_lines(stem):
    """(first stone, winner) of each line of the map."""
    out = []
    for line in open(os.path.join(DATA, stem + ".map")).read().splitlines():
        w = line.split()
        if len(w) >= 2 and w[1] in ("black", "white", "unknown"):
            out.append((w[0], w[1]))
    return out


def one(engine, size, rules, stem, d):
    proof = os.path.join(d, stem + ".proof")
    with gzip.open(os.path.join(DATA, stem + ".proof.gz"), "rb") as src, open(proof, "wb") as dst:
        shutil.copyfileobj(src, dst)
    e = Engine([engine])
    head = open(proof).read(200).splitlines()
    check("%s: the file's board" % stem, head[1:3] == ["size %s" % size, "rules " + rules], head)
    lines = e.ask("proofdb verify %s" % proof)
    check("%s: verified" % stem, lines[0].startswith("=") and lines[-1].startswith("proven:"), "\n".join(lines))
    got = {}
    for l in lines[:-1]:
        w = l.lstrip("=? ").split()
        got[w[0]] = (w[1], "wins: proven," in l)
    openings = opening_lines(stem)
    check("%s: the map has openings" % stem, len(openings) > 0)
    winners = set()
    for stone, who in openings:
        if who == "unknown":
            continue  # a map still open: nothing to check
        winners.add(who)
        check("%s: after %s, %s wins" % (stem, stone, who), got.get(stone) == (who, True), got.get(stone))
    want = "black" if "black" in winners else "white"
    check("%s: the empty board, %s wins" % (stem, want), got.get("-") == (want, True), got.get("-"))
    # A broken proof is refuted: one move of the winner changed.
    text = open(proof).read().split("\n")
    i = next(i for i, l in enumerate(text) if i > 3 and not l.startswith("root"))
    w = text[i].split()
    w[0] = "A1" if w[0] != "A1" else "B1"
    text[i] = " ".join(w)
    bad = os.path.join(d, stem + ".bad")
    open(bad, "w").write("\n".join(text))
    lines = e.ask("proofdb verify %s" % bad)
    check("%s: a changed move is refuted" % stem, lines[0].startswith("?") and lines[-1].startswith("refuted:"),
          "\n".join(lines[-2:]))
    check("%s: quit" % stem, e.quit() == 0)


def main():
    engine = sys.argv[1]
    d = tempfile.mkdtemp()
    for name in sys.argv[2:]:
        size, rest = name.split(",", 1)
        rules, stem = rest.rsplit(",", 1)
        one(engine, size, rules, stem, d)
    shutil.rmtree(d)
    return summary() == 0


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
