#!/usr/bin/env bash
# What a person sees from the small examples, run as they would run them:
#
# - batch exits 1 when a job failed and says so in its summary line, and 0
#   when every job ran;
# - conquest_odds takes a battle (--attackers/--defenders) and the leader
#   modifiers change its odds; bad values are refused with status 2;
# - conquest --verbose tells battles and captures, --sides team totals, and
#   the ending is in plain words (no enum names);
# - toy_race prints words, not Debug output.
#
#   scripts/examples-check.sh          # examples built with the test profile
#   EXAMPLES_PROFILE=--release scripts/examples-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${EXAMPLES_PROFILE:---profile test}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "examples-check: FAILED, $*"; exit 1; }
ex() { local name=$1; shift; cargo run --quiet $profile --example "$name" -- "$@"; }

# --- batch: exit status and summary -------------------------------------
set +e
printf '%s\n' '{"players":2,"policies":["planner","planner"],"seed":1,"max_rounds":3}' \
  '{"players":9,"seed":2}' 'not json' | ex batch >"$work/out" 2>"$work/err"
code=$?
set -e
[ "$code" = 1 ] || fail "batch with two bad jobs exits $code, not 1"
grep -q '^batch: 3 jobs, 2 FAILED' "$work/err" || fail "batch's summary does not say that 2 jobs failed: $(cat "$work/err")"
[ "$(grep -c '"error"' "$work/out")" = 2 ] || fail "batch does not give one error line per bad job"
grep -q '"seed":1,' "$work/out" || fail "batch did not run the good job"
printf '%s\n' '{"players":2,"seed":1,"max_rounds":2}' | ex batch >"$work/out" 2>"$work/err" ||
  fail "batch with only good jobs exits non-zero"
grep -q 'FAILED' "$work/err" && fail "batch says FAILED when every job ran"
grep -q '^batch: 1 job, all ran' "$work/err" || fail "batch's summary of one job: $(cat "$work/err")"
echo "examples-check: batch exits 1 and says FAILED when a job failed, 0 otherwise"

# --- conquest_odds: a battle from the arguments --------------------------
capture() { ex conquest_odds "$@" >"$work/capture" && sed -n 's/^Capture: //p' "$work/capture"; }
plain=$(capture --attackers 5 --defenders 4)
megatron=$(capture --attackers 5 --defenders 4 --attacker-leader megatron)
[ -n "$plain" ] && [ -n "$megatron" ] || fail "conquest_odds printed no capture chance"
ex conquest_odds --attackers 5 --defenders 4 >"$work/odds"
grep -q '^5 able to attack against 4 defenders' "$work/odds" ||
  fail "conquest_odds does not name the battle it solved"
python3 -c "import sys; p, m = map(float, sys.argv[1:]); sys.exit(not (0 < p < m < 1))" "$plain" "$megatron" ||
  fail "Megatron attacking does not raise the capture chance ($plain -> $megatron)"
for bad in "--attackers 0 --defenders 2" "--attackers 3" "--attacker-leader nobody --attackers 2 --defenders 2" "--defenders x"; do
  set +e
  # shellcheck disable=SC2086
  ex conquest_odds $bad >/dev/null 2>"$work/err"
  code=$?
  set -e
  [ "$code" = 2 ] || fail "conquest_odds $bad exits $code, not 2"
  [ -s "$work/err" ] || fail "conquest_odds $bad is refused without a message"
done
echo "examples-check: conquest_odds: capture $plain plain, $megatron with Megatron; bad arguments refused"

# --- conquest: battles, team totals, the ending in words -----------------
ex conquest --players 4 --sides --verbose --seed 2 >"$work/conquest"
grep -q '^    dice: ' "$work/conquest" || fail "conquest --verbose tells no battle"
grep -q ' captures ' "$work/conquest" || fail "conquest --verbose tells no capture"
grep -q '^  sides    Autobots ' "$work/conquest" || fail "conquest --sides gives no team totals"
grep -qE '^winners?: .*(held the most zones|wiped out)' "$work/conquest" || fail "conquest's ending is not in words: $(tail -2 "$work/conquest")"
grep -qE 'Victory::|MostZones|Wipeout|ZoneId|PlayerId\(|Some\(' "$work/conquest" && fail "conquest prints Debug output"
echo "examples-check: conquest tells battles, captures, team totals and its ending in words"

# --- toy_race: words --------------------------------------------------
ex toy_race --seed 7 --players 3 >"$work/toy"
grep -q '^revealed: P0 ' "$work/toy" || fail "toy_race does not tell the revealed cards"
grep -qE 'Move1|Move2|PlayerId|Some\(|None|Pos \{|\{' "$work/toy" && fail "toy_race prints Debug output: $(grep -E 'Move1|PlayerId|Some\(|Pos \{|\{' "$work/toy" | head -3)"
echo "examples-check: toy_race prints words"
# --- a closed pipe: no program panics when its reader has gone (| head) -----
# The reader's end is closed before the program starts, so its first line
# meets a closed pipe every time (piping into `head` is a race).
closed_pipe() {
  python3 - "$@" <<'PY'
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
p = subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
err = p.stderr.decode()
if p.returncode != 0 or "panicked" in err:
    sys.exit(f"{' '.join(sys.argv[1:])}: exit {p.returncode} with a closed stdout: {err.strip()[:300]}")
PY
}
case "$profile" in
  --release) bin=target/release/examples ;;
  *) bin=target/debug/examples ;; # the dev and test profiles both build there
esac
for args in "race --max-rounds 2" "play --players 2 --bots random --max-rounds 1" "conquest --verbose --rounds 1" \
  "conquest_odds" "toy_race" "planner_duel --games 2 --rounds 2" \
  "scenario --quiet conformance/2023/01-blue-belt-conveys-twice.json" "race --help" "conquest --help" "planner_duel --help"; do
  cargo build --quiet $profile --example "${args%% *}"
  # shellcheck disable=SC2086
  closed_pipe "$bin/"$args || fail "a program panics or fails on a closed pipe"
done
echo "examples-check: no program panics on a closed pipe (| head)"
echo "examples-check: OK"
