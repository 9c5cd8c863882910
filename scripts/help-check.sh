#!/usr/bin/env bash
# Every example's --help explains every flag its usage line names (each
# flag starts a line of its own further down), exits 0, and an unknown
# flag is refused with status 2.
#
#   scripts/help-check.sh          # examples built with the test profile
#   HELP_PROFILE=--release scripts/help-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${HELP_PROFILE:---profile test}
status=0
for ex in race play batch scenario conquest conquest_odds toy_race planner_duel; do
  help=$(cargo run --quiet $profile --example "$ex" -- --help)
  # The synopsis: from `usage:` to the first blank line.
  synopsis=$(printf '%s\n' "$help" | sed -n '/^usage:/,/^$/p')
  [ -n "$synopsis" ] || { echo "help-check: $ex --help has no usage line"; status=1; continue; }
  flags=$(printf '%s\n' "$synopsis" | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)
  body=$(printf '%s\n' "$help" | sed '1,/^$/d')
  for flag in $flags; do
    if ! printf '%s\n' "$body" | grep -qE -- "^ +(-[a-z], )?$flag( |$)"; then
      echo "help-check: $ex --help does not explain $flag"
      status=1
    fi
  done
  set +e
  cargo run --quiet $profile --example "$ex" -- --no-such-flag </dev/null >/dev/null 2>&1
  code=$?
  set -e
  if [ "$code" != 2 ]; then
    echo "help-check: $ex --no-such-flag exits $code, not 2"
    status=1
  fi
  echo "help-check: $ex: $(printf '%s\n' "$flags" | wc -w) flags explained"
done
[ "$status" = 0 ] && echo "help-check: OK"
exit "$status"
