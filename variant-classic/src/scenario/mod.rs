//! Classic scenario files: an exact position of a game, how far to run
//! it, the answers to its choices, and what it should end with. The
//! format is the 2023 family's (`docs/scenario-format.md`, "Classic").
//!
//! ```
//! use variant_classic::scenario::{Scenario, ScenarioFile};
//! let file: ScenarioFile = serde_json::from_str(r#"{
//!   "edition": "classic",
//!   "about": "an express belt moves a robot twice a register",
//!   "board": [
//!     "+   +   +   +   +",
//!     " e>  e>  e>   .  ",
//!     "+   +   +   +   +"
//!   ],
//!   "robots": [{"at": [0, 0], "facing": "N"}, {"at": [3, 0]}],
//!   "run": {"registers": 1},
//!   "expect": {"robots": [{"position": [2, 0]}]}
//! }"#).unwrap();
//! let (summary, differences) = Scenario::new(&file).unwrap().check().unwrap();
//! assert!(differences.is_empty(), "{differences:?}");
//! assert_eq!(summary.robots[0].position, Some([2, 0]));
//! ```

mod build;
mod run;
#[cfg(test)]
mod tests;

pub use run::{Difference, RobotSummary, Summary};

use robo_core::geom::{Dir, Pos};

/// A cell as files write it: `[x, y]`.
pub type Xy = [i16; 2];

/// The cell `[x, y]` names.
#[must_use]
pub fn pos([x, y]: Xy) -> Pos {
    Pos::new(x, y)
}

/// `[x, y]` of a cell.
#[must_use]
pub fn xy(p: Pos) -> Xy {
    [p.x, p.y]
}
use serde::{Deserialize, Serialize};

/// How far a scenario runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunTo {
    /// To the end of the turn (the default).
    #[default]
    Round,
    /// Until the game is over.
    End,
    /// A number of registers.
    #[serde(untagged)]
    Registers {
        /// Registers to resolve.
        registers: u16,
    },
}

/// A robot in a scenario file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RobotFile {
    /// Its cell; leave out for a destroyed robot.
    #[serde(default)]
    pub at: Option<Xy>,
    /// Its facing.
    #[serde(default)]
    pub facing: Option<Dir>,
    /// Virtual.
    #[serde(default)]
    pub ghost: bool,
    /// Damage tokens.
    #[serde(default)]
    pub damage: u8,
    /// Lives left (the file's `lives` by default).
    #[serde(default)]
    pub lives: Option<u8>,
    /// Flags touched so far.
    #[serde(default)]
    pub flags: u8,
    /// Its archive marker (its cell by default).
    #[serde(default)]
    pub archive: Option<Xy>,
    /// `"on"`, `"announced"` or `"down"`.
    #[serde(default)]
    pub power: Option<String>,
    /// Registers 1 to 5: card names (`"Move 2"`, `"Move 2 670"`) or null.
    #[serde(default)]
    pub registers: Vec<Option<String>>,
    /// The hand (for a scenario starting at programming).
    #[serde(default)]
    pub hand: Vec<String>,
    /// Answers to the choices it is asked, in order.
    #[serde(default)]
    pub answers: Vec<String>,
}

/// What a robot should end with; fields left out are not compared.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RobotExpect {
    /// Its cell (`null`: off the board).
    #[serde(default, with = "maybe_null")]
    pub position: Option<Option<Xy>>,
    /// Its facing.
    #[serde(default)]
    pub facing: Option<Dir>,
    /// Damage tokens.
    #[serde(default)]
    pub damage: Option<u8>,
    /// Lives.
    #[serde(default)]
    pub lives: Option<u8>,
    /// Flags touched.
    #[serde(default)]
    pub flags: Option<u8>,
    /// Archive marker.
    #[serde(default)]
    pub archive: Option<Xy>,
    /// Power: `"on"`, `"announced"`, `"down"`.
    #[serde(default)]
    pub power: Option<String>,
    /// Virtual.
    #[serde(default)]
    pub ghost: Option<bool>,
    /// Registers 1 to 5 as card names with priority (`"Move 2 670"`) or null.
    #[serde(default)]
    pub registers: Option<Vec<Option<String>>>,
}

/// `Some(None)` for an explicit null, `None` when left out.
mod maybe_null {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    pub fn serialize<S: Serializer, T: Serialize>(
        v: &Option<Option<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        v.serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Option<Option<T>>, D::Error> {
        Option::<T>::deserialize(d).map(Some)
    }
}

/// What the run should end with.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Robots in seat order (a shorter list leaves the rest out).
    #[serde(default)]
    pub robots: Vec<RobotExpect>,
    /// The winner's seat (`null`: over without a winner).
    #[serde(default, with = "maybe_null")]
    pub winner: Option<Option<u8>>,
    /// Whether the game is over.
    #[serde(default)]
    pub over: Option<bool>,
}

/// A classic scenario file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// `"classic"`.
    pub edition: String,
    /// What it checks.
    #[serde(default)]
    pub about: String,
    /// The board as text rows; either this or `course`.
    #[serde(default)]
    pub board: Option<Lines>,
    /// A built-in course by name.
    #[serde(default)]
    pub course: Option<String>,
    /// Flags in order (by default one out of reach).
    #[serde(default)]
    pub flags: Vec<Xy>,
    /// Lives of each robot.
    #[serde(default = "three")]
    pub lives: u8,
    /// The turn cap.
    #[serde(default)]
    pub max_rounds: Option<u16>,
    /// The seed.
    #[serde(default)]
    pub seed: u64,
    /// The turn number.
    #[serde(default = "one")]
    pub round: u16,
    /// `"register N"` or `"programming"`.
    #[serde(default)]
    pub start: Option<String>,
    /// How far to run.
    #[serde(default)]
    pub run: RunTo,
    /// The robots in seat order, 2 to 8.
    pub robots: Vec<RobotFile>,
    /// What it should end with.
    #[serde(default)]
    pub expect: Option<Expect>,
}

fn three() -> u8 {
    3
}

fn one() -> u16 {
    1
}

/// A board as one string or a list of lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Lines {
    /// One string with line breaks.
    One(String),
    /// One string per line.
    Many(Vec<String>),
}

impl Lines {
    /// The text.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Lines::One(s) => s.clone(),
            Lines::Many(v) => v.join("\n"),
        }
    }
}

/// A scenario read and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The file.
    pub file: ScenarioFile,
    /// The position it sets up.
    pub position: crate::race::Position,
}
