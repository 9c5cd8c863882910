//! Batch runs for large simulations: JSON jobs on stdin, one JSON result
//! per job on stdout, in job order, one game per thread on every core.
//! `--help` explains the job format and its defaults; the game logic is
//! `roborally::batch` (one path for every edition: `run_job`).
//!
//! `cargo run --release --example batch < jobs.jsonl > results.jsonl`
//! (`--threads N` to use fewer cores).
//!
//! On stderr, never stdout: a progress line every 2 s once a run has gone
//! on for 3 s (games done, games and registers per second), and at the end
//! a summary with the run's throughput:
//! `batch: 1000 jobs, all ran, 2 threads; 1000 games, 11234 rounds,
//! 54321 registers in 12.3 s: 81.3 games/s, 4416 registers/s`.

use roborally::batch::{run_job_metered, run_lines, Meter, Progress, USAGE};
use std::io::{BufReader, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Writes a progress line to stderr when one is due, until `done`: on a
/// terminal one line rewritten in place, otherwise a line each time.
fn show_progress(meter: &Meter, done: &AtomicBool) {
    let mut progress = Progress::default();
    let terminal = std::io::stderr().is_terminal();
    let mut shown = false;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        if progress.due(meter.elapsed()) {
            let t = meter.throughput();
            let line = format!(
                "batch: {} games done, {:.1} games/s, {:.0} registers/s",
                t.games + t.failed,
                t.games_per_second(),
                t.registers_per_second()
            );
            let mut err = std::io::stderr().lock();
            let _ = if terminal {
                write!(err, "\r{line}\x1b[K")
            } else {
                writeln!(err, "{line}")
            };
            let _ = err.flush();
            shown = true;
        }
    }
    if terminal && shown {
        eprintln!();
    }
}

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
    let meter = Meter::new();
    let done = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| show_progress(&meter, &done));
        let r = run_lines(stdin, &mut stdout, threads, |l| run_job_metered(l, &meter));
        done.store(true, Ordering::Relaxed);
        r
    });
    match result {
        Ok((jobs, 0)) => {
            eprintln!(
                "batch: {}, all ran, {threads} threads; {}",
                count(jobs, "job"),
                meter.throughput()
            );
            ExitCode::SUCCESS
        }
        Ok((jobs, failed)) => {
            eprintln!(
                "batch: {}, {failed} FAILED (their lines are {{\"error\":...}}), \
                 {threads} threads; {}",
                count(jobs, "job"),
                meter.throughput()
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
