//! Milestones: running a game to a named point of its rules.

use super::{advance_until, Resolve, Waiting};
use crate::ids::PlayerId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A point of a programmed race, for tools that run a game part of the way:
/// benches that time one register, scenario runners that stop after some
/// registers, front ends that show a race register by register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Milestone {
    /// Register `n` (from 1) is about to begin: nothing of it is revealed.
    RegisterStart(u8),
    /// Register `n` has resolved; the next register, or the end of the
    /// round, comes next.
    RegisterEnd(u8),
    /// Step `step` (from 0, in the edition's register pipeline) of register
    /// `register` has resolved and the next step has not begun (for the
    /// last step, the same point as [`Milestone::RegisterEnd`]). Games on
    /// [`super::run_steps`] reach it through [`super::Resolve::step_break`].
    AfterStep {
        /// The register, from 1.
        register: u8,
        /// The step just resolved, from 0.
        step: u8,
    },
    /// The round's end effects are done; the next round has not begun.
    RoundEnd,
    /// The game is over.
    GameEnd,
}

impl fmt::Display for Milestone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Milestone::RegisterStart(n) => write!(f, "the start of register {n}"),
            Milestone::RegisterEnd(n) => write!(f, "the end of register {n}"),
            Milestone::AfterStep { register, step } => {
                write!(f, "the end of step {step} of register {register}")
            }
            Milestone::RoundEnd => f.write_str("the end of the round"),
            Milestone::GameEnd => f.write_str("the end of the game"),
        }
    }
}

/// How far [`advance_to`] got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub enum Reached<D> {
    /// The game rests just before the milestone, waiting for nothing until
    /// it is advanced again (`advance_to` once more, or the edition's own
    /// advance, which runs on to the next decision).
    Milestone(Milestone),
    /// A decision is needed first: the game waits for it as usual.
    Decision {
        /// The player asked; `None` for a decision asked of every player
        /// with something left to do.
        player: Option<PlayerId>,
        /// What is asked.
        decision: D,
    },
    /// The game is over (first, or that was the milestone).
    GameOver,
}

/// A game that can tell when the task about to run marks a milestone.
pub trait Milestones: Resolve {
    /// Does running `task` next mean the game stands at `milestone`?
    fn marks(&self, task: &Self::Task, milestone: Milestone) -> bool;
}

/// Runs `r` until it stands at `milestone`, stopping earlier if a player's
/// decision is needed or the game ends. A game already waiting for a
/// decision runs nothing. A game resting at the milestone stays there.
/// An agenda that runs out ends the game without a winner, as
/// [`super::advance`] does.
pub fn advance_to<R: Milestones + ?Sized>(r: &mut R, milestone: Milestone) -> Reached<R::Decision> {
    match r.waiting() {
        Waiting::One(p, decision) => {
            return Reached::Decision {
                player: Some(p),
                decision,
            }
        }
        Waiting::All(decision) => {
            return Reached::Decision {
                player: None,
                decision,
            }
        }
        Waiting::Idle => {}
    }
    if let Milestone::AfterStep { register, step } = milestone {
        r.set_step_break(Some((register, step.saturating_add(1))));
    }
    if advance_until(r, |r, t| r.marks(t, milestone)) {
        r.set_step_break(None);
        return Reached::Milestone(milestone);
    }
    match r.waiting() {
        Waiting::One(p, decision) => Reached::Decision {
            player: Some(p),
            decision,
        },
        Waiting::All(decision) => Reached::Decision {
            player: None,
            decision,
        },
        Waiting::Idle => {
            if r.outcome().is_none() {
                r.end_without_winner();
            }
            Reached::GameOver
        }
    }
}
