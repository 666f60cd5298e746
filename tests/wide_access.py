"""Loads and stores wider than the local object they are based on, in the
IR that LLVM prints before each GVN (-mllvm -print-before=gvn; at the link
under -flto, -Wl,-mllvm,-print-before=gvn): such an access is the shape
in which LLVM 19's GVN forwards a wrong value (LLVM issue 111585; see
rules/position.h, move_placements). The vectoriser makes it from a loop
whose bound it does not know over a small array: 16-byte loads or stores
of a 6- or 12-byte object, on a path that never runs.

python3 tests/wide_access.py DUMP: one line per access found (function,
instruction, bytes, object), then "N accesses wider than their object in
M functions"; exit status 1 when N > 0. A local object is an alloca; its
size is its type's when that is an integer, a pointer or an array or
vector of them, else the size of its llvm.lifetime.start. Accesses are
traced to it through getelementptr."""
import re
import sys

SCALAR = {"ptr": 4, "float": 4, "double": 8}


def type_size(t):
    """Bytes of an IR type of integers, pointers, arrays and vectors; None
    for other types (structs)."""
    t = t.strip()
    m = re.fullmatch(r"\[(\d+) x (.+)\]", t) or re.fullmatch(r"<(\d+) x (.+)>", t)
    if m:
        e = type_size(m.group(2))
        return int(m.group(1)) * e if e else None
    m = re.fullmatch(r"i(\d+)", t)
    if m:
        return max(1, int(m.group(1)) // 8)
    return SCALAR.get(t)


DEF = re.compile(r"\s*(%[\w.]+) = (.*)")
ALLOCA = re.compile(r"alloca (.+?)(?:, align \d+)?(?:, !.*)?$")
GEP = re.compile(r"getelementptr (?:inbounds )?(?:nuw )?(?:nusw )?[^,]+, ptr (%[\w.]+)")
LIFETIME = re.compile(r"@llvm\.lifetime\.start\.p0\(i64 (\d+), ptr (?:nonnull )?(%[\w.]+)\)")
ACCESS = re.compile(r"= load (?:volatile )?(<[^>]+>|i\d+), ptr (%[\w.]+)|store (?:volatile )?(<[^>]+>|i\d+) [^,]+, ptr (%[\w.]+)")


def scan(name, body, out):
    """The accesses of one function's IR wider than their alloca."""
    defs, sizes = {}, {}
    for line in body.split("\n"):
        m = DEF.match(line)
        if m:
            defs[m.group(1)] = m.group(2)
        m = LIFETIME.search(line)
        if m:
            sizes[m.group(2)] = int(m.group(1))

    def base(p, depth=0):
        if depth > 20 or p not in defs:
            return None
        m = ALLOCA.match(defs[p])
        if m:
            return p, type_size(m.group(1)) or sizes.get(p)
        m = GEP.match(defs[p])
        return base(m.group(1), depth + 1) if m else None

    found = 0
    for line in body.split("\n"):
        m = ACCESS.search(line)
        if not m:
            continue
        size = type_size(m.group(1) or m.group(3))
        b = base(m.group(2) or m.group(4))
        if b and b[1] and size and size > b[1]:
            found += 1
            out.append("%s: %s -- %d bytes of %s, %d bytes" % (name, line.strip()[:100], size, b[0], b[1]))
    return found


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: wide_access.py DUMP (the IR printed by -print-before=gvn)")
    parts = re.split(r"\*\*\* IR Dump Before GVNPass on (\S+) \*\*\*", open(sys.argv[1]).read())
    out, found = [], 0
    for k in range(1, len(parts), 2):
        found += scan(parts[k], parts[k + 1], out)
    print("\n".join(out + ["%d accesses wider than their object in %d functions" % (found, len(parts) // 2)]))
    sys.exit(1 if found or len(parts) < 3 else 0)


main()
