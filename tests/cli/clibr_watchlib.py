"""amc watch run in the background for the clibr_watch*.py tests (issue 22): its standard output
and error collected line by line as they come, a bounded wait for a line on standard error, a
bounded wait for the end. Every failed wait is reported through the check function given."""
import os
import subprocess
import threading
import time


class Watch:
    def __init__(self, amc, args, check):
        self.check = check
        self.p = subprocess.Popen([amc, "watch"] + args, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, env=dict(os.environ, NO_COLOR="1"))
        self.out, self.err = [], []
        self.th = [threading.Thread(target=self.reader, args=(s, into), daemon=True)
                   for s, into in ((self.p.stdout, self.out), (self.p.stderr, self.err))]
        for t in self.th:
            t.start()

    @staticmethod
    def reader(stream, into):
        for line in iter(stream.readline, b""):
            into.append(line.decode("utf-8", "replace"))

    def wait_err(self, text, what):
        end = time.monotonic() + 30
        while time.monotonic() < end:
            if any(text in e for e in self.err):
                return True
            if self.p.poll() is not None:
                break
            time.sleep(0.02)
        self.check(False, f"{what}: no '{text}' on stderr within 30 s: {self.err!r}")
        return False

    def finish(self):
        try:
            self.p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            self.check(False, "amc watch did not stop within 30 s")
        for t in self.th:
            t.join(5)
        return self.p.returncode
