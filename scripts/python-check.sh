#!/usr/bin/env bash
# The Python package (roborally-py): installed with pip into a fresh venv,
# then its pytest suite: the frameworks' API tests for every edition.
#
# CI builds the extension as the tests are built (opt-level 1, no debug
# info), in the dev profile's folder target/debug, rather than the
# release build that the README's `pip install ./roborally-py` makes for
# users: the crates.io dependencies that `cargo test --workspace` built
# there are reused, and the engine is compiled once more without the
# release profile's optimisation and line tables (its features differ
# from the workspace build's: the server's `schema`, the tests'
# `proptest`, so cargo cannot reuse those). PY_RELEASE=1 builds the
# release wheel instead, as a user's install does.
#
# PY_VENV: where the venv goes (target/py-venv). Ray is not installed
# here (see docs/python.md: its check is run outside CI).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${PY_VENV:-target/py-venv}"
rm -rf "$venv"
python3 -m venv "$venv"
start=$(date +%s)
if [ "${PY_RELEASE:-0}" = 1 ]; then
    CARGO_PROFILE_RELEASE_DEBUG=0 "$venv/bin/pip" install --quiet "./roborally-py[test]"
else
    # The test profile's level (Cargo.toml's [profile.test]) for the
    # workspace's crates; [profile.dev.package."*"] already gives the
    # dependencies the settings the test build used.
    opt=$(awk '/^\[profile\.test\]/{t=1;next} /^\[/{t=0} t&&/^opt-level/{gsub(/[^0-9]/,"");print}' Cargo.toml)
    CARGO_PROFILE_DEV_OPT_LEVEL="${opt:-1}" CARGO_PROFILE_DEV_DEBUG=false \
        MATURIN_PEP517_ARGS="--profile dev" \
        "$venv/bin/pip" install --quiet "./roborally-py[test]"
fi
echo "python-check: installed in $(( $(date +%s) - start )) s"
cd roborally-py
"../$venv/bin/python" -m pytest -q -p no:cacheprovider tests
