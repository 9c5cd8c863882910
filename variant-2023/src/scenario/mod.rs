//! Scenarios: a 2023 race set up exactly, run a number of registers, a
//! round or to the end, with the choices it asks for answered from a
//! script, and the state it ends in compared with what is expected.
//!
//! A scenario is written as a file (JSON, read by the facade crate
//! `roborally`; the format is in `docs/scenario-format.md`). Here are its
//! types ([`ScenarioFile`]), the scenario ready to run ([`Scenario`]: a
//! [`Position`] and a [`ScenarioScript`]), the [`Summary`] a run ends with,
//! and the comparison of an [`Expect`] block with it ([`Difference`]).
//! The run loop, the script, the expect machinery and the file's atoms
//! (cells, facings, board text, run lengths) are the shared runner's
//! ([`robo_core::race::scenario`]); here are 2023's robot fields, card
//! and upgrade names, answers in words and summary.
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

pub use build::DEFAULT_END_ROUNDS;
pub use expect::{Expect, RobotExpect};
pub use file::{Answer, ScenarioFile};
pub use robo_core::race::scenario::{Difference, RunLength, MAX_DECISIONS, MAX_REGISTERS};
pub use summary::{RobotSummary, Summary};

use crate::cards::Card;
use crate::position::{Position, PositionError};
use std::fmt;

/// The register's steps in a scenario's words (`"run": {"register": 1,
/// "after": "cards"}`), in the order of [`crate::arena::register_pipeline`]:
/// the two passes of the blue belts share their name (the run stops after
/// the second).
pub const STEP_NAMES: [&str; 10] = [
    "cards",
    "blue belts",
    "blue belts",
    "green belts",
    "push panels",
    "gears",
    "board lasers",
    "robot lasers",
    "batteries",
    "checkpoints",
];

/// What a scenario does once its race is set up: how far it runs, the
/// answers each robot gives, and what it expects.
pub type ScenarioScript = robo_core::race::scenario::ScenarioScript<Answer, Expect>;

/// A scenario that cannot be set up or run (the shared runner's error,
/// with 2023's impossible positions).
pub type ScenarioError = robo_core::race::scenario::ScenarioError<Impossible>;

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

/// An impossible position, in the words of scenario files (robots by
/// seat, cells as `[x,y]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Impossible(pub PositionError);

impl From<PositionError> for ScenarioError {
    fn from(e: PositionError) -> Self {
        ScenarioError::Position(Impossible(e))
    }
}

impl fmt::Display for Impossible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&position_message(&self.0))
    }
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
        let (race, summary) = self.run_race()?;
        let mut differences = self.script.differences(&summary, &summary.unused_answers);
        if let Some(expect) = &self.script.expect {
            let mut d = robo_core::race::scenario::Differences::new();
            robo_core::race::scenario::refusals(
                &race,
                &expect.refused,
                |r| {
                    let _ = robo_core::race::frame::GridRace::advance_to(
                        r,
                        robo_core::agenda::Milestone::GameEnd,
                    );
                },
                robo_core::race::scenario::ScenarioRace::scripted_run,
                &mut d,
            );
            differences.extend(d.into_vec());
        }
        Ok((summary, differences))
    }
}
