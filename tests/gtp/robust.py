#!/usr/bin/env python3
"""Raw-input robustness of the GTP loop: things a .gtp script cannot hold.

Usage: robust.py ENGINE

Each case starts the engine, writes raw bytes, and checks the answers and a
clean exit (status 0: sanitizer and leak reports fail it). Binary junk,
control characters, CR/LF, a 1 MB line, huge numbers, too many arguments,
an id alone, EOF in the middle of a line, input after quit, and analyze
streaming until the next command. Closes with "N passed, N failed".
"""
import os, re, select, subprocess, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tally import check, summary  # noqa: E402

ENGINE = None


def run(data, pause_after=None, tail=b"", timeout=60):
    """Write data (then sleep and write tail), close stdin, return (rc, out, err)."""
    p = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = b""
    err = b""
    try:
        p.stdin.write(data)
        p.stdin.flush()
        if pause_after is not None:
            time.sleep(pause_after)
            p.stdin.write(tail)
            p.stdin.flush()
        o, e = p.communicate(timeout=timeout)
        out += o
        err += e
    except (subprocess.TimeoutExpired, BrokenPipeError) as ex:
        p.kill()
        o, e = p.communicate()
        return -1, out + o, err + e + (" [%s]" % ex).encode()
    return p.returncode, out, err


def answers(out):
    """Split raw output into answers (the text before each empty line)."""
    text = out.decode("latin-1")
    parts = text.split("\n\n")
    if parts and parts[-1] == "":
        parts.pop()
    return parts


CASES = []


def case(name):
    def deco(fn):
        CASES.append((name, fn))
        return fn
    return deco


def expect(got, want_list):
    if len(got) != len(want_list):
        return "expected %d answers, got %d: %r" % (len(want_list), len(got), [g[:60] for g in got])
    for g, w in zip(got, want_list):
        if not re.fullmatch(w, g, re.S):
            return "answer %r does not match %r" % (g[:200], w)
    return None


@case("binary junk is an unknown command, then the loop goes on")
def _():
    junk = bytes(range(128, 256)) + b"\xff\xfe garbage \x80"
    rc, out, err = run(junk + b"\n" + b"1 name\n")
    return rc, expect(answers(out), [r"\? unknown command", r"=1 Morphos"]), err


@case("control characters are removed, tabs are spaces, CR/LF works")
def _():
    rc, out, err = run(b"na\x00m\x01e\r\n2\tknown_command\tplay\r\n\x1b3 name\r\n")
    return rc, expect(answers(out), [r"= Morphos", r"=2 true", r"=3 Morphos"]), err


@case("empty, blank and comment lines get no answer")
def _():
    rc, out, err = run(b"\n   \n\t\n# a comment\n  # another\n\r\n4 name\n")
    return rc, expect(answers(out), [r"=4 Morphos"]), err


@case("a line over 1 MiB is refused with its id, memory stays bounded, the loop goes on")
def _():
    rc, out, err = run(b"5 play b " + b"A" * (1 << 20) + b"\n6 name\n")
    return rc, expect(answers(out), [r"\?5 line too long \(at most 1048575 bytes\)", r"=6 Morphos"]), err


@case("full 25x25 games under each AbstractPlay preset: ap_printgame, plain and numbered, loads back the same game")
def _():
    for preset, seed in (("remorph", 3), ("duomorph", 4), ("default", 5), ("minimorph", 6)):
        setup = b"boardsize 25\nrules abstractplay=%s\n" % preset.encode()
        rc, out, err = run(b"set_param searcher random\nset_param seed %d\n" % seed + setup + b"ap_genmove\n" * 3000 +
                           b"1 ap_printgame\n2 ap_winner\n", timeout=120)
        got = answers(out)
        if rc != 0 or len(got) < 4 or not got[-2].startswith("=1 ") or got[-1] == "=2 none":
            return rc, "%s: no finished game: %r" % (preset, [g[:60] for g in got[-2:]]), err
        moves = got[-2][3:].split(" ")
        if len(moves) < 200:
            return rc, "%s: only %d moves" % (preset, len(moves)), err
        numbered = " ".join(("%d. %s" % (k // 2 + 1, m)) if k % 2 == 0 else m for k, m in enumerate(moves))
        for text in (" ".join(moves), numbered):
            rc, out, err = run(setup + b"3 ap_loadgame " + text.encode() + b"\n4 ap_printgame\n5 ap_winner\n")
            problem = expect(answers(out)[2:], [r"=3 %d" % len(moves), "=4 " + re.escape(" ".join(moves)),
                                                 re.escape(got[-1].replace("=2", "=5"))])
            if rc != 0 or problem:
                return rc, "%s (%d moves, %d bytes): %s" % (preset, len(moves), len(text), problem), err
    return rc, None, err


@case("a line over 1 MiB blank for its first 1 MiB still gets its one answer")
def _():
    rc, out, err = run(b" " * (1 << 20) + b"5 name " + b"x" * (1 << 16) + b"\n\t" * 1 + b" " * (1 << 21) + b"\n6 name\n")
    return rc, expect(answers(out), [r"\? line too long \(at most 1048575 bytes\)"] * 2 + [r"=6 Morphos"]), err


@case("a line just under 1 MiB is read whole: a move list of 100,000 words")
def _():
    words = b" ".join([b"1.", b"c3"] * 100000)
    line = b"7 ap_loadgame " + words + b" " * ((1 << 20) - 15 - len(words)) + b"\n"
    assert len(line) == 1 << 20
    rc, out, err = run(b"boardsize 5\n" + line + b"8 name\n")
    return rc, expect(answers(out), [r"= ", r"\?7 move 2 'c3': illegal move c3: that cell is occupied.*", r"=8 Morphos"]), err


@case("loadsgf reads only regular files: a FIFO and a directory are refused at once")
def _():
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        fifo = os.path.join(d, "game.sgf")
        os.mkfifo(fifo)
        rc, out, err = run(("1 loadsgf %s\n2 loadsgf %s\n3 name\n" % (fifo, d)).encode(), timeout=20)
    return rc, expect(answers(out), [r"\?1 not a regular file.*", r"\?2 not a regular file.*", r"=3 Morphos"]), err


@case("a 1 MB comment line is ignored")
def _():
    rc, out, err = run(b"# " + b"x" * (1 << 20) + b"\n7 name\n")
    return rc, expect(answers(out), [r"=7 Morphos"]), err


@case("huge numbers are errors, not overflows")
def _():
    big = b"9" * 5000
    rc, out, err = run(b"boardsize " + big + b"\nperft " + big + b"\nkomi " + big + b"\n" + big + b" name\n"
                       b"time_left b " + big + b" 0\nplay b A" + big + b"\n8 gogui-rules_board_size\n")
    return rc, expect(answers(out), [r"\? unacceptable size \(allowed: 2 to 25\)", r"\? depth must be .*", r"\? komi not a float",
                                     r"\? id too large", r"\? syntax error: TIME '9+' must be .* from -1000000000 to 1000000000",
                                     r"\? illegal move: .*",
                                     r"=8 9"]), err


@case("too many arguments")
def _():
    rc, out, err = run(b"9 play " + b"b " * 500 + b"\n10 name\n")
    return rc, expect(answers(out), [r"\?9 too many arguments", r"=10 Morphos"]), err


@case("an id alone is a missing command")
def _():
    rc, out, err = run(b"130\n131   \n")
    return rc, expect(answers(out), [r"\?130 missing command", r"\?131 missing command"]), err


@case("EOF in the middle of a line: the partial command is answered, then a clean exit")
def _():
    rc, out, err = run(b"boardsize 5\n11 name")
    return rc, expect(answers(out), [r"= ", r"=11 Morphos"]), err


@case("EOF right away: a clean exit and no output")
def _():
    rc, out, err = run(b"")
    return rc, None if out == b"" else "unexpected output %r" % out[:100], err


@case("quit answers, and nothing after it is read")
def _():
    rc, out, err = run(b"12 quit\n13 name\n")
    return rc, expect(answers(out), [r"=12 "]), err


@case("every answer is printable ASCII, even when echoing junk")
def _():
    rc, out, err = run(b"play b \xe9\xff\x80\nrules \xc3\xa9t\xe9\n")
    bad = [c for c in out if c >= 127 or (c < 32 and c != 10)]
    msg = expect(answers(out), [r"\? illegal move: .*", r"\? .*"]) or (
        "non-ASCII bytes in output" if bad else None)
    return rc, msg, err


@case("analyze streams info lines until the next command, then that command runs")
def _():
    rc, out, err = run(b"set_param searcher random\nboardsize 5\n14 analyze b 5\n", 0.6, b"15 name\n")
    a = answers(out)
    msg = expect(a, [r"= ", r"= ", r"=14\n(info .*)", r"=15 Morphos"])
    return rc, msg, err


@case("analyze under Morpharaoh names cells by number")
def _():
    rc, out, err = run(b"rules morpharaoh board=48\nplay b 5\n18 analyze w 5\n", 0.6, b"19 showboard\n")
    a = answers(out)
    msg = expect(a, [r"= ", r"= ", r"=18\n(info move \d+ visits \d+ .*)", r"=19 \n +N \(black\)\n.*"])
    return rc, msg, err


@case("analyze ends cleanly at EOF")
def _():
    rc, out, err = run(b"set_param searcher random\n16 analyze 5\n", 0.3, b"")
    return rc, expect(answers(out), [r"= ", r"=16\n(info .*)?"]), err


@case("genmove read before the end of input gets its whole search, then the engine exits")
def _():
    # A fixed playout count on one thread: the search must run all of them
    # though the input has ended (it ran 2 at 0f08f81).
    rc, out, err = run(b"set_param movetime 0\nset_param playouts 3000\nset_param threads 1\nset_param verbose 1\n"
                       b"boardsize 9\nplay b E5\n20 genmove w\n")
    msg = expect(answers(out), [r"= "] * 6 + [r"=20 (swap|[A-HJ]\d)"])
    m = re.search(rb"\| (\d+) playouts", err)
    if not msg and (m is None or int(m.group(1)) < 3000):
        msg = "genmove cut short at the end of input: %r" % err[-300:]
    return rc, msg, err


@case("solve read before the end of input gets its whole search")
def _():
    # Proven in about 0.3 s of CPU; at 0f08f81 the end of input stopped the
    # proof at once (`unknown`).
    rc, out, err = run(b"boardsize 4\nplay b B2\n21 solve 600\n", timeout=600)
    return rc, expect(answers(out), [r"= ", r"= ", r"=21 white swap"]), err


@case("# interrupt as the last line, without LF, still interrupts")
def _():
    rc, out, err = run(b"set_param movetime 600\nboardsize 9\n22 genmove b\n", 1.0, b"# interrupt", timeout=300)
    return rc, expect(answers(out), [r"= ", r"= ", r"=22 [A-HJ]\d"]), err


@case("a failed command leaves the game unchanged")
def _():
    script = (b"boardsize 5\nplay b C3\nplay w D4\n"
              b"play b C3\nplay b D4\nplay w E5\nboardsize 99\nrules bogus\nundo x\nloadsgf /nonexistent\n"
              b"17 printsgf\n")
    rc, out, err = run(script)
    a = answers(out)
    msg = None
    if len(a) != 11:
        msg = "expected 11 answers, got %d" % len(a)
    elif not re.fullmatch(r"=17 \(;FF\[4\].*SZ\[5\]RU\[none,edges=on,pie=on\]\n;B\[cc\];W\[db\]\)", a[-1], re.S):
        msg = "game changed: %r" % a[-1]
    return rc, msg, err


def main():
    global ENGINE
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    ENGINE = os.path.abspath(sys.argv[1])
    for name, fn in CASES:
        rc, msg, err = fn()
        if msg is None and rc != 0:
            msg = "exit status %s" % rc
        check(name, not msg, msg)
        if msg and err:
            print(err.decode("utf-8", "replace")[-3000:])
    sys.exit(summary())


main()
