#!/usr/bin/env node
// regex_js_verdicts.js - JavaScript's own answers for every pattern made of up to DEPTH symbols
// of an alphabet: the reference that unit.test_lead_regex_js holds amc's ECMA-262 regular
// expressions (src/schema/regex.c) to.
//
// Each pattern, in depth-first order ('' first, then each symbol and its extensions), gives one
// line: "E" when `new RegExp(pattern, "u")` throws, else one character per test string, "1" when
// `re.test(string)` is true, "0" otherwise. The lines are hashed in blocks (FNV-1a 64 over the
// bytes of each line and its "\n"), and the hashes are what the data file keeps.
//
//   node tests/tools/regex_js_verdicts.js SET.json            rewrite SET.json's hashes
//   node tests/tools/regex_js_verdicts.js SET.json FROM TO    print patterns FROM..TO (0-based)
//                                                             with their verdicts
// SET.json: {"symbols": [...], "strings": [...], "depth": N, "block": B, ...}
'use strict';
const fs = require('fs');
const file = process.argv[2];
const set = JSON.parse(fs.readFileSync(file, 'utf8'));
const pats = [];
(function rec(p, d) {
  pats.push(p);
  if (d === set.depth) return;
  for (const s of set.symbols) rec(p + s, d + 1);
})('', 0);
function verdict(p) {
  let re;
  try {
    re = new RegExp(p, 'u');
  } catch (e) {
    return 'E';
  }
  return set.strings.map((s) => (re.test(s) ? '1' : '0')).join('');
}
if (process.argv.length > 3) {
  const from = parseInt(process.argv[3], 10), to = parseInt(process.argv[4], 10);
  for (let i = from; i <= to && i < pats.length; i++)
    console.log(i + '\t' + JSON.stringify(pats[i]) + '\t' + verdict(pats[i]));
  process.exit(0);
}
const hashes = [];
let h = 0xcbf29ce484222325n;
pats.forEach((p, i) => {
  for (const b of Buffer.from(verdict(p) + '\n', 'utf8')) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  if ((i + 1) % set.block === 0 || i + 1 === pats.length) {
    hashes.push(h.toString(16).padStart(16, '0'));
    h = 0xcbf29ce484222325n;
  }
});
set.patterns = pats.length;
set.node = process.version;
set.hashes = hashes;
fs.writeFileSync(file, JSON.stringify(set, null, 1) + '\n');
console.log(`${file}: ${pats.length} patterns, ${hashes.length} blocks (node ${process.version})`);
