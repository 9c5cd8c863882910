#!/usr/bin/env bash
# The Python package (roborally-py): installed as the README says into a
# fresh venv (pip builds the extension in release through maturin), then
# its pytest suite: the frameworks' API tests for every edition.
#
# PY_VENV: where the venv goes (target/py-venv). Ray is not installed
# here (see docs/python.md: its check is run outside CI).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${PY_VENV:-target/py-venv}"
rm -rf "$venv"
python3 -m venv "$venv"
start=$(date +%s)
# Line tables are not needed in the wheel: a lighter release build.
CARGO_PROFILE_RELEASE_DEBUG=0 "$venv/bin/pip" install --quiet "./roborally-py[test]"
echo "python-check: installed in $(( $(date +%s) - start )) s"
cd roborally-py
"../$venv/bin/python" -m pytest -q -p no:cacheprovider tests
