#!/usr/bin/env bash
# Build installable tarballs of the publishable packages into packs/ (or $1),
# so another repository can use agentspec before it is on the npm registry:
#
#   bash scripts/pack.sh                       # after `pnpm build`
#   cd ~/my-project && npm install /path/to/agentspec-ts/packs/*.tgz
#   npx --no-install agentspec --help          # the installed bin, never a registry lookup
#
# Workspace references become exact versions of the sibling tarballs, so install
# them together in one `npm install`. The frameworks are peer dependencies of
# the adapters and install from the registry with them.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v pnpm >/dev/null 2>&1 || ! node -e 'process.exit(+process.versions.node.split(".")[0] < 22 ? 1 : 0)'; then
  source scripts/toolchain.sh
fi
out="$(mkdir -p "${1:-packs}" && cd "${1:-packs}" && pwd)"
rm -f "$out"/agentspec-*.tgz
# every package of the workspace that is published (packages/* and conformance; not examples or benchmarks)
for dir in packages/*/ conformance; do
  dir="${dir%/}"
  if [ ! -d "$dir/dist" ]; then echo "pack: $dir has no dist/ — run pnpm build first" >&2; exit 1; fi
  (cd "$dir" && pnpm pack --pack-destination "$out" >/dev/null)
done
ls "$out"/*.tgz
