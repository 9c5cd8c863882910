//! Two 2023 planners against each other: today's weights against a
//! candidate's, over many two-robot games on every built-in course, in
//! pairs of games that differ only in which seat the candidate takes.
//! Prints the candidate's share of the decided games with a 95% Wilson
//! interval (games of one pair are not independent, so the interval is a
//! little narrower than it should be).
//!
//! ```text
//! cargo run --release --example planner_duel -- --games 1000
//! cargo run --release --example planner_duel -- --games 1000 --damage -8 --energy 2
//! ```
//!
//! The candidate's weights are today's (`Weights::default()`) with the
//! ones named on the command line changed: `--damage` (per damage card
//! taken), `--energy` (per energy gained), `--fall`, `--distance`,
//! `--checkpoint`.

mod common;
use common::say;
use roborally::core::plan::Weights;
use roborally::core::protocol::{play_out, PlayResult, Policy};
use roborally::core::{Game, PlayerId};
use roborally::v2023::bots::{seat_seed, Planner};
use roborally::v2023::{courses, Race, Setup};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: planner_duel [--games N] [--rounds N] [--damage W] [--energy W] \
                     [--fall W] [--distance W] [--checkpoint W]";

const HELP: &str = "\
usage: planner_duel [--games N] [--rounds N] [--damage W] [--energy W]
                    [--fall W] [--distance W] [--checkpoint W]

Two 2023 planners race each other over many two-robot games on every
built-in course, in pairs that differ only in which seat the candidate
takes; prints the candidate's share of the decided games with a 95%
interval. The candidate plays today's weights with those named here
changed.

  --games N          games to play (default: 1000)
  --rounds N         the round cap of each game (default: 30)
  --damage W         the candidate's weight per damage card taken
  --energy W         the candidate's weight per energy gained
  --fall W           the candidate's weight of a fall
  --distance W       the candidate's weight per space from the next checkpoint
  --checkpoint W     the candidate's weight per checkpoint reached
  -h, --help         this text";

/// What one game ended with, from the candidate's side.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    candidate: u32,
    today: u32,
    undecided: u32,
}

fn main() -> ExitCode {
    let mut games = 1000u32;
    let mut rounds = 30u16;
    let mut weights = Weights::default();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--help" || flag == "-h" {
            say!("{HELP}");
            return ExitCode::SUCCESS;
        }
        let Some(value) = args.next() else {
            eprintln!("planner_duel: {flag} needs a value\n{USAGE}");
            return ExitCode::from(2);
        };
        let number: Result<f32, _> = value.parse();
        let ok = match (flag.as_str(), number) {
            ("--games", _) => value.parse().map(|n| games = n).is_ok(),
            ("--rounds", _) => value.parse().map(|n| rounds = n).is_ok(),
            ("--damage", Ok(w)) => {
                weights.damage = w;
                true
            }
            ("--energy", Ok(w)) => {
                weights.energy = w;
                true
            }
            ("--fall", Ok(w)) => {
                weights.fall = w;
                true
            }
            ("--distance", Ok(w)) => {
                weights.distance = w;
                true
            }
            ("--checkpoint", Ok(w)) => {
                weights.checkpoint = w;
                true
            }
            _ => false,
        };
        if !ok {
            eprintln!("planner_duel: bad argument {flag} {value}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let names: Vec<&str> = courses::course_names().collect();
    let started = Instant::now();
    let mut tally = Tally::default();
    for game in 0..games {
        // Games come in pairs: the same course, seed and first priority
        // holder, the candidate in seat 0 and then in seat 1, so neither
        // side keeps an advantage of position (two equal planners split
        // every pair).
        let pair = game / 2;
        let seed = u64::from(pair);
        let course = names[pair as usize % names.len()];
        let candidate = PlayerId((game % 2) as u8);
        let priority = PlayerId(((pair as usize / names.len()) % 2) as u8);
        match duel(course, seed, rounds, candidate, priority, weights) {
            Some(w) if w == candidate => tally.candidate += 1,
            Some(_) => tally.today += 1,
            None => tally.undecided += 1,
        }
    }
    let decided = tally.candidate + tally.today;
    let (rate, low, high) = wilson(tally.candidate, decided);
    say!(
        "candidate {weights:?}\n{games} games on {} courses ({rounds} rounds at most): \
         candidate won {}, today's planner won {}, undecided {}; \
         candidate's share of decided games {:.1}% (95% CI {:.1}%-{:.1}%) in {:.1} s",
        names.len(),
        tally.candidate,
        tally.today,
        tally.undecided,
        rate * 100.0,
        low * 100.0,
        high * 100.0,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// One two-robot game on `course`; the winner, if a robot won.
fn duel(
    course: &str,
    seed: u64,
    rounds: u16,
    candidate: PlayerId,
    priority: PlayerId,
    weights: Weights,
) -> Option<PlayerId> {
    let mut setup = Setup::new(courses::course(course).ok()?, 2);
    setup.max_rounds = Some(rounds);
    setup.priority = priority;
    let mut race = Race::new(setup, seed).ok()?;
    let mut bots: Vec<Planner> = (0..2u8)
        .map(|p| {
            let bot = Planner::new(seat_seed(seed, PlayerId(p)));
            if PlayerId(p) == candidate {
                bot.with_weights(weights)
            } else {
                bot
            }
        })
        .collect();
    let mut seats: Vec<&mut dyn Policy<Race>> = bots
        .iter_mut()
        .map(|b| b as &mut dyn Policy<Race>)
        .collect();
    let mut log = Vec::new();
    match play_out(&mut race, &mut seats, 200_000, &mut log, |_| {}) {
        Ok(PlayResult::Finished(outcome)) => outcome.winner,
        _ => None,
    }
}

/// `wins` of `n` as a share with its 95% Wilson score interval.
fn wilson(wins: u32, n: u32) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 1.0);
    }
    let (w, n) = (f64::from(wins), f64::from(n));
    let p = w / n;
    let z = 1.96f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * ((p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt()) / (1.0 + z2 / n);
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}
