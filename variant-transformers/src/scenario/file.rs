//! The scenario file's format: what a file may say, field by field
//! (unknown fields are refused). See `docs/scenario-format.md`.

use serde::Deserialize;
use serde_json::Value;

/// A cell, `[x, y]`.
pub type Cell = [i16; 2];

/// A scenario file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// `"transformers"`.
    pub edition: String,
    /// One line saying what it checks.
    #[serde(default)]
    pub about: String,
    /// The board as text rows (or one string); either this or `course`.
    #[serde(default)]
    pub board: Option<Value>,
    /// A built-in course by name.
    #[serde(default)]
    pub course: Option<String>,
    /// Checkpoint cells in order (replacing the course's).
    #[serde(default)]
    pub checkpoints: Option<Vec<Cell>>,
    /// Energon cubes (one entry per cube), replacing the course's.
    #[serde(default)]
    pub cubes: Option<Vec<Cell>>,
    /// Mines, replacing the course's.
    #[serde(default)]
    pub mines: Option<Vec<Cell>>,
    /// Space bridges, replacing the course's.
    #[serde(default)]
    pub bridges: Option<Vec<BridgeFile>>,
    /// The facing of robots on start spaces.
    #[serde(default)]
    pub start_facing: Option<String>,
    /// Seed of the game's generator.
    #[serde(default)]
    pub seed: u64,
    /// The round number.
    #[serde(default = "one")]
    pub round: u16,
    /// The seat holding the Cosmos token.
    #[serde(default)]
    pub priority: u8,
    /// Team of each seat.
    #[serde(default)]
    pub teams: Option<Vec<u8>>,
    /// Where to start: `"register N"`, `"planning"` or `"upgrade"`.
    #[serde(default)]
    pub start: Option<String>,
    /// How far to run: `{"registers": N}`, `"round"` or `"end"`.
    #[serde(default)]
    pub run: Option<Value>,
    /// The race ends without a winner after this round.
    #[serde(default)]
    pub max_rounds: Option<u16>,
    /// The robots, in seat order.
    pub robots: Vec<RobotFile>,
    /// The top of the damage deck, top card first.
    #[serde(default)]
    pub damage_deck: Vec<String>,
    /// The top of the upgrade deck, top card first. With this or
    /// `upgrade_discard` the upgrades are exactly the file's: robots hold
    /// only those it names (and their personal ones), and every other
    /// yellow and red upgrade is shuffled under this top.
    #[serde(default)]
    pub upgrade_deck: Vec<String>,
    /// The upgrade discard pile, most recent first.
    #[serde(default)]
    pub upgrade_discard: Vec<String>,
    /// What the run should end with (any part of the result).
    #[serde(default)]
    pub expect: Option<Value>,
}

fn one() -> u16 {
    1
}

/// A space bridge token.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BridgeFile {
    /// Its cell.
    pub at: Cell,
    /// Its colour.
    #[serde(default = "one_u8")]
    pub colour: u8,
}

fn one_u8() -> u8 {
    1
}

/// A robot off the course.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffFile {
    /// The cell it left from.
    pub at: Cell,
    /// It comes back at the end of this register.
    pub back_after: u8,
}

/// One robot and its player board.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RobotFile {
    /// The character (default: the six in rulebook order, by seat).
    #[serde(default)]
    pub character: Option<String>,
    /// Its cell (leave out with `off`).
    #[serde(default)]
    pub at: Option<Cell>,
    /// Its facing.
    #[serde(default)]
    pub facing: Option<String>,
    /// `"alt"` (default) or `"bot"`.
    #[serde(default)]
    pub mode: Option<String>,
    /// Off the course, coming back after a register.
    #[serde(default)]
    pub off: Option<OffFile>,
    /// Energon, 0 to 10 (default 5).
    #[serde(default)]
    pub energon: Option<u8>,
    /// Checkpoints reached.
    #[serde(default)]
    pub checkpoint: u8,
    /// Registers 1 to 5: card names, `null` for empty.
    #[serde(default)]
    pub registers: Vec<Option<String>>,
    /// The hand.
    #[serde(default)]
    pub hand: Vec<String>,
    /// The top of its planning deck's draw pile, top card first.
    #[serde(default)]
    pub deck: Vec<String>,
    /// Its planning discard pile, most recent first.
    #[serde(default)]
    pub discard: Vec<String>,
    /// Where its planning cards listed nowhere go: `"deck"` (the default,
    /// shuffled under the listed top of the draw pile) or `"discard"`
    /// (shuffled under the listed discard pile, for an exact draw pile).
    #[serde(default)]
    pub rest: Option<String>,
    /// Special damage cards in play.
    #[serde(default)]
    pub damage: Vec<String>,
    /// Installed upgrades.
    #[serde(default)]
    pub installed: Vec<String>,
    /// Upgrades held uninstalled (besides the personal ones, always held
    /// unless installed).
    #[serde(default)]
    pub uninstalled: Vec<String>,
    /// Answers to the choices the run asks this robot, in order.
    #[serde(default)]
    pub answers: Vec<Value>,
}
