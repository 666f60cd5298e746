"""A GTP engine process for the Python tests: one command, one answer.

Engine(argv, stderr) starts it; ask(cmd) gives the answer's lines (the
first starts with "=" or "?"), result(cmd) the pair (ok, text) with the
"= " or "? " taken off; quit() ends it and gives its exit status.
searchers(engine) is the engine's list of searchers."""
import subprocess


def searchers(engine):
    """The searchers the engine has (its searchers[] table), from the
    'searchers (--searcher NAME):' line of --help: no list kept in a test."""
    out = subprocess.run([engine, "--help"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    for line in out.splitlines():
        if line.startswith("searchers (--searcher NAME):"):
            return line.split(":", 1)[1].split()
    return []


class Engine:
    def __init__(self, argv, stderr=subprocess.DEVNULL):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, text=True,
                                  errors="replace", bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def answer(self):
        """The next answer's lines (without the empty line that ends it)."""
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise EOFError("the engine closed its output")
            if line == "\n":
                if lines: return lines
                continue
            lines.append(line.rstrip("\n"))

    def ask(self, line):
        self.send(line)
        return self.answer()

    def result(self, line):
        """(ok, text) of the answer to line."""
        text = "\n".join(self.ask(line))
        return text[:1] == "=", text[1:].strip()

    def quit(self):
        self.result("quit")
        return self.p.wait(timeout=60)
