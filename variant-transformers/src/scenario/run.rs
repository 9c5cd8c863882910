//! Running a scenario: the agenda is advanced to where the file stops,
//! the choices on the way answered from each robot's script.

use super::build::{card_named, key};
use super::file::ScenarioFile;
use super::ScenarioError;
use crate::actions::{Action, Decision, Program, Slot};
use crate::cards::CardId;
use crate::events::Event;
use crate::mode::Mode;
use crate::race::{Race, Waiting};
use crate::task::Task;
use robo_core::agenda::{self, Milestone, Reached};
use robo_core::race::scenario::{run_length_in, RunFile};
use robo_core::{Game, PlayerId};
use serde_json::Value;

/// Answers a run makes at most (a loop in the rules ends the run).
pub const MAX_DECISIONS: usize = 5_000;

pub use robo_core::race::scenario::RunLength;

/// The register's steps in a scenario's words, in the order of
/// [`crate::arena::register_pipeline`]: `"run": {"register": 1, "after":
/// "cards"}` stops after the cards of register 1, before the walkways.
pub const STEP_NAMES: [&str; 10] = [
    "cards",
    "walkways",
    "pushers",
    "bridges",
    "fire pits",
    "turrets",
    "pit stops",
    "weapons",
    "checkpoints",
    "returns",
];

/// How far the file's `run` says to go (the shared runner's words:
/// `{"registers": N}`, `"round"`, `"end"`, `{"register": N, "after":
/// STEP}`).
pub(crate) fn run_length(v: Option<&Value>) -> Result<RunLength, ScenarioError> {
    let file = v
        .map(|v| serde_json::from_value::<RunFile>(v.clone()))
        .transpose()
        .map_err(|e| ScenarioError::new(format!("run: {e}")))?;
    run_length_in::<String>(file.as_ref(), &STEP_NAMES)
        .map_err(|e| ScenarioError::new(e.to_string()))
}

/// An option in the words a script uses.
#[must_use]
pub fn option_text(a: &Action) -> String {
    match a {
        Action::ChooseStart(p) => format!("start {},{}", p.x, p.y),
        Action::Done => "done".into(),
        Action::DrawUpgrade => "draw upgrade".into(),
        Action::Install {
            upgrade,
            discard: None,
        } => format!("install {upgrade}"),
        Action::Install {
            upgrade,
            discard: Some(d),
        } => format!("install {upgrade} over {d}"),
        Action::Uninstall(u) => format!("uninstall {u}"),
        Action::Fix(c) => format!("fix {}", c.card()),
        Action::Plan(p) => p.to_string(),
        Action::Convert => "convert".into(),
        Action::Corner(true) => "turn".into(),
        Action::Corner(false) => "straight".into(),
        Action::Fire(d) => format!("fire {d}"),
        Action::Bridge(None) => "stay".into(),
        Action::Bridge(Some(p)) => format!("bridge {},{}", p.x, p.y),
        Action::PitGain => "gain".into(),
        Action::PitDiscard(c) => format!("discard {}", c.card()),
        Action::Return { at, facing } => format!("return {},{} {facing}", at.x, at.y),
        Action::Use(u) => u.to_string(),
    }
}

/// A program from a script: `[names...]` or `{"program": [...], "mode": "bot"}`.
fn program(race: &Race, p: PlayerId, v: &Value) -> Result<Action, ScenarioError> {
    let mut pair_file = None;
    let (regs, mode) = match v {
        Value::Array(a) => (a.clone(), race.mode(p)),
        Value::Object(o) => {
            let regs = o
                .get("program")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            let mode = match o.get("mode").and_then(Value::as_str).map(key).as_deref() {
                Some("bot") => Mode::Bot,
                Some("alt") => Mode::Alt,
                _ => race.mode(p),
            };
            pair_file = o.get("pair").cloned();
            (regs, mode)
        }
        _ => return Err(ScenarioError::new(format!("{v} is not a program"))),
    };
    let hand = race.players[p.index()].hand.clone();
    let mut used: Vec<CardId> = Vec::new();
    let mut program = Program {
        mode,
        ..Program::default()
    };
    for (slot, name) in program.registers.iter_mut().zip(&regs) {
        let Some(name) = name.as_str() else { continue };
        let card = card_named(name)?;
        let id = hand
            .iter()
            .copied()
            .find(|c| c.card() == card && !used.contains(c))
            .ok_or_else(|| ScenarioError::new(format!("{name} is not in P{}'s hand", p.0)))?;
        used.push(id);
        *slot = Slot::Card(id);
    }
    if let Some(pv) = pair_file {
        // `{"register": 2, "card": "Drift Left", "first": true}`
        let register = pv.get("register").and_then(Value::as_u64).unwrap_or(1);
        let name = pv.get("card").and_then(Value::as_str).unwrap_or_default();
        let card = card_named(name)?;
        let id = hand
            .iter()
            .copied()
            .find(|c| c.card() == card && !used.contains(c))
            .ok_or_else(|| ScenarioError::new(format!("{name} is not in P{}'s hand", p.0)))?;
        program.pair = Some(crate::actions::Pair {
            register: u8::try_from(register.saturating_sub(1)).unwrap_or(0),
            card: id,
            first: pv.get("first").and_then(Value::as_bool).unwrap_or(false),
        });
    }
    Ok(Action::Plan(program))
}

/// The plan a robot without answers makes: its empty registers filled
/// with the hand in order, in its mode.
fn default_plan(race: &Race, p: PlayerId) -> Action {
    let pl = &race.players[p.index()];
    let mut program = Program {
        mode: if race.in_building(p) {
            Mode::Bot
        } else {
            race.mode(p)
        },
        ..Program::default()
    };
    for (slot, c) in program.registers.iter_mut().zip(&pl.hand) {
        *slot = Slot::Card(*c);
    }
    Action::Plan(program)
}

/// What a run did besides its state: every answer, and answers left over.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// `P0: turn`, in order.
    pub decisions: Vec<String>,
    /// Scripted answers never asked for, `P1: fire N`.
    pub unused: Vec<String>,
    /// The events.
    pub events: Vec<Event>,
}

/// Runs `race` as `file` says.
pub(crate) fn run(race: &mut Race, file: &ScenarioFile) -> Result<Trace, ScenarioError> {
    let length = run_length(file.run.as_ref())?;
    if length == RunLength::End && race.core.max_rounds.is_none() {
        race.core.max_rounds = Some(race.core.round + 100);
    }
    let mut scripts: Vec<std::collections::VecDeque<Value>> = file
        .robots
        .iter()
        .map(|r| r.answers.iter().cloned().collect())
        .collect();
    let mut trace = Trace::default();
    let mut ends = 0u16;
    for _ in 0..MAX_DECISIONS {
        let stopped = if let RunLength::AfterStep { register, step } = length {
            // Between two steps: the shared milestone (with its break).
            let m = Milestone::AfterStep { register, step };
            matches!(agenda::advance_to(race, m), Reached::Milestone(_))
        } else {
            agenda::advance_until(race, |_, t| {
                let stop = match length {
                    RunLength::Registers(n) => ends >= n,
                    RunLength::Round => matches!(t, Task::BeginRound) && ends > 0,
                    RunLength::End | RunLength::AfterStep { .. } => false,
                };
                if !stop && *t == Task::EndRegister {
                    ends += 1;
                }
                stop
            })
        };
        if stopped || race.core.outcome.is_some() {
            break;
        }
        if matches!(race.core.waiting, Waiting::Idle) {
            agenda::advance(race);
            break;
        }
        let players = race.pending().players();
        for p in players {
            let action = next_answer(race, p, &mut scripts[p.index()])?;
            trace
                .decisions
                .push(format!("P{}: {}", p.0, option_text(&action)));
            agenda::answer(race, p, action)
                .map_err(|e| ScenarioError::new(format!("P{}: the answer is refused: {e}", p.0)))?;
        }
    }
    for (i, s) in scripts.iter().enumerate() {
        trace.unused.extend(
            s.iter()
                .map(|v| format!("P{i}: {}", v.as_str().map_or(v.to_string(), str::to_string))),
        );
    }
    trace.events = std::mem::take(&mut race.core.scratch.events);
    Ok(trace)
}

/// The next answer of `p`: its script's, or the default.
fn next_answer(
    race: &Race,
    p: PlayerId,
    script: &mut std::collections::VecDeque<Value>,
) -> Result<Action, ScenarioError> {
    let planning = matches!(race.core.waiting, Waiting::All(Decision::Planning));
    let mut options = Vec::new();
    if !planning {
        let _ = race.legal_actions(p, &mut options);
    }
    // The window before a card passes ("done") unless the script's next
    // answer is one of its options, so scripts need not say "done" there.
    if matches!(race.core.waiting, Waiting::One(_, Decision::Window)) {
        let fits = script.front().is_some_and(|v| {
            let text = v.as_str().map_or_else(|| v.to_string(), str::to_string);
            options.iter().any(|a| key(&option_text(a)) == key(&text))
        });
        if !fits {
            return Ok(Action::Done);
        }
    }
    let Some(v) = script.pop_front() else {
        return Ok(if planning {
            default_plan(race, p)
        } else {
            options.first().cloned().unwrap_or(Action::Done)
        });
    };
    named(race, p, &v)
}

/// The action a scripted answer names now for `p`: a program while
/// planning, otherwise the option whose words it is.
///
/// # Errors
/// Cards not in the hand, or words that are no option (the options are
/// listed).
pub(crate) fn named(race: &Race, p: PlayerId, v: &Value) -> Result<Action, ScenarioError> {
    if matches!(race.core.waiting, Waiting::All(Decision::Planning)) {
        return program(race, p, v);
    }
    let mut options = Vec::new();
    let _ = race.legal_actions(p, &mut options);
    let text = v.as_str().map_or_else(|| v.to_string(), str::to_string);
    options
        .iter()
        .find(|a| key(&option_text(a)) == key(&text))
        .cloned()
        .ok_or_else(|| {
            let names: Vec<String> = options
                .iter()
                .map(|a| format!("\"{}\"", option_text(a)))
                .collect();
            ScenarioError::new(format!(
                "P{}: answer \"{text}\" is not one of the options: {}",
                p.0,
                names.join(", ")
            ))
        })
}
