//! Batch runs for large simulations: JSON jobs on stdin, one JSON result
//! per job on stdout, in job order, one game per thread on every core.
//!
//! ```text
//! {"edition":"2023","course":"Milk Run","players":2,"policies":["planner","random"],"seed":1}
//! {"edition":"conquest","players":4,"policies":["greedy","random","greedy","random"],"seed":2}
//! ```
//!
//! `course` is optional (the default course), `policies` one per seat
//! (default: all random), `max_rounds` optional (2023: 60). A 2023 result
//! is `{"seed":1,"winner":0,"rounds":9,"robots":[{"checkpoints":3,"damage":4,"reboots":1},...]}`
//! (`winner` is a seat or null at the round cap); a conquest result is
//! `{"seed":2,"winners":[2],"rounds":6,"players":[{"zones":10,"robots":13},...]}`
//! (one winner: every player plays for themselves).
//! A malformed job gives `{"error":"...","line":N}` and the rest go on.
//!
//! `cargo run --release --example batch < jobs.jsonl > results.jsonl`
//! (`--threads N` to use fewer cores).

use roborally::batch::run_lines;
use roborally::core::protocol::{play_out, seat_seed, Game, PlayResult, RandomPolicy};
use roborally::core::{PlayerId, Policy};
use roborally::v2023::bots::Planner;
use roborally::v2023::events::Event;
use roborally::v2023::{courses, Race, Setup};
use serde::{Deserialize, Serialize};
use std::io::BufReader;
use std::process::ExitCode;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Job {
    #[serde(default = "default_edition")]
    edition: String,
    #[serde(default)]
    course: Option<String>,
    players: u8,
    #[serde(default)]
    policies: Vec<String>,
    seed: u64,
    #[serde(default)]
    max_rounds: Option<u16>,
}

/// One 2023 robot's tally (fields in the documented order).
#[derive(Serialize)]
struct RobotTally {
    checkpoints: u8,
    damage: u32,
    reboots: u32,
}

#[derive(Serialize)]
struct RaceResult {
    seed: u64,
    winner: Option<u8>,
    rounds: u16,
    robots: Vec<RobotTally>,
}

#[derive(Serialize)]
struct SideTally {
    zones: u8,
    robots: u32,
}

#[derive(Serialize)]
struct ConquestResult {
    seed: u64,
    winners: Vec<u8>,
    rounds: u8,
    players: Vec<SideTally>,
}

/// A job's result line.
#[derive(Serialize)]
#[serde(untagged)]
enum JobResult {
    Race(RaceResult),
    Conquest(ConquestResult),
}

fn default_edition() -> String {
    "2023".into()
}

fn policy_names(job: &Job) -> Result<Vec<String>, String> {
    let n = usize::from(job.players);
    match job.policies.len() {
        0 => Ok(vec!["random".into(); n]),
        k if k == n => Ok(job.policies.clone()),
        k => Err(format!("{k} policies for {n} players: give one per seat")),
    }
}

fn run_2023(job: &Job) -> Result<JobResult, String> {
    let name = job.course.as_deref().unwrap_or(courses::DEFAULT_COURSE);
    let course = courses::course(name).map_err(|e| e.to_string())?;
    let mut setup = Setup::new(course, job.players);
    setup.max_rounds = Some(job.max_rounds.unwrap_or(60));
    let mut game = Race::new(setup, job.seed).map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Policy<Race>>> = Vec::new();
    for (seat, name) in policy_names(job)?.iter().enumerate() {
        bots.push(match name.as_str() {
            "random" => Box::new(RandomPolicy::new(seat_seed(job.seed, PlayerId(seat as u8)))),
            "planner" => Box::new(Planner::new(seat_seed(job.seed, PlayerId(seat as u8)))),
            other => {
                return Err(format!(
                    "unknown policy `{other}` for the 2023 edition (planner, random)"
                ))
            }
        });
    }
    let mut refs: Vec<&mut dyn Policy<Race>> = bots
        .iter_mut()
        .map(|b| b.as_mut() as &mut dyn Policy<Race>)
        .collect();
    let n = usize::from(job.players);
    let (mut damage, mut reboots) = (vec![0u32; n], vec![0u32; n]);
    let mut log = Vec::new();
    let result = play_out(&mut game, &mut refs, 2_000_000, &mut log, |e| match e {
        Event::Damaged { player, .. } => damage[player.index()] += 1,
        Event::Fell { player, .. } => reboots[player.index()] += 1,
        _ => {}
    })
    .map_err(|e| e.to_string())?;
    let PlayResult::Finished(outcome) = result else {
        return Err(format!("the game did not finish: {result:?}"));
    };
    let robots = (0..n)
        .map(|i| RobotTally {
            checkpoints: game
                .player(PlayerId(i as u8))
                .map_or(0, |p| p.checkpoints()),
            damage: damage[i],
            reboots: reboots[i],
        })
        .collect();
    Ok(JobResult::Race(RaceResult {
        seed: job.seed,
        winner: outcome.winner.map(|p| p.0),
        rounds: outcome.rounds,
        robots,
    }))
}

fn run_conquest(job: &Job) -> Result<JobResult, String> {
    use roborally::conquest::bots::{GreedyBot, RandomBot};
    use roborally::conquest::{Conquest, Setup};
    if job.course.is_some() {
        return Err("conquest has no course".into());
    }
    let mut game = Conquest::new(Setup::for_players(usize::from(job.players)), job.seed)
        .map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Policy<Conquest>>> = Vec::new();
    for (seat, name) in policy_names(job)?.iter().enumerate() {
        bots.push(match name.as_str() {
            "random" => Box::new(RandomBot::new(seat_seed(job.seed, PlayerId(seat as u8)))),
            "greedy" => Box::new(GreedyBot::new(seat_seed(job.seed, PlayerId(seat as u8)))),
            other => {
                return Err(format!(
                    "unknown policy `{other}` for conquest (random, greedy)"
                ))
            }
        });
    }
    let mut refs: Vec<&mut dyn Policy<Conquest>> = bots
        .iter_mut()
        .map(|b| b.as_mut() as &mut dyn Policy<Conquest>)
        .collect();
    let mut log = Vec::new();
    let result =
        play_out(&mut game, &mut refs, 2_000_000, &mut log, |_| {}).map_err(|e| e.to_string())?;
    let PlayResult::Finished(outcome) = result else {
        return Err(format!("the game did not finish: {result:?}"));
    };
    let players = (0..usize::from(job.players))
        .map(|i| SideTally {
            zones: outcome.zones.get(i).copied().unwrap_or(0),
            robots: game.robots_on_map(PlayerId(i as u8)),
        })
        .collect();
    let winners = outcome.winners.iter().map(|p| p.0).collect();
    Ok(JobResult::Conquest(ConquestResult {
        seed: job.seed,
        winners,
        rounds: outcome.round,
        players,
    }))
}

fn run_job(line: &str) -> Result<JobResult, String> {
    let job: Job = serde_json::from_str(line).map_err(|e| format!("bad job: {e}"))?;
    match job.edition.as_str() {
        "2023" => run_2023(&job),
        "conquest" => run_conquest(&job),
        other => Err(format!(
            "edition `{other}` cannot be batch-run (2023, conquest)"
        )),
    }
}

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
