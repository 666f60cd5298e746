#!/usr/bin/env python3
"""Mutation run: each deliberate bug of tests/mutation/mutations.txt is put
into a scratch copy of the tree, the fastest tests that should see it are
built and run there, and the bug is killed (the test command fails) or
survives (it passes). Every mutation must be killed: a survivor is a test
to fix.

  tests/mutation/run.py [--only ID,ID] [--list] [--jobs N] [--timeout S]

The copy is build/mutation/src: the tracked files as they are in the work
tree (uncommitted edits included) and the build/ objects already there, so
each mutation rebuilds only what its file reaches. Your tree is never
touched. Prints one line per mutation and closes with "N killed, N survived,
N broken" (broken: the bug's text is no longer in its file or the copy did
not build - the list must follow the code). Exit status 1 unless every
mutation was killed. `make mutation` runs it.

List format (mutations.txt): blocks separated by blank lines,
  == ID  what the bug is
  file PATH
  find TEXT        (exactly once in PATH; \\n, \\t, \\\\ are escapes)
  into TEXT
  build TARGET...  (make targets in the copy)
  test COMMAND     (shell, in the copy; fails when the bug is seen)
"""
import argparse, os, shutil, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIST = os.path.join(ROOT, "tests", "mutation", "mutations.txt")


def unescape(s):
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s) and s[i + 1] in "nt\\":
            out.append({"n": "\n", "t": "\t", "\\": "\\"}[s[i + 1]])
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def parse(path):
    muts, cur = [], None
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if line.startswith("#"):
            continue
        if not line.strip():
            cur = None
            continue
        if line.startswith("== "):
            ident, _, what = line[3:].partition(" ")
            cur = {"id": ident, "what": what.strip(), "line": n, "build": []}
            muts.append(cur)
            continue
        key, _, val = line.partition(" ")
        if cur is None or key not in ("file", "find", "into", "build", "test"):
            sys.exit("%s:%d: not a mutation line: %r" % (path, n, line))
        if key == "build":
            cur["build"] += val.split()
        else:
            cur[key] = unescape(val) if key in ("find", "into") else val
    for m in muts:
        for k in ("file", "find", "into", "test"):
            if k not in m:
                sys.exit("%s:%d: mutation %s has no %s line" % (path, m["line"], m["id"], k))
    ids = [m["id"] for m in muts]
    if len(set(ids)) != len(ids):
        sys.exit("%s: an id is used twice" % path)
    return muts


def scratch():
    """build/mutation/src: the tracked files and build/'s objects."""
    dst = os.path.join(ROOT, "build", "mutation", "src")
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, stdout=subprocess.PIPE, check=True).stdout
    for f in files.decode().split("\0"):
        if not f or not os.path.isfile(os.path.join(ROOT, f)):
            continue
        d = os.path.join(dst, f)
        os.makedirs(os.path.dirname(d), exist_ok=True)
        src = os.path.join(ROOT, f)
        # Unchanged files keep the copy's time stamp: nothing to rebuild.
        if os.path.exists(d) and open(d, "rb").read() == open(src, "rb").read():
            continue
        shutil.copy2(src, d)
    if not os.path.isdir(os.path.join(dst, "build")):
        b = os.path.join(ROOT, "build")
        for sub in os.listdir(b):
            if sub == "mutation" or not os.path.isdir(os.path.join(b, sub)):
                continue
            shutil.copytree(os.path.join(b, sub), os.path.join(dst, "build", sub), symlinks=True)
        for f in ("flags", "dispatch.o"):
            if os.path.exists(os.path.join(b, f)):
                shutil.copy2(os.path.join(b, f), os.path.join(dst, "build", f))
    return dst


def run(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, shell=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout)
        return p.returncode, p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        return "timeout", (e.stdout or b"").decode("utf-8", "replace")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default="", help="comma-separated ids")
    ap.add_argument("--list", action="store_true", help="print the mutations and exit")
    ap.add_argument("--jobs", type=int, default=2, help="make -j (default 2)")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds per test command (a hang counts as killed)")
    args = ap.parse_args()
    muts = parse(LIST)
    if args.only:
        want = set(args.only.split(","))
        unknown = want - {m["id"] for m in muts}
        if unknown:
            sys.exit("unknown ids: %s" % ", ".join(sorted(unknown)))
        muts = [m for m in muts if m["id"] in want]
    if args.list:
        for m in muts:
            print("%-24s %-28s %s" % (m["id"], m["file"], m["what"]))
        return 0
    src = scratch()
    # As CI builds (warnings are errors): a bug is written so that it
    # compiles clean, and the copy reuses objects built so.
    env_make = "make --no-print-directory WERROR=-Werror -j%d " % args.jobs
    # The tree as it is must build and pass every test command: else a
    # "kill" would be the test's own failure.
    builds = sorted({t for m in muts for t in m["build"]})
    rc, out = run(env_make + " ".join(builds), src, None)
    if rc != 0:
        print(out[-3000:])
        print("the unmutated copy does not build")
        return 1
    for test in sorted({m["test"] for m in muts}):
        rc, out = run(test, src, args.timeout)
        if rc != 0:
            print(out[-3000:])
            print("the unmutated copy fails: %s" % test)
            return 1
    killed = survived = broken = 0
    for m in muts:
        path = os.path.join(src, m["file"])
        orig = open(path, encoding="utf-8").read()
        t0 = time.time()
        if orig.count(m["find"]) != 1:
            broken += 1
            print("BROKEN   %-24s %s: the text to change is found %d times" % (m["id"], m["file"], orig.count(m["find"])))
            continue
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(orig.replace(m["find"], m["into"], 1))
            rc, out = run(env_make + " ".join(m["build"]), src, None) if m["build"] else (0, "")
            if rc != 0:
                broken += 1
                print("BROKEN   %-24s did not build:\n%s" % (m["id"], out[-1500:]))
                continue
            rc, out = run(m["test"], src, args.timeout)
        finally:
            with open(path, "w", encoding="utf-8") as f:
                f.write(orig)
        secs = time.time() - t0
        if rc == 0:
            survived += 1
            print("SURVIVED %-24s %6.0f s  %s  (%s)" % (m["id"], secs, m["what"], m["test"]), flush=True)
        else:
            killed += 1
            print("killed   %-24s %6.0f s  %s  (%s)" % (m["id"], secs, m["what"], m["test"]), flush=True)
    # Leave the copy built as the tree is, for the next run.
    if builds:
        run(env_make + " ".join(builds), src, None)
    print("%d killed, %d survived, %d broken" % (killed, survived, broken))
    return 0 if survived == 0 and broken == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
