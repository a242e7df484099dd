#!/usr/bin/env node
// check.mjs: cross-checks conformance/mailbox/cases.json (a development aid, not part of
// the build; needs npm packages ajv@8, ajv-formats, yaml and typescript).
//
//   mkdir /tmp/ajvm && cd /tmp/ajvm && npm init -y && npm install ajv@8 ajv-formats yaml typescript
//   git -C <mirror of g960059/multi-agent-system-research> show HEAD:src/poc/modules/envelope-policy.ts > /tmp/envelope-policy.ts
//   git -C <mirror> archive HEAD schemas/poc | tar -x -C /tmp/upstream
//   AMC_CHECK_DEPS=/tmp/ajvm node conformance/mailbox/tools/check.mjs [--impl /tmp/envelope-policy.ts] \
//       [--upstream-schemas /tmp/upstream/schemas/poc]
//
// It checks, for every case:
//  1. schema: ajv (2020-12, strict off, formats asserted) on schemas/mailbox/ and on the upstream
//     schemas (`schemas/poc/` of the implementation, given by --upstream-schemas DIR) give the same verdict for every envelope,
//     and that verdict agrees with the case expecting MAILBOX_SCHEMA_INVALID / _PAYLOAD_INVALID;
//  2. model: an independent JavaScript statement of docs/profiles/mailbox.md (below) produces a
//     verdict equal to the case's, every code in "codes" and none in "absent_codes";
//     it also lists codes the model reports beyond "codes" (other than the ubiquitous
//     MAILBOX_SIGNATURE_UNKEYED), so expectations can be kept complete;
//  3. implementation (--impl): the public implementation's own validateEnvelope() and
//     signatureForEnvelope(), transpiled from its TypeScript source, run on every envelope:
//     its sha256 signature equals sign.mjs's, and its ack/quarantine result and code equal the
//     case's "implementation" field (options mapped from the case's policy).

import { readFileSync, existsSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createHash, createHmac } from "node:crypto";
import { canonicalize, signEnvelope } from "./sign.mjs";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const REPO = resolve(ROOT, "../..");
const deps = process.env.AMC_CHECK_DEPS;
const req = createRequire(deps ? join(resolve(deps), "package.json") : import.meta.url);
const Ajv2020 = req("ajv/dist/2020").default;
const addFormats = req("ajv-formats");
const YAML = req("yaml");
const args = process.argv.slice(2);
const implPath = args.includes("--impl") ? args[args.indexOf("--impl") + 1] : null;
// --upstream-schemas DIR: the implementation's own schemas/poc/ (a checkout of
// github.com/g960059/multi-agent-system-research); without it the comparison is skipped and said so.
const upIdx = args.indexOf("--upstream-schemas");
const UPSTREAM = upIdx >= 0 && existsSync(args[upIdx + 1]) ? resolve(args[upIdx + 1]) : null;

// ---------------------------------------------------------------- schemas
function loadAjv(dir) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const ids = {};
  for (const f of ["agent-definition", "aggregation-result", "domain-event", "mailbox-envelope", "process-manager-command", "process-manager-plan", "review-result.v1.codex-output", "review-result"]) {
    const file = f.includes(".v1.") ? `${f}.schema.json` : `${f}.v1.schema.json`;
    const s = JSON.parse(readFileSync(join(dir, file), "utf8"));
    ajv.addSchema(s);
    ids[f] = s.$id;
  }
  return { ajv, ids };
}
const mine = loadAjv(join(REPO, "schemas/mailbox"));
for (const f of ["task-assignment", "error", "control"]) mine.ajv.addSchema(JSON.parse(readFileSync(join(REPO, `schemas/mailbox/${f}.v1.schema.json`), "utf8")));
const upstream = UPSTREAM ? loadAjv(UPSTREAM) : null;
const envMine = mine.ajv.getSchema(mine.ids["mailbox-envelope"]);
const envUp = upstream?.ajv.getSchema(upstream.ids["mailbox-envelope"]);
// envelope rules without the per-type payload branches (allOf) -> MAILBOX_SCHEMA_INVALID
const envSchema = JSON.parse(readFileSync(join(REPO, "schemas/mailbox/mailbox-envelope.v1.schema.json"), "utf8"));
const outer = { ...envSchema, $id: "urn:amc-check:envelope-outer" };
delete outer.allOf;
const outerV = mine.ajv.compile(outer);
const base = "https://amc.dev/schemas/mailbox/";
const payloadV = {
  task_assignment: mine.ajv.getSchema(base + "task-assignment.v1.schema.json"),
  review_result: mine.ajv.getSchema(base + "review-result.v1.schema.json"),
  aggregation_result: mine.ajv.getSchema(base + "aggregation-result.v1.schema.json"),
  error: mine.ajv.getSchema(base + "error.v1.schema.json"),
  control: mine.ajv.getSchema(base + "control.v1.schema.json"),
};

// ---------------------------------------------------------------- strict JSON duplicate-key scan
function hasDuplicateKey(text) {
  let i = 0;
  const ws = () => { while (/\s/.test(text[i] ?? "")) i++; };
  const str = () => { const m = /^"(?:[^"\\]|\\.)*"/s.exec(text.slice(i)); i += m[0].length; return JSON.parse(m[0]); };
  let dup = false;
  const val = () => {
    ws();
    if (text[i] === "{") {
      i++; ws(); const seen = new Set();
      if (text[i] === "}") { i++; return; }
      for (;;) { ws(); const k = str(); if (seen.has(k)) dup = true; seen.add(k); ws(); i++; val(); ws(); if (text[i++] === "}") return; }
    } else if (text[i] === "[") {
      i++; ws(); if (text[i] === "]") { i++; return; }
      for (;;) { val(); ws(); if (text[i++] === "]") return; }
    } else if (text[i] === '"') str();
    else { const m = /^[-+0-9.eE]+|^true|^false|^null/.exec(text.slice(i)); i += m[0].length; }
  };
  val();
  return dup;
}

// ---------------------------------------------------------------- policy (docs/profiles/mailbox.md "Policy file")
function loadKeyring(file) {
  const ring = YAML.parse(readFileSync(file, "utf8"));
  return new Map(ring.keys.map((k) => [k.key_id, { principal: k.principal ?? null, secret: Buffer.from(k.secret_hex, "hex") }]));
}
function settings(policyRel) {
  const doc = policyRel ? YAML.parse(readFileSync(join(ROOT, policyRel), "utf8")) ?? {} : {};
  const sec = doc.security ?? {}, review = doc.review ?? {};
  const s = {
    scheme: sec.signature_algorithm ?? "sha256",
    keyring: sec.keyring_file ? loadKeyring(resolve(dirname(join(ROOT, policyRel)), sec.keyring_file)) : new Map(),
    requireFrom: sec.require_from_sender_match ?? true,
    requireTask: sec.require_task_id_match ?? true,
    taskTypes: sec.task_id_match_types ?? ["review_result", "aggregation_result"],
    ttl: sec.nonce_ttl_sec ?? 300,
    skew: sec.max_clock_skew_sec ?? 120,
    rrConsumer: review.review_result_consumer ?? "aggregator",
    arConsumer: review.aggregation_result_consumer ?? "orchestrator",
    maxAttempts: doc.mailbox?.max_delivery_attempts ?? 5,
    principals: doc.workers ? Object.keys(doc.workers) : null,
  };
  const reviewers = review.required_agents ?? ["codex", "claude"];
  s.acl = sec.acl ?? {
    task_assignment: [s.arConsumer], review_result: reviewers, aggregation_result: [s.rrConsumer],
    control: [s.arConsumer], error: [...new Set([s.arConsumer, s.rrConsumer, ...reviewers])],
  };
  // MAILBOX-ROUTE-004: workers, the two consumers, the reviewers and every ACL principal
  s.consumers = new Set([...(s.principals ?? []), s.rrConsumer, s.arConsumer, ...reviewers,
    ...(sec.acl ? Object.values(sec.acl).flat() : [])]);
  return s;
}

// ---------------------------------------------------------------- the model
const WARN = new Set(["MAILBOX_SIGNATURE_UNKEYED", "MAILBOX_UNEXPECTED_ROUTE", "MAILBOX_DUPLICATE_DELIVERY", "MAILBOX_PAYLOAD_IMPL_EXTRA"]);
// MAILBOX-ENV-005: the task_assignment members the implementation's seedTask() adds
const IMPL_EXTRA = ["review_input_ref", "review_input_source", "review_input_excerpt", "reviewer_model_hint", "reviewer_profile"];
function stateless(text, s, now) {
  const codes = new Set();
  if (hasDuplicateKey(text)) return { codes: new Set(["JSON_DUP_KEY"]), env: null };
  if (text.startsWith("\ufeff")) { codes.add("MAILBOX_BOM"); text = text.slice(1); }
  const e = JSON.parse(text);
  if (!outerV(e)) codes.add("MAILBOX_SCHEMA_INVALID");
  if (payloadV[e.type] && !payloadV[e.type](e.payload)) {
    const p = e.payload, extra = e.type === "task_assignment" && p && typeof p === "object" && !Array.isArray(p)
      ? IMPL_EXTRA.filter((k) => Object.hasOwn(p, k)) : [];
    const rest = extra.length ? Object.fromEntries(Object.entries(p).filter(([k]) => !IMPL_EXTRA.includes(k))) : null;
    if (rest && payloadV[e.type](rest)) codes.add("MAILBOX_PAYLOAD_IMPL_EXTRA");
    else { codes.add("MAILBOX_PAYLOAD_INVALID"); if (extra.length) codes.add("MAILBOX_PAYLOAD_IMPL_EXTRA"); }
  }
  if (s.requireFrom && e.from !== e.sender_id) codes.add("MAILBOX_SENDER_ID_MISMATCH");
  if (!(Object.hasOwn(s.acl, e.type) && s.acl[e.type].includes(e.sender_id))) codes.add("MAILBOX_ACL_DENY");
  if (e.type === "aggregation_result" && e.to !== s.arConsumer) codes.add("MAILBOX_INVALID_ROUTE");
  if (e.type === "review_result" && e.to !== s.rrConsumer) codes.add("MAILBOX_UNEXPECTED_ROUTE");
  if (s.principals && !s.principals.includes(e.to)) codes.add("MAILBOX_UNKNOWN_PRINCIPAL");
  else if (typeof e.to === "string" && !s.consumers.has(e.to)) codes.add("MAILBOX_UNKNOWN_CONSUMER");
  if (s.requireTask && s.taskTypes.includes(e.type) && e.payload?.task_id !== e.task_id) codes.add("MAILBOX_TASK_ID_MISMATCH");
  const bytes = Buffer.from(canonicalize({ ...e, signature: "" }), "utf8");
  if (s.scheme === "sha256") {
    if (e.signature !== createHash("sha256").update(bytes).digest("hex")) codes.add("MAILBOX_SIGNATURE_INVALID");
    else codes.add("MAILBOX_SIGNATURE_UNKEYED");
  } else {
    const k = s.keyring.get(e.key_id);
    if (!k) codes.add("MAILBOX_KEY_UNKNOWN");
    else {
      if (k.principal && k.principal !== e.sender_id) codes.add("MAILBOX_KEY_SENDER_MISMATCH");
      if (e.signature !== createHmac("sha256", k.secret).update(bytes).digest("hex")) codes.add("MAILBOX_SIGNATURE_INVALID");
    }
  }
  if (Number.isInteger(e.delivery_attempt) && e.delivery_attempt > s.maxAttempts) codes.add("MAILBOX_DELIVERY_ATTEMPTS_EXCEEDED");
  if (now && typeof e.issued_at === "string" && !Number.isNaN(Date.parse(e.issued_at))) {
    const age = Date.parse(now) - Date.parse(e.issued_at);
    if (Math.abs(age) > s.skew * 1000) codes.add("MAILBOX_CLOCK_SKEW");
    if (age > s.ttl * 1000) codes.add("MAILBOX_NONCE_EXPIRED");
  }
  return { codes, env: e };
}
function content(e) {
  const c = { ...e };
  delete c.delivery_attempt;
  delete c.signature;
  return canonicalize(c);
}
function runSession(texts, s, now) {
  const all = new Set();
  const receipts = new Map(), nonces = new Set(), versions = new Map();
  for (const text of texts) {
    const { codes, env: e } = stateless(text, s, now);
    if (e && typeof e.sender_id === "string" && typeof e.msg_id === "string") {
      const key = JSON.stringify([e.sender_id, e.msg_id]);
      if (receipts.has(key)) {
        codes.add(receipts.get(key) === content(e) ? "MAILBOX_DUPLICATE_DELIVERY" : "MAILBOX_MSG_ID_CONFLICT");
      } else {
        if (nonces.has(JSON.stringify([e.sender_id, e.nonce]))) codes.add("MAILBOX_NONCE_REUSED");
        const last = versions.get(e.task_id);
        if (last !== undefined && Number.isInteger(e.state_version) && (e.state_version < last || e.state_version > last + 1)) codes.add("MAILBOX_RESYNC_REQUIRED");
        if (![...codes].some((c) => !WARN.has(c))) {
          receipts.set(key, content(e));
          nonces.add(JSON.stringify([e.sender_id, e.nonce]));
          versions.set(e.task_id, Math.max(last ?? e.state_version, e.state_version));
        }
      }
    }
    for (const c of codes) all.add(c);
  }
  return all;
}

// ---------------------------------------------------------------- the implementation
let impl = null;
if (implPath) {
  const ts = req("typescript");
  const js = ts.transpileModule(readFileSync(implPath, "utf8"), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 } }).outputText;
  const tmp = "/tmp/amc-check-envelope-policy.cjs";
  writeFileSync(tmp, js);
  impl = createRequire(import.meta.url)(tmp);
}
function implOptions(s) {
  return { requireTaskIdMatch: s.requireTask, taskIdMatchTypes: s.taskTypes, acl: s.acl, aggregationResultTarget: s.arConsumer };
}

// ---------------------------------------------------------------- run
const cases = JSON.parse(readFileSync(join(ROOT, "cases.json"), "utf8"));
let fail = 0, notes = 0, envelopes = 0, sigSame = 0;
const complain = (c, msg) => { console.log(`FAIL ${c.id}: ${msg}`); fail++; };
const rules = new Map();
for (const c of cases) {
  const s = settings(c.policy);
  const files = c.session ?? [c.input];
  const texts = files.flatMap((f) => {
    const t = readFileSync(join(ROOT, f), "utf8");
    return f.endsWith(".jsonl") ? t.split("\n").filter((l) => l.trim()) : [t];
  });
  // 1. schema verdicts, amc copy vs upstream
  for (const t of texts) {
    const e = JSON.parse(t.replace(/^\ufeff/, "")); // a BOM is MAILBOX_BOM (model); the schema sees the rest
    envelopes++;
    const a = envMine(e), b = envUp ? envUp(e) : a;
    if (a !== b) complain(c, `ajv: amc schema ${a} vs upstream ${b}`);
    if (!c.session) {
      const expectSchemaBad = c.codes.includes("MAILBOX_SCHEMA_INVALID") || c.codes.includes("MAILBOX_PAYLOAD_INVALID") || c.codes.includes("MAILBOX_PAYLOAD_IMPL_EXTRA");
      if (!hasDuplicateKey(t) && a === expectSchemaBad) complain(c, `ajv says schema-valid=${a} but codes ${c.codes}`);
    }
    // 3. implementation signature
    if (impl) {
      if (impl.signatureForEnvelope(e) !== signEnvelope(e, "sha256")) complain(c, "sha256 differs from the implementation's signatureForEnvelope");
      else sigSame++;
    }
  }
  // 2. model
  const got = runSession(texts, s, c.now);
  const verdict = [...got].some((x) => !WARN.has(x)) ? "invalid" : "valid";
  if (verdict !== c.verdict) complain(c, `model verdict ${verdict}, case ${c.verdict} (model codes ${[...got]})`);
  for (const x of c.codes) if (!got.has(x)) complain(c, `model lacks ${x} (model codes ${[...got]})`);
  for (const x of c.absent_codes ?? []) if (got.has(x)) complain(c, `model reports absent code ${x}`);
  const extra = [...got].filter((x) => x !== "MAILBOX_SIGNATURE_UNKEYED" && !c.codes.includes(x));
  if (extra.length) { console.log(`note ${c.id}: model also reports ${extra}`); notes++; }
  // 3. implementation verdict
  if (impl && c.implementation) {
    const r = impl.validateEnvelope(JSON.parse(texts[0]), implOptions(s));
    const res = r.ok ? { result: "ack" } : { result: "quarantine", code: r.code };
    if (JSON.stringify(res) !== JSON.stringify(c.implementation)) complain(c, `implementation gives ${JSON.stringify(res)}, case says ${JSON.stringify(c.implementation)}`);
  }
  // coverage: a passing case has the rule's code in absent_codes, a failing one in codes
  const code = RULE_CODE_OF(c.rule);
  const r = rules.get(c.rule) ?? { passing: 0, failing: 0, code };
  if (c.codes.includes(code)) r.failing++;
  if ((c.absent_codes ?? []).includes(code)) r.passing++;
  rules.set(c.rule, r);
}
function RULE_CODE_OF(rule) {
  const docPath = join(REPO, "docs/profiles/mailbox.md");
  if (!existsSync(docPath)) return null;
  const doc = readFileSync(docPath, "utf8");
  const m = new RegExp("\\| `?" + rule + "`? \\|[^\\n]*?`((?:MAILBOX|JSON)_[A-Z_]+)`").exec(doc);
  return m ? m[1] : null;
}
for (const [rule, r] of [...rules].sort()) if (r.code && (!r.passing || !r.failing)) complain({ id: rule }, `needs a passing and a failing case (${JSON.stringify(r)})`);
console.log(`${cases.length} cases, ${envelopes} envelopes, ${rules.size} rules; upstream schemas ${UPSTREAM ? "compared" : "NOT FOUND"}; implementation ${impl ? `run (sha256 equal on ${sigSame})` : "not run"}; ${notes} notes, ${fail} failures`);
process.exitCode = fail ? 1 : 0;
