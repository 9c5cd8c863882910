#!/usr/bin/env bash
# The fuzz step of CI: installs cargo-fuzz if it is missing, builds every
# target of fuzz/ (libFuzzer, nightly), writes the seed corpora
# (scripts/fuzz_corpus.py, and each save target's own saves) and runs
# every target for FUZZ_SECONDS seconds (8 by default) from its seeds
# (libFuzzer's -seed=FUZZ_SEED, 1 by default, so a run can be repeated).
# A crash stops CI with the input that made it (fuzz/artifacts/<target>/).
#
#   scripts/fuzz-ci.sh                       # as CI runs it
#   FUZZ_SECONDS=60 scripts/fuzz-ci.sh       # longer
#   FUZZ_RUNS=1000000 scripts/fuzz-ci.sh save_2023   # a fixed number of inputs
#
# The budget of this step in CI is 7 minutes on 2 cores, install and
# build included: measured (load ~10, one build job) the install takes 75
# CPU seconds and the build from nothing about 390 (opt-level 1, see
# fuzz/Cargo.toml), so 11 targets x 8 s leave room on 2 idle cores.
#
# Built without a sanitizer (the code is safe Rust: AddressSanitizer
# would find nothing that the bounds checks do not) and with debug
# assertions, so that an overflow is a crash.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-8}
fuzz_seed=${FUZZ_SEED:-1}
runs=${FUZZ_RUNS:-}
started=$SECONDS

if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz-ci: installing cargo-fuzz"
    cargo +nightly install cargo-fuzz --locked --quiet
fi
echo "fuzz-ci: cargo-fuzz ready after $((SECONDS - started)) s"
(cd fuzz && cargo +nightly fuzz build --sanitizer none --debug-assertions)
echo "fuzz-ci: targets built after $((SECONDS - started)) s"

bin=fuzz/target/x86_64-unknown-linux-gnu/release
corpus=${FUZZ_CORPUS:-fuzz/corpus}
scripts/fuzz_corpus.py "$corpus"
for edition in 2023 classic transformers conquest; do
    ROBORALLY_FUZZ_SAVE_SEEDS="$corpus/save_$edition" "$bin/save_$edition"
done

targets=("$@")
if [ ${#targets[@]} = 0 ]; then
    mapfile -t targets < <(cd fuzz && cargo +nightly fuzz list)
fi
for target in "${targets[@]}"; do
    mkdir -p "$corpus/$target" "fuzz/artifacts/$target"
    if [ -n "$runs" ]; then
        limit=(-runs="$runs")
    else
        limit=(-max_total_time="$seconds")
    fi
    # -timeout: one input that takes 20 s is a hang; stats at the end.
    if ! "$bin/$target" "${limit[@]}" -seed="$fuzz_seed" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="fuzz/artifacts/$target/" "$corpus/$target" >"fuzz/artifacts/$target.log" 2>&1; then
        tail -n 40 "fuzz/artifacts/$target.log"
        echo "fuzz-ci: FAILED, $target crashed; the input is in fuzz/artifacts/$target/"
        exit 1
    fi
    echo "fuzz-ci: $target ok, $(grep -h 'stat::number_of_executed_units' "fuzz/artifacts/$target.log" | awk '{print $2}') inputs"
done
echo "fuzz-ci: ok, ${#targets[@]} targets in $((SECONDS - started)) s"
