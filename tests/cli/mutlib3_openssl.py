#!/usr/bin/env python3
"""mutlib3_openssl.py - the mailbox profile's signatures when OpenSSL has no HMAC to give
(issue 22): with OPENSSL_CONF pointing at tests/data/mutlib3/no-provider.cnf every algorithm
fetch fails, so the mailbox state has no EVP_MAC (mb_state_new's EVP_MAC_fetch returns NULL).
The HMAC of an envelope then falls back to the one-shot HMAC(), which fails too: amc sign
reports the envelope as not signable (exit 1, nothing printed on standard output) and amc
validate an internal error (exit 2), where a mac_for() that went on with no EVP_MAC
(src/profiles/mailbox.c: `!s->mac || !k->secret_len` -> `&&`) crashes in EVP_MAC_CTX_new(NULL).
The same commands without the configuration sign and validate (the control).

usage: mutlib3_openssl.py AMC
"""
import os
import subprocess
import sys

AMC = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CNF = os.path.join(ROOT, "tests", "data", "mutlib3", "no-provider.cnf")
KEYRING = "conformance/mailbox/policies/keyring.json"
POLICY = "conformance/mailbox/policies/hmac.yaml"
ENV = "conformance/mailbox/inputs/sig-006-valid-hmac.json"
failures = []


def run(args, cnf):
    env = dict(os.environ, LC_ALL="C", NO_COLOR="1")
    env.pop("OPENSSL_CONF", None)
    if cnf:
        env["OPENSSL_CONF"] = CNF
    p = subprocess.run([AMC] + args, cwd=ROOT, env=env, capture_output=True, timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def check(what, got, want):
    if got != want:
        failures.append("%s: got %r, want %r" % (what, got, want))


sign = ["sign", "--scheme", "hmac_sha256", "--keyring", KEYRING, ENV]
code, out, err = run(sign, False)
check("sign (control): exit", code, 0)
check("sign (control): output", out.split(" ")[0], ENV)
check("sign (control): signature length", len(out.strip().split(" ")[-1]), 64)
code, out, err = run(sign, True)
check("sign without HMAC: exit", code, 1)
check("sign without HMAC: output", out, "")

validate = ["validate", "--profile", "mailbox", "--policy", POLICY, ENV]
code, out, err = run(validate, False)
check("validate (control): exit", code, 0)
code, out, err = run(validate, True)
check("validate without HMAC: exit", code, 2)
check("validate without HMAC: standard error", err, "amc validate: %s: internal error\n" % ENV)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok: amc sign and amc validate without an HMAC from OpenSSL")
