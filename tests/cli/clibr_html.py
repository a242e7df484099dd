#!/usr/bin/env python3
"""HTML pages of amc audit and amc trace check on inputs no other test gives them (issue 22,
helper clibr), each asserted exactly:
  1. amc audit --format html: the lanes come from values find_value reads where no other test
     puts them: a key after a tab, a quoted key with a tab before its colon, a key at the very
     end of the file ("to:" with no value: no lane), a JSON member ended by '}', a YAML value
     that runs to the end of the file, a key inside a longer quoted key ('"fromage"': not
     "from"); a file at the workspace's top (its folder "."); and a file that starts with its key
     (cli_html_trace.c find_value, cli_audit_file_read, cli_html_audit),
  2. amc trace check --format html of an IGNITE trace whose backoff finding the settings made a
     warning, then a note: the replay goes on, the step is drawn as a warning (a note: as a
     plain step, its tooltip saying "note[...]"), not as the illegal step; the next illegal
     step is the error; "worker" and "receiver" members are agents' lanes
     (cli_html_trace.c cli_tl_event; before this test the step was drawn as an error and a
     note's tooltip said "warning"),
  3. amc trace check of a trace with a blank line of a tab and CR and no newline at its end,
     whose unfinished message the settings made an error: "open obligations at the end" in
     text, "open obligations" on the page; --disable of an unknown ID (exit 2) (cmd_trace.c replay, main; cli_html_trace.c).
Usage: clibr_html.py AMC (run from the source tree)."""
import os
import re
import subprocess
import sys
import tempfile

AMC = os.path.abspath(sys.argv[1])
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(args, cwd=None):
    return subprocess.run([AMC] + args, capture_output=True, timeout=60, cwd=cwd,
                          env=dict(os.environ, NO_COLOR="1"))


with tempfile.TemporaryDirectory(prefix="amc-clibr-html-") as t:
    # 1. audit --format html
    ws = os.path.join(t, "ws")
    os.makedirs(os.path.join(ws, "q"))
    files = {
        "q/a_1770692606249501.yaml": "\tfrom: tabbed\n",
        "q/b_1770692606249502.yaml": '"from"\t: "tq"\n',
        "q/c_1770692606249503.yaml": "x: 1\nto:",
        "q/d_1770692606249504.json": '{"to":5}',
        "q/e_1770692606249505.yaml": "task_id: eof-task",
        "q/f_1770692606249506.json": '{"fromage": "no", "to": "rcv"}\n',
        "r_1770692606249507.json": '{"task_id": "root-task"}\n',
        "q/g_1770692606249508.yaml": "from: first-key\n",
    }
    for name, text in files.items():
        with open(os.path.join(ws, name), "w") as f:
            f.write(text)
    p = run(["audit", "--format", "html", "ws"], cwd=t)
    page = p.stdout.decode()
    lanes = sorted(set(re.findall(r'data-lane="([^"]*)"', page)))
    check(p.returncode == 0 and lanes == ["agent:5", "agent:first-key", "agent:rcv",
                                          "agent:tabbed", "agent:tq", "folder:q",
                                          "task:eof-task", "task:root-task"],
          f"audit html: exit {p.returncode} lanes {lanes!r} {p.stderr!r}")
    titles = re.findall(r"<title>([^<]*)</title>", page)
    want = ["line 1: q/a_1770692606249501.yaml \u2014 folder q",
            "line 2: q/b_1770692606249502.yaml \u2014 folder q",
            "line 3: q/c_1770692606249503.yaml \u2014 folder q",
            "line 4: q/d_1770692606249504.json \u2014 folder q",
            "line 5: q/e_1770692606249505.yaml \u2014 task eof-task",
            "line 6: q/f_1770692606249506.json \u2014 folder q",
            "line 7: r_1770692606249507.json \u2014 task root-task",
            "line 8: q/g_1770692606249508.yaml \u2014 folder q"]
    check([x for x in titles if x.startswith("line ")] == want and "." in titles,
          f"audit html: the marks {titles!r}")

    # 2. trace check --format html: a finding the settings made a warning or a note
    tr = os.path.join(t, "tr.jsonl")
    with open(tr, "w") as f:
        f.write('{"event": "enqueue", "t": 0, "msg": "m-1", "worker": "w1", "receiver": "r1"}\n'
                '{"event": "claim", "t": 1000, "msg": "m-1"}\n'
                '{"event": "timeout", "t": 2000, "msg": "m-1", "retry_count": 1, '
                '"next_retry_after": 60000}\n'
                '{"event": "requeue", "t": 60000, "msg": "m-1"}\n')
    backoff = ("[LC_IGNITE_BACKOFF] IGNITE-LC-003: Next-Retry-After is 58000 ms after the "
               "timeout; the bound of retry 0 is [0, 5000] ms")
    for sev, cls, label in (("warning", "warn", "warning"), ("info", "ok", "note")):
        with open(os.path.join(t, sev + ".yaml"), "w") as f:
            f.write("rules:\n  IGNITE-LC-003: %s\n" % sev)
        p = run(["trace", "check", "--profile", "ignite", "--config", sev + ".yaml", "--format",
                 "html", "tr.jsonl"], cwd=t)
        page = p.stdout.decode()
        marks = re.findall(r'<rect class="ev ([a-z]+)"[^>]*data-line="(\d)" data-event="(\w+)">'
                           r"<title>(.*?)</title>", page, re.S)
        want = [("ok", "1", "enqueue", "line 1: enqueue at 0 \u2014 msg m-1: none -&gt; queued"),
                ("ok", "2", "claim",
                 "line 2: claim at 1000 \u2014 msg m-1: queued -&gt; processing"),
                (cls, "3", "timeout", "line 3: timeout at 2000 \u2014 msg m-1\n" + label + backoff),
                ("err", "4", "requeue",
                 "line 4: requeue at 60000 \u2014 msg m-1\nerror[LC_IGNITE_TRANSITION] "
                 "IGNITE-LC-001: requeue of a message that is processing (expected retrying)")]
        lanes = sorted(set(re.findall(r'data-lane="([^"]*)"', page)))
        check(p.returncode == 1 and marks == want and
              lanes == ["agent:r1", "agent:w1", "msg:m-1"] and
              '<span class="badge v-not-conformant" id="verdict">illegal step' in page,
              f"trace html, the backoff rule at {sev}: exit {p.returncode} {marks!r} {lanes!r}")

    # 3. open obligations at the end
    with open(os.path.join(t, "unf.yaml"), "w") as f:
        f.write("rules:\n  IGNITE-LC-010: error\n")
    with open(os.path.join(t, "tr3.jsonl"), "w", newline="") as f:
        f.write('{"event": "enqueue", "t": 0, "msg": "m-1"}\n \t\r\n'
                '{"event": "claim", "t": 1000, "msg": "m-1"}')
    p = run(["trace", "check", "--profile", "ignite", "--config", "unf.yaml", "tr3.jsonl"], cwd=t)
    check(p.returncode == 1 and p.stdout ==
          b"tr3.jsonl: error[LC_IGNITE_UNFINISHED] IGNITE-LC-010: a message is still processing "
          b"(first: 'm-1')\ntr3.jsonl: open obligations at the end; 3 lines, 2 events\n"
          b"  events: enqueue=1 claim=1\n  entities: messages=1\n",
          f"trace, open obligations: exit {p.returncode} {p.stdout!r} {p.stderr!r}")
    p = run(["trace", "check", "--profile", "ignite", "--config", "unf.yaml", "--format", "html",
             "tr3.jsonl"], cwd=t)
    check(p.returncode == 1 and
          b'<span class="badge v-not-conformant" id="verdict">open obligations</span>' in p.stdout,
          f"trace html, open obligations: exit {p.returncode} {p.stderr!r}")
    p = run(["trace", "check", "--profile", "ignite", "--disable", "NOPE", "tr3.jsonl"], cwd=t)
    check(p.returncode == 2 and p.stdout == b"" and p.stderr ==
          b"amc trace: --disable: 'NOPE' is not a rule ID or code (amc rules lists them)\n",
          f"trace --disable NOPE: exit {p.returncode} {p.stderr!r}")

for f in failures:
    print("FAIL:", f)
print(f"clibr_html: {len(failures)} failures")
sys.exit(1 if failures else 0)
