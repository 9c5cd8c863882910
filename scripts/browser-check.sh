#!/usr/bin/env bash
# Opens the HTML replays in a real headless browser and checks, from
# screenshots and the page's DOM, what a person watching them sees:
#
# - a 2023 race replay: the board and the robots drawn, the legend, and,
#   stepped to a frame with a shot, the shot's line (more shot-coloured
#   pixels than on a frame without one); the cards revealed drawn beside
#   the robots, the key help, autoplay stepping about a frame a second
#   (faster at 4x); at 700 px wide the page still fits the window and the
#   board is drawn, and no wider window between 900 and 1300 px makes it
#   spill out either;
# - a conquest replay: the map's zones in the players' colours, the
#   legend, and, stepped to a frame with an attack, the attack's arrow;
#   at 700 px wide (and 900 to 1300) it fits too.
#
#   scripts/browser-check.sh                    # builds both replays with the race example
#   scripts/browser-check.sh RACE.html MAP.html # checks existing replays
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

fail() { echo "browser-check: FAILED, $*"; exit 1; }

race=${1:-}
map=${2:-}
if [ -z "$race" ] || [ -z "$map" ]; then
  race="$work/race.html"
  map="$work/conquest.html"
  cargo run --quiet ${REPLAY_PROFILE:---release} --example race -- --seed 7 --html "$race" >"$work/race.log"
  cargo run --quiet ${REPLAY_PROFILE:---release} --example race -- --edition conquest --players 4 --seed 2 --html "$map" >"$work/map.log"
fi
[ -s "$race" ] || fail "no race replay at $race"
[ -s "$map" ] || fail "no conquest replay at $map"

# chromium URL WIDTH HEIGHT OUT: a screenshot (OUT.png) and the DOM after the
# page's script ran (OUT.html).
shoot() {
  local url=$1 width=$2 height=$3 out=$4
  local flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
    --disable-background-networking --disable-component-update --disable-sync
    --user-data-dir="$work/profile" --window-size="$width,$height")
  timeout 120 chromium "${flags[@]}" --screenshot="$out.png" "$url" >"$work/chromium.log" 2>&1 || true
  [ -s "$out.png" ] || { cat "$work/chromium.log"; fail "chromium made no screenshot of $url"; }
  timeout 120 chromium "${flags[@]}" --dump-dom "$url" >"$out.html" 2>>"$work/chromium.log" || true
  [ -s "$out.html" ] || fail "chromium dumped no DOM of $url"
}
count() { python3 scripts/png_colors.py "$1" "$2" | awk '{print $2}'; }
# fits URL WIDTH...: the page is no wider than a window of each width (the
# side panel goes under the board rather than spilling out of the window).
fits() {
  local url=$1 w
  shift
  for w in "$@"; do
    timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run \
      --user-data-dir="$work/profile" --window-size="$w,1000" --dump-dom "$url" \
      2>>"$work/chromium.log" | grep -q 'data-overflow="no"' || fail "$url is wider than a $w px window"
  done
}
# The first frame of a replay with (or without) a non-empty field.
frame() { python3 - "$1" "$2" "$3" <<'EOF'
import json, re, sys
page, field, want = sys.argv[1], sys.argv[2], sys.argv[3] == "with"
data = re.search(r'<script type="application/json" id="replay">(.*?)</script>', open(page).read(), re.S)
frames = json.loads(data.group(1).replace("<\\/", "</"))["frames"]
print(next(i for i, f in enumerate(frames) if bool(f.get(field)) == want and (want or i > 0)))
EOF
}

# --- the race replay ---------------------------------------------------
url="file://$(realpath "$race")"
shot=$(frame "$race" shots with)
calm=$(frame "$race" shots without)
echo "browser-check: race replay, frame $shot has a shot, frame $calm none"
shoot "$url?frame=$shot" 1400 1000 "$work/race-shot"
shoot "$url?frame=$calm" 1400 1000 "$work/race-calm"
floor=$(count "$work/race-shot.png" "#c8c8c4")
r0=$(count "$work/race-shot.png" "#e6194b")
r1=$(count "$work/race-shot.png" "#3cb44b")
legend=$(count "$work/race-shot.png" "#fdf6dc")
with=$(count "$work/race-shot.png" "#ff00ff")
without=$(count "$work/race-calm.png" "#ff00ff")
echo "browser-check: floor $floor, robots $r0/$r1, legend $legend, shot colour $with (no shot: $without)"
[ "$floor" -ge 5000 ] || fail "no board in the screenshot"
[ "$r0" -ge 100 ] && [ "$r1" -ge 100 ] || fail "robots not drawn"
[ "$legend" -ge 5000 ] || fail "no legend"
[ $((with - without)) -ge 40 ] || fail "no shot line on the frame with a shot"
grep -q 'data-shots="[1-9]' "$work/race-shot.html" || fail "the page did not step to the frame with a shot"
grep -q 'id="legend"' "$work/race-shot.html" || fail "no legend in the page"
shoot "$url?frame=$shot" 700 1000 "$work/race-narrow"
grep -q 'data-overflow="no"' "$work/race-narrow.html" || fail "the race replay is wider than a 700 px window"
[ "$(count "$work/race-narrow.png" "#c8c8c4")" -ge 5000 ] || fail "no board at 700 px"
fits "$url?frame=$shot" 900 1000 1100 1300

# Autoplay: five seconds of the page's own time at 1 frame a second, then
# at 4, from frame 0 (chromium runs the timers in virtual time).
autoplay() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$work/profile" --window-size=1400,1000 --virtual-time-budget=5000 \
    --dump-dom "$1" 2>>"$work/chromium.log" | grep -o 'data-frame="[0-9]*"' | head -1 | tr -dc 0-9
}
slow=$(autoplay "$url?play")
fast=$(autoplay "$url?play&speed=4")
echo "browser-check: autoplay for 5 s reached frame ${slow:-none} at 1x, ${fast:-none} at 4x"
[ -n "$slow" ] && [ "$slow" -ge 3 ] && [ "$slow" -le 6 ] || fail "autoplay at 1 frame a second did not step about 5 frames"
[ -n "$fast" ] && [ "$fast" -ge $((slow * 3)) ] || fail "autoplay at 4x is not faster"
grep -q 'id="keys">Keys: ' "$work/race-shot.html" || fail "no key help on the race page"
grep -qE '<text[^>]*>(Move [123]|Rotate (Left|Right)|U-Turn|Back Up|Again|Power Up)</text>' "$work/race-shot.html" ||
  fail "no revealed card drawn beside a robot on the board"

# --- the conquest replay -----------------------------------------------
url="file://$(realpath "$map")"
attack=$(frame "$map" attack with)
echo "browser-check: conquest replay, frame $attack has an attack"
shoot "$url?frame=$attack" 1400 1100 "$work/map"
red=$(count "$work/map.png" "#e6194b")
green=$(count "$work/map.png" "#3cb44b")
yellow=$(count "$work/map.png" "#ffe119")
blue=$(count "$work/map.png" "#4363d8")
arrow=$(count "$work/map.png" "#ff1744")
legend=$(count "$work/map.png" "#fdf6dc")
echo "browser-check: zones $red/$green/$yellow/$blue, attack arrow $arrow, legend $legend"
for n in "$red" "$green" "$yellow" "$blue"; do
  [ "$n" -ge 1000 ] || fail "a player's zones are not drawn"
done
[ "$arrow" -ge 150 ] || fail "no attack arrow"
[ "$legend" -ge 5000 ] || fail "no legend"
grep -q 'data-attack="yes"' "$work/map.html" || fail "the page did not step to the frame with an attack"
shoot "$url?frame=$attack" 700 1100 "$work/map-narrow"
grep -q 'data-overflow="no"' "$work/map-narrow.html" || fail "the conquest replay is wider than a 700 px window"
[ "$(count "$work/map-narrow.png" "#e6194b")" -ge 300 ] || fail "no map at 700 px"
fits "$url?frame=$attack" 900 1000 1100 1300
echo "browser-check: OK (race: board, robots, legend, shot line; conquest: zones, legend, attack arrow; both fit 700 px and 900 to 1300 px)"
