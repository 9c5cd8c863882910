//! Batch runs for large simulations: JSON jobs on stdin, one JSON result
//! per job on stdout, in job order, one game per thread on every core.
//!
//! ```text
//! {"edition":"2023","course":"Milk Run","players":2,"policies":["planner","random"],"seed":1}
//! {"edition":"conquest","players":4,"policies":["greedy","random","greedy","random"],"seed":2}
//! ```
//!
//! `edition` is any playable edition (default 2023), `course` optional
//! (the edition's default course; conquest has none), `policies` one bot
//! name per seat (default: all random; `roborally::bots` lists them),
//! `max_rounds` optional (2023: 60). A 2023 result is
//! `{"seed":1,"winner":0,"rounds":9,"robots":[{"checkpoints":3,"damage":4,"reboots":1},...]}`
//! (`winner` is a seat or null at the round cap); a conquest result is
//! `{"seed":2,"winners":[2],"rounds":6,"players":[{"zones":10,"robots":13},...]}`
//! (one winner: every player plays for themselves).
//! A malformed job gives `{"error":"...","line":N}` and the rest go on.
//! Every edition runs through one path: `roborally::batch::run_job`.
//!
//! `cargo run --release --example batch < jobs.jsonl > results.jsonl`
//! (`--threads N` to use fewer cores).

use roborally::batch::{run_job, run_lines};
use std::io::BufReader;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => {}
        [flag, n] if flag == "--threads" && n.parse::<usize>().is_ok_and(|n| n > 0) => {
            threads = n.parse().unwrap_or(1);
        }
        _ => {
            eprintln!("usage: batch [--threads N] < jobs.jsonl > results.jsonl");
            return ExitCode::from(2);
        }
    }
    let stdin = BufReader::new(std::io::stdin());
    let mut stdout = std::io::stdout().lock();
    match run_lines(stdin, &mut stdout, threads, run_job) {
        Ok((jobs, failed)) => {
            eprintln!("batch: {jobs} jobs, {failed} failed, {threads} threads");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("batch: {e}");
            ExitCode::FAILURE
        }
    }
}
