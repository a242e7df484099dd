#!/usr/bin/env node
// gen.mjs: writes conformance/mailbox/{cases.json,inputs/,policies/} (node >= 18, no dependencies).
//
//   node conformance/mailbox/tools/gen.mjs          regenerate every file
//   node conformance/mailbox/tools/gen.mjs --check  exit 1 if a committed file differs
//
// The fixtures are data; this script is only how they were made, so that every
// signature is computed, never typed. Everything is deterministic: ids and nonces are
// UUID-shaped hashes of a label, times are fixed, keys are public test keys.
// Expected verdicts and codes are written here by hand, one case at a time, and
// cross-checked by check.mjs (ajv for the schema part, the public implementation's own
// validateEnvelope for its verdicts, and an independent model of the rule catalog).

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { signEnvelope } from "./sign.mjs";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url))); // conformance/mailbox
// The upstream runtime config (plan/mailbox-poc-runtime.example.yaml of
// github.com/g960059/multi-agent-system-research) is kept as a verbatim copy in
// policies/runtime.example.yaml; AMC_UPSTREAM_RUNTIME=FILE refreshes the copy from a checkout.
const UPSTREAM_RUNTIME = [process.env.AMC_UPSTREAM_RUNTIME, join(ROOT, "policies/runtime.example.yaml")]
  .find((p) => p && existsSync(p));

const out = new Map(); // relative path -> text
const cases = [];

// ---------------------------------------------------------------- helpers

const h = (s) => createHash("sha256").update(s).digest("hex");
function uuid(label) {
  const x = h("amc-mailbox-fixture:" + label);
  const v = ((parseInt(x[16], 16) & 3) | 8).toString(16);
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-4${x.slice(13, 16)}-${v}${x.slice(17, 20)}-${x.slice(20, 32)}`;
}
const T0 = Date.parse("2026-02-11T10:00:00.000Z");
const NOW = "2026-02-11T10:00:00.000Z"; // reference clock of the time cases
const iso = (sec) => new Date(T0 + sec * 1000).toISOString();

// Public test keys (never use outside fixtures): 32 bytes each, sha256 of a label.
const KEYS = [
  { key_id: "k-orchestrator-v1", principal: "orchestrator" },
  { key_id: "k-aggregator-v1", principal: "aggregator" },
  { key_id: "k-codex-v1", principal: "codex" },
  { key_id: "k-claude-v1", principal: "claude" },
  { key_id: "k-shared-v1" },
].map((k) => ({ ...k, algorithm: "hmac_sha256", secret_hex: h("amc-mailbox-fixture-key:" + k.key_id) }));
const keyOf = (id) => Buffer.from(KEYS.find((k) => k.key_id === id).secret_hex, "hex");

const json = (v) => JSON.stringify(v, null, 2) + "\n";
function put(rel, text) {
  if (out.has(rel)) throw new Error(`duplicate file ${rel}`);
  out.set(rel, text);
  return rel;
}

// Envelope in the key order the implementation's createEnvelope() writes
// (src/poc/runtime.ts), pretty-printed as its FileMailbox.publish() writes it.
// o.sign: "sha256" (default) | "hmac_sha256" | "none"; o.key: key_id of the HMAC key
// (default: the envelope's key_id); o.mutate(e) runs before signing, o.after(e) after.
function env(o) {
  const sender = o.sender;
  const e = {
    msg_id: o.msg ?? uuid("msg:" + o.label),
    schema_version: 1,
    task_id: o.task ?? "task-demo-001",
    sender_id: sender,
    sender_instance_id: `${sender}-instance-1`,
    key_id: o.key_id ?? `k-${sender}-v1`,
    issued_at: o.issued ?? iso(0),
    nonce: o.nonce ?? uuid("nonce:" + o.label),
    signature: "",
    from: o.from ?? sender,
    to: o.to,
    type: o.type,
    state_version: o.sv ?? 1,
    delivery_attempt: o.attempt ?? 1,
    created_at: o.created ?? o.issued ?? iso(0),
    payload: o.payload,
  };
  if (o.parent) e.parent_id = o.parent;
  if (o.mutate) o.mutate(e);
  const scheme = o.sign ?? "sha256";
  if (scheme !== "none") e.signature = signEnvelope(e, scheme, scheme === "hmac_sha256" ? keyOf(o.key ?? e.key_id) : null);
  if (o.after) o.after(e);
  return e;
}

// Payloads, shaped as the implementation's runtime builds them (src/poc/runtime.ts).
const P = {
  assignment: (task = "task-demo-001") => ({
    review_request_ref: `artifact://${task}/review-request.md`,
    required_agents: ["codex", "claude"],
    instruction: "Please review this change set.",
  }),
  review: (task = "task-demo-001", reviewer = "codex", extra = {}) => ({
    schema_version: 1,
    task_id: task,
    model: reviewer === "claude" ? "claude-sonnet" : "gpt-5-codex",
    verdict: "PASS",
    blocking: [],
    non_blocking: [],
    summary: `${reviewer} review passed`,
    confidence: "high",
    next_action: "proceed",
    generated_at: iso(-20),
    raw_output_ref: `artifact://${task}/${reviewer}/1770803980000`,
    ...extra,
  }),
  aggregation: (task = "task-demo-001", sources = [uuid("src:1"), uuid("src:2")], extra = {}) => ({
    schema_version: 1,
    task_id: task,
    required_agents: ["codex", "claude"],
    received_agents: ["claude", "codex"],
    quorum_reached: true,
    verdict: "PASS",
    blocking_count: 0,
    disagree: false,
    next_action: "proceed",
    generated_at: iso(-5),
    source_msg_ids: sources,
    ...extra,
  }),
  error: () => ({ code: "REVIEWER_EXECUTION_ERROR", message: "reviewer CLI exited with status 1", detail: "raw=artifact://task-demo-001/codex/execution-error/1770803990000" }),
  control: () => ({ action: "cancel", reason: "superseded by task-demo-002" }),
};

// Shorthands for the common message kinds (default principals and routes).
const TA = (label, o = {}) => env({ label, sender: "orchestrator", to: "codex", type: "task_assignment", payload: P.assignment(o.task), ...o });
const RR = (label, o = {}) => env({ label, sender: "codex", to: "aggregator", type: "review_result", sv: 2, payload: P.review(o.task, o.sender ?? "codex"), ...o });
const AR = (label, o = {}) => env({ label, sender: "aggregator", to: "orchestrator", type: "aggregation_result", sv: 3, payload: P.aggregation(o.task), ...o });
const ER = (label, o = {}) => env({ label, sender: "codex", to: "orchestrator", type: "error", payload: P.error(), ...o });
const CT = (label, o = {}) => env({ label, sender: "orchestrator", to: "codex", type: "control", payload: P.control(), ...o });

const RULE_LEVEL = {
  "MAILBOX-ENV-001": "MUST", "MAILBOX-ENV-002": "MUST", "MAILBOX-ENV-003": "MUST", "MAILBOX-ENV-004": "MUST", "MAILBOX-ENV-005": "SHOULD",
  "MAILBOX-ID-001": "MUST", "MAILBOX-ACL-001": "MUST",
  "MAILBOX-ROUTE-001": "MUST", "MAILBOX-ROUTE-002": "SHOULD", "MAILBOX-ROUTE-003": "MUST", "MAILBOX-ROUTE-004": "MUST",
  "MAILBOX-TASK-001": "MUST",
  "MAILBOX-SIG-001": "MUST", "MAILBOX-SIG-002": "SHOULD", "MAILBOX-SIG-003": "MUST", "MAILBOX-SIG-004": "MUST",
  "MAILBOX-DLV-001": "MUST", "MAILBOX-TIME-001": "MUST", "MAILBOX-TIME-002": "MUST",
  "MAILBOX-DUP-001": "SHOULD", "MAILBOX-DUP-002": "MUST", "MAILBOX-NONCE-001": "MUST", "MAILBOX-ORD-001": "MUST",
};
const RULE_CODE = {
  "MAILBOX-ENV-001": "MAILBOX_SCHEMA_INVALID", "MAILBOX-ENV-002": "MAILBOX_PAYLOAD_INVALID", "MAILBOX-ENV-003": "JSON_DUP_KEY", "MAILBOX-ENV-004": "MAILBOX_BOM", "MAILBOX-ENV-005": "MAILBOX_PAYLOAD_IMPL_EXTRA",
  "MAILBOX-ID-001": "MAILBOX_SENDER_ID_MISMATCH", "MAILBOX-ACL-001": "MAILBOX_ACL_DENY",
  "MAILBOX-ROUTE-001": "MAILBOX_INVALID_ROUTE", "MAILBOX-ROUTE-002": "MAILBOX_UNEXPECTED_ROUTE", "MAILBOX-ROUTE-003": "MAILBOX_UNKNOWN_PRINCIPAL", "MAILBOX-ROUTE-004": "MAILBOX_UNKNOWN_CONSUMER",
  "MAILBOX-TASK-001": "MAILBOX_TASK_ID_MISMATCH",
  "MAILBOX-SIG-001": "MAILBOX_SIGNATURE_INVALID", "MAILBOX-SIG-002": "MAILBOX_SIGNATURE_UNKEYED", "MAILBOX-SIG-003": "MAILBOX_KEY_UNKNOWN", "MAILBOX-SIG-004": "MAILBOX_KEY_SENDER_MISMATCH",
  "MAILBOX-DLV-001": "MAILBOX_DELIVERY_ATTEMPTS_EXCEEDED", "MAILBOX-TIME-001": "MAILBOX_CLOCK_SKEW", "MAILBOX-TIME-002": "MAILBOX_NONCE_EXPIRED",
  "MAILBOX-DUP-001": "MAILBOX_DUPLICATE_DELIVERY", "MAILBOX-DUP-002": "MAILBOX_MSG_ID_CONFLICT", "MAILBOX-NONCE-001": "MAILBOX_NONCE_REUSED", "MAILBOX-ORD-001": "MAILBOX_RESYNC_REQUIRED",
};

// c: { id, description, rule, tags, verdict, codes, absent?, policy?, now?, impl?,
//      input: envelope object | {text} ; or session: [envelope | {text} | {jsonl: [...]}, ...] }
// For a "valid" case the rule's own code is added to absent_codes automatically.
function add(c) {
  if (!RULE_LEVEL[c.rule]) throw new Error(`${c.id}: unknown rule ${c.rule}`);
  if (cases.some((x) => x.id === c.id)) throw new Error(`duplicate id ${c.id}`);
  const stem = c.id.replace(/^mailbox-/, "");
  const rec = { id: c.id, description: c.description, rule: c.rule, level: RULE_LEVEL[c.rule], tags: c.tags };
  const write = (v, name, ext) => {
    if (v && v.jsonl) return put(`inputs/${name}.jsonl`, v.jsonl.map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join("\n") + "\n");
    return put(`inputs/${name}.${ext ?? "json"}`, v && typeof v.text === "string" ? v.text : json(v));
  };
  if (c.session) {
    if (c.session.length === 1 && c.session[0].jsonl) rec.session = [write(c.session[0], stem)];
    else rec.session = c.session.map((v, i) => write(v, `${stem}.${i + 1}`));
  } else rec.input = write(c.input, stem);
  if (c.policy) rec.policy = `policies/${c.policy}`;
  if (c.now) rec.now = c.now;
  rec.verdict = c.verdict;
  rec.codes = c.codes;
  const absent = new Set(c.absent ?? []);
  if (c.verdict === "valid" || c.ruleAbsent) absent.add(RULE_CODE[c.rule]);
  for (const x of c.codes) absent.delete(x);
  if (absent.size) rec.absent_codes = [...absent].sort();
  if (c.impl) rec.implementation = c.impl;
  cases.push(rec);
}
const ACK = { result: "ack" };
const Q = (code) => ({ result: "quarantine", code });
const UNKEYED = "MAILBOX_SIGNATURE_UNKEYED";

// ---------------------------------------------------------------- policies

function yamlScalar(v) {
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (/^[A-Za-z_][A-Za-z0-9_.\/-]*$/.test(v) && !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(v)) return v;
  return JSON.stringify(v);
}
function yaml(obj, pad = "") {
  let s = "";
  for (const [k, v] of Object.entries(obj)) {
    if (Array.isArray(v)) s += `${pad}${k}: [${v.map(yamlScalar).join(", ")}]\n`;
    else if (v && typeof v === "object") s += `${pad}${k}:\n` + yaml(v, pad + "  ");
    else s += `${pad}${k}: ${yamlScalar(v)}\n`;
  }
  return s;
}
function policy(name, comment, obj) {
  put(`policies/${name}`, comment.map((l) => `# ${l}`.trimEnd()).join("\n") + "\n" + yaml(obj));
  return name;
}

put("policies/runtime.example.yaml", readFileSync(UPSTREAM_RUNTIME, "utf8"));
put("policies/keyring.json", json({
  version: 1,
  keys: KEYS.map(({ key_id, principal, algorithm, secret_hex }) => ({ key_id, ...(principal ? { principal } : {}), algorithm, secret_hex })),
}));
const POL = {
  hmac: policy("hmac.yaml", [
    "Partial runtime config (keys absent here take the defaults of docs/profiles/mailbox.md).",
    "hmac_sha256 with the public test keyring next to this file (keyring_file is an amc key).",
  ], { security: { signature_algorithm: "hmac_sha256", keyring_file: "keyring.json" } }),
  fromOff: policy("from-match-off.yaml", ["from == sender_id not required (the implementation cannot switch this off)."],
    { security: { require_from_sender_match: false } }),
  taskOff: policy("task-id-match-off.yaml", ["envelope.task_id == payload.task_id not required."],
    { security: { require_task_id_match: false } }),
  taskReview: policy("task-id-review-only.yaml", ["task_id match checked for review_result only."],
    { security: { task_id_match_types: ["review_result"] } }),
  aclCustom: policy("acl-custom.yaml", [
    "Own principal names: reviewers security-reviewer and perf-reviewer, review-hub aggregates,",
    "control-plane orchestrates. The ACL is given in full.",
  ], {
    review: { required_agents: ["security-reviewer", "perf-reviewer"], review_result_consumer: "review-hub", aggregation_result_consumer: "control-plane" },
    security: { acl: {
      task_assignment: ["control-plane"], review_result: ["security-reviewer", "perf-reviewer"], aggregation_result: ["review-hub"],
      control: ["control-plane"], error: ["control-plane", "review-hub", "security-reviewer", "perf-reviewer"],
    } },
  }),
  aclNoControl: policy("acl-no-control.yaml", ["An ACL that does not define control: nobody may send control (acl_default: deny)."], {
    security: { acl_default: "deny", acl: {
      task_assignment: ["orchestrator"], review_result: ["codex", "claude"], aggregation_result: ["aggregator"],
      error: ["orchestrator", "codex", "claude", "aggregator"],
    } },
  }),
  derived: policy("derived-acl.yaml", [
    "No security.acl: the ACL is derived as the implementation's buildAcl() does, with the",
    "reviewers taken from review.required_agents.",
  ], { review: { required_agents: ["alpha-reviewer", "beta-reviewer"] } }),
  workers: policy("workers.yaml", ["Names the principals (keys of workers), so `to` must be one of them."], {
    workers: { codex: { enabled: true }, claude: { enabled: true }, aggregator: { enabled: true }, orchestrator: { enabled: true } },
  }),
  reviewersGemini: policy("reviewers-gemini.yaml", [
    "No workers section (MAILBOX-ROUTE-003 does not run); gemini is a third reviewer, so a known consumer.",
  ], { review: { required_agents: ["codex", "claude", "gemini"] } }),
  attempts3: policy("attempts-3.yaml", [
    "Both limits set to 3, so the case verdicts hold whichever key bounds delivery_attempt.",
  ], { mailbox: { max_delivery_attempts: 3 }, retries: { max_attempts: 3 } }),
  skew600: policy("skew-600.yaml", ["Clock skew wider than the nonce TTL."], { security: { nonce_ttl_sec: 300, max_clock_skew_sec: 600 } }),
};

// ================================================================ cases
// ---------------------------------------------------------------- MAILBOX-ENV-001 envelope schema
const E1 = "MAILBOX-ENV-001", SCH = "MAILBOX_SCHEMA_INVALID", PAY = "MAILBOX_PAYLOAD_INVALID";
add({ id: "mailbox-env-001-valid-task-assignment", rule: E1, tags: ["schema", "impl-shape"], verdict: "valid", codes: [UNKEYED], impl: ACK,
  description: "A task_assignment from orchestrator to codex in the implementation's field order and layout, schema-valid payload, sha256 signature.",
  input: TA("env-001") });
add({ id: "mailbox-env-002-valid-with-parent-id", rule: E1, tags: ["schema"], verdict: "valid", codes: [], impl: ACK,
  description: "Optional parent_id present (the implementation sets it on review_result and aggregation_result).",
  input: RR("env-002", { parent: uuid("msg:env-001") }) });
add({ id: "mailbox-env-003-missing-nonce", rule: E1, tags: ["schema", "required"], verdict: "invalid", codes: [SCH], impl: ACK,
  description: "nonce is required; the implementation does not validate the schema and would accept it (signature computed without the member).",
  input: TA("env-003", { mutate: (e) => delete e.nonce }) });
add({ id: "mailbox-env-004-nonce-too-short", rule: E1, tags: ["schema", "nonce"], verdict: "invalid", codes: [SCH], impl: ACK,
  description: "nonce has minLength 8; this one has 7 characters.", input: TA("env-004", { nonce: "abc1234" }) });
add({ id: "mailbox-env-005-signature-too-short", rule: E1, tags: ["schema", "signature"], verdict: "invalid", codes: [SCH, "MAILBOX_SIGNATURE_INVALID"], impl: Q("SIGNATURE_INVALID"),
  description: "signature has minLength 16; \"deadbeef\" also fails verification.", input: TA("env-005", { after: (e) => (e.signature = "deadbeef") }) });
add({ id: "mailbox-env-006-unknown-member", rule: E1, tags: ["schema", "additional"], verdict: "invalid", codes: [SCH], impl: ACK,
  description: "Envelope member not in the schema (additionalProperties: false), signed along with the rest: the implementation accepts it.",
  input: TA("env-006", { mutate: (e) => (e.priority = "high") }) });
add({ id: "mailbox-env-007-schema-version-2", rule: E1, tags: ["schema", "version"], verdict: "invalid", codes: [SCH], impl: ACK,
  description: "schema_version is const 1.", input: TA("env-007", { mutate: (e) => (e.schema_version = 2) }) });
add({ id: "mailbox-env-008-sender-id-pattern", rule: E1, tags: ["schema", "identity", "acl"], verdict: "invalid", codes: [SCH, "MAILBOX_ACL_DENY"], impl: Q("ACL_DENY"),
  description: "sender_id \"Codex\" (upper case) breaks ^[a-z0-9][a-z0-9-]{2,63}$; as it is not in the review_result ACL either, ACL_DENY is reported too (the implementation reports only that).",
  input: RR("env-008", { sender: "Codex", key_id: "k-codex-v1" }) });
add({ id: "mailbox-env-009-issued-at-no-offset", rule: E1, tags: ["schema", "format", "date-time"], verdict: "invalid", codes: [SCH], impl: ACK,
  description: "issued_at without a time-zone offset is not an RFC 3339 date-time (format asserted).",
  input: TA("env-009", { issued: "2026-02-11T10:00:00", created: iso(0) }) });
add({ id: "mailbox-env-010-created-at-bad-day", rule: E1, tags: ["schema", "format", "date-time"], verdict: "invalid", codes: [SCH], impl: ACK,
  description: "created_at 2026-02-30 is not a date.", input: TA("env-010", { created: "2026-02-30T10:00:00.000Z" }) });
add({ id: "mailbox-env-011-unknown-type", rule: E1, tags: ["schema", "type", "acl"], verdict: "invalid", codes: [SCH, "MAILBOX_ACL_DENY"], impl: Q("ACL_DENY"),
  description: "type \"heartbeat\" is not in the enum, and no ACL entry allows it (undefined types are denied); the implementation reports ACL_DENY.",
  input: env({ label: "env-011", sender: "orchestrator", to: "codex", type: "heartbeat", payload: {} }) });
add({ id: "mailbox-env-012-delivery-attempt-zero", rule: E1, tags: ["schema", "delivery"], verdict: "invalid", codes: [SCH], impl: ACK,
  description: "delivery_attempt has minimum 1.", input: TA("env-012", { attempt: 0 }) });
add({ id: "mailbox-env-013-state-version-fraction", rule: E1, tags: ["schema", "number"], verdict: "invalid", codes: [SCH], impl: ACK,
  description: "state_version 1.5 is not an integer.", input: TA("env-013", { sv: 1.5 }) });
add({ id: "mailbox-env-014-payload-array", rule: E1, tags: ["schema", "payload"], verdict: "invalid", codes: [SCH, PAY], impl: ACK,
  description: "A control envelope whose payload is an array: the envelope-level \"type\": \"object\" fails (SCHEMA_INVALID) and so does the control payload schema (PAYLOAD_INVALID).",
  input: CT("env-014", { payload: ["cancel"] }) });
{
  // Numbers written as 1.0 / 1e0 / 10E-1: the signature is over the parsed values (canonical "1").
  const e = TA("env-015");
  const text = json(e).replace('"schema_version": 1,', '"schema_version": 1.0,').replace('"state_version": 1,', '"state_version": 1e0,').replace('"delivery_attempt": 1,', '"delivery_attempt": 10E-1,');
  add({ id: "mailbox-env-015-valid-number-spellings", rule: E1, tags: ["schema", "number", "canonical", "edge"], verdict: "valid", codes: [], impl: ACK,
    description: "schema_version 1.0, state_version 1e0, delivery_attempt 10E-1: integers by value (JSON Schema 2020-12), and the signature covers their canonical form 1.",
    input: { text } });
}
{
  // Strings with escapes and non-ASCII, written with \u escapes and "\/": canonical form differs from the file text.
  const instr = "レビューしてください 👍 tab\there quote\" back\\ slash/ nl\n ctl\u001f del\u007f ls\u2028 é";
  const e = TA("env-016", { payload: { ...P.assignment(), instruction: instr } });
  const text = json(e).replace(JSON.stringify(instr), JSON.stringify(instr).replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")).replace("slash/", "slash\\/"));
  if (JSON.parse(text).payload.instruction !== instr) throw new Error("env-016 escape rewrite");
  add({ id: "mailbox-env-016-valid-string-escapes", rule: E1, tags: ["schema", "canonical", "unicode", "edge"], verdict: "valid", codes: [], impl: ACK,
    description: "instruction with Japanese, an emoji (surrogate pair), tab, quote, backslash, \\/, newline, U+001F, U+007F, U+2028 and é, all written as escapes in the file: the canonical form re-escapes only what JSON.stringify escapes (\\t \\n \\\" \\\\ \\u001f), the rest as UTF-8.",
    input: { text } });
}
{
  const e = TA("env-017", { sv: 9007199254740993 });
  const text = json(e).replace('"state_version": 9007199254740992,', '"state_version": 9007199254740993,');
  if (!text.includes("9007199254740993")) throw new Error("env-017");
  add({ id: "mailbox-env-017-valid-integer-beyond-double", rule: E1, tags: ["schema", "number", "canonical", "edge"], verdict: "valid", codes: [], impl: ACK,
    description: "state_version 9007199254740993 (2^53+1) is written in the file; it parses to the double 9007199254740992, which is what the signature covers (canonical text 9007199254740992). amc may add an info note about the precision loss.",
    input: { text } });
}

// ---------------------------------------------------------------- MAILBOX-ENV-002 payload schema by type
const E2 = "MAILBOX-ENV-002";
add({ id: "mailbox-pay-001-valid-review-result-fail", rule: E2, tags: ["payload", "review_result"], verdict: "valid", codes: [], impl: ACK,
  description: "review_result FAIL with one blocking finding carrying every optional field (file_path, line).",
  input: RR("pay-001", { payload: P.review("task-demo-001", "codex", { verdict: "FAIL", next_action: "rework", summary: "codex found blocking issue",
    blocking: [{ code: "TEST_MISSING", title: "Critical Test Missing", detail: "Required regression test is missing", file_path: "src/poc/runtime.ts", line: 791, severity: "high" }] }) }) });
{
  // The payload the implementation's seedTask() really sends (src/poc/runtime.ts): five extra members.
  const payload = {
    review_request_ref: "artifact://task-demo-001/review-request.md",
    review_input_ref: "/repo/tmp/poc-mailbox/state/artifacts/task-demo-001/review-input.md",
    review_input_source: "git_working_tree",
    review_input_excerpt: "## meta\ntask_id: task-demo-001\n",
    reviewer_profile: { id: "codex", provider: "codex", model: null, instruction: null, display_name: null },
    required_agents: ["codex", "claude"],
    instruction: "Please review this change set.",
  };
  add({ id: "mailbox-pay-002-runtime-task-assignment", rule: "MAILBOX-ENV-005", tags: ["payload", "task_assignment", "impl-emits", "warning"], verdict: "valid", codes: ["MAILBOX_PAYLOAD_IMPL_EXTRA"], absent: [PAY], impl: ACK,
    description: "The task_assignment payload the implementation's seedTask() emits (review_input_ref, review_input_source, review_input_excerpt, reviewer_profile; reviewer_model_hint is dropped when undefined) breaks its own schema (additionalProperties: false). Real traffic must pass (issue 14): each of these members is a warning (MAILBOX-ENV-005), not an ENV-002 error.",
    input: TA("pay-002", { payload }) });
  add({ id: "mailbox-pay-007-task-assignment-other-extra", rule: E2, tags: ["payload", "task_assignment"], verdict: "invalid", codes: [PAY], absent: ["MAILBOX_PAYLOAD_IMPL_EXTRA"], impl: ACK,
    description: "A task_assignment payload with a member neither the schema nor the implementation's seedTask() has (priority): still an ENV-002 error.",
    input: TA("pay-007", { payload: { ...P.assignment(), priority: "high" } }) });
  add({ id: "mailbox-pay-008-valid-plain-task-assignment", rule: "MAILBOX-ENV-005", tags: ["payload", "task_assignment"], verdict: "valid", codes: [], impl: ACK,
    description: "A task_assignment payload with only the members its schema allows: no warning.",
    input: TA("pay-008") });
}
add({ id: "mailbox-pay-003-review-result-agent-id", rule: E2, tags: ["payload", "review_result", "seed"], verdict: "invalid", codes: [PAY], impl: ACK,
  description: "Seed §7: review_result payload must not carry agent_id (the schema forbids extra members).",
  input: RR("pay-003", { payload: P.review("task-demo-001", "codex", { agent_id: "codex" }) }) });
add({ id: "mailbox-pay-004-review-result-missing-summary", rule: E2, tags: ["payload", "review_result", "required"], verdict: "invalid", codes: [PAY], impl: ACK,
  description: "review_result payload without the required summary.",
  input: RR("pay-004", { mutate: (e) => delete e.payload.summary }) });
add({ id: "mailbox-pay-005-review-result-null-file-path", rule: E2, tags: ["payload", "review_result", "codex-output"], verdict: "invalid", codes: [PAY], impl: ACK,
  description: "A finding with file_path null and line null, as the codex-output schema allows; the review-result schema wants a string / integer or the member absent.",
  input: RR("pay-005", { payload: P.review("task-demo-001", "codex", { non_blocking: [{ code: "STYLE", title: "Naming", detail: "Prefer descriptive names", file_path: null, line: null, severity: "low" }] }) }) });
add({ id: "mailbox-pay-006-review-result-bad-generated-at", rule: E2, tags: ["payload", "format", "date-time"], verdict: "invalid", codes: [PAY], impl: ACK,
  description: "payload.generated_at \"yesterday\" is not a date-time.",
  input: RR("pay-006", { payload: P.review("task-demo-001", "codex", { generated_at: "yesterday" }) }) });
add({ id: "mailbox-pay-007-aggregation-bad-verdict", rule: E2, tags: ["payload", "aggregation_result"], verdict: "invalid", codes: [PAY], impl: ACK,
  description: "aggregation_result verdict must be PASS or FAIL.", input: AR("pay-007", { payload: P.aggregation("task-demo-001", undefined, { verdict: "UNKNOWN" }) }) });
add({ id: "mailbox-pay-008-aggregation-duplicate-agents", rule: E2, tags: ["payload", "aggregation_result"], verdict: "invalid", codes: [PAY], impl: ACK,
  description: "received_agents has uniqueItems.", input: AR("pay-008", { payload: P.aggregation("task-demo-001", undefined, { received_agents: ["codex", "codex"] }) }) });
add({ id: "mailbox-pay-009-control-unknown-action", rule: E2, tags: ["payload", "control"], verdict: "invalid", codes: [PAY], impl: ACK,
  description: "control action must be cancel, pause or resume.", input: CT("pay-009", { payload: { action: "restart" } }) });
add({ id: "mailbox-pay-010-error-missing-message", rule: E2, tags: ["payload", "error"], verdict: "invalid", codes: [PAY], impl: ACK,
  description: "error payload requires code and message.", input: ER("pay-010", { payload: { code: "REVIEWER_AUTH_ERROR" } }) });
add({ id: "mailbox-pay-011-task-assignment-no-agents", rule: E2, tags: ["payload", "task_assignment"], verdict: "invalid", codes: [PAY], impl: ACK,
  description: "required_agents has minItems 1.", input: TA("pay-011", { payload: { ...P.assignment(), required_agents: [] } }) });
add({ id: "mailbox-pay-012-review-result-no-task-id", rule: E2, tags: ["payload", "review_result", "task-id", "multi"], verdict: "invalid", codes: [PAY, "MAILBOX_TASK_ID_MISMATCH"], impl: Q("TASK_ID_MISMATCH"),
  description: "payload.task_id missing: a schema error, and an absent value does not equal the envelope's task_id, so TASK_ID_MISMATCH too (the implementation's only report).",
  input: RR("pay-012", { mutate: (e) => delete e.payload.task_id }) });
add({ id: "mailbox-pay-013-valid-control-pause", rule: E2, tags: ["payload", "control"], verdict: "valid", codes: [], impl: ACK,
  description: "control pause without the optional reason.", input: CT("pay-013", { payload: { action: "pause" } }) });

// ---------------------------------------------------------------- MAILBOX-ENV-003 duplicate keys
const E3 = "MAILBOX-ENV-003";
{
  const e = RR("dupkey-001");
  const text = json(e).replace('  "sender_id": "codex",', '  "from": "orchestrator",\n  "sender_id": "codex",');
  add({ id: "mailbox-dupkey-001-spoofed-first-from", rule: E3, tags: ["json", "duplicate-key", "identity", "impl-diff", "security"], verdict: "invalid", codes: ["JSON_DUP_KEY"], impl: ACK,
    description: "Two \"from\" members: first \"orchestrator\", last \"codex\". JSON.parse keeps the last, so the implementation sees from == sender_id, a valid signature, and acks; a reader that keeps the first sees from \"orchestrator\". amc rejects duplicate keys.",
    input: { text } });
}
{
  const e = RR("dupkey-002", { payload: P.review("task-demo-001", "codex") });
  const text = json(e).replace('    "verdict": "PASS",', '    "verdict": "FAIL",\n    "verdict": "PASS",');
  add({ id: "mailbox-dupkey-002-payload-verdict", rule: E3, tags: ["json", "duplicate-key", "payload", "impl-diff"], verdict: "invalid", codes: ["JSON_DUP_KEY"], impl: ACK,
    description: "payload.verdict appears twice (FAIL then PASS); the implementation keeps PASS. amc rejects duplicate keys.", input: { text } });
}
add({ id: "mailbox-dupkey-003-valid-same-name-other-object", rule: E3, tags: ["json", "duplicate-key"], verdict: "valid", codes: [], impl: ACK,
  description: "task_id and schema_version appear in the envelope and in its payload: different objects, not duplicates.", input: RR("dupkey-003") });

// ---------------------------------------------------------------- MAILBOX-ID-001 from == sender_id
const I1 = "MAILBOX-ID-001", SIM = "MAILBOX_SENDER_ID_MISMATCH";
add({ id: "mailbox-id-001-valid-from-equals-sender", rule: I1, tags: ["identity"], verdict: "valid", codes: [], impl: ACK,
  description: "from == sender_id == \"claude\".", input: RR("id-001", { sender: "claude" }) });
add({ id: "mailbox-id-002-e2e-spoofed-from", rule: I1, tags: ["identity", "impl-e2e", "seed"], verdict: "invalid", codes: [SIM], impl: Q("SENDER_ID_MISMATCH"),
  description: "Transcribed from the implementation's e2e case \"from/sender_id mismatch quarantine\": a codex review_result whose from was changed to \"claude\" and re-signed (the unkeyed digest lets anyone re-sign).",
  input: RR("id-002", { task: "task-e2e-3", sv: 1, payload: P.review("task-e2e-3", "codex", { summary: "spoof test", raw_output_ref: "artifact://task-e2e-3/spoof" }), from: "claude" }) });
add({ id: "mailbox-id-003-case-differs", rule: I1, tags: ["identity"], verdict: "invalid", codes: [SIM], impl: Q("SENDER_ID_MISMATCH"),
  description: "from \"Codex\" vs sender_id \"codex\": compared as exact strings.", input: RR("id-003", { from: "Codex" }) });
add({ id: "mailbox-id-004-valid-check-disabled", rule: I1, tags: ["identity", "policy", "impl-diff"], verdict: "valid", codes: [], policy: POL.fromOff, impl: Q("SENDER_ID_MISMATCH"),
  description: "security.require_from_sender_match: false switches the rule off; the implementation has no such switch and would quarantine.",
  input: RR("id-004", { from: "claude" }) });

// ---------------------------------------------------------------- MAILBOX-ACL-001
const A1 = "MAILBOX-ACL-001", ACL = "MAILBOX_ACL_DENY";
add({ id: "mailbox-acl-001-valid-task-assignment-orchestrator", rule: A1, tags: ["acl", "task_assignment"], verdict: "valid", codes: [], impl: ACK,
  description: "Default ACL: task_assignment [orchestrator].", input: TA("acl-001", { to: "claude" }) });
add({ id: "mailbox-acl-002-task-assignment-aggregator", rule: A1, tags: ["acl", "task_assignment"], verdict: "invalid", codes: [ACL], impl: Q("ACL_DENY"),
  description: "aggregator may not send task_assignment.", input: TA("acl-002", { sender: "aggregator" }) });
add({ id: "mailbox-acl-003-valid-review-result-claude", rule: A1, tags: ["acl", "review_result"], verdict: "valid", codes: [], impl: ACK,
  description: "Default ACL: review_result [codex, claude].", input: RR("acl-003", { sender: "claude" }) });
add({ id: "mailbox-acl-004-review-result-orchestrator", rule: A1, tags: ["acl", "review_result"], verdict: "invalid", codes: [ACL], impl: Q("ACL_DENY"),
  description: "orchestrator is not a reviewer.", input: RR("acl-004", { sender: "orchestrator", payload: P.review("task-demo-001", "orchestrator") }) });
add({ id: "mailbox-acl-005-review-result-aggregator", rule: A1, tags: ["acl", "review_result"], verdict: "invalid", codes: [ACL], impl: Q("ACL_DENY"),
  description: "aggregator is not a reviewer.", input: RR("acl-005", { sender: "aggregator" }) });
add({ id: "mailbox-acl-006-valid-aggregation-result-aggregator", rule: A1, tags: ["acl", "aggregation_result"], verdict: "valid", codes: [], impl: ACK,
  description: "Default ACL: aggregation_result [aggregator].", input: AR("acl-006") });
add({ id: "mailbox-acl-007-aggregation-result-codex", rule: A1, tags: ["acl", "aggregation_result"], verdict: "invalid", codes: [ACL], impl: Q("ACL_DENY"),
  description: "A reviewer may not publish the aggregation.", input: AR("acl-007", { sender: "codex" }) });
add({ id: "mailbox-acl-008-valid-control-orchestrator", rule: A1, tags: ["acl", "control"], verdict: "valid", codes: [], impl: ACK,
  description: "Default ACL: control [orchestrator].", input: CT("acl-008") });
add({ id: "mailbox-acl-009-control-codex", rule: A1, tags: ["acl", "control"], verdict: "invalid", codes: [ACL], impl: Q("ACL_DENY"),
  description: "codex may not send control.", input: CT("acl-009", { sender: "codex", to: "claude" }) });
add({ id: "mailbox-acl-010-valid-error-codex", rule: A1, tags: ["acl", "error"], verdict: "valid", codes: [], impl: ACK,
  description: "Default ACL: error [orchestrator, aggregator, reviewers]: a reviewer.", input: ER("acl-010") });
add({ id: "mailbox-acl-011-valid-error-aggregator", rule: A1, tags: ["acl", "error"], verdict: "valid", codes: [], impl: ACK,
  description: "error from aggregator.", input: ER("acl-011", { sender: "aggregator" }) });
add({ id: "mailbox-acl-012-valid-error-orchestrator", rule: A1, tags: ["acl", "error"], verdict: "valid", codes: [], impl: ACK,
  description: "error from orchestrator.", input: ER("acl-012", { sender: "orchestrator", to: "codex" }) });
add({ id: "mailbox-acl-013-error-unknown-sender", rule: A1, tags: ["acl", "error"], verdict: "invalid", codes: [ACL], impl: Q("ACL_DENY"),
  description: "error from \"gemini\" (pattern-valid id, no ACL entry).", input: ER("acl-013", { sender: "gemini" }) });
add({ id: "mailbox-acl-014-custom-acl-codex-denied", rule: A1, tags: ["acl", "policy"], verdict: "invalid", codes: [ACL], policy: POL.aclCustom, impl: Q("ACL_DENY"),
  description: "Under a policy whose review_result ACL is [security-reviewer, perf-reviewer], codex is denied.",
  input: RR("acl-014", { to: "review-hub" }) });
add({ id: "mailbox-acl-015-valid-custom-acl-reviewer", rule: A1, tags: ["acl", "policy"], verdict: "valid", codes: [], policy: POL.aclCustom, impl: ACK,
  description: "Same policy: security-reviewer may send review_result to review-hub.",
  input: RR("acl-015", { sender: "security-reviewer", to: "review-hub", payload: P.review("task-demo-001", "security-reviewer") }) });
add({ id: "mailbox-acl-016-undefined-type-denied", rule: A1, tags: ["acl", "policy", "seed"], verdict: "invalid", codes: [ACL], policy: POL.aclNoControl, impl: Q("ACL_DENY"),
  description: "Seed §7: the ACL defines every type and undefined ones are refused. This policy's ACL has no control entry, so control from orchestrator is denied.",
  input: CT("acl-016") });
add({ id: "mailbox-acl-017-valid-derived-acl", rule: A1, tags: ["acl", "policy", "decision"], verdict: "valid", codes: [], policy: POL.derived,
  impl: ACK,
  description: "No security.acl in the policy: review_result is allowed to the reviewers of review.required_agents (alpha-reviewer, beta-reviewer), as the implementation's buildAcl() derives it from its reviewer list.",
  input: RR("acl-017", { sender: "alpha-reviewer", payload: P.review("task-demo-001", "alpha-reviewer") }) });
add({ id: "mailbox-acl-018-derived-acl-codex-denied", rule: A1, tags: ["acl", "policy", "decision"], verdict: "invalid", codes: [ACL], policy: POL.derived, impl: Q("ACL_DENY"),
  description: "Same derived ACL: codex is not among review.required_agents.", input: RR("acl-018") });

// ---------------------------------------------------------------- MAILBOX-ROUTE-001 aggregation_result to the orchestrator
const R1 = "MAILBOX-ROUTE-001", ROUTE = "MAILBOX_INVALID_ROUTE";
add({ id: "mailbox-route-001-valid-aggregation-to-orchestrator", rule: R1, tags: ["route", "aggregation_result"], verdict: "valid", codes: [], impl: ACK,
  description: "aggregation_result to orchestrator (seed §8.4).", input: AR("route-001") });
add({ id: "mailbox-route-002-aggregation-to-aggregator", rule: R1, tags: ["route", "aggregation_result"], verdict: "invalid", codes: [ROUTE], impl: Q("INVALID_ROUTE"),
  description: "aggregation_result addressed to the aggregator itself.", input: AR("route-002", { to: "aggregator" }) });
add({ id: "mailbox-route-003-aggregation-to-reviewer", rule: R1, tags: ["route", "aggregation_result"], verdict: "invalid", codes: [ROUTE], impl: Q("INVALID_ROUTE"),
  description: "aggregation_result addressed to a reviewer.", input: AR("route-003", { to: "codex" }) });
add({ id: "mailbox-route-004-valid-custom-consumer", rule: R1, tags: ["route", "policy"], verdict: "valid", codes: [], policy: POL.aclCustom, impl: ACK,
  description: "review.aggregation_result_consumer: control-plane.", input: AR("route-004", { sender: "review-hub", to: "control-plane", payload: P.aggregation("task-demo-001", undefined, { required_agents: ["security-reviewer", "perf-reviewer"], received_agents: ["perf-reviewer", "security-reviewer"] }) }) });
add({ id: "mailbox-route-005-custom-consumer-default-name", rule: R1, tags: ["route", "policy"], verdict: "invalid", codes: [ROUTE, "MAILBOX_UNKNOWN_CONSUMER"], policy: POL.aclCustom, impl: Q("INVALID_ROUTE"),
  description: "Same policy: \"orchestrator\" is not the configured consumer, and under this policy no consumer at all (MAILBOX-ROUTE-004).", input: AR("route-005", { sender: "review-hub", to: "orchestrator" }) });

// ---------------------------------------------------------------- MAILBOX-ROUTE-002 review_result to its consumer (SHOULD)
const R2 = "MAILBOX-ROUTE-002";
add({ id: "mailbox-review-route-001-valid-to-aggregator", rule: R2, tags: ["route", "review_result"], verdict: "valid", codes: [], impl: ACK,
  description: "review_result to aggregator (review.review_result_consumer default).", input: RR("review-route-001") });
add({ id: "mailbox-review-route-002-to-orchestrator", rule: R2, tags: ["route", "review_result", "warning", "impl-diff"], verdict: "valid", codes: ["MAILBOX_UNEXPECTED_ROUTE"], impl: ACK,
  description: "review_result to orchestrator: warning only (the implementation does not check this route; the aggregator would never see the result).",
  input: RR("review-route-002", { to: "orchestrator" }) });

// ---------------------------------------------------------------- MAILBOX-ROUTE-003 `to` is a known principal
const R3 = "MAILBOX-ROUTE-003", UNK = "MAILBOX_UNKNOWN_PRINCIPAL";
add({ id: "mailbox-principal-001-valid-known", rule: R3, tags: ["principal", "policy"], verdict: "valid", codes: [], policy: POL.workers, impl: ACK,
  description: "to \"claude\" is a key of workers.", input: TA("principal-001", { to: "claude" }) });
add({ id: "mailbox-principal-002-unknown", rule: R3, tags: ["principal", "policy", "impl-diff"], verdict: "invalid", codes: [UNK], policy: POL.workers, impl: ACK,
  description: "to \"gemini\" is not a principal of the policy; the implementation would create inbox/gemini/ and deliver.",
  input: TA("principal-002", { to: "gemini" }) });
// (mailbox-principal-003-valid-no-policy, "to gemini passes without a policy", retired: MAILBOX-ROUTE-004
// now reports a to outside the implementation's default principals.)
add({ id: "mailbox-principal-004-valid-no-workers", rule: R3, tags: ["principal", "policy", "decision"], verdict: "valid", codes: [], policy: POL.reviewersGemini, impl: ACK,
  description: "A policy without workers names no principals for this rule, so it does not run: to \"gemini\" (a reviewer of the policy) passes.", input: TA("principal-004", { to: "gemini" }) });

// ---------------------------------------------------------------- MAILBOX-ROUTE-004 `to` names a known consumer
const R4 = "MAILBOX-ROUTE-004", UCON = "MAILBOX_UNKNOWN_CONSUMER";
add({ id: "mailbox-consumer-001-valid-default", rule: R4, tags: ["route", "principal"], verdict: "valid", codes: [], impl: ACK,
  description: "to \"claude\": one of the implementation's default principals (orchestrator, aggregator, codex, claude; agent-adapter.ts 30-46).", input: TA("consumer-001", { to: "claude" }) });
add({ id: "mailbox-consumer-002-unknown-default", rule: R4, tags: ["route", "principal", "impl-diff"], verdict: "invalid", codes: [UCON], absent: [UNK], impl: ACK,
  description: "to \"gemini\" without a policy: not one of the implementation's principals. The implementation acks it and publish() writes inbox/gemini/, which no consumer reads (runtime.ts 789, 893, 975).",
  input: TA("consumer-002", { to: "gemini" }) });
add({ id: "mailbox-consumer-003-valid-policy-reviewer", rule: R4, tags: ["route", "principal", "policy"], verdict: "valid", codes: [], policy: POL.reviewersGemini, impl: ACK,
  description: "to \"gemini\" is a reviewer of the policy (review.required_agents).", input: TA("consumer-003", { to: "gemini" }) });
add({ id: "mailbox-consumer-004-valid-acl-principal", rule: R4, tags: ["route", "principal", "policy"], verdict: "valid", codes: [], policy: POL.aclCustom, impl: ACK,
  description: "to \"perf-reviewer\": a principal of the policy's own names (review.required_agents and security.acl).",
  input: TA("consumer-004", { sender: "control-plane", to: "perf-reviewer" }) });
add({ id: "mailbox-consumer-005-default-name-under-policy", rule: R4, tags: ["route", "principal", "policy", "decision", "impl-diff"], verdict: "invalid", codes: [UCON], absent: [UNK], policy: POL.aclCustom, impl: ACK,
  description: "to \"codex\" under a policy that names its own principals (control-plane, review-hub, security-reviewer, perf-reviewer): the policy's set replaces the defaults.",
  input: TA("consumer-005", { sender: "control-plane", to: "codex" }) });
add({ id: "mailbox-consumer-006-workers-once", rule: R4, tags: ["route", "principal", "policy", "decision"], verdict: "invalid", codes: [UNK], absent: [UCON], policy: POL.workers, impl: ACK,
  description: "to \"gemini\" under a policy with workers: MAILBOX-ROUTE-003 reports it, and this rule stays silent (one finding, one line).",
  input: TA("consumer-006", { to: "gemini" }) });

// ---------------------------------------------------------------- MAILBOX-ENV-004 no byte order mark
const E4 = "MAILBOX-ENV-004", BOM = "MAILBOX_BOM";
add({ id: "mailbox-bom-001-valid-no-bom", rule: E4, tags: ["json", "bytes"], verdict: "valid", codes: [], impl: ACK,
  description: "An envelope as the implementation writes it (JSON.stringify, no byte order mark).", input: TA("bom-001") });
add({ id: "mailbox-bom-002-bom", rule: E4, tags: ["json", "bytes", "edge"], verdict: "invalid", codes: [BOM],
  description: "The same kind of envelope preceded by the UTF-8 BOM EF BB BF. The implementation's readJson (file-mailbox.ts 14-16) is JSON.parse(fs.readFileSync(path, \"utf8\")), which keeps U+FEFF and throws: the consumer cannot read the file. amc reports MAILBOX_BOM with JSON_BOM as its second code.",
  input: { text: "\ufeff" + json(TA("bom-002")) } });

// ---------------------------------------------------------------- MAILBOX-TASK-001
const K1 = "MAILBOX-TASK-001", TID = "MAILBOX_TASK_ID_MISMATCH";
add({ id: "mailbox-task-001-valid-review-result", rule: K1, tags: ["task-id", "review_result"], verdict: "valid", codes: [], impl: ACK,
  description: "envelope.task_id == payload.task_id.", input: RR("task-001") });
add({ id: "mailbox-task-002-e2e-review-result-mismatch", rule: K1, tags: ["task-id", "review_result", "impl-e2e", "seed"], verdict: "invalid", codes: [TID], impl: Q("TASK_ID_MISMATCH"),
  description: "Transcribed from the implementation's e2e case \"task_id mismatch quarantine for review_result\" (injectTaskIdMismatchReview: task-e2e-2 vs task-e2e-2-evil, state_version 9).",
  input: RR("task-002", { task: "task-e2e-2", sv: 9, payload: P.review("task-e2e-2-evil", "codex", { summary: "malformed message for validation test", raw_output_ref: "artifact://task-e2e-2/malformed" }) }) });
add({ id: "mailbox-task-003-aggregation-mismatch", rule: K1, tags: ["task-id", "aggregation_result"], verdict: "invalid", codes: [TID], impl: Q("TASK_ID_MISMATCH"),
  description: "aggregation_result payload for another task.", input: AR("task-003", { payload: P.aggregation("task-demo-002") }) });
add({ id: "mailbox-task-004-valid-types-narrowed", rule: K1, tags: ["task-id", "policy"], verdict: "valid", codes: [], policy: POL.taskReview, impl: ACK,
  description: "task_id_match_types: [review_result]: an aggregation_result mismatch is not checked.", input: AR("task-004", { payload: P.aggregation("task-demo-002") }) });
add({ id: "mailbox-task-005-valid-check-disabled", rule: K1, tags: ["task-id", "policy"], verdict: "valid", codes: [], policy: POL.taskOff, impl: ACK,
  description: "require_task_id_match: false.", input: RR("task-005", { payload: P.review("task-demo-002") }) });
add({ id: "mailbox-task-006-narrowed-still-checks-review", rule: K1, tags: ["task-id", "policy"], verdict: "invalid", codes: [TID], policy: POL.taskReview, impl: Q("TASK_ID_MISMATCH"),
  description: "task_id_match_types: [review_result]: a review_result mismatch is still an error.", input: RR("task-006", { payload: P.review("task-demo-002") }) });

// ---------------------------------------------------------------- MAILBOX-SIG-001 signature value
const S1 = "MAILBOX-SIG-001", SIG = "MAILBOX_SIGNATURE_INVALID";
add({ id: "mailbox-sig-001-valid-sha256", rule: S1, tags: ["signature", "sha256"], verdict: "valid", codes: [UNKEYED], impl: ACK,
  description: "sha256 scheme, no policy (the implementation's default).", input: RR("sig-001") });
add({ id: "mailbox-sig-002-tampered-payload", rule: S1, tags: ["signature", "sha256"], verdict: "invalid", codes: [SIG], impl: Q("SIGNATURE_INVALID"),
  description: "payload.summary changed after signing.", input: RR("sig-002", { after: (e) => (e.payload.summary = "codex review passed (edited)") }) });
add({ id: "mailbox-sig-003-uppercase-hex", rule: S1, tags: ["signature", "sha256", "edge"], verdict: "invalid", codes: [SIG], impl: Q("SIGNATURE_INVALID"),
  description: "The right digest in upper-case hex: signatures are compared as exact lowercase-hex strings.", input: RR("sig-003", { after: (e) => (e.signature = e.signature.toUpperCase()) }) });
{
  const e = RR("sig-004");
  const wrong = createHash("sha256").update(JSON.stringify({ ...e, signature: "" }, null, 2)).digest("hex");
  add({ id: "mailbox-sig-004-digest-of-pretty-text", rule: S1, tags: ["signature", "sha256", "canonical"], verdict: "invalid", codes: [SIG], impl: Q("SIGNATURE_INVALID"),
    description: "Signature = SHA-256 of the pretty-printed file text (unsorted, indented) instead of the canonical form.", input: { ...e, signature: wrong } });
}
{
  const e = RR("sig-005");
  const c = { ...e }; delete c.signature;
  const keys = Object.keys(c).sort();
  const canon = (v) => (v && typeof v === "object" && !Array.isArray(v) ? "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}" : Array.isArray(v) ? "[" + v.map(canon).join(",") + "]" : JSON.stringify(v));
  const wrong = createHash("sha256").update("{" + keys.map((k) => JSON.stringify(k) + ":" + canon(c[k])).join(",") + "}").digest("hex");
  add({ id: "mailbox-sig-005-signature-member-omitted", rule: S1, tags: ["signature", "sha256", "canonical"], verdict: "invalid", codes: [SIG], impl: Q("SIGNATURE_INVALID"),
    description: "Signature over the canonical form with the signature member removed; the scheme keeps the member with value \"\".", input: { ...e, signature: wrong } });
}
add({ id: "mailbox-sig-006-valid-hmac", rule: S1, tags: ["signature", "hmac", "policy"], verdict: "valid", codes: [], absent: [UNKEYED], policy: POL.hmac, impl: Q("SIGNATURE_INVALID"),
  description: "hmac_sha256 with key k-codex-v1 from the keyring (the implementation only knows the sha256 digest and would reject it).",
  input: RR("sig-006", { sign: "hmac_sha256" }) });
add({ id: "mailbox-sig-007-sha256-under-hmac-policy", rule: S1, tags: ["signature", "hmac", "policy"], verdict: "invalid", codes: [SIG], policy: POL.hmac, impl: ACK,
  description: "An envelope signed the implementation's way (sha256) checked under hmac_sha256: the key exists, the MAC does not match.",
  input: RR("sig-007") });
add({ id: "mailbox-sig-008-hmac-wrong-key", rule: S1, tags: ["signature", "hmac", "policy"], verdict: "invalid", codes: [SIG], policy: POL.hmac, impl: Q("SIGNATURE_INVALID"),
  description: "key_id says k-codex-v1 but the MAC was made with k-claude-v1's secret.", input: RR("sig-008", { sign: "hmac_sha256", key: "k-claude-v1" }) });
add({ id: "mailbox-sig-009-hmac-under-default", rule: S1, tags: ["signature", "hmac"], verdict: "invalid", codes: [SIG], impl: Q("SIGNATURE_INVALID"),
  description: "A correct hmac_sha256 signature checked without a policy (scheme sha256).", input: RR("sig-009", { sign: "hmac_sha256" }) });
add({ id: "mailbox-sig-010-key-id-changed", rule: S1, tags: ["signature", "sha256"], verdict: "invalid", codes: [SIG], impl: Q("SIGNATURE_INVALID"),
  description: "key_id edited after signing: key_id is covered by the digest like every other member.", input: RR("sig-010", { after: (e) => (e.key_id = "k-codex-v2") }) });

// ---------------------------------------------------------------- MAILBOX-SIG-002 unkeyed scheme warning
const S2 = "MAILBOX-SIG-002";
add({ id: "mailbox-unkeyed-001-sha256-warns", rule: S2, tags: ["signature", "sha256", "security", "warning"], verdict: "valid", codes: [UNKEYED], impl: ACK,
  description: "A correct sha256 signature is accepted with a warning: it is a digest anyone can recompute, not a MAC (see mailbox-id-002).", input: TA("unkeyed-001") });
add({ id: "mailbox-unkeyed-002-valid-hmac-no-warning", rule: S2, tags: ["signature", "hmac", "policy"], verdict: "valid", codes: [], policy: POL.hmac, impl: Q("SIGNATURE_INVALID"),
  description: "hmac_sha256: no unkeyed warning.", input: TA("unkeyed-002", { sign: "hmac_sha256" }) });

// ---------------------------------------------------------------- MAILBOX-SIG-003 key known
const S3 = "MAILBOX-SIG-003", KU = "MAILBOX_KEY_UNKNOWN";
add({ id: "mailbox-key-001-valid-known-key", rule: S3, tags: ["signature", "hmac", "keyring", "policy"], verdict: "valid", codes: [], policy: POL.hmac, impl: Q("SIGNATURE_INVALID"),
  description: "key_id k-aggregator-v1 is in the keyring.", input: AR("key-001", { sign: "hmac_sha256" }) });
add({ id: "mailbox-key-002-unknown-key-id", rule: S3, tags: ["signature", "hmac", "keyring", "policy"], verdict: "invalid", codes: [KU], absent: [SIG], policy: POL.hmac, impl: Q("SIGNATURE_INVALID"),
  description: "key_id k-codex-v9 is not in the keyring (signed with k-codex-v1's secret): KEY_UNKNOWN, and no SIGNATURE_INVALID since nothing could be verified.",
  input: RR("key-002", { key_id: "k-codex-v9", sign: "hmac_sha256", key: "k-codex-v1" }) });
add({ id: "mailbox-key-003-upstream-config-no-keyring", rule: S3, tags: ["signature", "hmac", "keyring", "policy", "impl-diff"], verdict: "invalid", codes: [KU], policy: "runtime.example.yaml", impl: ACK,
  description: "The upstream runtime config as is says signature_algorithm: hmac_sha256 but names no keyring, so an envelope the implementation signed (sha256) cannot be verified: KEY_UNKNOWN. The implementation itself ignores that setting and acks.",
  input: RR("key-003") });

// ---------------------------------------------------------------- MAILBOX-SIG-004 key bound to sender
const S4 = "MAILBOX-SIG-004", KS = "MAILBOX_KEY_SENDER_MISMATCH";
add({ id: "mailbox-keybind-001-valid-shared-key", rule: S4, tags: ["signature", "hmac", "keyring", "policy"], verdict: "valid", codes: [], policy: POL.hmac, impl: Q("SIGNATURE_INVALID"),
  description: "k-shared-v1 has no principal, so any sender may use it.", input: RR("keybind-001", { key_id: "k-shared-v1", sign: "hmac_sha256" }) });
add({ id: "mailbox-keybind-002-other-principals-key", rule: S4, tags: ["signature", "hmac", "keyring", "policy", "security"], verdict: "invalid", codes: [KS], absent: [SIG], policy: POL.hmac, impl: Q("SIGNATURE_INVALID"),
  description: "sender_id codex signs, correctly, with k-claude-v1, a key bound to principal claude: a key holder speaking for another principal.",
  input: RR("keybind-002", { key_id: "k-claude-v1", sign: "hmac_sha256" }) });

// ---------------------------------------------------------------- MAILBOX-DLV-001 delivery_attempt bound
const D1 = "MAILBOX-DLV-001", DLV = "MAILBOX_DELIVERY_ATTEMPTS_EXCEEDED";
add({ id: "mailbox-attempt-001-valid-second-attempt", rule: D1, tags: ["delivery"], verdict: "valid", codes: [], impl: ACK,
  description: "delivery_attempt 2: within the default limit whichever key bounds it (mailbox.max_delivery_attempts 5, retries.max_attempts 2).", input: RR("attempt-001", { attempt: 2 }) });
add({ id: "mailbox-attempt-002-over-default", rule: D1, tags: ["delivery", "dead-letter", "impl-diff"], verdict: "invalid", codes: [DLV], impl: ACK,
  description: "delivery_attempt 6 exceeds the default limit (5 or 2): the message should have been dead-lettered (seed §6). The implementation never checks it.", input: RR("attempt-002", { attempt: 6 }) });
add({ id: "mailbox-attempt-003-valid-at-policy-limit", rule: D1, tags: ["delivery", "policy"], verdict: "valid", codes: [], policy: POL.attempts3, impl: ACK,
  description: "Policy limit 3, delivery_attempt 3: the limit itself is allowed.", input: RR("attempt-003", { attempt: 3 }) });
add({ id: "mailbox-attempt-004-over-policy-limit", rule: D1, tags: ["delivery", "policy"], verdict: "invalid", codes: [DLV], policy: POL.attempts3, impl: ACK,
  description: "Policy limit 3, delivery_attempt 4.", input: RR("attempt-004", { attempt: 4 }) });

// ---------------------------------------------------------------- several failures in one envelope
add({ id: "mailbox-multi-001-five-failures", rule: I1, tags: ["multi", "identity", "acl", "route", "signature", "task-id"], verdict: "invalid",
  codes: [SIM, ACL, ROUTE, SIG, TID], impl: Q("SENDER_ID_MISMATCH"),
  description: "aggregation_result with sender_id codex, from aggregator, to aggregator, payload.task_id of another task and a wrong signature: amc reports all five; the implementation stops at the first, SENDER_ID_MISMATCH.",
  input: AR("multi-001", { sender: "codex", from: "aggregator", to: "aggregator", payload: P.aggregation("task-demo-002"), after: (e) => (e.signature = "0".repeat(64)) }) });
add({ id: "mailbox-multi-002-acl-and-task-id", rule: A1, tags: ["multi", "acl", "task-id"], verdict: "invalid", codes: [ACL, TID], impl: Q("ACL_DENY"),
  description: "review_result from orchestrator for another task: ACL_DENY and TASK_ID_MISMATCH; the implementation reports ACL_DENY.",
  input: RR("multi-002", { sender: "orchestrator", payload: P.review("task-demo-002", "orchestrator") }) });
add({ id: "mailbox-multi-003-route-and-signature", rule: R1, tags: ["multi", "route", "signature"], verdict: "invalid", codes: [ROUTE, SIG], impl: Q("INVALID_ROUTE"),
  description: "aggregation_result to codex with a tampered payload: INVALID_ROUTE and SIGNATURE_INVALID; the implementation reports INVALID_ROUTE.",
  input: AR("multi-003", { to: "codex", after: (e) => (e.payload.verdict = "FAIL") }) });
add({ id: "mailbox-multi-004-signature-and-task-id", rule: S1, tags: ["multi", "signature", "task-id"], verdict: "invalid", codes: [SIG, TID], impl: Q("SIGNATURE_INVALID"),
  description: "payload.task_id rewritten after signing: SIGNATURE_INVALID and TASK_ID_MISMATCH; the implementation reports SIGNATURE_INVALID.",
  input: RR("multi-004", { after: (e) => (e.payload.task_id = "task-demo-002") }) });
add({ id: "mailbox-multi-005-payload-and-sender", rule: E2, tags: ["multi", "payload", "identity"], verdict: "invalid", codes: [PAY, SIM], impl: Q("SENDER_ID_MISMATCH"),
  description: "Schema and semantic failures together: payload.agent_id (forbidden) and from != sender_id; the implementation has no schema check and reports SENDER_ID_MISMATCH.",
  input: RR("multi-005", { from: "claude", payload: P.review("task-demo-001", "codex", { agent_id: "claude" }) }) });
add({ id: "mailbox-multi-006-attempts-and-acl", rule: D1, tags: ["multi", "delivery", "acl"], verdict: "invalid", codes: [DLV, ACL], impl: Q("ACL_DENY"),
  description: "control from codex at delivery_attempt 9: ACL_DENY and DELIVERY_ATTEMPTS_EXCEEDED; the implementation reports ACL_DENY.",
  input: CT("multi-006", { sender: "codex", attempt: 9 }) });

// ---------------------------------------------------------------- MAILBOX-TIME-001 / -002 (reference clock `now`)
const T1 = "MAILBOX-TIME-001", T2 = "MAILBOX-TIME-002", SKEW = "MAILBOX_CLOCK_SKEW", EXP = "MAILBOX_NONCE_EXPIRED";
const timed = (label, issued) => RR(label, { issued, created: issued });
add({ id: "mailbox-time-001-valid-recent", rule: T1, tags: ["time", "clock"], verdict: "valid", codes: [], absent: [EXP], now: NOW, impl: ACK,
  description: "issued_at 100 s before now (max_clock_skew_sec 120).", input: timed("time-001", iso(-100)) });
add({ id: "mailbox-time-002-valid-at-skew-limit", rule: T1, tags: ["time", "clock", "boundary"], verdict: "valid", codes: [], now: NOW, impl: ACK,
  description: "issued_at exactly 120 s before now: the limit is inclusive.", input: timed("time-002", iso(-120)) });
add({ id: "mailbox-time-003-past-skew-by-1ms", rule: T1, tags: ["time", "clock", "boundary"], verdict: "invalid", codes: [SKEW], absent: [EXP], now: NOW, impl: ACK,
  description: "issued_at 120.001 s before now.", input: timed("time-003", iso(-120.001)) });
add({ id: "mailbox-time-004-future", rule: T1, tags: ["time", "clock"], verdict: "invalid", codes: [SKEW], absent: [EXP], now: NOW, impl: ACK,
  description: "issued_at 200 s after now.", input: timed("time-004", iso(200)) });
add({ id: "mailbox-time-005-valid-future-within-skew", rule: T1, tags: ["time", "clock"], verdict: "valid", codes: [], now: NOW, impl: ACK,
  description: "issued_at 60 s after now.", input: timed("time-005", iso(60)) });
add({ id: "mailbox-time-006-valid-offset", rule: T1, tags: ["time", "clock", "date-time"], verdict: "valid", codes: [], now: NOW, impl: ACK,
  description: "issued_at written with a +09:00 offset, 30 s before now: compared as instants.",
  input: timed("time-006", "2026-02-11T18:59:30+09:00") });
add({ id: "mailbox-time-007-valid-no-clock", rule: T1, tags: ["time", "clock", "decision"], verdict: "valid", codes: [], absent: [EXP], impl: ACK,
  description: "No reference clock (no `now`): the time rules do not run, so stored traffic from 2025 stays valid.", input: timed("time-007", "2025-01-01T00:00:00.000Z") });
add({ id: "mailbox-time-008-old-both", rule: T2, tags: ["time", "nonce"], verdict: "invalid", codes: [SKEW, EXP], now: NOW, impl: ACK,
  description: "issued_at 400 s before now with the defaults (skew 120, nonce TTL 300): outside both windows.", input: timed("time-008", iso(-400)) });
add({ id: "mailbox-time-009-nonce-expired-only", rule: T2, tags: ["time", "nonce", "policy"], verdict: "invalid", codes: [EXP], absent: [SKEW], now: NOW, policy: POL.skew600, impl: ACK,
  description: "Skew 600, nonce TTL 300, issued_at 400 s ago: within the skew, but older than the nonce store keeps nonces, so a replay could not be detected.",
  input: timed("time-009", iso(-400)) });
add({ id: "mailbox-time-010-valid-within-ttl", rule: T2, tags: ["time", "nonce", "policy"], verdict: "valid", codes: [], absent: [SKEW], now: NOW, policy: POL.skew600, impl: ACK,
  description: "Skew 600, nonce TTL 300, issued_at 250 s ago.", input: timed("time-010", iso(-250)) });

// ---------------------------------------------------------------- stateful: dedup, conflicts, nonces, order
const DUP = "MAILBOX_DUPLICATE_DELIVERY", CONF = "MAILBOX_MSG_ID_CONFLICT", NR = "MAILBOX_NONCE_REUSED", RS = "MAILBOX_RESYNC_REQUIRED";
const U1 = "MAILBOX-DUP-001", U2 = "MAILBOX-DUP-002", N1 = "MAILBOX-NONCE-001", O1 = "MAILBOX-ORD-001";
const ST = ["stateful"];
{
  // The implementation's e2e happy path, in the order it runs: fan-out, two reviews, a redelivery, the aggregation.
  const t = "task-e2e-1";
  const a1 = TA("e2e1-ta-codex", { task: t, to: "codex", issued: iso(0) });
  const a2 = TA("e2e1-ta-claude", { task: t, to: "claude", issued: iso(0.004) });
  const r1 = RR("e2e1-rr-codex", { task: t, sender: "codex", sv: 2, parent: a1.msg_id, issued: iso(3), payload: P.review(t, "codex") });
  const r2 = RR("e2e1-rr-claude", { task: t, sender: "claude", sv: 2, parent: a2.msg_id, issued: iso(4), payload: P.review(t, "claude") });
  const ag = AR("e2e1-ar", { task: t, sv: 3, parent: r2.msg_id, issued: iso(5), payload: P.aggregation(t, [r1.msg_id, r2.msg_id]) });
  add({ id: "mailbox-order-001-valid-e2e-happy-path", rule: O1, tags: [...ST, "order", "impl-e2e"], verdict: "valid", codes: [], absent: [DUP, CONF, NR],
    description: "The implementation's happy path as one JSONL session: two task_assignment at state_version 1 (fan-out), two review_result at 2, aggregation_result at 3. Equal versions are not a regression.",
    session: [{ jsonl: [a1, a2, r1, r2, ag] }] });
  add({ id: "mailbox-dup-001-e2e-redelivery", rule: U1, tags: [...ST, "dedup", "impl-e2e", "warning"], verdict: "valid", codes: [DUP], absent: [CONF, NR, RS],
    description: "Transcribed from the implementation's e2e \"happy path with duplicate review_result no-op+ack\": line 4 is codex's review_result delivered again, byte for byte; a warning, no state change (no NONCE_REUSED, no RESYNC_REQUIRED).",
    session: [{ jsonl: [a1, a2, r1, r1, r2, ag] }] });
  add({ id: "mailbox-order-002-backwards", rule: O1, tags: [...ST, "order"], verdict: "invalid", codes: [RS], absent: [DUP],
    description: "After the aggregation_result (state_version 3) a new task_assignment for the same task at state_version 1: the task's version went backwards.",
    session: [{ jsonl: [a1, r1, ag, TA("order-002-late", { task: t, to: "claude" })] }] });
  add({ id: "mailbox-order-003-gap", rule: O1, tags: [...ST, "order", "seed"], verdict: "invalid", codes: [RS],
    description: "Seed §7: a missing version means resync-required. state_version 1, then 3 for the same task (2 skipped).",
    session: [a1, ag] });
  add({ id: "mailbox-dup-002-redelivery-after-progress", rule: U1, tags: [...ST, "dedup", "order"], verdict: "valid", codes: [DUP], absent: [RS, NR],
    description: "The task_assignment (state_version 1) redelivered after the review_result (2): a duplicate is not judged for order.",
    session: [a1, r1, a1] });
}
{
  const t = "task-demo-010";
  const r = RR("dup-003-orig", { task: t, payload: P.review(t, "codex") });
  const again = RR("dup-003-orig", { task: t, payload: P.review(t, "codex"), attempt: 2 });
  add({ id: "mailbox-dup-003-redelivery-attempt-2", rule: U1, tags: [...ST, "dedup", "decision"], verdict: "valid", codes: [DUP], absent: [CONF, NR],
    description: "Same message again with delivery_attempt 2 and a signature recomputed for it: content compared without delivery_attempt and signature, so it is a redelivery, not a conflict.",
    session: [r, again] });
  const other = RR("dup-004", { task: t, sender: "claude", msg: r.msg_id, payload: P.review(t, "claude") });
  add({ id: "mailbox-dup-004-valid-same-msg-id-other-sender", rule: U2, tags: [...ST, "dedup", "decision"], verdict: "valid", codes: [], absent: [DUP],
    description: "claude uses the msg_id codex used: the receipt key is (sender_id, msg_id), so these are two messages.",
    session: [r, other] });
  const resent = RR("dup-005-resent", { task: t, payload: P.review(t, "codex") });
  add({ id: "mailbox-dup-005-valid-resent-new-msg-id", rule: U1, tags: [...ST, "dedup"], verdict: "valid", codes: [], absent: [CONF, NR],
    description: "codex sends the same review again as a new message (new msg_id and nonce): not a redelivery, no warning.",
    session: [r, resent] });
  const changed = RR("dup-003-orig", { task: t, payload: P.review(t, "codex", { verdict: "FAIL", next_action: "rework" }) });
  add({ id: "mailbox-conflict-001-same-msg-id-new-content", rule: U2, tags: [...ST, "dedup", "security"], verdict: "invalid", codes: [CONF], absent: [DUP],
    description: "codex sends msg_id again (same nonce) with verdict FAIL instead of PASS, correctly signed: MSG_ID_CONFLICT. The implementation would ack it as a duplicate no-op.",
    session: [r, changed] });
  const moved = RR("dup-003-orig", { task: "task-demo-011", payload: P.review("task-demo-011", "codex") });
  add({ id: "mailbox-conflict-002-same-msg-id-other-task", rule: U2, tags: [...ST, "dedup", "impl-diff"], verdict: "invalid", codes: [CONF], absent: [DUP, RS],
    description: "codex reuses a msg_id for another task. The implementation's receipt key includes task_id, so it would process both; the seed's unique (agent_id, msg_id) forbids it.",
    session: [r, moved] });
  const r2 = RR("nonce-001-second", { task: t, nonce: r.nonce, sv: 2, payload: P.review(t, "codex") });
  add({ id: "mailbox-nonce-001-reused-by-sender", rule: N1, tags: [...ST, "nonce", "seed", "security"], verdict: "invalid", codes: [NR], absent: [DUP, CONF],
    description: "Seed §9.4: codex sends a second message (new msg_id) with the nonce of its first.",
    session: [r, r2] });
  const c2 = RR("nonce-002-claude", { task: t, sender: "claude", nonce: r.nonce, payload: P.review(t, "claude") });
  add({ id: "mailbox-nonce-002-valid-other-sender", rule: N1, tags: [...ST, "nonce", "decision"], verdict: "valid", codes: [], absent: [DUP, CONF],
    description: "claude happens to use the nonce codex used: nonces are scoped by sender_id.",
    session: [r, c2] });
  const bad = RR("nonce-003-bad", { task: t, payload: P.review(t, "codex"), after: (e) => (e.payload.summary = "tampered") });
  const good = RR("nonce-003-good", { task: t, nonce: bad.nonce, payload: P.review(t, "codex") });
  add({ id: "mailbox-nonce-003-rejected-message-not-recorded", rule: N1, tags: [...ST, "nonce", "signature"], verdict: "invalid", codes: [SIG], absent: [NR],
    description: "A message that fails its signature is not recorded, so a later valid message with the same nonce is not a reuse; the session is invalid for the signature only.",
    session: [{ jsonl: [bad, good] }] });
}
{
  const a = TA("order-004-a1", { task: "task-a" }), b = TA("order-004-b5", { task: "task-b", sv: 5 });
  const a2 = RR("order-004-a2", { task: "task-a", sv: 2, payload: P.review("task-a") }), b2 = RR("order-004-b6", { task: "task-b", sv: 6, payload: P.review("task-b") });
  add({ id: "mailbox-order-004-valid-interleaved-tasks", rule: O1, tags: [...ST, "order"], verdict: "valid", codes: [],
    description: "Two tasks interleaved: order is per task_id. task-b starts at 5 (the first version seen sets the baseline).",
    session: [{ jsonl: [a, b, a2, b2] }] });
}

// ---------------------------------------------------------------- write
function main() {
  const check = process.argv.includes("--check");
  const cj = JSON.stringify(cases, null, 2) + "\n";
  put("cases.json", cj);
  let bad = 0;
  if (check) {
    for (const [rel, text] of out) {
      const p = join(ROOT, rel);
      if (!existsSync(p) || readFileSync(p, "utf8") !== text) { console.log(`differs: ${rel}`); bad++; }
    }
    for (const d of ["inputs", "policies"]) for (const f of readdirSync(join(ROOT, d))) if (!out.has(`${d}/${f}`)) { console.log(`extra: ${d}/${f}`); bad++; }
    process.exitCode = bad ? 1 : 0;
    return;
  }
  for (const d of ["inputs", "policies"]) rmSync(join(ROOT, d), { recursive: true, force: true });
  for (const [rel, text] of out) {
    mkdirSync(dirname(join(ROOT, rel)), { recursive: true });
    writeFileSync(join(ROOT, rel), text);
  }
  console.log(`${cases.length} cases, ${out.size} files`);
}
main();
