//! Running a scenario: the race from its position, each choice answered
//! from the script (or by default), stopped after the registers, round or
//! race asked for.

use super::answers::{default_answer, scripted, words};
use super::summary::Summary;
use super::{RunLength, Scenario, ScenarioError};
use crate::actions::Action;
use crate::race::{Race, Waiting};
use crate::task::Task;
use robo_core::{Game, Pending, PlayerId};
use std::collections::VecDeque;

/// The most decisions a run may take (a guard against a run that never ends).
pub const MAX_DECISIONS: usize = 20_000;

/// Decides where a run stops: just before the task after the last register
/// asked for, or before the next round begins.
///
/// A register ends by putting the next register (or the end of the round)
/// on the agenda, so each of those tasks seen after a register has begun
/// marks one register resolved.
struct Stop {
    length: RunLength,
    registers: u16,
    in_register: bool,
}

impl Stop {
    fn new(length: RunLength) -> Self {
        Stop {
            length,
            registers: 0,
            in_register: false,
        }
    }

    fn before(&mut self, task: &Task) -> bool {
        match self.length {
            RunLength::Registers(n) => {
                match task {
                    Task::Register { .. } | Task::EndRound => {
                        if self.in_register {
                            self.registers += 1;
                        }
                        self.in_register = matches!(task, Task::Register { .. });
                    }
                    _ => {}
                }
                self.registers >= n
            }
            RunLength::Round => matches!(task, Task::BeginRound),
            RunLength::End => false,
        }
    }
}

/// The player the race waits for, and what it asks.
fn asked(race: &Race) -> Option<(PlayerId, String)> {
    match race.pending() {
        Pending::Decision { player, decision } => Some((player, decision.to_string())),
        Pending::Simultaneous { players, decision } => {
            players.first().map(|p| (*p, decision.to_string()))
        }
        Pending::Terminal(_) => None,
    }
}

fn action_words(a: &Action) -> String {
    match a {
        Action::Program(p) | Action::TimeUp(p) => {
            let regs: Vec<String> = p
                .registers
                .iter()
                .map(|s| match *s {
                    crate::actions::Slot::Empty => "-".to_string(),
                    crate::actions::Slot::Card(c) => c.card().to_string(),
                    crate::actions::Slot::Crab { rotate, move1 } => {
                        format!("{} + {}", rotate.card(), move1.card())
                    }
                })
                .collect();
            let head = if matches!(a, Action::TimeUp(_)) {
                "time up"
            } else {
                "program"
            };
            let mut s = format!("{head} [{}]", regs.join(", "));
            if !p.memory.is_empty() {
                let keep: Vec<String> = p.memory.iter().map(|c| c.card().to_string()).collect();
                s.push_str(&format!(" keep [{}]", keep.join(", ")));
            }
            s
        }
        other => words(other),
    }
}

impl Scenario {
    /// Runs the scenario and sums up the state it ends in.
    ///
    /// # Errors
    /// A [`ScenarioError`] when the position cannot be built or a scripted
    /// answer does not fit the choice it is given to.
    pub fn run(&self) -> Result<Summary, ScenarioError> {
        let mut race = self.start()?;
        let mut events = Vec::new();
        let mut answers: Vec<VecDeque<_>> = self
            .script
            .answers
            .iter()
            .map(|a| a.iter().cloned().collect())
            .collect();
        answers.resize_with(race.seats(), VecDeque::new);
        let mut used = vec![0usize; race.seats()];
        let mut log = Vec::new();
        let mut stop = Stop::new(self.script.run);
        for _ in 0..MAX_DECISIONS {
            let stopped = robo_core::agenda::advance_until(&mut race, |_, t| stop.before(t));
            events.append(&mut race.scratch.events);
            if stopped || race.outcome.is_some() || race.waiting == Waiting::Idle {
                let mut summary = Summary::of(&race, events);
                summary.decisions = log;
                summary.unused_answers = answers
                    .iter()
                    .enumerate()
                    .flat_map(|(i, q)| q.iter().map(move |a| format!("robot {i}: {a}")))
                    .collect();
                return Ok(summary);
            }
            let Some((p, decision)) = asked(&race) else {
                break;
            };
            let i = p.index();
            let (action, how) = match answers.get_mut(i).and_then(VecDeque::pop_front) {
                Some(answer) => {
                    let number = used.get_mut(i).map_or(0, |n| {
                        *n += 1;
                        *n
                    });
                    let a =
                        scripted(&race, p, &answer).map_err(|message| ScenarioError::Answer {
                            robot: i,
                            number,
                            answer: answer.to_string(),
                            decision: decision.clone(),
                            message,
                        })?;
                    (a, "scripted")
                }
                None => {
                    let Some(a) = default_answer(&race, p) else {
                        break;
                    };
                    (a, "default")
                }
            };
            log.push(format!(
                "robot {i}, {decision}: {} ({how})",
                action_words(&action)
            ));
            if let Err(e) = robo_core::agenda::answer(&mut race, p, action.clone()) {
                return Err(ScenarioError::Answer {
                    robot: i,
                    number: used.get(i).copied().unwrap_or(0),
                    answer: action_words(&action),
                    decision,
                    message: format!("refused: {e}"),
                });
            }
        }
        Err(ScenarioError::Endless(MAX_DECISIONS))
    }

    /// The race at the scenario's start, before anything resolves.
    pub(crate) fn start(&self) -> Result<Race, ScenarioError> {
        let mut race = Race::build(self.position.clone())?;
        for (pl, last) in race.players.iter_mut().zip(&self.last_cards) {
            pl.last_card = *last;
        }
        Ok(race)
    }

    /// The race at the scenario's start, run on to its first decision as
    /// [`Race::start_at`] does (for tools that play on from a scenario).
    ///
    /// # Errors
    /// A [`ScenarioError`] when the position cannot be built.
    pub fn race(&self) -> Result<Race, ScenarioError> {
        let mut race = self.start()?;
        race.advance();
        race.scratch.events.clear();
        Ok(race)
    }
}
