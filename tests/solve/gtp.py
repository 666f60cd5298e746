"""A GTP engine process for the solver tests: one command, one answer."""
import subprocess


class Engine:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, bufsize=1)

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()

    def answer(self):
        """(ok, text) of the next answer."""
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError("engine closed its output")
            if line == "\n" and lines:
                break
            lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        return text[0] == "=", text[1:].strip()

    def ask(self, cmd):
        self.send(cmd)
        return self.answer()

    def quit(self):
        self.ask("quit")
        return self.p.wait(timeout=60)
