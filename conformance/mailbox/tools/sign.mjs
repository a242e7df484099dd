#!/usr/bin/env node
// sign.mjs: fixture tool for the mailbox profile (node >= 18, no dependencies).
//
// Computes, prints, writes or verifies the `signature` of mailbox envelopes under
// the two schemes documented in docs/profiles/mailbox.md ("Signature schemes"):
//
//   sha256       lowercase hex SHA-256 of the canonical bytes (the public
//                implementation's scheme: an unkeyed digest, not a MAC)
//   hmac_sha256  lowercase hex HMAC-SHA256 of the same canonical bytes, keyed by
//                the keyring entry whose key_id equals the envelope's key_id
//
// Canonical bytes: the UTF-8 encoding of the canonical JSON text of the whole
// envelope, parsed, with `signature` replaced by "" (the member stays, empty):
// object members sorted by the UTF-16 code units of their keys, no white space,
// strings and numbers written as ECMAScript JSON.stringify writes them (numbers
// through the IEEE double they parse to: 1.0 and 1e0 both become 1). This equals
// RFC 8785 (JCS) for every value a JSON envelope can hold, except that JCS has no
// form for a number outside the double range, which this tool refuses.
//
// Input is parsed with JSON.parse, which keeps the LAST of duplicate keys, as the
// implementation does; amc rejects duplicate keys (JSON_DUP_KEY) before any check.
//
// Usage:
//   node sign.mjs [--scheme sha256|hmac_sha256] [--keyring FILE.json] [--key-hex HEX]
//                 [--print | --canonical | --verify | --write] FILE...
//     --print      (default) print "FILE[:LINE] SIGNATURE" for each envelope
//     --canonical  print the canonical text (signature emptied) of each envelope
//     --verify     print "ok" or "BAD (expected ...)" per envelope; exit 1 if any is bad
//     --write      replace each file's top-level "signature" value in place (the
//                  file is re-serialized as JSON.stringify(value, null, 2) + "\n";
//                  .jsonl files one compact line per envelope)
//   A FILE ending in .jsonl holds one envelope per non-empty line.
//   --keyring reads the keyring format of docs/profiles/mailbox.md written as JSON
//   (amc itself also reads it as YAML); --key-hex gives one HMAC key directly.
//
// Exports canonicalize(), signEnvelope(), loadKeyring() for the fixture generator.

import { createHash, createHmac } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";

export function canonicalize(value) {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "string":
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new Error("number outside the IEEE double range has no canonical form");
      return JSON.stringify(value);
    case "object":
      break;
    default:
      throw new Error(`not a JSON value: ${typeof value}`);
  }
  if (Array.isArray(value)) return "[" + value.map(canonicalize).join(",") + "]";
  // Array.prototype.sort without a comparator orders strings by UTF-16 code units.
  const keys = Object.keys(value).sort();
  const parts = [];
  for (const k of keys) parts.push(JSON.stringify(k) + ":" + canonicalize(value[k]));
  return "{" + parts.join(",") + "}";
}

export function canonicalBytes(envelope) {
  const copy = Object.assign({}, envelope);
  copy.signature = "";
  return Buffer.from(canonicalize(copy), "utf8");
}

export function loadKeyring(file) {
  const ring = JSON.parse(readFileSync(file, "utf8"));
  if (ring.version !== 1 || !Array.isArray(ring.keys)) throw new Error(`${file}: keyring needs version: 1 and keys: [...]`);
  const map = new Map();
  for (const k of ring.keys) {
    if (map.has(k.key_id)) throw new Error(`${file}: duplicate key_id ${k.key_id}`);
    if (k.algorithm !== "hmac_sha256") throw new Error(`${file}: ${k.key_id}: algorithm must be hmac_sha256`);
    if (!/^(?:[0-9a-fA-F]{2}){32,1024}$/.test(k.secret_hex)) throw new Error(`${file}: ${k.key_id}: secret_hex must be 32..1024 bytes of hex`);
    map.set(k.key_id, { ...k, secret: Buffer.from(k.secret_hex, "hex") });
  }
  return map;
}

// scheme: "sha256" | "hmac_sha256"; key: Buffer (hmac only)
export function signEnvelope(envelope, scheme = "sha256", key = null) {
  const bytes = canonicalBytes(envelope);
  if (scheme === "sha256") return createHash("sha256").update(bytes).digest("hex");
  if (scheme === "hmac_sha256") {
    if (!key) throw new Error(`no HMAC key for key_id ${envelope.key_id}`);
    return createHmac("sha256", key).update(bytes).digest("hex");
  }
  throw new Error(`unknown scheme ${scheme}`);
}

function main(argv) {
  let scheme = "sha256", mode = "print", keyring = null, keyHex = null;
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--scheme") scheme = argv[++i];
    else if (a === "--keyring") keyring = loadKeyring(argv[++i]);
    else if (a === "--key-hex") keyHex = Buffer.from(argv[++i], "hex");
    else if (["--print", "--canonical", "--verify", "--write"].includes(a)) mode = a.slice(2);
    else if (a === "-h" || a === "--help") {
      process.stdout.write(readFileSync(new URL(import.meta.url), "utf8").split("\n").filter((l) => l.startsWith("//")).map((l) => l.slice(3)).join("\n") + "\n");
      return 0;
    } else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
    else files.push(a);
  }
  if (!["sha256", "hmac_sha256"].includes(scheme)) throw new Error(`unknown scheme ${scheme}`);
  let bad = 0;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const jsonl = file.endsWith(".jsonl");
    const docs = jsonl ? text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l)) : [JSON.parse(text)];
    docs.forEach((env, i) => {
      const where = jsonl ? `${file}:${i + 1}` : file;
      const key = scheme === "hmac_sha256" ? keyHex ?? keyring?.get(env.key_id)?.secret ?? null : null;
      if (mode === "canonical") {
        process.stdout.write(canonicalBytes(env).toString("utf8") + "\n");
        return;
      }
      const sig = signEnvelope(env, scheme, key);
      if (mode === "print") process.stdout.write(`${where} ${sig}\n`);
      else if (mode === "verify") {
        const ok = env.signature === sig;
        if (!ok) bad++;
        process.stdout.write(`${where} ${ok ? "ok" : `BAD (expected ${sig})`}\n`);
      } else if (mode === "write") env.signature = sig;
    });
    if (mode === "write") {
      writeFileSync(file, jsonl ? docs.map((d) => JSON.stringify(d)).join("\n") + "\n" : JSON.stringify(docs[0], null, 2) + "\n");
    }
  }
  return bad ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("/sign.mjs")) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`sign.mjs: ${e.message}\n`);
    process.exitCode = 2;
  }
}
