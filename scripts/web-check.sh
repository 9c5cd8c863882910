#!/usr/bin/env bash
# Drives the browser client in a real headless Chromium (Debian's, through
# playwright-core) against the real server on a free port:
#
# - two browser contexts create and join one 2023 match from the lobby and
#   the share link; one goes lobby -> match -> lobby -> match and keeps one
#   key listener; each programs its five registers through the page
#   (clicks, a drag, the keys); one reloads mid-round and gets its seat,
#   hand and draft back; a spectator's page holds no card of either hand;
#   the round resolves and a screenshot shows the robots moved and a shot;
#   the race is played to its end (two rounds at most) and has its replay;
# - a classic match against a bot programmed card by card (clicks, a drag
#   to the next register, keys) with the power choice in words, then a
#   turn filled by one press of "Fill for me"; a Transformers one where
#   Drag Strip (seat 5) installs Catch My Drift and plans a Drift card
#   paired with another card (kept over a reload), planned by keys with
#   the mode switched, and the round reveals both cards of the pair;
# - the lobby's rules in words (classic's On the Clock with the engine's
#   description); a 2023 race of a person against two bots on a 30 s
#   timer: the clock counts down while programming, and the race (one
#   round at most) is played to its end;
# - a conquest match against a bot, two days long by the lobby's rules,
#   played through the map to its end: placement by clicking zones, an
#   attack with its dice shown;
# - the pages fit a 700 px window, and killing the server brings up the
#   "server is gone" message.
#
# Screenshots go to target/web-check/. The TypeScript checker (tsc
# --checkJs, strict) checks web/*.js against their JSDoc types first.
#
#   scripts/web-check.sh          # WEB_PROFILE=release for a release server,
#                                 # WEB_SERVER=path for a server already built
#
# Installs Debian's chromium and the npm packages playwright-core and
# typescript (under target/web-check/) when missing; when that is not
# possible here it says SKIPPED and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/web-check
mkdir -p "$out"
# This run's screenshots only.
rm -f "$out"/*.png
work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
start=$(date +%s)

if ! command -v chromium >/dev/null 2>&1; then
  echo "web-check: chromium missing, trying to install Debian's chromium"
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get install -y chromium >"$work/apt.log" 2>&1 ||
      (apt-get update >>"$work/apt.log" 2>&1 && apt-get install -y chromium >>"$work/apt.log" 2>&1)) || true
  fi
fi
if ! command -v chromium >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "web-check: SKIPPED (chromium or node could not be found or installed here)"
  exit 0
fi
if [ ! -d "$out/node_modules/playwright-core" ] || [ ! -d "$out/node_modules/typescript" ]; then
  echo "web-check: installing playwright-core and typescript under $out"
  if ! (cd "$out" && npm install --no-save --no-audit --no-fund --prefix . playwright-core@1 typescript@5 >"$work/npm.log" 2>&1); then
    cat "$work/npm.log"
    echo "web-check: SKIPPED (npm could not install playwright-core here)"
    exit 0
  fi
fi

echo "== tsc --checkJs web/"
"$out/node_modules/.bin/tsc" -p web

# WEB_SERVER names a server binary already built (CI passes the one its
# tests built); otherwise it is built here.
server=${WEB_SERVER:-}
if [ -z "$server" ] || [ ! -x "$server" ]; then
  profile=${WEB_PROFILE:-dev}
  cargo build --quiet --profile "$profile" -p roborally-server
  dir=debug
  [ "$profile" = dev ] || [ "$profile" = test ] || dir=$profile
  server="target/$dir/roborally-server"
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$server" --addr "127.0.0.1:$port" --data "$work/data" --web web >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do
  curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fs "http://127.0.0.1:$port/api/health" >/dev/null || { cat "$work/server.log"; echo "web-check: FAILED, the server did not start"; exit 1; }

echo "== the browser client in chromium"
if ! NODE_MODULES="$PWD/$out/node_modules" BASE="http://127.0.0.1:$port" SERVER_PID=$server_pid SHOTS="$out" \
  timeout 300 node scripts/web-check.mjs; then
  tail -20 "$work/server.log"
  echo "web-check: FAILED"
  exit 1
fi
server_pid=
echo "web-check: OK in $(( $(date +%s) - start )) s (screenshots in $out/)"
