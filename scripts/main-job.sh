#!/usr/bin/env bash
# The main job, offline: validate every example spec, then convert each one
# (YAML -> JSON, JSON -> YAML) to show the round trip. Later issues make it
# run the specs on every runtime against the scripted LLM server.
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."
cli="node packages/cli/dist/bin.js"
specs=(examples/specs/*.yaml examples/specs/*.json)
$cli validate "${specs[@]}" 2>&1
for f in "${specs[@]}"; do
  case "$f" in *.yaml) to=json ;; *) to=yaml ;; esac
  echo "== $f as $to"
  $cli convert "$f" --to "$to"
done
