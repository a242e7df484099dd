// ajv_validate.mjs - reference validator for bench/bench.py: ajv 8 with ajv-formats; the root
// schema's $schema picks the class (Ajv2020 for 2020-12, Ajv2019 for 2019-09, Ajv for draft-07). Usage: node ajv_validate.mjs ROOT_SCHEMA [MORE_SCHEMA...] FILE.jsonl
// Compiles once, reads FILE line by line (blank lines skipped), JSON.parse + validate each line
// (a line that does not parse counts as invalid), prints "valid=N invalid=N" on stdout.
import fs from "node:fs";
import readline from "node:readline";
import Ajv from "ajv";
import Ajv2019 from "ajv/dist/2019.js";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const args = process.argv.slice(2);
if (args.length < 2) {
  console.error("usage: node ajv_validate.mjs ROOT_SCHEMA [MORE_SCHEMA...] FILE.jsonl");
  process.exit(2);
}
const file = args.pop();
const schemas = args.map((p) => JSON.parse(fs.readFileSync(p, "utf8")));
const dialect = String(schemas[0].$schema || "");
const Cls = dialect.includes("2020-12") ? Ajv2020 : dialect.includes("2019-09") ? Ajv2019 : Ajv;
const ajv = new Cls({ strict: false });
addFormats(ajv);
for (const s of schemas.slice(1)) ajv.addSchema(s);
const validate = ajv.compile(schemas[0]);

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
