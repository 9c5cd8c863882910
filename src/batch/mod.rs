//! Batch runs: a stdin/stdout filter of JSON lines that plays one game per
//! job on every core and writes results in job order. Because it is a plain
//! filter, a distributed engine (a Slurm array, Spark's `RDD.pipe`) can fan
//! it out unchanged.
//!
//! [`run_job`] plays one [`Job`] of any playable edition through
//! [`AnyGame`]: the game from [`new_game`](crate::any::new_game), its bots
//! from [`crate::bots`], and the result line from the edition's
//! [`Playable::tally`] and [`Playable::job_result`]. `examples/batch.rs`
//! is [`run_lines`] over [`run_job`].

mod meter;

pub use meter::{Meter, Played, Progress, Throughput};

use crate::editions::{Milestone, NewGame, NewGameError, Playable, Visit};
use crate::{AnyGame, Edition};
use robo_core::protocol::{play_out, seat_seed, PlayResult};
use robo_core::{PlayerId, Policy};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::sync::Mutex;

/// The batch example's usage: its flags, the job format and every
/// default.
pub const USAGE: &str = r#"usage: batch [--threads N] < jobs.jsonl > results.jsonl

Plays one game between bots for every job (one JSON object a line) on
stdin and writes one JSON result a line on stdout, in job order, one game
per thread. A plain filter: split the jobs over machines as you like.

  --threads N   games at once (default: one per core)
  -h, --help    this text

A job, with every field (only players and seed are required):
  {"edition":"2023","course":"Rush Hour","players":4,
   "policies":["planner","random","planner","random"],"seed":1,
   "priority":0,"max_rounds":60}

  edition     "2023" (default) or "conquest"
  course      a built-in 2023 course (default "Rush Hour"); conquest has none
  players     seats: 2 to 6 (classic: 2 to 8; conquest: 2 to 4)
  policies    one bot name per seat (default: "random" in every seat);
              2023: "planner" or "random"; conquest: "greedy" or "random"
  seed        the game's seed; each bot's seed follows from it and its seat
  priority    the seat that first holds the priority token (default 0;
              rotate it over the jobs for fair statistics); conquest:
              the first player, who claims first and begins every day
  max_rounds  the round cap (default 60; 2023)

Results: a 2023 job gives
  {"seed":1,"winner":0,"rounds":9,"robots":[{"checkpoints":4,"damage":4,"reboots":1},...]}
  (winner is a seat, or null when the round cap ended the race), a
  conquest job {"seed":2,"winners":[2],"rounds":6,"players":[{"zones":10,"robots":13},...]}.
A job that cannot run gives {"error":"...","line":N} and the others go
on; the summary on stderr counts them, and the exit status is 1 when any
job failed (2 for bad arguments, 0 when every job ran)."#;

/// Actions a batch game may take before it is called endless.
const MAX_ACTIONS: usize = 2_000_000;

/// The round cap of a 2023-style race when a job gives none.
pub const DEFAULT_MAX_ROUNDS: u16 = 60;

/// One job: a game to play between bots.
///
/// ```text
/// {"edition":"2023","course":"Milk Run","players":2,"policies":["planner","random"],"seed":1}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    /// The edition's name (default `2023`).
    #[serde(default = "default_edition")]
    pub edition: String,
    /// A course by name, for editions with courses (default: the
    /// edition's default course).
    #[serde(default)]
    pub course: Option<String>,
    /// Seats.
    pub players: u8,
    /// One bot name per seat (default: every seat `random`).
    #[serde(default)]
    pub policies: Vec<String>,
    /// The game's seed; each bot's follows from it and its seat.
    pub seed: u64,
    /// The round cap, for editions that have one (default
    /// [`DEFAULT_MAX_ROUNDS`]).
    #[serde(default)]
    pub max_rounds: Option<u16>,
    /// The seat that first holds the priority token (default 0); rotate it
    /// over the jobs for fair statistics (2023; conquest's first seat is
    /// always 0).
    #[serde(default)]
    pub priority: u8,
}

fn default_edition() -> String {
    Edition::V2023.name().to_string()
}

impl Job {
    /// The bot names, one per seat.
    fn policy_names(&self) -> Result<Vec<String>, String> {
        let n = usize::from(self.players);
        match self.policies.len() {
            0 => Ok(vec!["random".into(); n]),
            k if k == n => Ok(self.policies.clone()),
            k => Err(format!("{k} policies for {n} players: give one per seat")),
        }
    }
}

struct Play<'a>(&'a Job);

impl Visit for Play<'_> {
    type Out = Result<(Box<RawValue>, Played), String>;

    fn visit<G: Playable>(self) -> Self::Out {
        let job = self.0;
        let settings = NewGame {
            course: job.course.clone(),
            players: job.players,
            seed: job.seed,
            max_rounds: Some(job.max_rounds.unwrap_or(DEFAULT_MAX_ROUNDS)),
            priority: job.priority,
        };
        let mut game = crate::any::new_game(G::EDITION, &settings).map_err(|e| match e {
            // A job's error line names the course, as the edition says.
            NewGameError::UnknownCourse { message, .. } => message,
            other => other.to_string(),
        })?;
        let mut bots = Vec::new();
        for (seat, name) in job.policy_names()?.iter().enumerate() {
            let seed = seat_seed(job.seed, PlayerId(seat as u8));
            bots.push(crate::bots::by_name(G::EDITION, name, seed).map_err(|e| e.to_string())?);
        }
        let mut seats: Vec<&mut dyn Policy<AnyGame>> = bots
            .iter_mut()
            .map(|b| b.as_mut() as &mut dyn Policy<AnyGame>)
            .collect();
        let mut tally = G::Tally::default();
        let mut registers = 0u64;
        let result = play_out(&mut game, &mut seats, MAX_ACTIONS, &mut Vec::new(), |e| {
            if let Some(e) = G::event_in(e) {
                G::tally(&mut tally, e);
                if let Some(Milestone::RegisterStarted(_)) = G::milestone(e) {
                    registers += 1;
                }
            }
        })
        .map_err(|e| e.to_string())?;
        let PlayResult::Finished(outcome) = result else {
            return Err(format!("the game did not finish: {result:?}"));
        };
        match (G::in_any(&game), G::outcome_in(&outcome)) {
            (Some(game), Some(outcome)) => {
                let played = Played {
                    rounds: u64::from(G::rounds(outcome)),
                    registers,
                };
                Ok((G::job_result(tally, game, outcome, job.seed)?, played))
            }
            _ => Err("the game changed edition".into()),
        }
    }
}

/// Plays one job (a JSON line) to the end and returns its result line:
/// for 2023 and Transformers `{"seed":1,"winner":0,"rounds":9,"robots":[...]}`, for
/// conquest `{"seed":2,"winners":[0],"rounds":6,"players":[...]}`.
///
/// ```
/// let line = r#"{"edition":"conquest","players":2,"policies":["greedy","random"],"seed":4}"#;
/// let result = roborally::batch::run_job(line).unwrap();
/// assert!(result.get().starts_with(r#"{"seed":4,"winners":["#));
/// let bad = roborally::batch::run_job(r#"{"edition":"checkers","players":2,"seed":1}"#);
/// assert!(bad.unwrap_err().contains("checkers"));
/// ```
///
/// # Errors
/// The job's error line text: a malformed job, an unknown edition,
/// course or bot, a refused setup, or a game that did not finish.
pub fn run_job(line: &str) -> Result<Box<RawValue>, String> {
    play_job(line).map(|(result, _)| result)
}

/// [`run_job`], counting the game into `meter` (a failed job as failed).
///
/// ```
/// use roborally::batch::{run_job_metered, Meter};
/// let meter = Meter::new();
/// let line = r#"{"course":"Milk Run","players":2,"policies":["planner","planner"],"seed":3}"#;
/// let result = run_job_metered(line, &meter).unwrap();
/// assert_eq!(result.get(), roborally::batch::run_job(line).unwrap().get());
/// let t = meter.throughput();
/// assert_eq!((t.games, t.failed), (1, 0));
/// assert!(t.registers > 0 && t.registers <= 5 * t.rounds);
/// ```
///
/// # Errors
/// As [`run_job`].
pub fn run_job_metered(line: &str, meter: &Meter) -> Result<Box<RawValue>, String> {
    match play_job(line) {
        Ok((result, played)) => {
            meter.record(played);
            Ok(result)
        }
        Err(e) => {
            meter.failed();
            Err(e)
        }
    }
}

/// Plays one job: its result line and what the game played.
fn play_job(line: &str) -> Result<(Box<RawValue>, Played), String> {
    let job: Job = serde_json::from_str(line).map_err(|e| format!("bad job: {e}"))?;
    let cannot = || {
        format!(
            "edition `{}` cannot be batch-run ({})",
            job.edition,
            crate::editions::names(Edition::playable())
        )
    };
    let edition: Edition = job.edition.parse().map_err(|_| cannot())?;
    edition.visit(Play(&job)).unwrap_or_else(|| Err(cannot()))
}

/// Runs `job` on every non-blank line of `input`, serialising each result, with `threads` workers and
/// writes one line per job to `output`, in the order of the input. A job
/// that fails writes `{"error": "...", "line": N}` and the others go on.
/// Returns the number of jobs and of failed jobs.
///
/// # Errors
/// Reading the input or writing the output failed.
///
/// ```
/// use roborally::batch::run_lines;
/// let input = "1\n2\nx\n4\n";
/// let mut out = Vec::new();
/// let (jobs, failed) = run_lines(input.as_bytes(), &mut out, 3, |line| {
///     let n: u64 = line.trim().parse().map_err(|_| format!("not a number: {line}"))?;
///     Ok(serde_json::json!({ "square": n * n }))
/// }).unwrap();
/// assert_eq!((jobs, failed), (4, 1));
/// let text = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines[0], r#"{"square":1}"#);
/// assert_eq!(lines[2], r#"{"error":"not a number: x","line":3}"#);
/// assert_eq!(lines[3], r#"{"square":16}"#);
/// ```
pub fn run_lines<R, W, T, F>(
    input: R,
    output: &mut W,
    threads: usize,
    job: F,
) -> std::io::Result<(usize, usize)>
where
    R: BufRead + Send,
    W: Write,
    T: serde::Serialize,
    F: Fn(&str) -> Result<T, String> + Sync,
{
    let threads = threads.max(1);
    let lines = Mutex::new(input.lines().enumerate());
    let (tx, rx) = mpsc::channel::<(usize, String)>();
    let mut read_error = None;
    let mut jobs = 0;
    let mut failed = 0;
    std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..threads {
            let tx = tx.clone();
            let lines = &lines;
            let job = &job;
            scope.spawn(move || loop {
                let next = match lines.lock() {
                    Ok(mut it) => it.next(),
                    Err(_) => None,
                };
                let Some((i, line)) = next else { break };
                let result = match line {
                    Ok(l) if l.trim().is_empty() => String::new(),
                    Ok(l) => match job(&l)
                        .and_then(|v| serde_json::to_string(&v).map_err(|e| e.to_string()))
                    {
                        Ok(v) => v,
                        Err(e) => serde_json::json!({ "error": e, "line": i + 1 }).to_string(),
                    },
                    Err(e) => format!("\u{0}{e}"),
                };
                if tx.send((i, result)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // Write in input order as results arrive.
        let mut waiting: BTreeMap<usize, String> = BTreeMap::new();
        let mut next = 0;
        for (i, r) in rx {
            waiting.insert(i, r);
            while let Some(r) = waiting.remove(&next) {
                next += 1;
                if let Some(e) = r.strip_prefix('\u{0}') {
                    read_error.get_or_insert_with(|| e.to_string());
                    continue;
                }
                if r.is_empty() {
                    continue;
                }
                jobs += 1;
                if r.starts_with("{\"error\"") {
                    failed += 1;
                }
                writeln!(output, "{r}")?;
            }
        }
        Ok(())
    })?;
    if let Some(e) = read_error {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, e));
    }
    output.flush()?;
    Ok((jobs, failed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_kept_with_many_threads_and_uneven_jobs() {
        let input: String = (0..200).map(|i| format!("{i}\n")).collect();
        let mut out = Vec::new();
        let (jobs, failed) = run_lines(input.as_bytes(), &mut out, 8, |l| {
            let n: u64 = l.parse().map_err(|_| "bad".to_string())?;
            // Uneven work so that jobs finish out of order.
            let mut x = 0u64;
            for k in 0..(n % 7) * 20_000 {
                x = x.wrapping_add(k ^ n);
            }
            Ok(serde_json::json!({ "n": n, "x": x % 2 }))
        })
        .unwrap();
        assert_eq!((jobs, failed), (200, 0));
        let text = String::from_utf8(out).unwrap();
        for (i, line) in text.lines().enumerate() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["n"], i as u64);
        }
    }

    #[test]
    fn blank_lines_are_skipped() {
        let mut out = Vec::new();
        let (jobs, _) = run_lines("\n1\n\n".as_bytes(), &mut out, 2, |_| {
            Ok(serde_json::json!(true))
        })
        .unwrap();
        assert_eq!(jobs, 1);
        assert_eq!(String::from_utf8(out).unwrap(), "true\n");
    }

    #[test]
    fn both_editions_run_through_one_path_in_job_order() {
        let input = concat!(
            r#"{"edition":"2023","course":"Milk Run","players":2,"policies":["planner","random"],"seed":1}"#,
            "\n",
            r#"{"edition":"conquest","players":3,"policies":["greedy","random","greedy"],"seed":2}"#,
            "\n",
            r#"{"players":2,"seed":3,"max_rounds":2}"#,
            "\n",
            r#"{"edition":"conquest","course":"Milk Run","players":2,"seed":2}"#,
            "\n",
            r#"{"edition":"2023","players":2,"policies":["greedy","random"],"seed":2}"#,
            "\n",
            r#"{"edition":"2023","players":3,"policies":["random"],"seed":2}"#,
            "\n",
            r#"{"edition":"2023","players":2,"seed":2,"speed":3}"#,
            "\n",
        );
        let mut out = Vec::new();
        let (jobs, failed) = run_lines(input.as_bytes(), &mut out, 2, run_job).unwrap();
        assert_eq!((jobs, failed), (7, 4));
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines[0]["seed"], 1);
        assert_eq!(lines[0]["robots"].as_array().unwrap().len(), 2);
        assert!(
            lines[0]["winner"].is_u64(),
            "a planner wins Milk Run: {text}"
        );
        assert_eq!(lines[1]["players"].as_array().unwrap().len(), 3);
        assert!(!lines[1]["winners"].as_array().unwrap().is_empty());
        // The round cap of the job, and every seat random by default.
        assert_eq!(lines[2]["rounds"], 2);
        assert!(lines[2]["winner"].is_null());
        assert_eq!(lines[3]["error"], "conquest has no course");
        assert_eq!(
            lines[4]["error"],
            "unknown policy `greedy` for the 2023 edition (planner, random)"
        );
        assert_eq!(
            lines[5]["error"],
            "1 policies for 3 players: give one per seat"
        );
        assert!(lines[6]["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `speed`"));
        assert_eq!(lines[6]["line"], 7);
        // Fields in the documented order.
        assert!(text.starts_with(r#"{"seed":1,"winner":"#), "{text}");
    }

    #[test]
    fn a_job_names_the_first_priority_holder() {
        let job = |priority: u8| {
            format!(
                r#"{{"players":2,"policies":["planner","planner"],"seed":1,"priority":{priority}}}"#
            )
        };
        let zero = run_job(&job(0)).unwrap().get().to_string();
        let default = run_job(r#"{"players":2,"policies":["planner","planner"],"seed":1}"#)
            .unwrap()
            .get()
            .to_string();
        assert_eq!(zero, default, "seat 0 holds it unless the job says");
        let one = run_job(&job(1)).unwrap().get().to_string();
        assert_ne!(zero, one, "the first holder changes the game");
        let e = run_job(&job(2)).unwrap_err();
        assert!(e.contains("priority"), "{e}");
        // Conquest's first player: another game; a seat not at the table
        // is refused.
        let conquest = |p: u8| {
            run_job(&format!(
                r#"{{"edition":"conquest","players":2,"seed":1,"priority":{p}}}"#
            ))
        };
        let c0 = conquest(0).unwrap().get().to_string();
        assert_ne!(c0, conquest(1).unwrap().get().to_string());
        assert!(conquest(2)
            .unwrap_err()
            .contains("seat 2 cannot play first"));
    }

    #[test]
    fn a_transformers_job_names_the_first_cosmos_holder() {
        let job = |priority: u8| {
            run_job(&format!(
                r#"{{"edition":"transformers","players":2,"policies":["random","random"],"seed":3,"max_rounds":6,"priority":{priority}}}"#
            ))
        };
        let zero = job(0).unwrap().get().to_string();
        assert_ne!(zero, job(1).unwrap().get().to_string(), "another game");
        let e = job(2).unwrap_err();
        assert!(e.contains("priority token"), "{e}");
    }

    #[test]
    fn the_meter_counts_each_game_its_rounds_and_registers() {
        let jobs = [
            r#"{"course":"Milk Run","players":2,"policies":["planner","random"],"seed":1}"#,
            r#"{"players":3,"seed":3,"max_rounds":2}"#,
            r#"{"edition":"conquest","players":2,"policies":["greedy","random"],"seed":2}"#,
            r#"{"edition":"2023","players":2,"seed":2,"speed":3}"#,
        ];
        let all = Meter::new();
        for (i, line) in jobs.iter().enumerate() {
            let one = Meter::new();
            let result = run_job_metered(line, &one);
            let _ = run_job_metered(line, &all);
            let t = one.throughput();
            if i == 3 {
                assert!(result.is_err());
                assert_eq!((t.games, t.failed, t.registers), (0, 1, 0));
                continue;
            }
            let result: serde_json::Value = serde_json::from_str(result.unwrap().get()).unwrap();
            assert_eq!((t.games, t.failed), (1, 0));
            assert_eq!(result["rounds"], t.rounds, "{line}");
            if i == 2 {
                // Conquest has days, no registers.
                assert_eq!(t.registers, 0);
            } else {
                // Every full round has five registers; the last may end early.
                assert!(t.registers <= 5 * t.rounds, "{line}: {t:?}");
                assert!(t.registers > 5 * (t.rounds - 1), "{line}: {t:?}");
            }
        }
        let t = all.throughput();
        assert_eq!((t.games, t.failed), (3, 1));
        assert!(t.to_string().starts_with("3 games, 1 failed, "), "{t}");
    }
}
