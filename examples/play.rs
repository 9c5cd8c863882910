//! Play a game in the terminal: a 2023 race by default (you drive one
//! robot, bots drive the others), or conquest with `--edition conquest`.
//! Works with piped input too (a script of answers).
//!
//! `cargo run --example play -- --players 3 --seat 1 --seed 7`
//! `cargo run --example play -- --edition conquest --players 3 --bots greedy`
//!
//! `cargo run --example play -- --seats 0,1 --html game.html`
//!
//! Flags (`--help` explains each): `--edition NAME`, `--course NAME`,
//! `--players N`, `--seat K`, `--seats K,K...`, `--seed S`,
//! `--max-rounds N`, `--bots NAME`, `--scenario FILE`, `--load FILE`,
//! `--html FILE`. Bad flags print the usage and exit with status 2. The
//! game logic is `roborally::terminal`; the terminal's width
//! (`roborally::terminal::terminal_width`) decides when a board is drawn
//! compact.

use roborally::terminal::{play, ArgsError, Config, Finish, TerminalError, USAGE};
use std::io::IsTerminal;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut config = match Config::from_args(std::env::args().skip(1)) {
        Ok(c) => c,
        Err(ArgsError::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("play: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdin = std::io::stdin();
    // Piped answers are echoed so the transcript reads like a session.
    config.echo = !stdin.is_terminal();
    // Boards wider than the terminal are drawn compact.
    // (A transcript written to a file keeps the full boards.)
    config.columns = roborally::terminal::terminal_width();
    let stdout = std::io::stdout();
    match play(&config, stdin.lock(), stdout.lock()) {
        Ok(finish) => {
            if let Finish::Resigned(p) = finish {
                eprintln!("play: {p}'s bot gave up");
            }
            ExitCode::SUCCESS
        }
        // The reader went away (`play ... | head`): nothing left to say.
        Err(TerminalError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::FAILURE
        }
    }
}
