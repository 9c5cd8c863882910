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
//! assert_eq!(summary.robots[0].position.map(|p| p.to_string()), Some("[2,0]".into()));
//! ```

mod answers;
mod build;
mod run;
#[cfg(test)]
mod tests;

pub use build::BadScenario;
pub use run::{RobotSummary, Summary};

pub use robo_core::race::scenario::Difference;
use robo_core::race::scenario::{present, BoardText, Facing, RunFile, Xy};
use serde::{Deserialize, Serialize};

/// A robot in a scenario file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RobotFile {
    /// Its cell; leave out for a destroyed robot.
    #[serde(default)]
    pub at: Option<Xy>,
    /// Its facing.
    #[serde(default)]
    pub facing: Option<Facing>,
    /// Virtual.
    #[serde(default)]
    pub ghost: bool,
    /// Flying (the hook of the flying options).
    #[serde(default)]
    pub flying: bool,
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
    /// Phase-programmed options already placed in registers, as
    /// `"Mine Layer in 1"` (for a scenario starting at a register).
    #[serde(default)]
    pub placed: Vec<String>,
    /// The hand (for a scenario starting at programming).
    #[serde(default)]
    pub hand: Vec<String>,
    /// The cards dealt to its buzz bomb (Buzz Bomb, at most five; for a
    /// scenario starting at programming).
    #[serde(default)]
    pub bomb: Vec<String>,
    /// Spare parts it may give up instead of damage tokens (the hook of
    /// the option cards, [`crate::race::Guard`]).
    #[serde(default)]
    pub guards: u8,
    /// The options it holds: names, with `": n"` for a payload that is
    /// not full (`"Ablative Coat: 1"`).
    #[serde(default)]
    pub options: Vec<String>,
    /// Turn-programmed settings of its options for the turn, as a program
    /// sets them: `"Shield back"`, `"Turret left"`, `"Gyroscopic
    /// Stabilizer on"` (for a scenario that starts at a register).
    #[serde(default)]
    pub settings: Vec<String>,
    /// Answers to the choices it is asked, in order: a program (`"Move 1,
    /// Move 2 670, U-Turn"`, then `"; power down"` or not, and option
    /// parts: `"; set Shield left"`, `"; stack Rotate Left in 2 with Crab
    /// Legs"`, `"; place Mine Layer in 3"`, `"; leave 4 empty"`, `"; bomb
    /// Move 2, U-Turn"` for the buzz bomb's registers), `"stay down"`,
    /// `"face N"` (`", power down"` at re-entry), `"prevent"` (a spare),
    /// `"discard NAME"` (an option) or `"take"`, `"lose NAME"`, and at a
    /// chop shop `"draw"`, `"scrap NAME"`, `"refill NAME"` or `"pass"`; at
    /// the robot lasers' step `"fire laser"` or `"fire NAME"` (an optional
    /// weapon).
    #[serde(default)]
    pub answers: Vec<String>,
}

/// What a robot should end with; fields left out are not compared.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RobotExpect {
    /// Its cell (`null`: off the board).
    #[serde(deserialize_with = "present")]
    pub position: Option<Option<Xy>>,
    /// Its facing.
    pub facing: Option<Facing>,
    /// Damage tokens.
    pub damage: Option<u8>,
    /// Lives.
    pub lives: Option<u8>,
    /// Flags touched.
    pub flags: Option<u8>,
    /// Archive marker.
    pub archive: Option<Xy>,
    /// Power: `"on"`, `"announced"`, `"down"`.
    pub power: Option<String>,
    /// Virtual.
    pub ghost: Option<bool>,
    /// Registers 1 to 5 as card names with priority (`"Move 2 670"`) or null.
    pub registers: Option<Vec<Option<String>>>,
    /// The options it holds, as [`RobotFile::options`] writes them.
    #[serde(default)]
    pub options: Option<Vec<String>>,
    /// Cards in its hand.
    #[serde(default)]
    pub hand: Option<u8>,
    /// How many options it holds, whichever they are (the options dealt
    /// by `standard-options` or `deluxe-options` depend on the seed).
    #[serde(default)]
    pub option_count: Option<u8>,
    /// Cards dealt to it at the run's last deal (`null`: no deal in the
    /// run).
    #[serde(default, deserialize_with = "present")]
    pub dealt: Option<Option<u8>>,
}

/// What the run should end with.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Expect {
    /// Robots in seat order (a shorter list leaves the rest out).
    pub robots: Vec<RobotExpect>,
    /// The winner's seat (`null`: over without a winner).
    #[serde(deserialize_with = "present")]
    pub winner: Option<Option<u8>>,
    /// Whether the game is over.
    pub over: Option<bool>,
    /// Where the flags stand, in order (belts, currents and pushers move
    /// them).
    #[serde(default)]
    pub flags: Option<Vec<Xy>>,
    /// The seats, best first ([`crate::Race::ranking`]).
    #[serde(default)]
    pub ranking: Option<Vec<u8>>,
    /// The cells of the devices on the board, in the order they were laid.
    #[serde(default)]
    pub devices: Option<Vec<Xy>>,
    /// Answers refused at the next decision after the run stopped:
    /// `[{"robot": 0, "answer": "fire laser", "reason": "not one of the
    /// options"}]` (see `robo_core::race::scenario::refusals`).
    #[serde(default)]
    pub refused: Vec<robo_core::race::scenario::Refusal<String>>,
}

/// A device on the board as files write it:
/// `{"kind": "Mine", "at": [2, 0], "owner": 1}` (a missile also has a
/// `"facing"`, north by default).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeviceFile {
    /// What it is.
    pub kind: crate::race::DeviceKind,
    /// Its cell.
    pub at: Xy,
    /// Its facing.
    #[serde(default)]
    pub facing: Option<Facing>,
    /// The seat of the robot that laid it.
    #[serde(default)]
    pub owner: u8,
    /// A drone's mark.
    #[serde(default)]
    pub mark: Option<Xy>,
}

/// A classic scenario file.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// `"classic"`.
    pub edition: String,
    /// What it checks.
    #[serde(default)]
    pub about: String,
    /// The board as text rows; either this or `course`.
    #[serde(default)]
    pub board: Option<BoardText>,
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
    /// Optional rules by the names `--option` takes (`"play-on"`,
    /// `"extra-lives"`, `"on-the-clock"`, `"turn-cap=N"`); the start and
    /// flag rules are refused (the file places robots and flags), but
    /// `random-flags` stands in for flags the file leaves out and
    /// `starting-gate` for robots it leaves off the board.
    #[serde(default)]
    pub options: Vec<String>,
    /// The seed.
    #[serde(default)]
    pub seed: u64,
    /// The turn number.
    #[serde(default = "one")]
    pub round: u16,
    /// `"register N"` or `"programming"`.
    #[serde(default)]
    pub start: Option<String>,
    /// How far to run: `"round"` (the default), `"end"` or
    /// `{"registers": N}`.
    #[serde(default)]
    pub run: Option<RunFile>,
    /// The robots in seat order, 1 to 8.
    pub robots: Vec<RobotFile>,
    /// The top of the program card deck this turn (what options draw
    /// during the turn), top card first, by name (`"Move 2"`, or with
    /// its priority `"Move 2 670"`); the rest lies shuffled under it.
    #[serde(default)]
    pub deck: Vec<String>,
    /// The top of the option deck, top card first; the options nobody
    /// holds lie shuffled under it.
    #[serde(default)]
    pub option_deck: Vec<String>,
    /// Devices on the board at the start, in the order they were laid.
    #[serde(default)]
    pub devices: Vec<DeviceFile>,
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

/// A scenario read and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The file.
    pub file: ScenarioFile,
    /// The position it sets up.
    pub position: crate::race::Position,
    /// How far it runs.
    pub run: robo_core::race::scenario::RunLength,
    /// Options every robot is dealt before the run (`standard-options`
    /// deals 1, `deluxe-options` 3 and asks which to keep).
    pub dealt: u8,
    /// First Out of the Starting Gate (`starting-gate`): the robots, none
    /// on the board, take a free dock each in register 1 of turn 1.
    pub gate: bool,
    /// The top of the program card deck, top first.
    pub deck_top: Vec<crate::cards::Card>,
    /// The top of the option deck, top first.
    pub option_top: Vec<crate::options::OptionCard>,
}

/// The classic register's steps in a scenario's words (`"run":
/// {"register": 1, "after": "cards"}`), in the order of
/// [`crate::race::register_pipeline`].
pub const STEP_NAMES: [&str; 14] = [
    "trap doors",
    "cards",
    "express belts",
    "belts",
    "currents",
    "pushers",
    "gears",
    "crushers",
    "board lasers",
    "robot lasers",
    "pervasive lasers",
    "flamers",
    "waste",
    "touch",
];
