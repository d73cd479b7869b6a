#!/usr/bin/env node
// Parses Terraform files offline with @cdktf/hcl2json (HashiCorp's HCL parser compiled to WebAssembly)
// and prints one JSON object: { "<path as given>": <the file as JSON>, ... }.
// Arguments are .tf files or directories (searched recursively for *.tf, skipping .terraform/).
// A file that does not parse stops the run: exit 1 with the parser's own message on stderr.
'use strict';
const fs = require('fs');
const path = require('path');
const { parse } = require('@cdktf/hcl2json');

function tfFiles(target) {
  if (fs.statSync(target).isFile()) return [target];
  return fs.readdirSync(target, { withFileTypes: true })
    .filter((entry) => entry.name !== '.terraform')
    .flatMap((entry) => {
      const child = path.join(target, entry.name);
      if (entry.isDirectory()) return tfFiles(child);
      return entry.name.endsWith('.tf') ? [child] : [];
    })
    .sort();
}

async function main(targets) {
  if (targets.length === 0) {
    console.error('usage: parse-tf.js <file.tf | directory>...');
    process.exit(2);
  }
  const parsed = {};
  for (const file of targets.flatMap(tfFiles)) {
    try {
      parsed[file] = await parse(path.basename(file), fs.readFileSync(file, 'utf8'));
    } catch (error) {
      console.error(`${file}: ${error && error.message ? error.message : error}`);
      process.exit(1);
    }
  }
  process.stdout.write(JSON.stringify(parsed));
}

main(process.argv.slice(2));
