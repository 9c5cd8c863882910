#!/usr/bin/env bash
# The WebAssembly package from a fresh machine, as CI runs it:
#
# 1. scripts/wasm-build.sh builds it (installing Debian's rustc-web and its
#    standard library's source, and wasm-bindgen-cli, when missing);
# 2. its Node tests (node --test roborally-wasm/tests/): a game of every
#    edition played to its end by its bots, save and load, a replay equal
#    to the game it records, illegal actions refused unchanged, its size;
# 3. the browser check (scripts/wasm-web-check.mjs, Debian's Chromium through
#    playwright-core): with the server stopped after the lobby loaded, a
#    hot-seat 2023 race and a race against a planner bot in the browser
#    are played to their ends and the replay is stepped and scrubbed.
#    Screenshots go to target/wasm-check/.
#
#   scripts/wasm-check.sh        # WEB_SERVER=path for a server already built
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
out=target/wasm-check
mkdir -p "$out"
rm -f "$out"/*.png
work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

scripts/wasm-build.sh
echo "== node --test roborally-wasm/tests/"
node --test roborally-wasm/tests/

# Chromium and playwright-core where scripts/web-check.sh keeps them.
tools=target/web-check
if ! command -v chromium >/dev/null 2>&1; then
  echo "wasm-check: installing Debian's chromium"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >"$work/apt.log" 2>&1 ||
    { tail -20 "$work/apt.log"; echo "wasm-check: FAILED, no chromium"; exit 1; }
fi
if [ ! -d "$tools/node_modules/playwright-core" ]; then
  mkdir -p "$tools"
  (cd "$tools" && npm install --no-save --no-audit --no-fund --prefix . playwright-core@1 >"$work/npm.log" 2>&1) ||
    { cat "$work/npm.log"; echo "wasm-check: FAILED, no playwright-core"; exit 1; }
fi

server=${WEB_SERVER:-}
if [ -z "$server" ] || [ ! -x "$server" ]; then
  cargo build --quiet -p roborally-server
  server=target/debug/roborally-server
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$server" --addr "127.0.0.1:$port" --data "$work/data" --web web --wasm roborally-wasm/pkg >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do
  curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fs "http://127.0.0.1:$port/web/pkg/roborally.js" >/dev/null ||
  { cat "$work/server.log"; echo "wasm-check: FAILED, the server does not serve the package"; exit 1; }

echo "== play in the browser with the server stopped (chromium)"
NODE_MODULES="$PWD/$tools/node_modules" BASE="http://127.0.0.1:$port" SERVER_PID=$server_pid SHOTS="$out" \
  timeout 600 node scripts/wasm-web-check.mjs
server_pid=
echo "wasm-check: OK in $(( $(date +%s) - start )) s (screenshots in $out/)"
