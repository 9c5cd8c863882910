//! Batch runs for large simulations: JSON jobs on stdin, one JSON result
//! per job on stdout, in job order, one game per thread on every core.
//! `--help` explains the job format and its defaults; the game logic is
//! `roborally::batch` (one path for every edition: `run_job`).
//!
//! `cargo run --release --example batch < jobs.jsonl > results.jsonl`

use roborally::batch::{run_job, run_lines, USAGE};
use std::io::BufReader;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => {}
        [flag] if flag == "--help" || flag == "-h" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        [flag, n] if flag == "--threads" && n.parse::<usize>().is_ok_and(|n| n > 0) => {
            threads = n.parse().unwrap_or(1);
        }
        _ => {
            eprintln!("batch: bad arguments {args:?}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let stdin = BufReader::new(std::io::stdin());
    let mut stdout = std::io::stdout().lock();
    match run_lines(stdin, &mut stdout, threads, run_job) {
        Ok((jobs, 0)) => {
            eprintln!("batch: {}, all ran, {threads} threads", count(jobs, "job"));
            ExitCode::SUCCESS
        }
        Ok((jobs, failed)) => {
            eprintln!(
                "batch: {}, {failed} FAILED (their lines are {{\"error\":...}}), \
                 {threads} threads",
                count(jobs, "job")
            );
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("batch: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `1 job`, `3 jobs`.
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}
