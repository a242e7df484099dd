#!/usr/bin/env python3
"""Turns an amc JSON report into GitHub Actions annotations and a readable log.

usage: gh-annotate.py REPORT.json [--base DIR]

REPORT is either what `amc validate|lint-schema --format json` print (files with diagnostics)
or an `amc conform` JSON report (conformance/REPORT.md). For each diagnostic an ::error or
::warning line with file, line and column (relative to --base, the repository, so GitHub can
place it on the diff); for each conformance failure an ::error line naming the case, its rule,
the input in the suite, expected vs got and the command that replays it. Workflow-command
escaping follows GitHub's rules (%, CR, LF; and ':' ',' in properties). Prints nothing else to
stdout but the commands and a one-line summary; exits 0 (the caller decides the job's outcome
from amc's exit status).
"""
import json
import os
import sys


def esc_data(s):
    return str(s).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def esc_prop(s):
    return esc_data(s).replace(":", "%3A").replace(",", "%2C")


def command(kind, message, **props):
    p = ",".join(f"{k}={esc_prop(v)}" for k, v in props.items() if v not in (None, ""))
    print(f"::{kind}{' ' + p if p else ''}::{esc_data(message)}")


def diagnostics(report, base):
    n = 0
    for f in report.get("files", []):
        path = f.get("file", "")
        if base and os.path.isabs(path):
            path = os.path.relpath(path, base)
        for d in f.get("diagnostics", []):
            kind = {"error": "error", "warning": "warning"}.get(d.get("severity"), "notice")
            pos = d.get("position") or {}
            title = d.get("code", "amc")
            if d.get("rule"):
                title += f" ({d['rule']})"
            command(kind, d.get("message", ""), file=path, line=pos.get("line"), col=pos.get("column"),
                    title=title)
            n += 1
    print(f"amc: {n} annotation(s) from {len(report.get('files', []))} file(s)")


def conform(report):
    n = 0
    for c in report.get("cases", []):
        if c["outcome"] not in ("fail", "error", "not-tested", "xpass"):
            continue
        kind = "error" if c["level"] == "MUST" else "warning"
        lines = [f"{c['outcome']} {c['id']} [{c['rule']} {c['level']}]: {c['message']}",
                 f"input: {c['input']}" + (f" (in the suite {report['suite']})" if report.get("suite") else "")]
        if c.get("replay"):
            lines.append(f"replay: {c['replay']}")
        command(kind, "\n".join(lines), title=f"amc conform: {c['id']}")
        n += 1
    headline = report.get("headline", "")
    command("notice" if report.get("gate") == "pass" else "error", headline,
            title=f"amc conform: {report.get('verdict')} (gate {report.get('gate')})")
    print(f"amc conform: {n} failure annotation(s); {headline}")


def main():
    args = sys.argv[1:]
    base = None
    if "--base" in args:
        i = args.index("--base")
        base = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    with open(args[0], encoding="utf-8") as f:
        report = json.load(f)
    if report.get("report") == "amc-conform":
        conform(report)
    else:
        diagnostics(report, base)
    return 0


if __name__ == "__main__":
    sys.exit(main())
