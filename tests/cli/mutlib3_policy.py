#!/usr/bin/env python3
"""mutlib3_policy.py - the integer keys of a policy file at and one step past each bound
(src/profiles/policy.c mb_int, mb_section, read_count; issue 22).

Mailbox keys (security.max_clock_skew_sec and security.nonce_ttl_sec from 0, the mailbox,
retries, lease, heartbeat and timeouts keys from 1) take integers up to 1000000000; the IGNITE
retry counts (max_retries, ignite.max_retries) integers from 0 to 1000000. For each key a policy
holding only that key with the value below the lower bound, the lower bound, the upper bound,
one past it and a non-integer goes through `amc validate --policy`: a bad value is refused with
exactly the policy diagnostic (position, code, message) and "invalid policy" (exit 2); a good
one is taken (no policy diagnostic, the message is validated).

Keyrings (policy.c read_key, hexval): secret_hex of 62, 63, 64, 65, 2048, 2049 and 2050 hex
digits (32..1024 bytes, an even count) and a secret holding each character next to a range of
hexval ('/', ':', '@', 'G', '`', 'g') as its first or second digit of a byte are refused by
`amc sign --keyring` with the exact diagnostic (exit 2); the good ones sign, and a secret's
signature is the same written in lower or upper case ("0123456789abcdef" and its capitals) and
differs from another secret's.

usage: mutlib3_policy.py AMC
"""
import os
import subprocess
import sys
import tempfile

AMC = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAILBOX_MSG = os.path.join(ROOT, "conformance", "mailbox", "inputs",
                           "acl-001-valid-task-assignment-orchestrator.json")
IGNITE_MSG = os.path.join(ROOT, "tests", "data", "mutlib3", "ignite", "queue", "coordinator",
                          "evaluation_result_1795614669095930.mime")
MB_MAX, COUNT_MAX = 1000000000, 1000000

cases = []  # (profile, yaml text, line, col of the value, key, bad, want text)
for section, key, lo in (("security", "max_clock_skew_sec", 0), ("security", "nonce_ttl_sec", 0),
                         ("mailbox", "max_delivery_attempts", 1),
                         ("mailbox", "visibility_timeout_sec", 1), ("retries", "max_attempts", 1),
                         ("lease", "ttl_sec", 1), ("heartbeat", "ttl_sec", 1),
                         ("timeouts", "task_soft_timeout_sec", 1),
                         ("timeouts", "task_hard_timeout_sec", 1)):
    for v, bad in ((lo - 1, True), (lo, False), (MB_MAX, False), (MB_MAX + 1, True),
                   ("2.5", True), ('"7"', True)):
        text = "%s:\n  %s: %s\n" % (section, key, v)
        cases.append(("mailbox", text, 2, len(key) + 5, "%s.%s" % (section, key), bad,
                      "an integer >= %d" % lo, "MAILBOX_POLICY_INVALID"))
for name, prefix, indent in (("max_retries", "", ""), ("ignite.max_retries", "ignite:\n", "  ")):
    for v, bad in ((-1, True), (0, False), (COUNT_MAX, False), (COUNT_MAX + 1, True),
                   ("2.5", True)):
        text = "%s%smax_retries: %s\n" % (prefix, indent, v)
        cases.append(("ignite", text, 1 + (prefix != ""), len(indent) + 14, name, bad,
                      "an integer from 0 to 1000000", "POLICY_INVALID"))

failures = []
env = dict(os.environ, LC_ALL="C", NO_COLOR="1")
with tempfile.TemporaryDirectory(prefix="mutlib3-policy-") as tmp:
    pol = os.path.join(tmp, "policy.yaml")
    for profile, text, line, col, key, bad, want, code in cases:
        with open(pol, "w") as f:
            f.write(text)
        msg = MAILBOX_MSG if profile == "mailbox" else IGNITE_MSG
        p = subprocess.run([AMC, "validate", "--profile", profile, "--policy", pol, msg],
                           capture_output=True, env=env, timeout=60)
        err = p.stderr.decode()
        pl = [l for l in err.splitlines() if "policy" in l]
        if bad:
            exp = ["%s:%d:%d: error[%s]: policy key '%s' must be %s" % (pol, line, col, code, key,
                                                                         want),
                   "amc validate: %s: invalid policy" % pol]
            if pl != exp or p.returncode != 2:
                failures.append("%r: exit %d, policy lines %r, want exit 2 and %r"
                                % (text, p.returncode, pl, exp))
        elif pl or p.returncode == 2:
            failures.append("%r: exit %d, policy lines %r, want the policy taken"
                            % (text, p.returncode, pl))


def sign(tmp, secret):
    kr = os.path.join(tmp, "keyring.json")
    head = ('{"version": 1, "keys": [{"key_id": "k-orchestrator-v1", "principal": '
            '"orchestrator", "algorithm": "hmac_sha256", "secret_hex": "')
    with open(kr, "w") as f:
        f.write(head + secret + '"}]}')
    p = subprocess.run([AMC, "sign", "--scheme", "hmac_sha256", "--keyring", kr, MAILBOX_MSG],
                       capture_output=True, env=env, timeout=60)
    col = len(head)  # the column of the secret's opening quote
    return kr, col, p.returncode, p.stdout.decode(), p.stderr.decode()


with tempfile.TemporaryDirectory(prefix="mutlib3-keyring-") as tmp:
    secrets = [("ab" * 31, True), ("ab" * 31 + "a", True), ("ab" * 32, False),
               ("ab" * 32 + "a", True), ("0f" * 1024, False), ("0f" * 1024 + "a", True),
               ("0f" * 1025, True)]
    for c in "/:@G`g":
        secrets += [(c + "0" * 63, True), ("0" + c + "0" * 62, True)]
    secrets += [("0123456789abcdef" * 4, False), ("0123456789ABCDEF" * 4, False)]
    sigs = {}
    for secret, bad in secrets:
        kr, col, code, out, err = sign(tmp, secret)
        if bad:
            exp = "%s:1:%d: error[MAILBOX_KEYRING_INVALID]: keyring: secret_hex must be " \
                  "32..1024 bytes of hex\namc sign: %s: invalid keyring\n" % (kr, col, kr)
            if code != 2 or err != exp or out:
                failures.append("secret of %d: exit %d, %r, want 2 and %r"
                                % (len(secret), code, err, exp))
        else:
            sig = out.split(" ")[-1].strip()
            if code != 0 or out.split(" ")[0] != MAILBOX_MSG or len(sig) != 64:
                failures.append("secret of %d: exit %d, %r %r" % (len(secret), code, out, err))
            sigs[secret] = sig
    lower, upper = "0123456789abcdef" * 4, "0123456789ABCDEF" * 4
    if sigs.get(lower) != sigs.get(upper) or sigs.get(lower) == sigs.get("ab" * 32):
        failures.append("signatures: %r" % sigs)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok: %d policies, each integer key at and past its bounds; %d keyrings" % (len(cases), len(secrets)))
