// A small example implementation for adapter.mjs: the socket profile (JSON over Unix sockets,
// docs/profiles/socket.md) and its lifecycle model (docs/lifecycle/socket.md), written from
// those two pages in plain JavaScript. It claims "socket" and "socket.lifecycle" without
// "codes" for messages (verdicts only: it does not name amc's reader codes), and reports the
// lifecycle codes (LC_SOCKET_*) that scenarios compare.
// `amc conform --profile socket --impl 'node adapter.mjs'` scores it 100% of what it claims.
//
// This is what your implementation looks like to adapter.mjs: a module exporting describe(),
// validate(), lifecycle(), reset() (and optionally configure() and stop()). Replace it.

export function describe() {
  return {
    name: "example-socket-node", version: "1.0", language: "JavaScript", homepage: "",
    profiles: ["socket"], capabilities: ["socket", "socket.lifecycle"],
  };
}

// ---------------------------------------------------------------- validate

class Invalid extends Error {}

/** A strict RFC 8259 JSON reader: JSON.parse keeps the last of duplicate keys and accepts lone
 *  surrogate escapes, both of which amc rejects, so this small reader checks what it needs. */
function parseStrict(text) {
  let i = 0;
  const fail = (why) => { throw new Invalid(`${why} at ${i}`); };
  const ws = () => { while (i < text.length && " \t\n\r".includes(text[i])) i++; };
  const string = () => {
    let out = "";
    i++; // "
    for (;;) {
      if (i >= text.length) fail("unterminated string");
      const c = text[i++];
      if (c === '"') return out;
      if (c < " ") fail("control character in a string");
      if (c !== "\\") { out += c; continue; }
      const e = text[i++];
      if (e === "u") {
        const hex = text.slice(i, i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail("bad \\u escape");
        i += 4;
        const cp = parseInt(hex, 16);
        if (cp >= 0xd800 && cp <= 0xdbff) {
          const lo = text.slice(i, i + 6);
          if (!/^\\u[dD][c-fC-F][0-9a-fA-F]{2}$/.test(lo)) fail("lone surrogate");
          i += 6;
          out += String.fromCharCode(cp, parseInt(lo.slice(2), 16));
        } else if (cp >= 0xdc00 && cp <= 0xdfff) fail("lone surrogate");
        else out += String.fromCharCode(cp);
      } else if ('"\\/bfnrt'.includes(e) && e !== undefined) {
        out += { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" }[e];
      } else fail("bad escape");
    }
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const obj = {};
      const seen = new Set();
      ws();
      if (text[i] === "}") { i++; return obj; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail("key is not a string");
        const k = string();
        if (seen.has(k)) fail(`duplicate key ${JSON.stringify(k)}`);
        seen.add(k);
        ws();
        if (text[i++] !== ":") fail("no colon");
        Object.defineProperty(obj, k, { value: value(), enumerable: true, writable: true, configurable: true });
        ws();
        if (text[i] === ",") { i++; continue; }
        if (text[i] === "}") { i++; return obj; }
        fail("bad object");
      }
    }
    if (c === "[") {
      i++;
      const arr = [];
      ws();
      if (text[i] === "]") { i++; return arr; }
      for (;;) {
        arr.push(value());
        ws();
        if (text[i] === ",") { i++; continue; }
        if (text[i] === "]") { i++; return arr; }
        fail("bad array");
      }
    }
    if (c === '"') return string();
    const m = /^(?:true|false|null|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)/.exec(text.slice(i, i + 400));
    if (!m) fail("not a JSON value");
    i += m[0].length;
    return JSON.parse(m[0]);
  };
  const v = value();
  ws();
  if (i !== text.length) fail("text after the value");
  return v;
}

/** One strict JSON text in UTF-8 without a BOM (SOCKET-DOC-001, -FRAME-001/002). */
function parse(data) {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) throw new Invalid("byte order mark");
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(data);
  } catch {
    throw new Invalid("invalid UTF-8");
  }
  return parseStrict(text);
}

const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
function str(obj, key, required) {
  if (!Object.hasOwn(obj, key)) {
    if (required) throw new Invalid(`no ${key}`);
    return;
  }
  if (typeof obj[key] !== "string") throw new Invalid(`${key} is not a string`);
}
const WORKER_STATES = new Set(["idle", "busy", "unknown", "unreachable", "stopped"]);

/** The MUST rules of the catalog (SHOULD rules only warn and do not change the verdict). */
function check(msg) {
  if (!isObj(msg)) throw new Invalid("not an object");
  switch (msg.type) {
    case "task":
      str(msg, "id", false);
      str(msg, "from", false);
      if (!isObj(msg.payload)) throw new Invalid("payload is not an object");
      str(msg.payload, "instruction", true);
      str(msg.payload, "project_dir", false);
      return;
    case "result":
      str(msg, "id", true);
      str(msg, "from", true);
      if (!["success", "error", "partial_error"].includes(msg.status)) throw new Invalid("bad status");
      if (!isObj(msg.payload)) throw new Invalid("payload is not an object");
      str(msg.payload, "output", true);
      str(msg.payload, "summary", true);
      if (msg.from === "yadoran" && !["success", "partial_error"].includes(msg.status))
        throw new Invalid("the manager's result status is success or partial_error");
      if (/^yadon-[0-9]+$/.test(msg.from) && !["success", "error"].includes(msg.status))
        throw new Invalid("a worker's result status is success or error");
      return;
    case "status":
      str(msg, "from", false);
      return;
    case "status_response":
      str(msg, "from", true);
      if (!["idle", "busy"].includes(msg.state)) throw new Invalid("bad state");
      if (!Object.hasOwn(msg, "current_task") || !(msg.current_task === null || typeof msg.current_task === "string"))
        throw new Invalid("current_task is not a string or null");
      if (Object.hasOwn(msg, "workers") &&
          (!isObj(msg.workers) || Object.values(msg.workers).some((v) => !WORKER_STATES.has(v))))
        throw new Invalid("bad workers");
      return;
    case "error":
      str(msg, "from", true);
      str(msg, "message", true);
      return;
    default:
      throw new Invalid(`unknown type ${JSON.stringify(msg.type)}`);
  }
}

export function validate(req) {
  try {
    for (const f of req.files) check(parse(f.data));
  } catch (e) {
    if (e instanceof Invalid) return { verdict: "invalid", "x-reason": e.message };
    throw e;
  }
  return { verdict: "valid" };
}

// ---------------------------------------------------------------- lifecycle

const PHASES = ["implement", "docs", "review"];
const CODE = {
  order: "LC_SOCKET_PHASE_ORDER", open: "LC_SOCKET_PHASE_OPEN", transition: "LC_SOCKET_TRANSITION",
  busy: "LC_SOCKET_WORKER_BUSY", status: "LC_SOCKET_STATUS_MISMATCH", result: "LC_SOCKET_RESULT",
  terminal: "LC_SOCKET_TERMINAL", unfinished: "LC_SOCKET_UNFINISHED",
};
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

class Rejected extends Error {
  constructor(code) { super(code); this.code = code; }
}

function millis(t) {
  if (Number.isInteger(t)) return t;
  if (typeof t === "string" && RFC3339.test(t)) return Date.parse(t.replace(" ", "T"));
  throw new Rejected("LC_EVENT_INVALID");
}

class Model {
  constructor() {
    this.tasks = new Map(); this.subs = new Map(); this.workers = new Map(); this.now = 0;
  }
  arg(e, key, allowed) {
    const v = e[key];
    if (typeof v !== "string" || (allowed && !allowed.includes(v))) throw new Rejected("LC_EVENT_INVALID");
    return v;
  }
  openTask(id) {
    const t = this.tasks.get(id);
    if (!t) throw new Rejected(CODE.transition);
    if (t.state === "answered") throw new Rejected(CODE.terminal);
    return t;
  }
  step(e) {
    const kind = e.event;
    if (!["task", "phase", "dispatch", "sub_result", "status", "result"].includes(kind)) throw new Rejected("LC_EVENT_INVALID");
    const t = "t" in e ? millis(e.t) : this.now;
    const task = kind !== "sub_result" && kind !== "status" ? this.arg(e, "task") : null;
    const sub = kind === "dispatch" || kind === "sub_result" ? this.arg(e, "sub") : null;
    const worker = kind === "dispatch" || kind === "status" ? this.arg(e, "worker") : null;
    const phase = kind === "phase" ? PHASES.indexOf(this.arg(e, "phase", PHASES)) : -1;
    const busy = kind === "status" ? this.arg(e, "state", ["idle", "busy"]) === "busy" : false;
    let ok = true;
    if (kind === "result") ok = this.arg(e, "status", ["success", "partial_error"]) === "success";
    if (kind === "sub_result") ok = this.arg(e, "status") === "success";
    if (t < this.now) throw new Rejected("LC_TIME_BACKWARDS");
    if (kind === "task") {
      if (this.tasks.has(task)) throw new Rejected(CODE.terminal);
      this.tasks.set(task, { state: "open", phase: -1, open: 0, failed: false });
    } else if (kind === "phase") {
      const tk = this.openTask(task);
      if (phase <= tk.phase) throw new Rejected(CODE.order);
      if (tk.open) throw new Rejected(CODE.open);
      tk.phase = phase;
    } else if (kind === "dispatch") {
      const tk = this.openTask(task);
      if (tk.phase < 0 || this.subs.has(sub)) throw new Rejected(CODE.transition);
      if (this.workers.get(worker) === "busy") throw new Rejected(CODE.busy);
      this.subs.set(sub, { task, worker, done: false });
      this.workers.set(worker, "busy");
      tk.open++;
    } else if (kind === "sub_result") {
      const s = this.subs.get(sub);
      if (!s || s.done) throw new Rejected(CODE.transition);
      s.done = true;
      this.workers.set(s.worker, "idle");
      const tk = this.tasks.get(s.task);
      tk.open--;
      tk.failed = tk.failed || !ok;
    } else if (kind === "status") {
      if ((this.workers.get(worker) === "busy") !== busy) throw new Rejected(CODE.status);
    } else {
      const tk = this.openTask(task);
      if (tk.open || ok === tk.failed) throw new Rejected(CODE.result);
      tk.state = "answered";
    }
    this.now = t;
  }
  state() {
    const tasks = {};
    for (const [k, v] of this.tasks)
      tasks[k] = { state: v.state, phase: v.phase >= 0 ? PHASES[v.phase] : "none", open: v.open, failed: v.failed };
    return { tasks, workers: Object.fromEntries(this.workers), t: this.now };
  }
  finish() {
    const open = [...this.tasks.values()].some((v) => v.state === "open") || [...this.subs.values()].some((s) => !s.done);
    return open ? [CODE.unfinished] : [];
  }
}

export function lifecycle(req) {
  const m = new Model();
  const states = req.events.map((e) => {
    try {
      m.step(e);
      return { accepted: true, codes: [], state: m.state() };
    } catch (r) {
      if (!(r instanceof Rejected)) throw r;
      return { accepted: false, codes: [r.code], state: m.state() };
    }
  });
  // SOCKET-LC-008 is a SHOULD rule: a warning, so the end is still accepted
  return { states, final: { accepted: true, codes: m.finish(), state: m.state() } };
}

export function reset() {} // nothing is kept between requests
