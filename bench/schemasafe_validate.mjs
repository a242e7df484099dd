// schemasafe_validate.mjs - reference validator for bench/bench.py:
// @exodus/schemasafe (the dialect of each schema's $schema; formats asserted, its default).
// Usage: node schemasafe_validate.mjs ROOT_SCHEMA [MORE_SCHEMA...] FILE.jsonl
// Compiles once, reads FILE line by line (blank lines skipped), JSON.parse + validate each line
// (a line that does not parse counts as invalid), prints "valid=N invalid=N" on stdout.
import fs from "node:fs";
import readline from "node:readline";
import { validator } from "@exodus/schemasafe";

const args = process.argv.slice(2);
if (args.length < 2) {
  console.error("usage: node schemasafe_validate.mjs ROOT_SCHEMA [MORE_SCHEMA...] FILE.jsonl");
  process.exit(2);
}
const file = args.pop();
const schemas = args.map((p) => JSON.parse(fs.readFileSync(p, "utf8")));
// schemasafe resolves $refs against absolute URIs: give every schema an absolute $id under one
// base, keeping the relative layout the mailbox schemas use ("schemas/poc/<name>").
const base = "https://amc.invalid/";
const abs = schemas.map((s) => ({ ...s, $id: new URL(s.$id, base).href }));
const validate = validator(abs[0], {
  schemas: new Map(abs.slice(1).map((s) => [s.$id, s])),
  mode: "default",
  includeErrors: false,
});

let valid = 0;
let invalid = 0;
const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
for await (const line of rl) {
  if (line.trim() === "") continue;
  let doc;
  try {
    doc = JSON.parse(line);
  } catch {
    invalid++;
    continue;
  }
  if (validate(doc)) valid++;
  else invalid++;
}
console.log(`valid=${valid} invalid=${invalid}`);
