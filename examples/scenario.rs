//! Runs scenario files and prints the state each run ends in as JSON.
//!
//! ```text
//! cargo run --example scenario -- [--quiet] [--no-events] FILE...
//! ```
//!
//! For each file: the result as JSON on stdout (unless `--quiet`), and on
//! stderr `PASS`, `FAIL` (with each difference from the file's `expect`
//! block) or `RAN` (no `expect` block). Exit code: 0 when every file ran
//! and passed, 1 when a run differed from its expectation, 2 when a file
//! could not be read or run. The format: `docs/scenario-format.md`.

use roborally::scenario::{run_file, EXIT_BAD_FILE, EXIT_FAILED};
use std::process::ExitCode;

const USAGE: &str = "\
usage: scenario [--quiet] [--no-events] FILE...

Sets up each scenario file (JSON: a course or a board as text, robots,
registers, hands, deck orders, options; docs/scenario-format.md), runs it
as far as it says, and compares the end with its `expect` block.

  --quiet       print no JSON, only PASS / FAIL / RAN lines on stderr
  --no-events   leave the events out of the JSON result
  -h, --help    this text
  FILE...       one or more scenario files (conformance/2023/*.json)

Exit status: 0 when every file ran and passed, 1 when a run differed from
its expectation (each difference is printed), 2 when a file could not be
read or run.";

fn main() -> ExitCode {
    let mut quiet = false;
    let mut events = true;
    let mut files = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--quiet" | "-q" => quiet = true,
            "--no-events" => events = false,
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            flag if flag.starts_with("--") => {
                eprintln!("scenario: unknown flag `{flag}`\n\n{USAGE}");
                return ExitCode::from(EXIT_BAD_FILE as u8);
            }
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        eprintln!("{USAGE}");
        return ExitCode::from(EXIT_BAD_FILE as u8);
    }
    let (mut bad, mut failed, mut passed) = (0usize, 0usize, 0usize);
    for file in &files {
        match run_file(file) {
            Err(e) => {
                bad += 1;
                eprintln!("ERROR {e}");
            }
            Ok(report) => {
                if !quiet {
                    println!("{}", report.to_json(events));
                }
                let about = if report.about.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", report.about)
                };
                if !report.expects && report.passed() {
                    eprintln!("RAN  {file}{about}: no expect block");
                } else if report.passed() {
                    passed += 1;
                    eprintln!("PASS {file}{about}");
                } else {
                    failed += 1;
                    eprintln!("FAIL {file}{about}");
                    for d in &report.differences {
                        eprintln!("     {d}");
                    }
                }
            }
        }
    }
    if files.len() > 1 {
        eprintln!(
            "{} files: {passed} passed, {failed} failed, {bad} could not run",
            files.len()
        );
    }
    if bad > 0 {
        ExitCode::from(EXIT_BAD_FILE as u8)
    } else if failed > 0 {
        ExitCode::from(EXIT_FAILED as u8)
    } else {
        ExitCode::SUCCESS
    }
}
