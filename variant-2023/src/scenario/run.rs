//! Running a scenario: the race from its position, each choice answered
//! from the script (or by default), stopped after the registers, round or
//! race asked for.

use super::answers::{default_answer, scripted, words};
use super::summary::Summary;
use super::{RunLength, Scenario, ScenarioError};
use crate::actions::Action;
use crate::position::StartAt;
use crate::race::Race;
use crate::robot::REGISTERS;
use robo_core::agenda::{Milestone, Reached};
use robo_core::{Game, Pending, PlayerId};
use std::collections::VecDeque;

/// The most decisions a run may take (a guard against a run that never ends).
pub const MAX_DECISIONS: usize = 20_000;

/// Where a run stops, as milestones: after the registers asked for (one
/// register's end after another, crossing into the next round if need
/// be), at the end of the round, or at the end of the race.
struct Stop {
    length: RunLength,
    /// Registers still to resolve.
    left: u16,
    /// The register that ends next.
    next: u8,
}

impl Stop {
    fn new(length: RunLength, start: StartAt) -> Self {
        let next = match start {
            StartAt::Register(r) => r,
            StartAt::Upgrade | StartAt::Programming => 1,
        };
        let left = match length {
            RunLength::Registers(n) => n,
            RunLength::Round | RunLength::End => 0,
        };
        Stop { length, left, next }
    }

    /// The milestone to run to next; `None` once the run is over.
    fn target(&self) -> Option<Milestone> {
        match self.length {
            RunLength::Registers(_) if self.left == 0 => None,
            RunLength::Registers(_) => Some(Milestone::RegisterEnd(self.next)),
            RunLength::Round => Some(Milestone::RoundEnd),
            RunLength::End => Some(Milestone::GameEnd),
        }
    }

    /// The race reached `m`: is the run over?
    fn reached(&mut self, m: Milestone) -> bool {
        match m {
            Milestone::RegisterEnd(r) => {
                self.left = self.left.saturating_sub(1);
                self.next = if usize::from(r) >= REGISTERS {
                    1
                } else {
                    r + 1
                };
                self.left == 0
            }
            _ => true,
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
        let mut stop = Stop::new(self.script.run, self.position.start);
        for _ in 0..MAX_DECISIONS {
            let done = match stop.target() {
                None => true,
                Some(m) => match race.advance_to(m) {
                    Reached::Milestone(m) => {
                        if !stop.reached(m) {
                            continue;
                        }
                        true
                    }
                    Reached::GameOver => true,
                    Reached::Decision { .. } => false,
                },
            };
            race.take_events(&mut events);
            if done {
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
            if let Err(e) = race.answer(p, action.clone()) {
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
