#!/usr/bin/env node
// amc conformance adapter template: the whole adapter protocol v1 (conformance/PROTOCOL.md) in
// one file, Node.js 18 or later, no dependencies.
//
//   amc conform --profile socket --impl 'node adapter.mjs'                          # the example
//   amc conform --profile mailbox --impl 'node adapter.mjs --impl ./mine.mjs'        # your module
//   amc conform --profile ignite --impl "node adapter.mjs --impl ./cli-validator.mjs \
//       --profile ignite --cmd 'mytool check {file}'"                                 # any CLI
//
// This file does the protocol: newline-delimited JSON on stdin/stdout, sequence numbers, base64
// inputs written to a temporary tree under their fixture names (so file-name and placement rules
// see the real path), the policy file and the files it names (a keyring), the reference clock,
// sessions, lifecycle events, reset and stop, errors turned into "error" replies (the stack goes
// to stderr, which amc passes through). Requests are handled one at a time, in order. Your
// implementation is called in exactly five places, each marked  >>> YOUR IMPLEMENTATION  below.
// Either edit those places, or leave this file as it is and give --impl an ES module that
// exports (each may be async):
//
//   describe() -> {name, version, language, homepage, profiles, capabilities}
//   validate(req) -> {verdict: "valid"|"invalid", codes?: [...], locations?: [...]}
//   lifecycle(req) -> {states: [{accepted, codes, state}, ...], final: {...}}
//   reset()                     forget any state kept between requests
//   configure(argv)  optional:  the arguments after --impl FILE
//   stop()           optional:  called before the adapter exits
//
// The default module is example-socket.mjs next to this file (a small socket-profile validator
// and lifecycle model). cli-validator.mjs wraps any command-line validator.
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, normalize, isAbsolute, resolve, sep } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const PROTOCOL = 1;

/** Throw from validate()/lifecycle() to answer "skipped". amc counts a skipped case it sent as a
 *  FAIL (it only sends cases whose capabilities you claimed): claim less instead. */
export class Skip extends Error {}

/** A fixture name as a relative path that stays inside the temporary tree. */
function safeName(name) {
  if (typeof name !== "string" || !name || name.includes("\0")) throw new Error(`bad file name ${JSON.stringify(name)}`);
  const norm = normalize(name);
  if (isAbsolute(norm) || norm === ".." || norm.startsWith(".." + sep)) throw new Error(`unsafe file name ${JSON.stringify(name)}`);
  return norm;
}

const B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Writes one {name, data} entry; returns {name, data (Buffer), path}. Inputs go to
 *  <tmp>/inputs/<name>, the policy and aux files to <tmp>/<name> (so a policy's relative
 *  references to its aux files resolve). */
function writeFile(tmp, sub, entry) {
  if (!entry || typeof entry !== "object") throw new Error("a file entry is not an object");
  const name = safeName(entry.name);
  if (typeof entry.data !== "string" || !B64.test(entry.data)) throw new Error(`${entry.name}: data is not base64`);
  const data = Buffer.from(entry.data, "base64");
  const path = join(tmp, sub, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
  return { name: entry.name, data, path };
}

/** The session's messages in order: {file, line (or null), data}. A *.jsonl file holds one
 *  message per line (blank lines skipped); any other file is one message. */
export function* messages(files) {
  for (const f of files) {
    if (!f.name.endsWith(".jsonl")) {
      yield { file: f, line: null, data: f.data };
      continue;
    }
    let start = 0, no = 0;
    while (start <= f.data.length) {
      let end = f.data.indexOf(10, start);
      if (end < 0) end = f.data.length;
      no++;
      const line = f.data.subarray(start, end);
      if (line.toString("latin1").trim()) yield { file: f, line: no, data: line };
      start = end + 1;
    }
  }
}

function withTmp(fn) {
  const tmp = mkdtempSync(join(tmpdir(), "amc-adapter-"));
  return Promise.resolve()
    .then(() => fn(tmp))
    .finally(() => rmSync(tmp, { recursive: true, force: true }));
}

function makeAdapter(impl) {
  return {
    async hello() {
      // >>> YOUR IMPLEMENTATION (1 of 5, hello): who you are and what you claim. Claim only what
      // you handle: "codes" (your replies carry amc's code ids), "<profile>" (messages),
      // "<profile>.path" (reads the file's place), ".stateful", ".policy", ".clock",
      // ".lifecycle". Cases needing an unclaimed capability are left out (and reported so).
      const info = await impl.describe();
      const pick = (k) => (typeof info[k] === "string" ? info[k] : "");
      return {
        protocol: PROTOCOL,
        implementation: { name: pick("name"), version: pick("version"), language: pick("language"), homepage: pick("homepage") },
        profiles: [...(info.profiles ?? [])],
        capabilities: [...(info.capabilities ?? [])],
      };
    },
    async validate(req) {
      const out = await withTmp(async (tmp) => {
        const r = {
          case: req.case, profile: req.profile, stateful: Boolean(req.stateful), now: req.now ?? null, tmp,
          files: req.files.map((f) => writeFile(tmp, "inputs", f)),
          policy: req.policy ? writeFile(tmp, "", req.policy) : null,
          aux: (req.aux ?? []).map((f) => writeFile(tmp, "", f)),
        };
        r.messages = () => messages(r.files);
        // >>> YOUR IMPLEMENTATION (2 of 5, validate): judge r.files (r.messages() splits
        // sessions and JSON Lines) under r.policy / r.aux at the clock r.now. Reply "invalid"
        // iff you reject the input (warnings keep it "valid"); add "codes" (amc's code ids) if
        // you claim "codes".
        return impl.validate(r);
      });
      if (!out || (out.verdict !== "valid" && out.verdict !== "invalid"))
        throw new Error(`validate() returned ${JSON.stringify(out)}, not {verdict: "valid"|"invalid", ...}`);
      return out;
    },
    async lifecycle(req) {
      const out = await withTmp(async (tmp) => {
        const r = { case: req.case, profile: req.profile, events: req.events, tmp,
                    policy: req.policy ? writeFile(tmp, "", req.policy) : null };
        // >>> YOUR IMPLEMENTATION (3 of 5, lifecycle): replay r.events through your state
        // machine; one {accepted, codes, state} per event, then "final" (the codes and state at
        // the end of the stream). Formats: docs/lifecycle/<profile>.md.
        return impl.lifecycle(r);
      });
      if (!out || !Array.isArray(out.states)) throw new Error("lifecycle() must return {states: [...], final: {...}}");
      return out;
    },
    async reset() {
      // >>> YOUR IMPLEMENTATION (4 of 5, reset): forget every state kept between requests
      // (dedup stores, nonces, sequence numbers). amc sends it before each stateful case.
      await impl.reset();
      return { ok: true };
    },
    async stop() {
      // >>> YOUR IMPLEMENTATION (5 of 5, stop): release what you hold; the adapter exits next.
      if (impl.stop) await impl.stop();
      return { ok: true };
    },
  };
}

async function main() {
  let args = process.argv.slice(2);
  let path = join(dirname(fileURLToPath(import.meta.url)), "example-socket.mjs");
  if (args[0] === "--impl" && args.length > 1) {
    path = resolve(args[1]);
    args = args.slice(2);
  }
  const impl = await import(pathToFileURL(path).href);
  if (impl.configure) await impl.configure(args);
  else if (args.length) throw new Error(`adapter.mjs: ${path} takes no arguments: ${args.join(" ")}`);
  const adapter = makeAdapter(impl);
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.trim()) continue;
    let seq = 0, op = null, reply;
    try {
      const req = JSON.parse(line);
      if (!req || typeof req !== "object" || Array.isArray(req) || typeof req.op !== "string")
        throw new Error('request is not a JSON object with "op"');
      seq = req.seq ?? 0;
      op = req.op;
      if (!Object.hasOwn(adapter, op)) throw new Error(`unknown op ${JSON.stringify(op)}`);
      reply = await adapter[op](req);
    } catch (e) {
      if (e instanceof Skip) reply = { skipped: e.message || "skipped" };
      else {
        process.stderr.write(`${e?.stack ?? e}\n`);
        reply = { error: `${e?.name ?? "Error"}: ${e?.message ?? e}` };
      }
    }
    process.stdout.write(JSON.stringify({ ...reply, seq }) + "\n");
    if (op === "stop") break;
  }
  rl.close();
}

main().catch((e) => {
  process.stderr.write(`${e?.stack ?? e}\n`);
  process.exit(2);
});
