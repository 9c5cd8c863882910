//! Plays a game of Transformers conquest between bots and prints each
//! round's zone and robot counts and how the game ended; with `--verbose`,
//! every battle and capture as well.
//!
//! ```text
//! cargo run --release --example conquest -- --players 4 --seed 1
//! cargo run --release --example conquest -- --players 4 --sides --verbose
//! cargo run --release --example conquest -- --help
//! ```

mod common;
use common::say;
use roborally::conquest::bots::{GreedyBot, RandomBot};
use roborally::conquest::{Conquest, ConquestOutcome, Event, Faction, Setup, Victory};
use roborally::core::{Game, Pending, PlayerId, Policy};
use roborally::words::{ConquestWords, Seen};
use std::process::ExitCode;

const HELP: &str = "\
Plays a game of Transformers conquest between bots on the Cybertron map and
prints the zones and robots of every player after setup and after each day
(round), then who won and why.

usage: conquest [--seed N] [--players 2|3|4] [--bots KIND[,KIND...]]
                [--sides] [--d8] [--rounds N] [--verbose]

  --seed N        the game's seed (default 1); the same seed and flags
                  always play the same game
  --players N     2, 3 or 4 players (default 4): Optimus Prime, Megatron,
                  then Bumblebee and Barricade (three players: Optimus
                  Prime, Megatron, Barricade)
  --bots KIND     greedy or random for every seat, or one per seat,
                  comma-separated, e.g. greedy,random,greedy,random
                  (default greedy)
  --sides         four players only: the two Autobots and the two
                  Decepticons play as allied sides; allies never attack
                  each other, count their zones together and win together.
                  Without it every player plays for themselves and one
                  player wins
  --d8            a leader who fights rolls an eight-sided die
  --rounds N      days before the game is scored (default 6)
  --verbose       also print every battle (dice, losses), capture, fallen
                  leader and wiped-out player
  -h, --help      this text";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bot {
    Greedy,
    Random,
}

struct Args {
    seed: u64,
    players: usize,
    bots: Vec<Bot>,
    sides: bool,
    d8: bool,
    rounds: Option<u8>,
    verbose: bool,
}

fn parse_bots(v: &str) -> Result<Vec<Bot>, String> {
    v.split(',')
        .map(|b| match b.trim() {
            "greedy" => Ok(Bot::Greedy),
            "random" => Ok(Bot::Random),
            other => Err(format!("--bots: `{other}` is not greedy or random")),
        })
        .collect()
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut out = Args {
        seed: 1,
        players: 4,
        bots: vec![Bot::Greedy],
        sides: false,
        d8: false,
        rounds: None,
        verbose: false,
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
            "--bots" => out.bots = parse_bots(&value("--bots")?)?,
            "--rounds" => {
                let v = value("--rounds")?;
                out.rounds = Some(
                    v.parse()
                        .map_err(|_| format!("--rounds: `{v}` is not a number of days"))?,
                );
            }
            "--sides" => out.sides = true,
            "--d8" => out.d8 = true,
            "--verbose" | "-v" => out.verbose = true,
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    match out.bots.len() {
        1 => out.bots = vec![out.bots[0]; out.players],
        n if n == out.players => {}
        n => return Err(format!("--bots: {n} bots for {} players", out.players)),
    }
    Ok(Some(out))
}

fn name(game: &Conquest, p: PlayerId) -> String {
    game.players()
        .get(p.index())
        .map_or_else(|| p.to_string(), |s| s.leader.to_string())
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
    say!("{label:<10} {}", counts.join(" | "));
    if game.rules().sides {
        let team: Vec<String> = [Faction::Autobots, Faction::Decepticons]
            .iter()
            .map(|&f| {
                let (mut zones, mut robots) = (0, 0);
                for (i, p) in game.players().iter().enumerate() {
                    if p.leader.faction() == f {
                        zones += p.held.len();
                        robots += game.robots_on_map(PlayerId(i as u8));
                    }
                }
                format!("{f} {zones:>2} zones {robots:>3} robots")
            })
            .collect();
        say!("{:<10} {}", "  sides", team.join(" | "));
    }
}

/// One line per battle, capture, fallen leader, wiped-out player and
/// transformation, in the words every front end uses
/// (`roborally::words::ConquestWords`).
fn narrate(words: &mut ConquestWords, e: &Event) {
    let told = words.event(e);
    let shown = matches!(
        e,
        Event::AttackDeclared { .. }
            | Event::DefenceChosen { .. }
            | Event::Rolled { .. }
            | Event::LeaderRemoved { .. }
            | Event::Captured { .. }
            | Event::MovedIn { .. }
            | Event::Eliminated { .. }
            | Event::Transformed { .. }
            | Event::CardPlayed { .. }
            | Event::Shifted { .. }
    );
    if let (true, Some(line)) = (shown, told) {
        let indent = if matches!(e, Event::AttackDeclared { .. } | Event::Transformed { .. }) {
            "  "
        } else {
            "    "
        };
        say!("{indent}{line}");
    }
}

/// How the game ended, in plain words.
fn print_end(game: &Conquest, o: &ConquestOutcome, actions: u32) {
    print_counts(game, "final");
    let zones = game.map().zone_count();
    let who: Vec<String> = o
        .winners
        .iter()
        .map(|&w| format!("{} ({w})", name(game, w)))
        .collect();
    let when = if o.victory == Victory::Elimination {
        format!("on day {}", o.round)
    } else {
        format!("after day {}", o.round)
    };
    if game.rules().sides {
        let faction = game.players()[o.winners[0].index()].leader.faction();
        say!(
            "winners: the {faction}, {}, who win together, with {} of {zones} zones between them: {} {when}",
            who.join(" and "),
            o.winning_zones(),
            o.victory
        );
    } else {
        say!(
            "winner: {} with {} of {zones} zones: {} {when}",
            who.join(" and "),
            o.winning_zones(),
            o.victory
        );
    }
    say!("({actions} actions)");
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(Some(a)) => a,
        Ok(None) => {
            say!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("error: {e}\n(conquest --help lists the flags)");
            return ExitCode::from(2);
        }
    };
    let mut setup = Setup::for_players(args.players);
    setup.sides = args.sides;
    setup.leader_d8 = args.d8;
    if let Some(r) = args.rounds {
        setup.rounds = r;
    }
    let mut game = match Conquest::new(setup, args.seed) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut bots: Vec<Box<dyn Policy<Conquest>>> = args
        .bots
        .iter()
        .enumerate()
        .map(|(i, bot)| -> Box<dyn Policy<Conquest>> {
            let seed = args.seed.wrapping_mul(31).wrapping_add(i as u64);
            match bot {
                Bot::Greedy => Box::new(GreedyBot::new(seed)),
                Bot::Random => Box::new(RandomBot::new(seed)),
            }
        })
        .collect();
    let kinds: Vec<&str> = args
        .bots
        .iter()
        .map(|b| match b {
            Bot::Greedy => "greedy",
            Bot::Random => "random",
        })
        .collect();
    say!(
        "Transformers conquest on {}: {} players, seed {}, bots {}",
        game.map().name(),
        args.players,
        args.seed,
        kinds.join(",")
    );
    if game.rules().sides {
        say!("Two sides: the Autobots and the Decepticons; allies win together.");
    } else {
        say!("Every player for themselves: one player wins.");
    }
    let mut words = ConquestWords::new(&game, Seen::All);
    let mut events = Vec::new();
    let mut actions = 0u32;
    loop {
        let player = match game.pending() {
            Pending::Decision { player, .. } => player,
            Pending::Terminal(o) => {
                print_end(&game, &o, actions);
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
            if args.verbose {
                narrate(&mut words, e);
            } else {
                // The words follow the battles even when they are not shown.
                let _ = words.event(e);
            }
            match e {
                Event::SetupComplete => print_counts(&game, "setup"),
                Event::RoundStarted { round } => {
                    // Counts at the start of a round are those of the end of the last.
                    if *round > 1 {
                        print_counts(&game, &format!("day {}", round - 1));
                    }
                    if args.verbose {
                        say!("== day {round} ==");
                    }
                }
                _ => {}
            }
        }
    }
}
