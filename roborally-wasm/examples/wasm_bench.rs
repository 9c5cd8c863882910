//! The native side of `scripts/wasm-bench.sh`: the package's workloads
//! ([`roborally_wasm::workload`]) timed natively, printed as JSON for the
//! script to set beside the same workloads in WebAssembly under Node.
//!
//! ```text
//! cargo run --release -p roborally-wasm --example wasm_bench -- [RACES] [RUNS]
//! ```

use roborally_wasm::workload::{planner_race, Registers};
use std::time::Instant;

/// The median of `runs` timings of `work`, in nanoseconds.
fn median(runs: usize, mut work: impl FnMut() -> u128) -> u128 {
    let mut times: Vec<u128> = (0..runs).map(|_| work()).collect();
    times.sort_unstable();
    times[times.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let races: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(7);
    let mut events = 0;
    let mut ready = 0;
    let register_ns = median(runs, || {
        let mut w = Registers::new(1, races);
        ready = w.len();
        let t = Instant::now();
        events = w.run();
        t.elapsed().as_nanos() / u128::from(ready.max(1))
    });
    let mut rounds = 0;
    let race_ns = median(runs.min(5), || {
        let t = Instant::now();
        rounds = planner_race(7);
        t.elapsed().as_nanos()
    });
    println!(
        "{{\"register_ns\": {register_ns}, \"races\": {ready}, \"events\": {events}, \"planner_race_ns\": {race_ns}, \"rounds\": {rounds}}}"
    );
}
