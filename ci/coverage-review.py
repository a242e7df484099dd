#!/usr/bin/env python3
"""The lines of src/ no test runs, sorted into the kinds docs/testing.md explains, so that the
review of what is left stays current: python3 ci/coverage-review.py [build/coverage/coverage.json]
[--rooms src/formats,src/profiles,src/schema] [--list].

Kinds (decided from the line and the condition that guards it):
  alloc      an allocation failed (the line sets or returns AMC_ENOMEM, or is guarded by a test of
             an allocation's result): reached only with a failpoint (unit.test_alloc_fail*)
  propagate  a callee's failure handed on (return st / goto out / return false after a status
             test): its cause is tested where it arises
  defensive  a switch case or check for a value the caller never passes (enum completeness for
             -Wswitch-enum, NULL/usage checks of internal functions)
  reviewed   listed in ci/coverage-reviewed.txt with its reason (unreachable, or why untested)
  other      none of these: to review
"""
import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

ALLOC_CALL = re.compile(r"amc_(x\w*alloc|xstrdup|xcalloc|arena_\w+|buf_\w+|doc_new\w*|doc_alloc|"
                        r"doc_strdup|diags_new|diags_add\w*|sreg_alloc|sreg_strdup|pmap_put|"
                        r"smap_put|ptr_push\w*|uri_resolve)|\bx?strdup\(|_new\(")


def guard_of(src, n):
    """The condition line guarding line n (1-based): the nearest earlier line at a lower indent
    that starts with if/else if/while/for, within 6 lines."""
    ind = len(src[n - 1]) - len(src[n - 1].lstrip())
    for k in range(n - 2, max(n - 8, -1), -1):
        t = src[k]
        if not t.strip():
            continue
        ki = len(t) - len(t.lstrip())
        if ki < ind and re.match(r"\s*(\}\s*)?(if|else if|while|for)\b", t):
            return t
        if ki < ind:
            return t
    return ""


def classify(src, n):
    t = src[n - 1].strip()
    g = guard_of(src, n)
    ctx = " ".join(src[max(0, n - 4):n])
    if "ENOMEM" in t or "nomem" in t or "AMC_REGEX_ENOMEM_MSG" in t:
        return "alloc"
    if ("ENOMEM" in g or re.search(r"if \(!\w+\)", g) and ALLOC_CALL.search(ctx)
            or re.search(r"!= AMC_OK", g) and ALLOC_CALL.search(g)):
        return "alloc"
    if re.match(r"(return (st|rc|r|false|NULL|0|-1|AMC_E\w+);|goto \w+;|break;|continue;|\}|"
                r"return;)$", t) and re.search(r"(st|rc) != AMC_OK|!\w+\)|fatal|->st|halted|"
                                             r"== AMC_E|!= AMC_OK", g):
        return "propagate"
    if re.match(r"(case \w+:|default:|break;|return \"\?\";|return NULL;)$", t):
        return "defensive"
    if re.search(r"if \(!(set|doc|diags|out|v|s|re|p|ds|state)\b.*\|\|", g) or re.match(
            r"if \(!\w+\)$", g.strip()) and "return AMC_EUSAGE" in t:
        return "defensive"
    return "other"


def load_reviewed(path):
    out = {}
    if not os.path.exists(path):
        return out
    for t in open(path, encoding="utf-8"):
        if not t.strip() or t.startswith("#"):
            continue
        loc, _, why = t.rstrip("\n").partition("\t")
        f, _, rng = loc.partition(":")
        a, _, b = rng.partition("-")
        for ln in range(int(a), int(b or a) + 1):
            out[(f, ln)] = why
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("coverage", nargs="?",
                    default=os.path.join(ROOT, "build", "coverage", "coverage.json"))
    ap.add_argument("--rooms", default="src/formats,src/profiles,src/schema")
    ap.add_argument("--list", action="store_true", help="print every line of kind 'other'")
    a = ap.parse_args()
    rooms = tuple(r.rstrip("/") + "/" for r in a.rooms.split(","))
    reviewed = load_reviewed(os.path.join(ROOT, "ci", "coverage-reviewed.txt"))
    kinds = ("alloc", "propagate", "defensive", "reviewed", "other")
    table = {}
    others = []
    for f in json.load(open(a.coverage))["files"]:
        fn = f["file"]
        if not fn.startswith(rooms):
            continue
        src = open(os.path.join(ROOT, fn), encoding="utf-8", errors="replace").read().split("\n")
        row = table.setdefault(fn, dict.fromkeys(kinds, 0))
        for ln in f["lines"]:
            if ln.get("gcovr/noncode") or ln["count"]:
                continue
            n = ln["line_number"]
            k = "reviewed" if (fn, n) in reviewed else classify(src, n)
            row[k] += 1
            if k == "other":
                others.append("%s:%d: %s" % (fn, n, src[n - 1].strip()))
    print("| file | " + " | ".join(kinds) + " |")
    print("|---|" + "---:|" * len(kinds))
    tot = dict.fromkeys(kinds, 0)
    for fn in sorted(table):
        row = table[fn]
        if not any(row.values()):
            continue
        for k in kinds:
            tot[k] += row[k]
        print("| %s | %s |" % (fn, " | ".join(str(row[k]) for k in kinds)))
    print("| **total** | %s |" % " | ".join("**%d**" % tot[k] for k in kinds))
    if a.list:
        print()
        print("\n".join(others))
    return 0


if __name__ == "__main__":
    sys.exit(main())
