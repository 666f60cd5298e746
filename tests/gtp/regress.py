#!/usr/bin/env python3
"""Run GTP regression scripts (gogui-regress format) against an engine.

Usage: regress.py ENGINE FILE.gtp...

A script is GTP commands, one a line. A command with a numeric id may be
followed by a line `#? [REGEX]`: the answer must succeed and its text (after
"=ID ", trimmed) must match REGEX whole (multi-line, dot matches newline),
as in gogui-regress. `#? [REGEX]*` means the command must FAIL with a message
matching REGEX (gogui-regress counts that as an expected failure). Every
other command must succeed. Each file gets a fresh engine started in the
file's directory; the engine must frame every answer exactly (=/? and the
id echoed, one empty line after) and exit with status 0 after `quit`
(sanitizer and leak reports make that fail).

Prints one line per failure and closes with "N passed, N failed".
"""
import os, re, select, subprocess, sys, time

TIMEOUT = 120.0


class Engine:
    def __init__(self, argv, cwd):
        self.p = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, bufsize=0)
        self.buf = b""
        self.err = b""

    def _drain_stderr(self):
        while True:
            r, _, _ = select.select([self.p.stderr], [], [], 0)
            if not r:
                return
            chunk = os.read(self.p.stderr.fileno(), 65536)
            if not chunk:
                return
            self.err += chunk

    def answer(self):
        """Read one answer up to its empty line; returns the raw text."""
        deadline = time.time() + TIMEOUT
        while b"\n\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0:
                raise RuntimeError("timeout")
            r, _, _ = select.select([self.p.stdout, self.p.stderr], [], [], left)
            if self.p.stderr in r:
                chunk = os.read(self.p.stderr.fileno(), 65536)
                self.err += chunk
            if self.p.stdout in r:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                if not chunk:
                    raise RuntimeError("engine closed its output")
                self.buf += chunk
        text, self.buf = self.buf.split(b"\n\n", 1)
        return text.decode("utf-8", "replace")

    def send(self, line):
        self.p.stdin.write((line + "\n").encode("utf-8", "surrogateescape"))
        self.p.stdin.flush()
        return self.answer()

    def finish(self):
        """Close the input, wait for the exit; (status, unread stdout)."""
        try:
            self.p.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        deadline = time.time() + 60
        out = self.buf
        streams = [self.p.stdout, self.p.stderr]
        while streams and time.time() < deadline:
            r, _, _ = select.select(streams, [], [], max(0.0, deadline - time.time()))
            for s in r:
                chunk = os.read(s.fileno(), 65536)
                if not chunk:
                    streams.remove(s)
                elif s is self.p.stdout:
                    out += chunk
                else:
                    self.err += chunk
        try:
            self.p.wait(timeout=max(1.0, deadline - time.time()))
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        return self.p.returncode, out.decode("utf-8", "replace")


def parse_answer(raw, sent_id):
    """(ok, text) of a framed answer, or raise on bad framing."""
    m = re.match(r"([=?])(\d*)( |\n|$)", raw)
    if not m:
        raise RuntimeError("malformed answer %r" % raw[:80])
    if m.group(2) != (sent_id or ""):
        raise RuntimeError("id %r echoed as %r" % (sent_id, m.group(2)))
    if raw.endswith("\n"):
        raise RuntimeError("answer followed by more than one empty line")
    # As gogui-regress: everything after the first space, trimmed.
    i = raw.find(" ")
    text = raw[i:].strip() if i >= 0 else ""
    return m.group(1) == "=", text


def run_file(argv, path, report):
    passed = failed = 0
    name = os.path.basename(path)
    eng = Engine(argv, os.path.dirname(os.path.abspath(path)) or ".")
    last = None  # (lineno, id, ok, text, command)
    quit_sent = False
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        lines = f.read().split("\n")

    def fail(lineno, msg):
        nonlocal failed
        failed += 1
        report("%s:%d: %s" % (name, lineno, msg))

    def settle():
        # The previous command had no #? line: it only has to succeed.
        nonlocal last
        if last and not last[2]:
            fail(last[0], "%s -> ? %s" % (last[4], last[3]))
        last = None

    try:
        for lineno, line in enumerate(lines, 1):
            s = line.strip()
            if s.startswith("#?"):
                if last is None:
                    fail(lineno, "#? without a command before it")
                    continue
                pat = s[2:].strip()
                want_error = pat.endswith("*")
                if want_error:
                    pat = pat[:-1]
                if not (pat.startswith("[") and pat.endswith("]")):
                    fail(lineno, "bad pattern %r" % pat)
                    last = None
                    continue
                pat = pat[1:-1].strip()
                neg = pat.startswith("!")
                if neg:
                    pat = pat[1:]
                _, tid, ok, text, cmd = last
                matched = re.fullmatch(pat, text, re.M | re.S) is not None
                if neg:
                    matched = not matched
                if ok == want_error:
                    fail(lineno, "%s %s: expected %s, got %s %r" % (
                        tid, cmd, "an error" if want_error else "success", "=" if ok else "?", text[:200]))
                elif not matched:
                    fail(lineno, "%s %s: %r does not match [%s]" % (tid, cmd, text[:300], pat))
                else:
                    passed += 1
                last = None
                continue
            settle()
            if not s or s.startswith("#"):
                continue
            s = s.replace("\t", " ")
            m = re.match(r"(\d+)(?: |$)", s)
            sent_id = m.group(1) if m else ""
            raw = eng.send(s)
            ok, text = parse_answer(raw, sent_id)
            last = (lineno, sent_id, ok, text, s)
            if re.match(r"(\d+ )?quit\s*$", s):
                quit_sent = True
                settle()
                break
        settle()
        if not quit_sent:
            eng.send("quit")
        rc, rest = eng.finish()
        if rc != 0 or rest.strip():
            fail(len(lines), "engine exit status %s%s; stderr: %s" % (
                rc, ", extra output %r" % rest[:100] if rest.strip() else "",
                eng.err.decode("utf-8", "replace")[-2000:]))
        else:
            passed += 1
    except (RuntimeError, BrokenPipeError, OSError) as e:
        fail(last[0] if last else 0, "engine failure: %s; stderr: %s" % (
            e, eng.err.decode("utf-8", "replace")[-3000:]))
        try:
            eng.p.kill()
        except OSError:
            pass
    return passed, failed


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    argv = [os.path.abspath(sys.argv[1])]
    tp = tf = 0
    for path in sys.argv[2:]:
        p, f = run_file(argv, path, print)
        print("%s: %d passed, %d failed" % (os.path.basename(path), p, f))
        tp += p
        tf += f
    print("%d passed, %d failed" % (tp, tf))
    sys.exit(0 if tf == 0 else 1)


if __name__ == "__main__":
    main()
