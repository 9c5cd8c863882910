//! Scenarios: a race set up exactly, run a number of registers, a round or
//! to the end, with the choices it asks for answered from a script, and the
//! state it ends in compared with what is expected. One format family for
//! every programmed grid race (`docs/scenario-format.md`).
//!
//! What is shared lives here:
//!
//! - the run loop ([`run_script`]): milestone to milestone, each choice
//!   answered from the robot's script or by the edition's default, every
//!   decision logged, unused answers reported, a guard against endless
//!   runs ([`MAX_DECISIONS`]);
//! - how far a run goes ([`RunLength`], written [`RunFile`]) and the script
//!   ([`ScenarioScript`]);
//! - the expect machinery ([`Differences`], [`Difference`], [`Shown`],
//!   [`present`]): only the fields written are compared, each one that
//!   differs reads like `robot 1 position: expected [3,4], got [3,5]`;
//! - the atoms of the files ([`Xy`], [`Facing`], [`BoardText`], [`squash`],
//!   and [`serde_shapes!`](crate::serde_shapes) for fields that take several
//!   JSON shapes), the errors ([`ScenarioError`]), and a board of text
//!   made into a course's grid with the start spaces and checkpoint it
//!   lacks ([`ScenarioBoard`]).
//!
//! An edition adds three things (2023 in `variant-2023/src/scenario/`, the
//! toy race in `robo-core/src/toy/race/scenario.rs`):
//!
//! 1. its file type (serde, `deny_unknown_fields`) built from these atoms,
//!    and the code that turns a file into its game;
//! 2. [`ScenarioRace`] for its game: what its scripted answers are, how
//!    one is read, what is answered when a script runs out;
//! 3. its summary of the end state and an expect block compared with it
//!    through [`Differences`] ([`Expectation`]).
//!
//! ```
//! use robo_core::race::scenario::{run_script, RunLength, ScenarioError};
//! use robo_core::toy::race::{Race, Setup};
//! use robo_core::Game;
//! let board = "+--+--+\n .. F1\n+  +  +\n .. ..\n+--+--+\n";
//! let setup = Setup { board: board.into(), starts: vec![robo_core::geom::Pos::new(0, 1)], max_rounds: 3 };
//! let race = Race::new(setup, 1).unwrap();
//! // Robot 0 plays Move 1, then (its script run out) the default card.
//! let script = vec![vec!["play Move1".to_string()]];
//! let ran = run_script::<_, std::convert::Infallible>(race, RunLength::Round, 1, &script).unwrap();
//! assert_eq!(ran.decisions, ["robot 0, pick a card: play Move1 (scripted)"]);
//! assert!(ran.unused_answers.is_empty());
//! ```

mod atoms;
mod board;
mod expect;
mod refuse;
mod run;
#[cfg(test)]
mod tests;

pub use atoms::{run_length, run_length_in, squash, BoardText, Facing, RunFile, Xy, MAX_REGISTERS};
pub use board::ScenarioBoard;
pub use expect::{present, Difference, Differences, Expectation, Shown};
pub use refuse::{refusals, Refusal};
pub use run::{run_script, Ran, ScenarioRace, MAX_DECISIONS};

#[doc(hidden)]
pub use serde as __serde;

use serde::Serialize;
use thiserror::Error;

/// How far a scenario runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum RunLength {
    /// This many registers (crossing into the next round if need be).
    Registers(u16),
    /// To the end of the current round (before the next one begins).
    Round,
    /// To the end of the race (a winner, or the round cap).
    End,
    /// Until step `step` (from 0, in the edition's register pipeline) of
    /// register `register` has resolved: the run stops between two steps
    /// (after the cards of register 1, before its board elements). A
    /// register before the one the run starts in is next round's.
    AfterStep {
        /// The register, from 1.
        register: u8,
        /// The step, from 0.
        step: u8,
    },
}

/// What a scenario does once its race is set up: how far it runs, the
/// answers each robot gives (`A`, the edition's scripted answer), and what
/// it expects (`X`, the edition's expect block).
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioScript<A, X> {
    /// What the scenario checks, in one line.
    pub about: String,
    /// How far it runs.
    pub run: RunLength,
    /// Each robot's scripted answers, in the order they are asked for.
    pub answers: Vec<Vec<A>>,
    /// What the run should end with.
    pub expect: Option<X>,
}

impl<A, X> ScenarioScript<A, X> {
    /// How a run that ended in `summary` with `unused` answers (as
    /// [`Ran::unused_answers`]) differs from the script: the expect
    /// block's differences (none without one), then one for each scripted
    /// answer never asked for.
    #[must_use]
    pub fn differences<S>(&self, summary: &S, unused: &[String]) -> Vec<Difference>
    where
        X: Expectation<S>,
    {
        let mut d = Differences::new();
        if let Some(x) = &self.expect {
            x.compare(summary, &mut d);
        }
        for a in unused {
            d.differ(
                "scripted answers",
                "all used",
                format!("never asked for: {a}"),
            );
        }
        d.into_vec()
    }
}

/// A scenario that cannot be set up or run; `E` is the edition's reason a
/// position is impossible.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScenarioError<E> {
    /// A field that does not make sense.
    #[error("{at}: {message}")]
    Field {
        /// Which field (`board`, `robot 1 register 3`, ...).
        at: String,
        /// What is wrong with it.
        message: String,
    },
    /// The position is impossible (a robot on a pit, too many copies of a
    /// card, ...).
    #[error("impossible position: {0}")]
    Position(E),
    /// A scripted answer that does not fit the choice it was given to.
    #[error("robot {robot}, answer {number} ({answer}) to \"{decision}\": {message}")]
    Answer {
        /// The robot's seat.
        robot: usize,
        /// Which of its answers (from 1; 0 for a default answer).
        number: usize,
        /// The answer as written.
        answer: String,
        /// The choice asked for.
        decision: String,
        /// Why it does not fit.
        message: String,
    },
    /// The run went on past the decision limit.
    #[error("the run took more than {0} decisions without ending")]
    Endless(usize),
}

impl<E> ScenarioError<E> {
    /// A [`ScenarioError::Field`] error: field `at` is wrong, as `message` says.
    pub fn field(at: impl Into<String>, message: impl Into<String>) -> Self {
        ScenarioError::Field {
            at: at.into(),
            message: message.into(),
        }
    }
}
