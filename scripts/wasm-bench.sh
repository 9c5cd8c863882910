#!/usr/bin/env bash
# The package's speed beside the native build's, in one run (a benchmark,
# not a test; wall-clock medians, so run it on a quiet machine): the same
# workloads (roborally-wasm/src/workload.rs), natively (the wasm_bench
# example, release) and in WebAssembly under Node (scripts/wasm-bench.mjs,
# the package built by scripts/wasm-build.sh):
# - one 2023 register (six robots on For the Glory, register 2 of round 2
#   of random programs), per register over RACES races;
# - a whole 2023 race of four planner bots on For the Glory (seed 7).
# Then the .wasm's size, raw and gzipped.
#
#   scripts/wasm-bench.sh [RACES] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
races=${1:-300}
runs=${2:-7}
[ -f roborally-wasm/pkg/roborally_wasm_bg.wasm ] || scripts/wasm-build.sh
cargo build --quiet --release -p roborally-wasm --example wasm_bench
native=$(target/release/examples/wasm_bench "$races" "$runs")
wasm=$(node scripts/wasm-bench.mjs "$races" "$runs")
echo "native: $native"
echo "wasm:   $wasm"
python3 - "$native" "$wasm" <<'PY'
import json, sys
n, w = json.loads(sys.argv[1]), json.loads(sys.argv[2])
assert (n["events"], n["rounds"]) == (w["events"], w["rounds"]), "the same work on both sides"
print(f"one 2023 register: native {n['register_ns']} ns, wasm {w['register_ns']} ns, {w['register_ns'] / n['register_ns']:.2f}x")
print(f"a 4-planner race ({n['rounds']} rounds): native {n['planner_race_ns'] / 1e6:.1f} ms, wasm {w['planner_race_ns'] / 1e6:.1f} ms, {w['planner_race_ns'] / n['planner_race_ns']:.2f}x")
PY
wasm_file=roborally-wasm/pkg/roborally_wasm_bg.wasm
echo ".wasm: $(wc -c <"$wasm_file") bytes, $(gzip -9 -c "$wasm_file" | wc -c) gzipped"
