//! Why a course description does not make a course.

use crate::board::{BoardId, ParseError};
use crate::geom::Pos;
use thiserror::Error;

/// A course that cannot be built or that fails its checks; `E` is the
/// edition's own error about its markers ([`super::CourseExtras::Error`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CourseError<E> {
    /// No library board or course of that name.
    #[error("no board or course is named `{0}`")]
    Unknown(String),
    /// A board that does not parse.
    #[error("board `{board}`: {error}")]
    Parse {
        /// The board.
        board: String,
        /// Where and why.
        error: ParseError,
    },
    /// The boards do not assemble.
    #[error(transparent)]
    Assembly(#[from] crate::board::CourseError),
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
    /// A spot on a board the course does not have, or off that board.
    #[error("{what} at {at} of board `{board}` is not on the course")]
    BadSpot {
        /// What was placed.
        what: &'static str,
        /// The board named.
        board: String,
        /// The cell as printed.
        at: Pos,
    },
    /// Not exactly one board with start spaces (the docking bay).
    #[error("a course needs exactly one docking bay (a board with start spaces), found {0}")]
    DockingBays(usize),
    /// The docking bay touches no other board, so robots have no board to face.
    #[error("the docking bay `{0}` must lie next to another board")]
    DetachedDockingBay(String),
    /// A cell of the grid belongs to a board that has no name.
    #[error("board {} of the grid has no name", .0 .0)]
    UnnamedBoard(BoardId),
    /// The docking bay is not a board of the course.
    #[error("the docking bay (board {}) is not a board of the course", .0 .0)]
    NoDockingBay(BoardId),
    /// The docking bay has no start space.
    #[error("the docking bay `{0}` has no start space")]
    NoStarts(String),
    /// A course without checkpoints.
    #[error("a course needs at least one checkpoint")]
    NoCheckpoints,
    /// More checkpoints than a robot's count can hold.
    #[error("a course has at most {max} checkpoints, not {0}", max = super::MAX_CHECKPOINTS)]
    TooManyCheckpoints(usize),
    /// A checkpoint off the floor, on a cell that holds no marker (a pit),
    /// or on another checkpoint.
    #[error("checkpoint {number} at {at} cannot be placed there (off the floor, a pit, or another checkpoint)")]
    BadCheckpoint {
        /// Its number, from 1.
        number: usize,
        /// The course cell.
        at: Pos,
    },
    /// A checkpoint on a start space (a robot would begin the race on it).
    #[error("checkpoint {number} at {at} lies on a start space")]
    CheckpointOnStart {
        /// Its number, from 1.
        number: usize,
        /// The course cell.
        at: Pos,
    },
    /// The edition's markers do not fit the course.
    #[error(transparent)]
    Extra(E),
}
