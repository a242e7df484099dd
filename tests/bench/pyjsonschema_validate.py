#!/usr/bin/env python3
"""Reference validator for tests/bench/bench_schema.sh: python-jsonschema (Draft202012Validator
with its FormatChecker; "date-time" is only checked when the rfc3339-validator module is
installed, which the script reports).

Usage: pyjsonschema_validate.py [--limit N] ROOT_SCHEMA [MORE_SCHEMA...] FILE.jsonl
Compiles once, reads FILE line by line (at most N non-blank lines with --limit), json.loads +
is_valid each line (a line that does not parse counts as invalid), prints "valid=N invalid=N"
(and "lines=N") on stdout.
"""
import argparse
import json
import sys

import jsonschema

try:
    from referencing import Registry, Resource
except ImportError:  # jsonschema < 4.18
    Registry = None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    *schema_paths, data = a.files
    schemas = []
    for p in schema_paths:
        with open(p, encoding="utf-8") as f:
            schemas.append(json.load(f))
    cls = jsonschema.Draft202012Validator
    fc = cls.FORMAT_CHECKER
    if Registry is not None:
        reg = Registry().with_resources(
            (s["$id"], Resource.from_contents(s)) for s in schemas if "$id" in s)
        v = cls(schemas[0], registry=reg, format_checker=fc)
    else:
        store = {s["$id"]: s for s in schemas if "$id" in s}
        resolver = jsonschema.RefResolver.from_schema(schemas[0], store=store)
        v = cls(schemas[0], resolver=resolver, format_checker=fc)
    if "date-time" not in fc.checkers:
        print("note: FormatChecker has no date-time checker (rfc3339-validator missing)",
              file=sys.stderr)
    valid = invalid = lines = 0
    with open(data, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            if a.limit and lines >= a.limit:
                break
            lines += 1
            try:
                doc = json.loads(line)
            except ValueError:
                invalid += 1
                continue
            if v.is_valid(doc):
                valid += 1
            else:
                invalid += 1
    print(f"valid={valid} invalid={invalid} lines={lines}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
