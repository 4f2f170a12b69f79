#!/usr/bin/env bash
# The install story, checked as a user lives it: pack our packages
# (scripts/pack.sh), create a new project in a scratch folder outside this
# workspace, `npm install` the tarballs there (the frameworks come from the npm
# registry as they would for the user), and run the installed `agentspec` bin
# — through `npx --no-install`, which never looks a name up on the registry.
# Needs `pnpm build` first. Exit 0 only when every step did what it should.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
if ! command -v pnpm >/dev/null 2>&1 || ! node -e 'process.exit(+process.versions.node.split(".")[0] < 22 ? 1 : 0)'; then
  source scripts/toolchain.sh
fi
scratch="$(mktemp -d "${TMPDIR:-/tmp}/agentspec-install-XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
bash scripts/pack.sh "$scratch/packs" >/dev/null
mkdir "$scratch/my-agents" && cd "$scratch/my-agents"
printf '{ "name": "my-agents", "private": true, "type": "module" }\n' > package.json
echo "check-install: npm install $(ls "$scratch"/packs | tr "\n" " ")in $PWD"
npm install --no-audit --no-fund --loglevel=error "$scratch"/packs/*.tgz >/dev/null
cp "$repo/examples/specs/weather-agent.yaml" agent.yaml
cp "$repo/examples/tools/weather.ts" tools.ts
cp "$repo/examples/scripted-llm/weather-agent.yaml" llm.yaml
fail() { echo "check-install: FAILED: $*" >&2; exit 1; }
npx --no-install agentspec validate agent.yaml 2>&1 | grep -q '^valid: agent.yaml' || fail "validate"
out="$(echo "What is the weather in Zurich?" | npx --no-install agentspec run agent.yaml --runtime all --offline llm.yaml --tools tools.ts 2>/dev/null)" \
  || fail "run --runtime all exited $?: $out"
echo "$out" | grep -q 'all 5 runtimes agree' || fail "runtimes did not agree: $out"
[ "$(echo "$out" | grep -c 'Sunny and 21°C in Zurich')" = 5 ] || fail "expected the same summary on 5 runtimes: $out"
echo "check-install: passed (validate and run --runtime all from the installed tarballs, outside the workspace)"
