//! The run loop: the game from its position, each choice answered from the
//! script (or by the edition's default), stopped after the registers, the
//! round or the race asked for.

use super::{RunLength, ScenarioError};
use crate::agenda::{Milestone, Reached};
use crate::ids::PlayerId;
use crate::protocol::{Game, Pending};
use crate::race::frame::GridRace;
use std::collections::VecDeque;
use std::fmt;

/// The most decisions a run may take (a guard against a run that never ends).
pub const MAX_DECISIONS: usize = 20_000;

/// What the scenario runner needs of an edition's race, beyond the
/// frame's [`GridRace`] (which runs it to milestones, answers without
/// running on and hands out the events): the edition's words. How a
/// scripted answer names an action, what a robot answers once its script
/// has run out, and how an action reads in the run's log
/// ([`ScenarioRace::scripted_run`], for an answer that names a run of
/// actions, has a default).
/// The toy race's implementation (`robo-core/src/toy/race/scenario.rs`) is
/// the smallest complete one.
pub trait ScenarioRace: GridRace {
    /// A scripted answer as a scenario file writes it (words like
    /// `"brake"`, or a program); shown in errors and unused answers.
    type Answer: Clone + fmt::Display;
    /// Registers in a round: a run of more registers crosses into the next
    /// round after register `REGISTERS`.
    const REGISTERS: u8;

    /// The action `answer` names now, for `player`.
    ///
    /// # Errors
    /// Why the answer does not fit, best with the options there are.
    fn scripted(&self, player: PlayerId, answer: &Self::Answer) -> Result<Self::Action, String>;

    /// The actions one scripted answer names now, for `player`, in the
    /// order they are taken. Most answers name one action (the default,
    /// [`ScenarioRace::scripted`]'s); an edition whose scripts write a run
    /// of answers to one decision as one answer (a classic program, card
    /// by card, then its power-down announcement) names them all.
    ///
    /// # Errors
    /// As [`ScenarioRace::scripted`].
    fn scripted_run(
        &self,
        player: PlayerId,
        answer: &Self::Answer,
    ) -> Result<Vec<Self::Action>, String> {
        self.scripted(player, answer).map(|a| vec![a])
    }

    /// What `player` answers once its script has run out (declining where
    /// it can); `None` ends the run.
    fn default_answer(&self, player: PlayerId) -> Option<Self::Action>;

    /// An action as the run's log shows it.
    fn describe(action: &Self::Action) -> String;
}

/// A finished run: the game where it stopped and what happened on the way.
#[derive(Clone, Debug)]
pub struct Ran<G: Game> {
    /// The game where the run stopped.
    pub game: G,
    /// Everything that happened, in order.
    pub events: Vec<G::Event>,
    /// Every decision and its answer: `robot 0, <decision>: <answer> (scripted)`
    /// or `(default)`.
    pub decisions: Vec<String>,
    /// Scripted answers never asked for, as `robot N: answer`.
    pub unused_answers: Vec<String>,
}

/// Where a run stops, as milestones: after the registers asked for (one
/// register's end after another, crossing into the next round through its
/// end if need be), at the end of the round, or at the end of the race.
struct Stop {
    /// The last register of a round has ended and more are to run: the
    /// round's end comes first (in a round of one register, the next
    /// register's end is the very milestone the game rests at).
    crossing: bool,
    length: RunLength,
    /// Registers still to resolve.
    left: u16,
    /// The register that ends next.
    next: u8,
    /// Registers in a round.
    registers: u8,
}

impl Stop {
    /// The milestone to run to next; `None` once the run is over.
    fn target(&self) -> Option<Milestone> {
        match self.length {
            RunLength::Registers(_) if self.left == 0 => None,
            RunLength::Registers(_) if self.crossing => Some(Milestone::RoundEnd),
            RunLength::Registers(_) => Some(Milestone::RegisterEnd(self.next)),
            RunLength::Round => Some(Milestone::RoundEnd),
            RunLength::End => Some(Milestone::GameEnd),
            RunLength::AfterStep { register, step } => {
                Some(Milestone::AfterStep { register, step })
            }
        }
    }

    /// The game reached `m`: is the run over?
    fn reached(&mut self, m: Milestone) -> bool {
        match m {
            Milestone::RegisterEnd(r) => {
                self.left = self.left.saturating_sub(1);
                self.crossing = r >= self.registers && self.left > 0;
                self.next = if r >= self.registers { 1 } else { r + 1 };
                self.left == 0
            }
            Milestone::RoundEnd if self.crossing => {
                self.crossing = false;
                false
            }
            _ => true,
        }
    }
}

/// The player the game waits for, and what it asks.
fn asked<G: Game>(game: &G) -> Option<(PlayerId, String)>
where
    G::Decision: fmt::Display,
{
    match game.pending() {
        Pending::Decision { player, decision } => Some((player, decision.to_string())),
        Pending::Simultaneous { players, decision } => {
            players.first().map(|p| (*p, decision.to_string()))
        }
        Pending::Terminal(_) => None,
    }
}

/// Runs `game` as far as `length` says, from register `first_register`
/// (where a count of registers starts; 1 when the run starts before a
/// round's registers), answering each choice from the asked robot's
/// `answers` in order, or with [`ScenarioRace::default_answer`] once they
/// have run out.
///
/// # Errors
/// [`ScenarioError::Answer`] for a scripted answer that does not fit the
/// choice it is given to, or an answer the game refuses;
/// [`ScenarioError::Endless`] past [`MAX_DECISIONS`].
pub fn run_script<G, E>(
    mut game: G,
    length: RunLength,
    first_register: u8,
    answers: &[Vec<G::Answer>],
) -> Result<Ran<G>, ScenarioError<E>>
where
    G: ScenarioRace,
    G::Decision: fmt::Display,
    G::Reason: fmt::Display,
{
    let seats = game.num_players();
    let mut events = Vec::new();
    let mut script: Vec<VecDeque<G::Answer>> = answers
        .iter()
        .map(|a| a.iter().cloned().collect())
        .collect();
    script.resize_with(seats.max(script.len()), VecDeque::new);
    let mut used = vec![0usize; script.len()];
    let mut decisions = Vec::new();
    let mut stop = Stop {
        crossing: false,
        length,
        left: match length {
            RunLength::Registers(n) => n,
            RunLength::Round | RunLength::End | RunLength::AfterStep { .. } => 0,
        },
        next: first_register,
        registers: G::REGISTERS,
    };
    for _ in 0..MAX_DECISIONS {
        let done = match stop.target() {
            None => true,
            Some(m) => match game.advance_to(m) {
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
        game.take_events(&mut events);
        if done {
            let unused_answers = script
                .iter()
                .enumerate()
                .flat_map(|(i, q)| q.iter().map(move |a| format!("robot {i}: {a}")))
                .collect();
            return Ok(Ran {
                game,
                events,
                decisions,
                unused_answers,
            });
        }
        let Some((p, decision)) = asked(&game) else {
            break;
        };
        let i = p.index();
        let (actions, how, number) = match script.get_mut(i).and_then(VecDeque::pop_front) {
            Some(answer) => {
                let number = used.get_mut(i).map_or(0, |n| {
                    *n += 1;
                    *n
                });
                let a = game
                    .scripted_run(p, &answer)
                    .map_err(|message| ScenarioError::Answer {
                        robot: i,
                        number,
                        answer: answer.to_string(),
                        decision: decision.clone(),
                        message,
                    })?;
                (a, "scripted", number)
            }
            None => {
                let Some(a) = game.default_answer(p) else {
                    break;
                };
                (vec![a], "default", used.get(i).copied().unwrap_or(0))
            }
        };
        for action in actions {
            decisions.push(format!(
                "robot {i}, {decision}: {} ({how})",
                G::describe(&action)
            ));
            if let Err(e) = game.answer(p, action.clone()) {
                return Err(ScenarioError::Answer {
                    robot: i,
                    number,
                    answer: G::describe(&action),
                    decision,
                    message: format!("refused: {e}"),
                });
            }
        }
    }
    Err(ScenarioError::Endless(MAX_DECISIONS))
}
