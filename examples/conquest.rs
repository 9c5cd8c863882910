//! Plays a game of Transformers conquest between bots and prints each
//! round's zone counts and the winner.
//!
//! ```text
//! cargo run --example conquest -- [--seed N] [--players 2|3|4] [--bots greedy|random]
//! ```

use roborally::conquest::bots::{GreedyBot, RandomBot};
use roborally::conquest::{Conquest, Event, Setup};
use roborally::core::{Game, Pending, PlayerId, Policy};
use std::process::ExitCode;

const USAGE: &str = "usage: conquest [--seed N] [--players 2|3|4] [--bots greedy|random]";

struct Args {
    seed: u64,
    players: usize,
    greedy: bool,
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut out = Args {
        seed: 1,
        players: 4,
        greedy: true,
    };
    let mut args = args.peekable();
    while let Some(flag) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match flag.as_str() {
            "--seed" => {
                let v = value("--seed")?;
                out.seed = v
                    .parse()
                    .map_err(|_| format!("--seed: `{v}` is not a number"))?;
            }
            "--players" => {
                let v = value("--players")?;
                out.players = match v.parse() {
                    Ok(n @ 2..=4) => n,
                    _ => return Err(format!("--players: `{v}` is not 2, 3 or 4")),
                };
            }
            "--bots" => {
                out.greedy = match value("--bots")?.as_str() {
                    "greedy" => true,
                    "random" => false,
                    other => return Err(format!("--bots: `{other}` is not greedy or random")),
                };
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(out)
}

fn print_counts(game: &Conquest, label: &str) {
    let counts: Vec<String> = game
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                "{} {:>2} zones {:>3} robots",
                p.leader,
                p.held.len(),
                game.robots_on_map(PlayerId(i as u8))
            )
        })
        .collect();
    println!("{label:<10} {}", counts.join(" | "));
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let setup = Setup::for_players(args.players);
    let mut game = match Conquest::new(setup, args.seed) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut bots: Vec<Box<dyn Policy<Conquest>>> = (0..args.players as u64)
        .map(|i| -> Box<dyn Policy<Conquest>> {
            let seed = args.seed.wrapping_mul(31).wrapping_add(i);
            if args.greedy {
                Box::new(GreedyBot::new(seed))
            } else {
                Box::new(RandomBot::new(seed))
            }
        })
        .collect();
    println!(
        "Transformers conquest on {}: {} players, seed {}, {} bots",
        game.map().name(),
        args.players,
        args.seed,
        if args.greedy { "greedy" } else { "random" }
    );
    let mut events = Vec::new();
    let mut actions = 0u32;
    loop {
        let player = match game.pending() {
            Pending::Decision { player, .. } => player,
            Pending::Terminal(o) => {
                print_counts(&game, "final");
                let names: Vec<String> = o
                    .winners
                    .iter()
                    .map(|w| format!("{} ({w})", game.players()[w.index()].leader))
                    .collect();
                println!(
                    "winner: {} by {:?} after {actions} actions",
                    names.join(" and "),
                    o.victory
                );
                return ExitCode::SUCCESS;
            }
            Pending::Simultaneous { .. } => {
                eprintln!("error: conquest never asks for simultaneous decisions");
                return ExitCode::FAILURE;
            }
        };
        let Some(action) = bots[player.index()].choose(&game, player) else {
            eprintln!("error: the bot of {player} gave up");
            return ExitCode::FAILURE;
        };
        events.clear();
        if let Err(e) = game.apply_into(player, action, &mut events) {
            eprintln!("error: the bot of {player} chose a refused action {action}: {e}");
            return ExitCode::FAILURE;
        }
        actions += 1;
        for e in &events {
            match e {
                Event::SetupComplete => print_counts(&game, "setup"),
                // Counts at the start of a round are those of the end of the last.
                Event::RoundStarted { round } if *round > 1 => {
                    print_counts(&game, &format!("day {}", round - 1))
                }
                _ => {}
            }
        }
    }
}
