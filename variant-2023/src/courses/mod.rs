//! Boards and courses of the 2023 edition.
//!
//! A [`CourseSpec`] is the unchecked, serialisable description of a course
//! (boards by name or inline text, where each goes, checkpoints, reboot
//! tokens, covered start spaces). [`CourseSpec::build`] validates it and
//! assembles a [`Course`], the form the game plays on. Built-in boards and
//! courses load by name: [`board`], [`course`].
//!
//! Positions in a spec are in the printed coordinates of the board they are
//! on; positions in a [`Course`] are on the assembled grid.
//!
//! ```
//! use variant_2023::courses::{self, DEFAULT_COURSE};
//! let course = courses::course(DEFAULT_COURSE).unwrap();
//! assert_eq!(course.name, "Milk Run");
//! assert_eq!(course.checkpoints.len(), 1);
//! assert!(course.free_starts().count() >= 2);
//! // names are looked up without regard to case
//! assert_eq!(courses::course("milk run").unwrap(), course);
//! ```

mod build;
mod course;
mod library;
#[cfg(test)]
mod tests;

pub use library::{board, board_names, course, course_names, course_spec, DEFAULT_COURSE};

use crate::tiles::Tile;
use robo_core::board::{Board, BoardId};
use robo_core::geom::{Dir, Pos};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// How hard a course is, as the rulebook grades its own courses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Difficulty {
    /// For a first game.
    Starter,
    /// A few more elements.
    Beginner,
    /// Belts and timing matter.
    Intermediate,
    /// Every element, long races.
    Advanced,
}

impl fmt::Display for Difficulty {
    /// The rulebook's word for the level.
    ///
    /// ```
    /// use variant_2023::courses::Difficulty;
    /// assert_eq!(Difficulty::Intermediate.to_string(), "Intermediate");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Difficulty::Starter => "Starter",
            Difficulty::Beginner => "Beginner",
            Difficulty::Intermediate => "Intermediate",
            Difficulty::Advanced => "Advanced",
        })
    }
}

/// A board of a course: a built-in board by name, or inline text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedBoard {
    /// The board's name (a built-in board unless `text` is given).
    pub name: String,
    /// The board in the text format, for boards that are not built in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Course cell of the turned board's top-left cell.
    pub at: Pos,
    /// Quarter turns clockwise.
    #[serde(default)]
    pub turns: u8,
}

/// A cell of one board of a course, in that board's printed coordinates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spot {
    /// The board's name, as in [`PlacedBoard::name`].
    pub board: String,
    /// The cell as printed.
    pub at: Pos,
}

/// A reboot token: where robots that fell from its board come back, and
/// the arrow that says where an occupant is moved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenSpec {
    /// Where it lies.
    pub spot: Spot,
    /// Its arrow, as printed on the board.
    pub dir: Dir,
}

/// The unchecked description of a course (the form written to files).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourseSpec {
    /// The course's name.
    pub name: String,
    /// How hard it is.
    pub difficulty: Difficulty,
    /// The boards, docking bay included.
    pub boards: Vec<PlacedBoard>,
    /// Checkpoints in order (1 first).
    pub checkpoints: Vec<Spot>,
    /// One reboot token per board other than the docking bay.
    pub reboot_tokens: Vec<TokenSpec>,
    /// Start spaces covered by energy cubes (not to be chosen).
    #[serde(default)]
    pub covered_starts: Vec<Spot>,
    /// Damage cards drawn when rebooting (2 unless a course says otherwise).
    #[serde(default = "default_reboot_damage")]
    pub reboot_damage: u8,
}

fn default_reboot_damage() -> u8 {
    2
}

/// A validated, assembled course.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Course {
    /// The course's name.
    pub name: String,
    /// The assembled grid; each cell's [`BoardId`] indexes `board_names`.
    pub board: Board<Tile>,
    /// Board names by [`BoardId`].
    pub board_names: Vec<String>,
    /// The docking bay's id.
    pub docking_bay: BoardId,
    /// Checkpoint cells in order (checkpoint 1 first).
    pub checkpoints: Vec<Pos>,
    /// Reboot token (cell, arrow) by [`BoardId`]; `None` for the docking bay.
    pub reboot_tokens: Vec<Option<(Pos, Dir)>>,
    /// Start spaces in row order.
    pub starts: Vec<Pos>,
    /// Start spaces that may not be chosen.
    pub covered_starts: Vec<Pos>,
    /// The facing of robots placed on the docking bay (towards the boards).
    pub start_facing: Dir,
    /// Damage cards drawn when rebooting.
    pub reboot_damage: u8,
}

/// A course description that does not make a playable course.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CourseError {
    /// No built-in board or course of that name.
    #[error("no board or course is named `{0}`")]
    Unknown(String),
    /// An inline board that does not parse.
    #[error("board `{board}`: {error}")]
    Parse {
        /// The board.
        board: String,
        /// Where and why.
        error: robo_core::board::ParseError,
    },
    /// The boards do not assemble.
    #[error(transparent)]
    Assembly(#[from] robo_core::board::CourseError),
    /// A course without checkpoints.
    #[error("a course needs at least one checkpoint")]
    NoCheckpoints,
    /// A spot on a board the course does not have, or off that board.
    #[error("{what} at {at} of board `{board}` is not on the course")]
    BadSpot {
        /// What was placed.
        what: &'static str,
        /// The board named.
        board: String,
        /// The cell.
        at: Pos,
    },
    /// Not exactly one docking bay (a board with start spaces).
    #[error("a course needs exactly one docking bay (a board with start spaces), found {0}")]
    DockingBays(usize),
    /// A board other than the docking bay without exactly one reboot token.
    #[error("board `{0}` needs exactly one reboot token")]
    RebootTokens(String),
    /// Two checkpoints on one cell, or a checkpoint on a pit.
    #[error("checkpoint {0} cannot be placed there (a pit, or another checkpoint)")]
    BadCheckpoint(usize),
    /// Two boards of a course with one name (spots name their board, so
    /// names must differ; case is ignored).
    #[error("two boards of the course are named `{0}`")]
    DuplicateBoard(String),
    /// A board turned more than three quarter turns.
    #[error("board `{board}` is turned {turns} quarter turns; use 0 to 3")]
    BadTurns {
        /// The board.
        board: String,
        /// The turns asked for.
        turns: u8,
    },
    /// A checkpoint on a start space (a robot would begin the race on it).
    #[error("checkpoint {0} lies on a start space")]
    CheckpointOnStart(usize),
    /// A reboot token on the docking bay (robots that fall from the bay
    /// reboot on their archive token instead).
    #[error("the docking bay `{0}` takes no reboot token")]
    RebootTokenOnDockingBay(String),
    /// A reboot token on a pit.
    #[error("the reboot token of board `{board}` lies on a pit at {at}")]
    RebootTokenOnPit {
        /// The board.
        board: String,
        /// The cell as printed.
        at: Pos,
    },
    /// A reboot token on a checkpoint.
    #[error("the reboot token of board `{board}` at {at} lies on a checkpoint")]
    RebootTokenOnCheckpoint {
        /// The board.
        board: String,
        /// The cell as printed.
        at: Pos,
    },
    /// A covered start that is not a start space.
    #[error("{at} of board `{board}` is not a start space, so it cannot be covered")]
    NotAStartSpace {
        /// The board.
        board: String,
        /// The cell as printed.
        at: Pos,
    },
    /// One start space covered twice.
    #[error("the start space at {at} of board `{board}` is covered twice")]
    CoveredTwice {
        /// The board.
        board: String,
        /// The cell as printed.
        at: Pos,
    },
    /// Every start space is covered.
    #[error("every start space is covered; at least one must stay free")]
    NoFreeStart,
    /// The docking bay touches no other board, so robots have no board to face.
    #[error("the docking bay `{0}` must lie next to another board")]
    DetachedDockingBay(String),
}
