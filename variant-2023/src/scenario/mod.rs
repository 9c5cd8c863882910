//! Scenarios: a 2023 race set up exactly, run a number of registers, a
//! round or to the end, with the choices it asks for answered from a
//! script, and the state it ends in compared with what is expected.
//!
//! A scenario is written as a file (JSON, read by the facade crate
//! `roborally`; the format is in `docs/scenario-format.md`). Here are its
//! types ([`ScenarioFile`]), the scenario ready to run ([`Scenario`]: a
//! [`Position`] and a [`ScenarioScript`]), the [`Summary`] a run ends with,
//! and the comparison of an [`Expect`] block with it ([`Difference`]).
//!
//! ```
//! use variant_2023::scenario::{Scenario, ScenarioFile};
//! let text = r#"{
//!   "edition": "2023",
//!   "about": "Move 2 moves two spaces",
//!   "board": ["+---+---+---+---+", "| .   .   .   . |", "+---+---+---+---+"],
//!   "robots": [
//!     {"at": [0, 0], "facing": "E", "registers": ["Move 2"]},
//!     {"at": [3, 0], "facing": "S"}
//!   ],
//!   "run": {"registers": 1},
//!   "expect": {"robots": [{"position": [2, 0], "facing": "E"}, {}]}
//! }"#;
//! let file: ScenarioFile = serde_json::from_str(text).unwrap();
//! let scenario = Scenario::new(&file).unwrap();
//! let (summary, differences) = scenario.check().unwrap();
//! assert!(differences.is_empty(), "{differences:?}");
//! assert_eq!(summary.robots[1].spam + summary.robots[1].haywire, 1); // robot 0's laser
//! ```

pub mod answers;
mod build;
pub mod expect;
pub mod file;
pub mod names;
mod run;
pub mod summary;
#[cfg(test)]
mod tests;

pub use build::{DEFAULT_END_ROUNDS, MAX_REGISTERS};
pub use expect::{Difference, Expect, RobotExpect};
pub use file::{Answer, ScenarioFile};
pub use run::MAX_DECISIONS;
pub use summary::{RobotSummary, Summary};

use crate::cards::Card;
use crate::position::{Position, PositionError};
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
}

/// What a scenario does once its race is set up: how far it runs, the
/// answers each robot gives, and what it expects.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioScript {
    /// What the scenario checks, in one line.
    pub about: String,
    /// How far it runs.
    pub run: RunLength,
    /// Each robot's scripted answers, in the order they are asked for.
    pub answers: Vec<Vec<Answer>>,
    /// What the run should end with.
    pub expect: Option<Expect>,
}

/// A scenario ready to run: the exact position and the script.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The position the race starts from.
    pub position: Position,
    /// The card each robot resolved last before the start (for Again).
    pub last_cards: Vec<Option<Card>>,
    /// How far to run, the answers, the expectation.
    pub script: ScenarioScript,
}

/// A scenario that cannot be set up or run.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScenarioError {
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
    #[error("impossible position: {}", position_message(.0))]
    Position(#[from] PositionError),
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

/// A position error in the words of scenario files (robots by seat,
/// cells as `[x,y]`).
fn position_message(e: &PositionError) -> String {
    let who = |p: robo_core::PlayerId| {
        if p.0 == u8::MAX {
            "the damage piles".to_string()
        } else {
            format!("robot {}", p.0)
        }
    };
    match e {
        PositionError::BadCell { player, at } => format!(
            "{} cannot stand on [{},{}]: it is off the floor, a pit, or another robot's cell",
            who(*player),
            at.x,
            at.y
        ),
        PositionError::NoCardLeft { player, card } => {
            format!(
                "{} are given more {card} cards than there are",
                who(*player)
            )
        }
        PositionError::OutOfRange { player, what } => format!("{}: {what}", who(*player)),
        PositionError::UnknownBoard { player, board } => format!(
            "{} fell from board {board}, which the course does not have",
            who(*player)
        ),
        PositionError::BadArchive { player, at } => format!(
            "{}'s archive token cannot be on [{},{}]: it is off the floor or a pit",
            who(*player),
            at.x,
            at.y
        ),
        other => other.to_string(),
    }
}

impl Scenario {
    /// Checks a scenario file and sets up its position and script.
    ///
    /// # Errors
    /// A [`ScenarioError`] naming the field that does not fit.
    pub fn new(file: &ScenarioFile) -> Result<Scenario, ScenarioError> {
        let (position, last_cards, script) = build::build(file)?;
        let scenario = Scenario {
            position,
            last_cards,
            script,
        };
        // Build the race once, so an impossible position is refused here.
        scenario.start()?;
        Ok(scenario)
    }

    /// Runs the scenario and compares the result with its `expect` block
    /// (no differences when it has none). Scripted answers never asked for
    /// count as a difference.
    ///
    /// # Errors
    /// As [`Scenario::run`].
    pub fn check(&self) -> Result<(Summary, Vec<Difference>), ScenarioError> {
        let summary = self.run()?;
        let mut diffs = self
            .script
            .expect
            .as_ref()
            .map(|e| e.compare(&summary))
            .unwrap_or_default();
        for a in &summary.unused_answers {
            diffs.push(Difference {
                what: "scripted answers".into(),
                expected: "all used".into(),
                got: format!("never asked for: {a}"),
            });
        }
        Ok((summary, diffs))
    }
}
