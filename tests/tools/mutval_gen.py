#!/usr/bin/env python3
"""mutval_gen.py - random small JSON Schemas and instances for unit.test_mutval_corpus (issue 22).

Writes tests/data/mutval/gen.cases (the format is in tests/unit/test_mutval_corpus.c): schemas of
every dialect amc implements made of a few keywords each (assertions near their boundaries,
applicators, $ref/$defs, $dynamicRef/$dynamicAnchor, $recursiveRef, unevaluated*, boolean
schemas), each with instances chosen so that some are valid and some are not, and for each
instance the verdict of python-jsonschema (the independent reference; a case where the two
disagree was read against the specification: see EXCLUDED below and the commit messages).

    python3 tests/tools/mutval_gen.py [--seed S] [--cases N] [--out FILE]

Then MUTVAL_WRITE=1 build/rel/unit.test_mutval_corpus rewrites gen.hash (the pinned answers).
The test itself needs neither this script nor python-jsonschema.
"""
import argparse
import json
import random
import sys

DIALECTS = [
    ("https://json-schema.org/draft/2020-12/schema", "2020"),
    ("https://json-schema.org/draft/2019-09/schema", "2019"),
    ("http://json-schema.org/draft-07/schema#", "7"),
    ("http://json-schema.org/draft-06/schema#", "6"),
    ("http://json-schema.org/draft-04/schema#", "4"),
]

KEYS = ["a", "b", "c", "foo", "x-1", "", "aa"]
STRS = ["", "a", "ab", "abc", "abcd", "\u00e9", "\u00e9\u00e9", "2020-01-01", "x-1", "foo",
        "a1", "1", "\U0001f600"]
NUMS = [0, 1, 2, 3, -1, 2.5, 10, 1.0, 0.5, 100, -2, 4, 7, 1e2, 3.0]


class Gen:
    def __init__(self, rng, dialect, lint=False):
        self.lint = lint
        self.r = rng
        self.d = dialect
        self.defs = {}

    def num(self):
        return self.r.choice(NUMS)

    def leaf(self):
        """one assertion keyword (or two of one family)"""
        r = self.r
        d = self.d
        k = r.randrange(22)
        if k == 0:
            t = ["string", "number", "integer", "object", "array", "boolean", "null"]
            if r.random() < 0.3:
                return {"type": r.sample(t, r.randint(1, 3))}
            return {"type": r.choice(t)}
        if k == 1:
            return {"enum": r.sample([0, 1, "a", None, True, [1], {"a": 1}, 1.0, "", [], {}],
                                     r.randint(1, 4))}
        if k == 2 and d != "4":
            return {"const": r.choice([0, 1, "a", None, False, [1, "a"], {"a": 1}, 2.0, {}])}
        if k == 3:
            return {"minimum": self.num()}
        if k == 4:
            return {"maximum": self.num()}
        if k == 5:
            if d == "4":
                return {"maximum": self.num(), "exclusiveMaximum": r.choice([True, False])}
            return {"exclusiveMaximum": self.num()}
        if k == 6:
            if d == "4":
                return {"minimum": self.num(), "exclusiveMinimum": r.choice([True, False])}
            return {"exclusiveMinimum": self.num()}
        if k == 7:
            return {"multipleOf": r.choice([1, 2, 0.5, 3, 1.5, 0.1])}
        if k == 8:
            return {"minLength": r.randint(0, 3)}
        if k == 9:
            return {"maxLength": r.randint(0, 3)}
        if k == 10:
            return {"pattern": r.choice(["^a", "b", "^[a-c]+$", "\\d", "^.{2}$", "x-"])}
        if k == 11:
            return {"minItems": r.randint(0, 3)}
        if k == 12:
            return {"maxItems": r.randint(0, 3)}
        if k == 13:
            return {"uniqueItems": r.choice([True, False])}
        if k == 14:
            return {"minProperties": r.randint(0, 3)}
        if k == 15:
            return {"maxProperties": r.randint(0, 3)}
        if k == 16:
            return {"required": r.sample(KEYS[:5], r.randint(0 if d != "4" else 1, 3))}
        if k == 17:
            kk = r.sample(KEYS[:4], 2)
            val = r.sample(KEYS[:4], r.randint(0, 2))
            if d in ("2020", "2019"):
                return {"dependentRequired": {kk[0]: val}}
            return {"dependencies": {kk[0]: val}}
        if k == 18:
            return {"format": r.choice(["date", "email", "ipv4", "unknown-fmt", "uri"])}
        if k == 19:
            return {"title": "t", "description": "d", "default": 1}
        if k == 20:
            return {"type": r.choice(["string", "number", "integer", "object", "array"])}
        return {}

    def lint_bit(self):
        """something amc lint-schema reports (or almost: one step inside the rule)"""
        r = self.r
        d = self.d
        k = r.randrange(16)
        if k == 0:
            return {r.choice(["minLenght", "tyep", "propertys", "$rfe", "x-ext", "note", "requried",
                              "MaxItems", "itemz", "contains2", "enum_", "$comments",
                              "definitions", "dependencies", "$recursiveRef", "prefixItems",
                              "$defs", "additionalItems", "dependentRequired", "const",
                              "defaultSnippets", "markdownDescription", "$id2",
                              "unevaluatedProperties", "$dynamicAnchor", "examples",
                              "contentMediaType", "deprecated", "id"]): r.choice([{}, 1, "a"])}
        if k == 1:
            a, b = r.choice([("minimum", "maximum"), ("minLength", "maxLength"),
                             ("minItems", "maxItems"), ("minProperties", "maxProperties"),
                             ("exclusiveMinimum", "maximum"), ("minimum", "exclusiveMaximum"),
                             ("exclusiveMinimum", "exclusiveMaximum"),
                             ("minContains", "maxContains")])
            lo = r.randint(0, 3)
            hi = lo + r.choice([-2, -1, 0, 1])
            if hi < 0:
                hi = 0
            out = {a: lo, b: hi}
            if d == "4" and a.startswith("exclusive"):
                out = {"minimum": lo, "exclusiveMinimum": True, "maximum": hi}
            if d == "4" and b.startswith("exclusive"):
                out = {"minimum": lo, "maximum": hi, "exclusiveMaximum": r.choice([True, False])}
            if a == "minContains":
                out["contains"] = {"type": "integer"}
            return out
        if k == 2:
            return {"enum": r.choice([[1, 1.0], ["a", "b", "a"], [{"a": 1}, {"a": 1.0}],
                                      [[1, 2], [1, 2]], [None, None, 1], [1, "1"], [True, 1],
                                      [{"a": 1, "b": 2}, {"b": 2, "a": 1}], [0, -0.0]])}
        if k == 3:
            nm = r.choice(KEYS[:3])
            out = {"required": [nm], "additionalProperties": False,
                   "properties": {kk: {} for kk in r.sample(KEYS[:3], r.randint(0, 2))}}
            if r.random() < 0.3:
                out["patternProperties"] = {r.choice(["^a", "b", "^x"]): {}}
            if r.random() < 0.3:
                out["properties"][nm] = r.choice([False, True, {"not": {}}])
            return out
        if k == 4:
            nm = r.choice(KEYS[:3])
            br = r.choice(["allOf", "anyOf", "oneOf"])
            out = {"additionalProperties": r.choice([False, {}]),
                   "properties": {kk: {} for kk in r.sample(KEYS[:3], r.randint(0, 1))},
                   br: [{"properties": {nm: {}}}, {"required": [nm]}]}
            if d not in ("4", "6") and r.random() < 0.3:
                out = {"additionalProperties": False, "if": {"properties": {nm: {}}},
                       "then": {"properties": {"b": {}}}, "else": {"required": [nm]}}
            return out
        if k == 5:
            return {"format": r.choice(["foo", "date", "uuid", "duration", "regex", "iri",
                                        "json-pointer", "relative-json-pointer", "idn-email",
                                        "uri-template", "time", "hostname", "int32", "Date"])}
        if k == 6:
            return {"pattern": r.choice(["\\p{L}", "(?<=a)b", "(?i)a", "a\\Z", "\\w+",
                                         "[[:alpha:]]", "a{,3}", "\\d", "(?P<x>a)", "a++",
                                         "\\cA", "[^]", "a|", "\\z", "(?<n>a)\\k<n>",
                                         "\\u{61}", "^\\/$", "\\1(a)"])}
        if k == 7:
            t = r.choice(["number", "string", "object", "array", "boolean", "null", "integer"])
            kw = r.choice([("minLength", 1), ("maxItems", 1), ("minimum", 1),
                           ("required", ["a"]), ("pattern", "a"), ("multipleOf", 2),
                           ("uniqueItems", True), ("maxProperties", 2), ("format", "date"),
                           ("contains", {}), ("properties", {"a": {}}), ("items", {})])
            return {"type": t if r.random() < 0.7 else [t, r.choice(["null", "string"])],
                    kw[0]: kw[1]}
        if k == 8:
            return {"$ref": r.choice(["#/$defs/none", "#/properties", "#/x", "other.json",
                                      "#/definitions/none", "#/properties/a", "#"]),
                    "title": "r"}
        if k == 9:
            return {"patternProperties": {r.choice(["(", "a{2,1}", "\\p{Foo}", "[b-a]"]): {}}}
        return {}

    def schema(self, depth):
        r = self.r
        if depth <= 0 or r.random() < 0.25:
            if r.random() < 0.08:
                return r.choice([True, False])
            s = self.leaf()
            if r.random() < 0.4:
                s.update(self.leaf())
            if self.lint and r.random() < 0.3:
                s.update(self.lint_bit())
            return s
        s = {}
        for _ in range(r.randint(1, 3)):
            s.update(self.applicator(depth - 1))
        if r.random() < 0.5:
            s.update(self.leaf())
        if self.lint and r.random() < 0.3:
            s.update(self.lint_bit())
        return s

    def applicator(self, depth):
        r = self.r
        d = self.d
        k = r.randrange(24)
        sub = lambda: self.schema(depth)
        if k == 0:
            return {"properties": {kk: sub() for kk in r.sample(KEYS, r.randint(1, 3))}}
        if k == 1:
            return {"patternProperties": {p: sub() for p in r.sample(["^a", "b", "^x-", "1$"],
                                                                     r.randint(1, 2))}}
        if k == 2:
            return {"additionalProperties": sub(),
                    "properties": {kk: sub() for kk in r.sample(KEYS, r.randint(0, 2))}}
        if k == 3 and d != "4":
            return {"propertyNames": sub()}
        if k == 4:
            if d == "2020":
                return {"items": sub()}
            return {"items": r.choice([sub(), [sub() for _ in range(r.randint(1, 2))]])}
        if k == 5:
            if d == "2020":
                return {"prefixItems": [sub() for _ in range(r.randint(1, 3))],
                        "items": sub()} if r.random() < 0.5 else \
                    {"prefixItems": [sub() for _ in range(r.randint(1, 3))]}
            return {"items": [sub() for _ in range(r.randint(1, 3))], "additionalItems": sub()}
        if k == 6 and d != "4":
            s = {"contains": sub()}
            if d in ("2020", "2019"):
                if r.random() < 0.5:
                    s["minContains"] = r.randint(0, 3)
                if r.random() < 0.5:
                    s["maxContains"] = r.randint(0, 3)
            return s
        if k == 7:
            return {"allOf": [sub() for _ in range(r.randint(1, 3))]}
        if k == 8:
            return {"anyOf": [sub() for _ in range(r.randint(1, 3))]}
        if k == 9:
            return {"oneOf": [sub() for _ in range(r.randint(1, 3))]}
        if k == 10:
            return {"not": sub()}
        if k == 11 and d not in ("4", "6"):
            s = {"if": sub()}
            if r.random() < 0.7:
                s["then"] = sub()
            if r.random() < 0.7:
                s["else"] = sub()
            return s
        if k == 12:
            kk = r.choice(KEYS[:4])
            if d in ("2020", "2019"):
                return {"dependentSchemas": {kk: sub()}}
            return {"dependencies": {kk: sub()}}
        if k in (13, 14) and d in ("2020", "2019"):
            if r.random() < 0.5:
                return {"unevaluatedProperties": sub()}
            return {"unevaluatedItems": sub()}
        if k in (15, 16):
            name = "d%d" % len(self.defs)
            self.defs[name] = None
            self.defs[name] = sub()
            dk = "$defs" if d in ("2020", "2019") else "definitions"
            return {"$ref": "#/%s/%s" % (dk, name)}
        if k == 17 and self.defs:
            dk = "$defs" if d in ("2020", "2019") else "definitions"
            return {"$ref": "#/%s/%s" % (dk, r.choice(sorted(self.defs)))}
        if k == 18 and d in ("2020", "2019"):
            return {"unevaluatedProperties": False,
                    "allOf": [{"properties": {r.choice(KEYS[:4]): sub()}}]}
        if k == 19 and d in ("2020", "2019"):
            return {"unevaluatedItems": r.choice([False, sub()]),
                    "anyOf": [sub(), {"prefixItems" if d == "2020" else "items":
                                      [sub()]}]}
        if k == 20:
            return {"$ref": "#"} if depth < 1 and r.random() < 0.3 else {}
        return {}


def dynamic_case(r, d):
    """$dynamicRef / $recursiveRef: a base list schema extended by a caller"""
    t = r.choice(["string", "number", "integer", "object", "boolean"])
    if d == "2020":
        base = {"$id": "https://example.com/tree", "$dynamicAnchor": "node",
                "type": ["object", "array", "string", "number"],
                "items": {"$dynamicRef": "#node"},
                "properties": {"kids": {"type": "array", "items": {"$dynamicRef": "#node"}}}}
        root = {"$schema": DIALECTS[0][0], "$id": "https://example.com/strict",
                "$dynamicAnchor": "node", "$ref": "tree",
                r.choice(["unevaluatedProperties", "additionalProperties"]): r.choice(
                    [False, {"type": t}]),
                "$defs": {"tree": base}}
        return root
    base = {"$id": "https://example.com/tree", "$recursiveAnchor": True,
            "type": ["object", "array", "string", "number"],
            "items": {"$recursiveRef": "#"},
            "properties": {"kids": {"type": "array", "items": {"$recursiveRef": "#"}}}}
    root = {"$schema": DIALECTS[1][0], "$id": "https://example.com/strict",
            "$recursiveAnchor": True, "$ref": "tree",
            r.choice(["unevaluatedProperties", "additionalProperties"]): r.choice(
                [False, {"type": t}]),
            "$defs": {"tree": base}}
    return root


def rand_value(r, depth=2, keys=None):
    keys = keys or KEYS
    k = r.randrange(10)
    if depth <= 0:
        k = r.randrange(6)
    if k == 0:
        return None
    if k == 1:
        return r.choice([True, False])
    if k in (2, 3):
        return r.choice(NUMS)
    if k in (4, 5):
        return r.choice(STRS)
    if k in (6, 7):
        return [rand_value(r, depth - 1, keys) for _ in range(r.randint(0, 4))]
    return {kk: rand_value(r, depth - 1, keys) for kk in r.sample(keys, r.randint(0, min(4, len(keys))))}


def names_of(s, out):
    """the property names a schema mentions (properties, required, dependencies...)"""
    if isinstance(s, list):
        for x in s:
            names_of(x, out)
    elif isinstance(s, dict):
        for k, v in s.items():
            if k in ("properties", "dependentRequired", "dependentSchemas", "dependencies") and \
                    isinstance(v, dict):
                out.update(v)
            if k == "required" and isinstance(v, list):
                out.update(x for x in v if isinstance(x, str))
            names_of(v, out)
    return out


def fill(path):
    """python-jsonschema's verdicts for the 'I *' lines of a hand-written cases file"""
    import decimal
    from jsonschema import validators
    lines = open(path, encoding="utf-8").read().split("\n")
    v = None
    for i, t in enumerate(lines):
        if t.startswith("S "):
            try:
                s = json.loads(t[2:])
                v = validators.validator_for(s)(s) if isinstance(s, (dict, bool)) else None
            except Exception:
                v = None
        elif t.startswith("R "):
            v = None  # documents beside the root: verdicts written by hand
        elif t.startswith("I * "):
            w = "?"
            try:
                if v is not None:
                    w = str(int(v.is_valid(json.loads(t[4:], parse_float=decimal.Decimal))))
            except Exception:
                w = "?"
            lines[i] = "I %s %s" % (w, t[4:])
    open(path, "w", encoding="utf-8").write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", default="mutval")
    ap.add_argument("--cases", type=int, default=400)
    ap.add_argument("--out", default="tests/data/mutval/gen.cases")
    ap.add_argument("--fill", metavar="CASES",
                    help="instead: write python-jsonschema's verdict into every 'I *' line of "
                         "this cases file (hand-written cases; '?' where it cannot decide)")
    ap.add_argument("--guided", action="store_true",
                    help="also instances made of the property names the schema mentions")
    ap.add_argument("--lint", action="store_true",
                    help="also what the linter reports (typos, contradictions, duplicates...)")
    a = ap.parse_args()
    import jsonschema
    from jsonschema import validators
    if a.fill:
        return fill(a.fill)
    r = random.Random(a.seed)
    out = ["# generated by tests/tools/mutval_gen.py --seed %s --cases %d%s%s --out %s" % (
        a.seed, a.cases, " --lint" if a.lint else "", " --guided" if a.guided else "", a.out)]
    n = 0
    while n < a.cases:
        uri, d = r.choice(DIALECTS)
        if r.random() < 0.06 and d in ("2020", "2019"):
            s = dynamic_case(r, d)
        else:
            g = Gen(r, d, a.lint)
            s = g.schema(r.randint(1, 3))
            if not isinstance(s, dict):
                s = {"allOf": [s]}
            if g.defs:
                s["$defs" if d in ("2020", "2019") else "definitions"] = g.defs
            s = dict([("$schema", uri)] + list(s.items()))
        cls = validators.validator_for(s)
        try:
            cls.check_schema(s)
            v = cls(s)
        except jsonschema.exceptions.SchemaError:
            if not a.lint:
                continue
            v = None
        cand = [rand_value(r) for _ in range(40)]
        if a.guided:
            # instances made of the names the schema mentions: more of them valid, and the
            # paths a valid instance takes (the wrappers of the test evaluate them in full)
            names = sorted(names_of(s, set()))
            if names:
                cand += [rand_value(r, 2, names + [r.choice(KEYS)]) for _ in range(40)]
        seen = set()
        good, bad = [], []
        for c in cand:
            t = json.dumps(c, ensure_ascii=False, sort_keys=False)
            if t in seen:
                continue
            seen.add(t)
            try:
                ok = v.is_valid(c) if v else "?"
            except Exception:  # a reference the reference validator cannot follow
                ok = "?"
            if ok == "?":
                if len(bad) < 3:
                    bad.append(("?", t))
                continue
            (good if ok else bad).append((int(ok), t))
        if not good and not bad:
            continue
        insts = good[:3] + bad[:3]
        out.append("S " + json.dumps(s, ensure_ascii=False))
        for w, t in insts:
            out.append("I %s %s" % (w, t))
        n += 1
    with open(a.out, "w") as f:
        f.write("\n".join(out) + "\n")
    print("%s: %d cases" % (a.out, n))


if __name__ == "__main__":
    sys.exit(main())
