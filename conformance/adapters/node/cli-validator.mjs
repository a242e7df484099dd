// An implementation module for adapter.mjs that runs any command-line validator once per case.
//
//   amc conform --profile ignite --impl "node adapter.mjs --impl ./cli-validator.mjs \
//       --profile ignite --path --cmd 'mytool check {file}'"
//
// The command runs through /bin/sh with these placeholders, each shell-quoted:
//   {file}     the (last) input file, written under its fixture name (placement rules see it)
//   {files}    every input file of the request, in order (a stateful case's session)
//   {profile}  the profile
//   {policy}   the policy file (its aux files, such as a keyring, lie where it names them)
//   {now}      the reference clock, RFC 3339 (empty when the case has none)
// A part in double brackets is left out when a placeholder inside it is empty, so options that
// only some cases need stay out of the others: '[[--policy {policy}]] [[--now {now}]]'.
// Exit status 0 = valid, 1 = invalid, anything else = error (reported as such, never guessed).
//
// Options (claim only what your validator handles): --cmd CMD (required), --profile P
// (repeatable), --codes-regex RE (amc code ids in stdout+stderr, group 1; claims "codes"),
// --path, --stateful, --policy, --clock (claim <profile>.path/.stateful/.policy/.clock),
// --split-jsonl (each message of a *.jsonl input as its own file NAME.1.json, ...), --name,
// --version, --language, --homepage, --timeout S (default 30).
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";

let opts = null;

export function configure(argv) {
  opts = { profile: [], name: "cli-validator", version: "", language: "", homepage: "", timeout: 30 };
  const flags = new Set(["--path", "--stateful", "--policy", "--clock", "--split-jsonl"]);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (flags.has(a)) opts[a.slice(2).replace("-", "_")] = true;
    else if (["--cmd", "--profile", "--codes-regex", "--name", "--version", "--language", "--homepage", "--timeout"].includes(a) && i + 1 < argv.length) {
      const v = argv[++i];
      if (a === "--profile") opts.profile.push(v);
      else if (a === "--timeout") opts.timeout = Number(v);
      else opts[a.slice(2).replace("-", "_")] = v;
    } else throw new Error(`cli-validator.mjs: unknown or incomplete option ${a}`);
  }
  if (!opts.cmd) throw new Error("cli-validator.mjs: --cmd is required");
  opts.codes = opts.codes_regex ? new RegExp(opts.codes_regex, "g") : null;
  for (const [flag, ph] of [["policy", "{policy}"], ["clock", "{now}"], ["stateful", "{files}"]])
    if (opts[flag] && !opts.cmd.includes(ph))
      throw new Error(`cli-validator.mjs: --${flag} claims what the command must receive: put ${ph} in --cmd`);
}

export function describe() {
  const caps = opts.codes ? ["codes"] : [];
  for (const p of opts.profile) {
    caps.push(p);
    for (const c of ["path", "stateful", "policy", "clock"]) if (opts[c]) caps.push(`${p}.${c}`);
  }
  return { name: opts.name, version: opts.version, language: opts.language, homepage: opts.homepage,
           profiles: opts.profile, capabilities: caps };
}

const quote = (s) => `'${String(s).replace(/'/g, "'\\''")}'`;
const PLACEHOLDER = /\{(file|files|profile|policy|now)\}/g;

/** Placeholders shell-quoted; a [[...]] group is dropped when one of its placeholders is empty. */
export function expand(template, values) {
  const sub = (text) => text.replace(PLACEHOLDER, (_, n) => (Array.isArray(values[n]) ? values[n].map(quote).join(" ") : quote(values[n])));
  return sub(template.replace(/\[\[(.*?)\]\]/g, (_, inner) =>
    [...inner.matchAll(PLACEHOLDER)].some((m) => !values[m[1]] || values[m[1]].length === 0) ? "" : sub(inner)));
}

export function validate(req) {
  const paths = [];
  for (const f of req.files) {
    if (opts.split_jsonl && f.name.endsWith(".jsonl")) {
      let k = 0, start = 0;
      while (start <= f.data.length) {
        let end = f.data.indexOf(10, start);
        if (end < 0) end = f.data.length;
        const line = f.data.subarray(start, end);
        if (line.toString("latin1").trim()) {
          const p = `${f.path}.${++k}.json`;
          writeFileSync(p, Buffer.concat([line, Buffer.from("\n")]));
          paths.push(p);
        }
        start = end + 1;
      }
    } else paths.push(f.path);
  }
  const cmd = expand(opts.cmd, { file: paths[paths.length - 1], files: paths, profile: req.profile,
                                 policy: req.policy ? req.policy.path : "", now: req.now ?? "" });
  const p = spawnSync("/bin/sh", ["-c", cmd], { timeout: opts.timeout * 1000, maxBuffer: 64 << 20 });
  if (p.error) throw new Error(`validator: ${p.error.message}`);
  if (p.status !== 0 && p.status !== 1) {
    const tail = (p.stderr.length ? p.stderr : p.stdout).toString("utf8").slice(-300);
    throw new Error(`validator exit status ${p.status ?? p.signal}: ${tail}`);
  }
  const r = { verdict: p.status === 0 ? "valid" : "invalid" };
  if (opts.codes) {
    const text = Buffer.concat([p.stdout, p.stderr]).toString("utf8");
    r.codes = [...new Set([...text.matchAll(opts.codes)].map((m) => m[1]))].sort();
  }
  return r;
}

export function lifecycle() {
  throw new Error("a command-line validator replays no lifecycle events (not claimed)");
}

export function reset() {} // every case runs a fresh command
