#!/usr/bin/env bash
# Opens an HTML replay in a real headless browser and checks, from a
# screenshot, that the board and the robots are drawn.
#
#   scripts/browser-check.sh            # builds a replay with the race example
#   scripts/browser-check.sh FILE.html  # checks an existing replay
#
# Installs Debian's chromium when it is missing and the machine allows it;
# otherwise says clearly that the check was SKIPPED and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! command -v chromium >/dev/null 2>&1; then
  echo "browser-check: chromium missing, trying to install Debian's chromium"
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get install -y chromium >"$work/apt.log" 2>&1 ||
      (apt-get update >>"$work/apt.log" 2>&1 && apt-get install -y chromium >>"$work/apt.log" 2>&1)) || true
  fi
fi
if ! command -v chromium >/dev/null 2>&1; then
  echo "browser-check: SKIPPED (chromium could not be installed here)"
  exit 0
fi

html=${1:-}
if [ -z "$html" ]; then
  html="$work/replay.html"
  cargo run --quiet ${REPLAY_PROFILE:---release} --example "${REPLAY_EXAMPLE:-race}" -- --seed 7 --html "$html" >"$work/run.log"
fi
[ -s "$html" ] || { echo "browser-check: FAILED, no replay at $html"; exit 1; }

shot="$work/shot.png"
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$work/profile" --window-size=1400,1000 \
  --screenshot="$shot" "file://$(realpath "$html")?frame=1" >"$work/chromium.log" 2>&1 || true
[ -s "$shot" ] || { echo "browser-check: FAILED, chromium made no screenshot"; cat "$work/chromium.log"; exit 1; }

# Floor colour, and the first two robots' colours (src/viewer/mod.rs ROBOT_COLORS).
counts=$(python3 scripts/png_colors.py "$shot" "#c8c8c4" "#e6194b" "#3cb44b")
echo "$counts" | sed 's/^/browser-check: pixels /'
floor=$(echo "$counts" | awk '$1=="#c8c8c4"{print $2}')
r0=$(echo "$counts" | awk '$1=="#e6194b"{print $2}')
r1=$(echo "$counts" | awk '$1=="#3cb44b"{print $2}')
if [ "$floor" -lt 5000 ]; then echo "browser-check: FAILED, no board in the screenshot"; exit 1; fi
if [ "$r0" -lt 100 ] || [ "$r1" -lt 100 ]; then echo "browser-check: FAILED, robots not drawn"; exit 1; fi
echo "browser-check: OK (board and robots drawn)"
