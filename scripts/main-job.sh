#!/usr/bin/env bash
# The main job, offline: validate the example specs, run the support-triage flow
# on the reference runtime against the scripted LLM server, then run the whole
# conformance suite on every registered runtime and print the matrix.
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."
cli="node packages/cli/dist/bin.js"
specs=(examples/specs/*.yaml examples/specs/*.json)
$cli validate "${specs[@]}" 2>&1
node scripts/run-example.mjs
echo "== conformance matrix"
$cli conformance --report text
