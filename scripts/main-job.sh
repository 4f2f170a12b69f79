#!/usr/bin/env bash
# The main job, offline: validate the example specs, run the one-spec-four-runtimes
# example on every registered runtime side by side against the scripted LLM
# server, then run the whole conformance suite and print the matrix.
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."
cli="node packages/cli/dist/bin.js"
example=examples/one-spec-four-runtimes
$cli validate examples/specs/*.yaml "$example/trip-planner.yaml" 2>&1
echo "== $example on every runtime (cities: Rome, Lisbon)"
echo "Rome, Lisbon" | $cli run "$example/trip-planner.yaml" --runtime all --offline "$example/llm.yaml" --tools "$example/tools.ts"
echo "== conformance matrix"
$cli conformance --report text
