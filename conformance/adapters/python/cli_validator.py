"""An implementation module for adapter.py that runs any command-line validator once per case.

    amc conform --profile ignite --impl "python3 adapter.py --impl cli_validator.py \\
        --profile ignite --path --cmd 'mytool check {file}'"

The command runs through /bin/sh with these placeholders, each shell-quoted:
  {file}     the (last) input file, written under its fixture name (placement rules see it)
  {files}    every input file of the request, in order (a stateful case's session)
  {profile}  the profile
  {policy}   the policy file (its aux files, such as a keyring, lie where it names them)
  {now}      the reference clock, RFC 3339 (empty when the case has none)
A part in double brackets is left out when a placeholder inside it is empty, so options that
only some cases need stay out of the others: '[[--policy {policy}]] [[--now {now}]]'.
Exit status 0 = valid, 1 = invalid, anything else = error (reported as such, never guessed).

Options (claim only what your validator handles):
  --cmd CMD           the validator command (required)
  --profile P         a profile you implement (repeatable)
  --codes-regex RE    amc code ids in the command's stdout+stderr (group 1 of each match); claims
                      "codes", so codes are compared too
  --path              claim <profile>.path (the command reads the file's name and place)
  --stateful          claim <profile>.stateful ({files} is validated as one session)
  --policy            claim <profile>.policy ({policy} is in the command)
  --clock             claim <profile>.clock ({now} is in the command)
  --name/--version/--language/--homepage   what reports say about you
  --split-jsonl       write each message of a *.jsonl input as its own file (NAME.1.json,
                      NAME.2.json, ...) for a command that takes one message per file
  --timeout S         kill the command after S seconds (default 30)
"""
import argparse
import re
import shlex
import subprocess

opts = None


def configure(argv):
    global opts
    ap = argparse.ArgumentParser(prog="cli_validator.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cmd", required=True)
    ap.add_argument("--profile", action="append", default=[])
    ap.add_argument("--codes-regex")
    for flag in ("--path", "--stateful", "--policy", "--clock"):
        ap.add_argument(flag, action="store_true")
    ap.add_argument("--name", default="cli-validator")
    ap.add_argument("--version", default="")
    ap.add_argument("--language", default="")
    ap.add_argument("--homepage", default="")
    ap.add_argument("--split-jsonl", action="store_true")
    ap.add_argument("--timeout", type=float, default=30)
    opts = ap.parse_args(argv)
    opts.codes = re.compile(opts.codes_regex) if opts.codes_regex else None
    for flag, ph in (("policy", "{policy}"), ("clock", "{now}"), ("stateful", "{files}")):
        # a claim whose input the command never receives would fail every such case
        if getattr(opts, flag) and ph not in opts.cmd:
            ap.error(f"--{flag} claims what the command must receive: put {ph} in --cmd")


def describe():
    caps = ["codes"] if opts.codes else []
    for p in opts.profile:
        caps.append(p)
        caps += [f"{p}.{c}" for c in ("path", "stateful", "policy", "clock") if getattr(opts, c)]
    return {"name": opts.name, "version": opts.version, "language": opts.language,
            "homepage": opts.homepage, "profiles": opts.profile, "capabilities": caps}


PLACEHOLDER = re.compile(r"\{(file|files|profile|policy|now)\}")


def expand(template, values):
    """Placeholders shell-quoted; a [[...]] group is dropped when one of its placeholders is
    empty (and kept without the brackets otherwise)."""
    def sub(text):
        return PLACEHOLDER.sub(lambda m: " ".join(map(shlex.quote, values[m.group(1)]))
                               if isinstance(values[m.group(1)], list)
                               else shlex.quote(values[m.group(1)]), text)

    def group(m):
        names = PLACEHOLDER.findall(m.group(1))
        return "" if any(not values[n] for n in names) else sub(m.group(1))
    return sub(re.sub(r"\[\[(.*?)\]\]", group, template))


def validate(req):
    paths = []
    for f in req.files:
        if opts.split_jsonl and f.name.endswith(".jsonl"):
            lines = [ln for ln in f.data.split(b"\n") if ln.strip()]
            for k, line in enumerate(lines, 1):
                with open(f"{f.path}.{k}.json", "wb") as out:
                    out.write(line + b"\n")
                paths.append(f"{f.path}.{k}.json")
        else:
            paths.append(f.path)
    cmd = expand(opts.cmd, {"file": paths[-1], "files": paths,
                            "profile": req.profile, "policy": req.policy.path if req.policy else "",
                            "now": req.now or ""})
    try:
        p = subprocess.run(cmd, shell=True, capture_output=True, timeout=opts.timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"validator timed out after {opts.timeout}s")
    if p.returncode not in (0, 1):
        tail = (p.stderr or p.stdout).decode("utf-8", "replace")[-300:]
        raise RuntimeError(f"validator exit status {p.returncode}: {tail}")
    r = {"verdict": "valid" if p.returncode == 0 else "invalid"}
    if opts.codes:
        text = (p.stdout + p.stderr).decode("utf-8", "replace")
        r["codes"] = sorted(set(m.group(1) for m in opts.codes.finditer(text)))
    return r


def lifecycle(req):
    raise RuntimeError("a command-line validator replays no lifecycle events (not claimed)")


def reset():
    pass  # every case runs a fresh command
