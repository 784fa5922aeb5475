#!/usr/bin/env bash
# Sets up and runs the product on one port: install, build what is not built, then the server
# migrates the database and seeds the demo collection on first start.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
source scripts/ensure-pnpm.sh
if [ ! -f apps/web/dist/index.html ] || [ ! -f apps/api/dist/server.js ] || [ -n "${REBUILD:-}" ]; then
  pnpm build
fi
# Node's options for the server (package.json "config"): a heap cap keeps memory flat under load
# (docs/decisions/017-server-heap-growth.md); pnpm bench starts the server with the same options.
read -r -a node_options <<<"$(node -p 'require("./package.json").config.serverNodeOptions')"
# And its environment: glibc's malloc with two arenas, not one per thread that libvips uses,
# which kept about 100 MB more resident after image uploads (decision 017).
read -r -a server_environment <<<"$(node -p 'require("./package.json").config.serverEnvironment')"
export "${server_environment[@]}"
# Configuration comes from the environment, or from .env when there is one (see .env.example).
env_file=()
if [ -f .env ]; then env_file=(--env-file=.env); fi
# The supervisor starts the server again if it dies (docs/operations.md).
exec node scripts/supervise.mjs node "${node_options[@]}" "${env_file[@]}" apps/api/dist/server.js
