#!/usr/bin/env python3
"""ctest cli.clicov_files (issue 22, helper clicov): commands that walk directories, on trees a
repository cannot hold (FIFOs, symbolic links, 65 levels of directories): amc lint-schema.

usage: clicov_files.py AMC SOURCE_DIR
"""
import os
from clicov_lib import TMP, check, finish, path, write

DIALECT = ('info[LINT_DIALECT]: no "$schema": the schema is read as draft 2020-12; declare '
           '"$schema": "https://json-schema.org/draft/2020-12/schema"')


def mismatch(at, kw, applies, typ):
    return ('warning[LINT_KEYWORD_TYPE_MISMATCH]: "%s" applies only to %s but "type" is "%s": it '
            'has no effect (at /%s)' % (kw, applies, typ, kw)) if at else ""


# 1. amc lint-schema DIR/: *.json, *.yaml and *.yml linted in name order, subdirectories walked;
# a name without '.', *.txt, a dot file and a FIFO named *.json skipped; a link to a schema
# outside the tree linted under its own name; --exclude leaves a subdirectory out
write("ls/a.yml", '{"type":"object","minimum":1}')
write("ls/b.yaml", '{"type":"string"}')
write("ls/noext", "{}")
write("ls/c.txt", "{}")
write("ls/.d.json", "{")
write("ls/sub/d.json", '{"type":"integer","maxLength":2}')
write("other/e.json", '{"type":"boolean","minItems":1}')
os.symlink("../other/e.json", path("ls/link.json"))
os.mkfifo(path("ls/f.json"))
A = ["ls/a.yml:1:1: " + DIALECT,
     "ls/a.yml:1:18: " + mismatch(1, "minimum", "numbers", "object"),
     "ls/b.yaml:1:1: " + DIALECT,
     "ls/link.json:1:1: " + DIALECT,
     "ls/link.json:1:19: " + mismatch(1, "minItems", "arrays", "boolean")]
D = ["ls/sub/d.json:1:1: " + DIALECT,
     "ls/sub/d.json:1:19: " + mismatch(1, "maxLength", "strings", "integer")]
check("lint-schema dir/", ["lint-schema", "ls/"], cwd=TMP, out="".join(x + "\n" for x in A + D))
check("lint-schema --exclude", ["lint-schema", "--exclude", "sub", "ls"], cwd=TMP,
      out="".join(x + "\n" for x in A))

# 2. directories are walked 64 levels below the one named: a schema in the 64th level is
# linted, one in the 65th is not
deep = "deep" + "/d" * 64
write(deep + "/u.json", '{"type":"string","minimum":1}')
write(deep + "/d/v.json", '{"type":"string","minimum":1}')
check("lint-schema depth", ["lint-schema", "deep"], cwd=TMP,
      out=deep + "/u.json:1:1: " + DIALECT + "\n" + deep + "/u.json:1:18: "
      + mismatch(1, "minimum", "numbers", "string") + "\n")
finish()
