//! A race between bots, played to the winner: Robo Rally 2023 by default,
//! or any playable edition with `--edition`.
//!
//! ```text
//! cargo run --release --example race
//! cargo run --release --example race -- --course "Castle Tour" --players 6 --seed 42
//! cargo run --release --example race -- --policy planner,random --html race.html
//! cargo run --release --example race -- --edition conquest --players 3
//! ```
//!
//! A grid edition prints the course once (robots as their seat number and
//! facing arrow), one line per round, and a final line: winner, rounds,
//! registers resolved, wall time. Conquest, which has no grid, prints
//! each day's standings (zones and robots per leader) and the winners.
//! `--help` lists the flags.
//!
//! Seeds: the game is dealt from `--seed S`; the bot of each seat is seeded
//! with `robo_core::protocol::seat_seed(S, seat)` (the seed and the seat
//! mixed and scrambled), for the planner and the random policy alike, so a
//! seed names one race.

use roborally::race::{run_race, ArgError, RaceError, RaceOptions, USAGE};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut options = match RaceOptions::from_args(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(ArgError::Help) => {
            // A closed pipe (`race --help | head`) is not an error worth a panic.
            let _ = writeln!(std::io::stdout(), "{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("race: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // Boards wider than the terminal are drawn compact; a log written to a
    // file or a pipe keeps the full boards.
    options.columns = roborally::terminal::terminal_width();
    let started = Instant::now();
    let mut stdout = std::io::stdout().lock();
    let summary = match run_race(&options, &mut stdout) {
        Ok(s) => s,
        // The reader went away (`race ... | head`): nothing left to say.
        Err(RaceError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("race: {e}");
            return ExitCode::FAILURE;
        }
    };
    let wall = started.elapsed();
    let _ = writeln!(stdout, "{}", summary.final_line(wall));
    if let (Some(path), Some((html, frames))) = (&options.html, &summary.html) {
        if let Err(e) = std::fs::write(path, html) {
            eprintln!("race: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        let _ = writeln!(stdout, "replay: {} ({frames} frames)", path.display());
    }
    ExitCode::SUCCESS
}
