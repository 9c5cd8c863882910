//! Why a text board could not be read.

use crate::geom::Pos;
use thiserror::Error;

/// What went wrong while reading a text board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// No grid at all.
    #[error("the text holds no board")]
    Empty,
    /// The first line does not have the length of a wall line.
    #[error("a wall line must be 1 + width x {cell} characters long; this one is {len}")]
    BadWidth {
        /// Characters per cell including its edge.
        cell: usize,
        /// Length found.
        len: usize,
    },
    /// A line is longer than the first line of the grid.
    #[error("the line is {found} characters long, more than the {expected} of the first line")]
    LineTooLong {
        /// Expected length.
        expected: usize,
        /// Length found.
        found: usize,
    },
    /// A grid has an even number of lines.
    #[error("the grid must end with a wall line")]
    MissingWallLine,
    /// An unknown tile glyph.
    #[error("unknown tile `{0}`")]
    UnknownGlyph(String),
    /// A character that is not an edge.
    #[error("`{found}` is not a {what}")]
    BadEdge {
        /// The character found.
        found: char,
        /// What kind of edge was expected.
        what: &'static str,
    },
    /// A horizontal edge whose characters disagree.
    #[error("the characters of one edge must all be the same, found `{0}`")]
    MixedEdge(String),
    /// A bad line in the `ids` block.
    #[error("bad board id `{0}` (use 0-9, a-z, or `.` for void)")]
    BadId(char),
    /// The `ids` block disagrees with the grid.
    #[error("the ids block must have one line of {width} ids per row ({height} rows)")]
    IdsShape {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// Void in the grid but not in the ids block, or the other way round.
    #[error("the ids block and the grid disagree on whether this cell is void")]
    VoidMismatch,
    /// A character a layer does not know.
    #[error("`{found}` is not a value of the {layer} layer")]
    BadLayer {
        /// The layer's name.
        layer: &'static str,
        /// The character found.
        found: char,
    },
    /// A layer block with the wrong shape.
    #[error("the {layer} block must have one line of {width} characters per row ({height} rows)")]
    LayerShape {
        /// The layer's name.
        layer: &'static str,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// A block given twice.
    #[error("the {0} block is given twice")]
    DuplicateBlock(String),
    /// A `cells` line that does not start with a floor cell's `x,y:`.
    #[error("a cell note starts with `x,y:` naming a floor cell of the board")]
    NoteCell,
    /// A cell given two notes.
    #[error("cell {0} has a note already")]
    DuplicateNote(Pos),
    /// A note the edition refuses.
    #[error("bad cell note: {0}")]
    BadNote(String),
    /// Text after the board.
    #[error("unexpected text after the board")]
    Trailing,
    /// The grid is too big.
    #[error("boards are at most {0} cells on a side")]
    TooBig(usize),
}

/// A text board that could not be read, with the 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line in the text.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What was wrong.
    pub kind: ParseErrorKind,
}
