//! Boards: a rectangular grid of an edition's tiles, walls on the edges
//! between cells, and the id of the physical board each cell belongs to.
//!
//! Walls live on edges, not in cells, so a wall between two boards of a
//! course is one wall however many of the boards printed it, and a one-way
//! wall needs no special case: every edge says, for each of the two ways
//! across it, whether it blocks.

mod course;
mod text;

pub use course::{Course, CourseError, Placement, Rotate};
pub use text::{Glyph, Layer, ParseError, ParseErrorKind};

use crate::geom::{Dir, Pos};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// Which physical board of a course a cell belongs to.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
pub struct BoardId(pub u8);

impl fmt::Display for BoardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "board {}", self.0)
    }
}

/// The state of one edge between two cells, as seen from one of them.
///
/// ```
/// use robo_core::board::Wall;
/// use robo_core::geom::Dir;
/// assert!(Wall::Both.blocks(Dir::E));
/// assert!(Wall::OneWay(Dir::E).blocks(Dir::W));
/// assert!(!Wall::OneWay(Dir::E).blocks(Dir::E));
/// assert!(!Wall::None.blocks(Dir::N));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Wall {
    /// Nothing on this edge.
    #[default]
    None,
    /// A wall: blocks movement and lines of sight both ways.
    Both,
    /// A one-way wall that lets things cross only while travelling in the
    /// given direction.
    OneWay(Dir),
}

impl Wall {
    /// Does this edge stop something travelling in `dir` across it?
    #[must_use]
    pub fn blocks(self, dir: Dir) -> bool {
        match self {
            Wall::None => false,
            Wall::Both => true,
            Wall::OneWay(open) => open != dir,
        }
    }

    /// The wall after the board turns `n` quarter turns clockwise.
    #[must_use]
    pub fn rotated_cw(self, n: u8) -> Wall {
        match self {
            Wall::OneWay(d) => Wall::OneWay(d.rotated_cw(n)),
            w => w,
        }
    }
}

/// Building a board from values that do not fit.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// Width or height is zero or larger than [`Board::MAX_SIDE`].
    #[error("a board must be between 1 and {max} cells on a side, not {width}x{height}")]
    BadSize {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
        /// The largest side allowed.
        max: usize,
    },
    /// A cell outside the board.
    #[error("{0} is not a cell of this board")]
    OffBoard(Pos),
    /// A board read back (serde) whose parts do not fit together.
    #[error("a damaged board: {0}")]
    Damaged(String),
}

/// Edge bits: crossing the edge in the positive direction (east or south) is blocked.
const BLOCK_POS: u8 = 1;
/// Edge bits: crossing the edge in the negative direction (west or north) is blocked.
const BLOCK_NEG: u8 = 2;

/// A rectangular grid of tiles of type `T`, with walls and board ids.
///
/// Cells inside the rectangle may be *void* (no floor at all), which is how a
/// course made of several boards that is not a rectangle is represented.
///
/// ```
/// use robo_core::board::{Board, Wall};
/// use robo_core::geom::{Dir, Pos};
/// let mut b = Board::new(3, 2, 0u8).unwrap();
/// b.set_wall(Pos::new(0, 0), Dir::E, Wall::Both).unwrap();
/// assert!(b.blocks(Pos::new(0, 0), Dir::E));
/// assert!(b.blocks(Pos::new(1, 0), Dir::W)); // the same edge, seen from the other side
/// assert!(!b.blocks(Pos::new(0, 1), Dir::E));
/// assert!(!b.contains(Pos::new(3, 0)));
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "BoardParts<T>", bound(deserialize = "T: Deserialize<'de>"))]
pub struct Board<T> {
    width: i16,
    height: i16,
    tiles: Vec<T>,
    /// `None` for a void cell.
    ids: Vec<Option<BoardId>>,
    /// Edges west of each cell, `(width + 1) * height`, row-major.
    vedges: Vec<u8>,
    /// Edges north of each cell, `width * (height + 1)`, row-major.
    hedges: Vec<u8>,
}

/// A board as read back, before its parts are checked against each other.
#[derive(Deserialize)]
struct BoardParts<T> {
    width: i16,
    height: i16,
    tiles: Vec<T>,
    ids: Vec<Option<BoardId>>,
    vedges: Vec<u8>,
    hedges: Vec<u8>,
}

impl<T> TryFrom<BoardParts<T>> for Board<T> {
    type Error = BoardError;

    fn try_from(p: BoardParts<T>) -> Result<Self, BoardError> {
        let (w, h) = (p.width, p.height);
        let side = |s: i16| (1..=Self::MAX_SIDE).contains(&usize::try_from(s).unwrap_or(0));
        if !side(w) || !side(h) {
            return Err(BoardError::BadSize {
                width: usize::try_from(w).unwrap_or(0),
                height: usize::try_from(h).unwrap_or(0),
                max: Self::MAX_SIDE,
            });
        }
        let (w, h) = (w as usize, h as usize);
        let lengths = [
            ("tiles", p.tiles.len(), w * h),
            ("ids", p.ids.len(), w * h),
            ("vedges", p.vedges.len(), (w + 1) * h),
            ("hedges", p.hedges.len(), w * (h + 1)),
        ];
        for (what, len, want) in lengths {
            if len != want {
                return Err(BoardError::Damaged(format!(
                    "{what} holds {len} entries, a {w}x{h} board needs {want}"
                )));
            }
        }
        if p.vedges
            .iter()
            .chain(&p.hedges)
            .any(|&e| e > BLOCK_POS | BLOCK_NEG)
        {
            return Err(BoardError::Damaged("an edge with unknown bits".into()));
        }
        Ok(Board {
            width: p.width,
            height: p.height,
            tiles: p.tiles,
            ids: p.ids,
            vedges: p.vedges,
            hedges: p.hedges,
        })
    }
}

/// Boards are equal when their shapes, walls, ids and the tiles of their
/// floor cells are equal (what a void cell holds does not matter).
impl<T: PartialEq> PartialEq for Board<T> {
    fn eq(&self, other: &Self) -> bool {
        self.width == other.width
            && self.height == other.height
            && self.ids == other.ids
            && self.vedges == other.vedges
            && self.hedges == other.hedges
            && self
                .tiles
                .iter()
                .zip(&other.tiles)
                .zip(&self.ids)
                .all(|((a, b), id)| id.is_none() || a == b)
    }
}

impl<T: Eq> Eq for Board<T> {}

impl<T: std::hash::Hash> std::hash::Hash for Board<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (
            self.width,
            self.height,
            &self.ids,
            &self.vedges,
            &self.hedges,
        )
            .hash(state);
        for (t, id) in self.tiles.iter().zip(&self.ids) {
            if id.is_some() {
                t.hash(state);
            }
        }
    }
}

impl<T> Board<T> {
    /// The largest width or height a board may have.
    pub const MAX_SIDE: usize = 1024;

    /// A `width` x `height` board of `fill` tiles, no walls, every cell on board 0.
    ///
    /// # Errors
    /// [`BoardError::BadSize`] for an empty or oversized board.
    pub fn new(width: usize, height: usize, fill: T) -> Result<Self, BoardError>
    where
        T: Clone,
    {
        if width == 0 || height == 0 || width > Self::MAX_SIDE || height > Self::MAX_SIDE {
            return Err(BoardError::BadSize {
                width,
                height,
                max: Self::MAX_SIDE,
            });
        }
        let n = width * height;
        Ok(Board {
            width: width as i16,
            height: height as i16,
            tiles: vec![fill; n],
            ids: vec![Some(BoardId(0)); n],
            vedges: vec![0; (width + 1) * height],
            hedges: vec![0; width * (height + 1)],
        })
    }

    /// Number of columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Inside the rectangle (void or not).
    #[must_use]
    pub fn in_bounds(&self, pos: Pos) -> bool {
        pos.x >= 0 && pos.y >= 0 && pos.x < self.width && pos.y < self.height
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        self.in_bounds(pos)
            .then(|| pos.y as usize * self.width as usize + pos.x as usize)
    }

    /// A floor cell a robot can stand on (inside the rectangle, not void).
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        self.index(pos).is_some_and(|i| self.ids[i].is_some())
    }

    /// The tile at `pos`, `None` off the board or on a void cell.
    #[must_use]
    pub fn tile(&self, pos: Pos) -> Option<&T> {
        let i = self.index(pos)?;
        self.ids[i].map(|_| &self.tiles[i])
    }

    /// Replaces the tile at `pos` (making a void cell floor of board 0).
    ///
    /// # Errors
    /// [`BoardError::OffBoard`] outside the rectangle.
    pub fn set_tile(&mut self, pos: Pos, tile: T) -> Result<(), BoardError> {
        let i = self.index(pos).ok_or(BoardError::OffBoard(pos))?;
        self.tiles[i] = tile;
        if self.ids[i].is_none() {
            self.ids[i] = Some(BoardId(0));
        }
        Ok(())
    }

    /// The board a cell belongs to, `None` off the board or on a void cell.
    #[must_use]
    pub fn board_id(&self, pos: Pos) -> Option<BoardId> {
        self.index(pos).and_then(|i| self.ids[i])
    }

    /// Does any floor cell belong to the board with id `id`?
    ///
    /// ```
    /// use robo_core::board::{Board, BoardId};
    /// let b = Board::new(2, 2, ()).unwrap();
    /// assert!(b.has_board(BoardId(0)));
    /// assert!(!b.has_board(BoardId(1)));
    /// ```
    #[must_use]
    pub fn has_board(&self, id: BoardId) -> bool {
        self.ids.contains(&Some(id))
    }

    /// How many board ids the grid spans: one more than its highest board
    /// id, 0 when every cell is void.
    ///
    /// ```
    /// use robo_core::board::{Board, BoardId};
    /// use robo_core::geom::Pos;
    /// let mut b = Board::new(2, 1, ()).unwrap();
    /// assert_eq!(b.id_count(), 1);
    /// b.set_board_id(Pos::new(1, 0), Some(BoardId(3))).unwrap();
    /// assert_eq!(b.id_count(), 4);
    /// ```
    #[must_use]
    pub fn id_count(&self) -> usize {
        self.ids
            .iter()
            .flatten()
            .map(|b| usize::from(b.0) + 1)
            .max()
            .unwrap_or(0)
    }

    /// Sets the board a cell belongs to; `None` makes it void.
    ///
    /// # Errors
    /// [`BoardError::OffBoard`] outside the rectangle.
    pub fn set_board_id(&mut self, pos: Pos, id: Option<BoardId>) -> Result<(), BoardError> {
        let i = self.index(pos).ok_or(BoardError::OffBoard(pos))?;
        self.ids[i] = id;
        Ok(())
    }

    /// Every cell of the rectangle, row by row (void cells included).
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        let w = self.width;
        (0..self.height).flat_map(move |y| (0..w).map(move |x| Pos::new(x, y)))
    }

    /// Every floor cell with its tile, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Pos, &T)> + '_ {
        self.positions()
            .filter_map(move |p| self.tile(p).map(|t| (p, t)))
    }

    /// Where the edge on side `dir` of `pos` is stored, and which bit means
    /// "crossing it while travelling in `dir` is blocked".
    fn edge_slot(&self, pos: Pos, dir: Dir) -> Option<(bool, usize, u8)> {
        if !self.in_bounds(pos) {
            return None;
        }
        let (w, x, y) = (self.width as usize, pos.x as usize, pos.y as usize);
        Some(match dir {
            Dir::W => (true, y * (w + 1) + x, BLOCK_NEG),
            Dir::E => (true, y * (w + 1) + x + 1, BLOCK_POS),
            Dir::N => (false, y * w + x, BLOCK_NEG),
            Dir::S => (false, (y + 1) * w + x, BLOCK_POS),
        })
    }

    fn edge_bits(&self, pos: Pos, dir: Dir) -> Option<(u8, u8)> {
        let (vertical, i, out_bit) = self.edge_slot(pos, dir)?;
        let bits = if vertical {
            self.vedges[i]
        } else {
            self.hedges[i]
        };
        Some((bits, out_bit))
    }

    /// Is moving (or shooting) out of `pos` across its `dir` side blocked by a wall?
    ///
    /// Edges of cells outside the rectangle never block: only the floor has walls.
    #[must_use]
    pub fn blocks(&self, pos: Pos, dir: Dir) -> bool {
        if let Some((bits, out_bit)) = self.edge_bits(pos, dir) {
            return bits & out_bit != 0;
        }
        // Coming from outside the rectangle: the edge of the cell entered.
        let to = pos.step(dir);
        match self.edge_bits(to, dir.opposite()) {
            Some((bits, out_bit)) => bits & (BLOCK_POS | BLOCK_NEG) & !out_bit != 0,
            None => false,
        }
    }

    /// The wall on side `dir` of `pos`, `Wall::None` outside the rectangle.
    #[must_use]
    pub fn wall(&self, pos: Pos, dir: Dir) -> Wall {
        match self.edge_bits(pos, dir) {
            None => Wall::None,
            Some((bits, out_bit)) => {
                let out = bits & out_bit != 0;
                let inn = bits & !out_bit & (BLOCK_POS | BLOCK_NEG) != 0;
                match (out, inn) {
                    (false, false) => Wall::None,
                    (true, true) => Wall::Both,
                    (true, false) => Wall::OneWay(dir.opposite()),
                    (false, true) => Wall::OneWay(dir),
                }
            }
        }
    }

    /// Puts `wall` on side `dir` of `pos` (replacing what the edge held).
    ///
    /// # Errors
    /// [`BoardError::OffBoard`] outside the rectangle.
    pub fn set_wall(&mut self, pos: Pos, dir: Dir, wall: Wall) -> Result<(), BoardError> {
        let (vertical, i, out_bit) = self.edge_slot(pos, dir).ok_or(BoardError::OffBoard(pos))?;
        let in_bit = (BLOCK_POS | BLOCK_NEG) & !out_bit;
        let bits = match wall {
            Wall::None => 0,
            Wall::Both => BLOCK_POS | BLOCK_NEG,
            Wall::OneWay(open) if open == dir => in_bit,
            Wall::OneWay(open) if open == dir.opposite() => out_bit,
            // A one-way wall across an edge must open along the edge's axis.
            Wall::OneWay(_) => BLOCK_POS | BLOCK_NEG,
        };
        if vertical {
            self.vedges[i] = bits;
        } else {
            self.hedges[i] = bits;
        }
        Ok(())
    }

    /// Adds what `wall` blocks to the edge on side `dir` of `pos`, keeping
    /// what it blocked already. Used to merge board seams.
    fn merge_wall(&mut self, pos: Pos, dir: Dir, wall: Wall) {
        let merged = match (self.wall(pos, dir), wall) {
            (w, Wall::None) | (Wall::None, w) => w,
            (Wall::OneWay(a), Wall::OneWay(b)) if a == b => Wall::OneWay(a),
            _ => Wall::Both,
        };
        let _ = self.set_wall(pos, dir, merged);
    }

    /// A copy turned a quarter turn clockwise: the old left column becomes
    /// the new top row. Tiles turn with the board.
    #[must_use]
    pub fn rotated_cw(&self) -> Board<T>
    where
        T: Rotate + Clone,
    {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut out = Board {
            width: h as i16,
            height: w as i16,
            tiles: self.tiles.clone(),
            ids: self.ids.clone(),
            vedges: vec![0; (h + 1) * w],
            hedges: vec![0; h * (w + 1)],
        };
        for p in self.positions() {
            let q = p.rotated_cw(self.height);
            let (Some(i), Some(j)) = (self.index(p), out.index(q)) else {
                continue;
            };
            out.tiles[j] = self.tiles[i].rotated_cw(1);
            out.ids[j] = self.ids[i];
            for d in Dir::ALL {
                let w = self.wall(p, d);
                if w != Wall::None {
                    let _ = out.set_wall(q, d.rotated_cw(1), w.rotated_cw(1));
                }
            }
        }
        out
    }

    /// Applies `f` to every tile, keeping walls and ids.
    #[must_use]
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Board<U> {
        Board {
            width: self.width,
            height: self.height,
            tiles: self.tiles.iter().map(f).collect(),
            ids: self.ids.clone(),
            vedges: self.vedges.clone(),
            hedges: self.hedges.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_read_back_is_checked_part_against_part() {
        let mut b = Board::new(3, 2, 7u8).unwrap();
        b.set_wall(Pos::new(0, 0), Dir::E, Wall::OneWay(Dir::W))
            .unwrap();
        let good = serde_json::to_value(&b).unwrap();
        assert_eq!(
            serde_json::from_value::<Board<u8>>(good.clone()).unwrap(),
            b
        );
        let damaged = |field: &str, value: serde_json::Value| {
            let mut v = good.clone();
            v[field] = value;
            serde_json::from_value::<Board<u8>>(v)
                .unwrap_err()
                .to_string()
        };
        let e = damaged("tiles", serde_json::json!([7, 7, 7]));
        assert!(
            e.contains("tiles holds 3 entries, a 3x2 board needs 6"),
            "{e}"
        );
        let e = damaged("width", serde_json::json!(4));
        assert!(e.contains("needs 8"), "{e}");
        let e = damaged("height", serde_json::json!(0));
        assert!(e.contains("between 1 and 1024"), "{e}");
        let e = damaged("vedges", serde_json::json!([9, 0, 0, 0, 0, 0, 0, 0]));
        assert!(e.contains("unknown bits"), "{e}");
    }

    #[test]
    fn a_wall_blocks_both_ways_and_a_one_way_wall_one_way() {
        let mut b = Board::new(3, 3, ()).unwrap();
        let c = Pos::new(1, 1);
        b.set_wall(c, Dir::N, Wall::Both).unwrap();
        assert!(b.blocks(c, Dir::N));
        assert!(b.blocks(Pos::new(1, 0), Dir::S));
        assert_eq!(b.wall(Pos::new(1, 0), Dir::S), Wall::Both);

        b.set_wall(c, Dir::E, Wall::OneWay(Dir::E)).unwrap();
        assert!(!b.blocks(c, Dir::E), "passable in its open direction");
        assert!(b.blocks(Pos::new(2, 1), Dir::W), "blocked the other way");
        assert_eq!(b.wall(Pos::new(2, 1), Dir::W), Wall::OneWay(Dir::E));

        b.set_wall(c, Dir::E, Wall::None).unwrap();
        assert!(!b.blocks(Pos::new(2, 1), Dir::W));
    }

    #[test]
    fn walls_on_the_outer_edge_block_leaving_and_entering() {
        let mut b = Board::new(2, 1, ()).unwrap();
        b.set_wall(Pos::new(1, 0), Dir::E, Wall::Both).unwrap();
        assert!(b.blocks(Pos::new(1, 0), Dir::E));
        assert!(
            b.blocks(Pos::new(2, 0), Dir::W),
            "from outside into the board"
        );
        assert!(
            !b.blocks(Pos::new(0, 0), Dir::W),
            "no wall on the west edge"
        );
        assert!(
            !b.blocks(Pos::new(5, 5), Dir::W),
            "far away cells never block"
        );
    }

    #[test]
    fn bad_sizes_and_off_board_cells_are_errors() {
        assert!(matches!(
            Board::new(0, 3, ()),
            Err(BoardError::BadSize { .. })
        ));
        assert!(matches!(
            Board::new(3, 2000, ()),
            Err(BoardError::BadSize { .. })
        ));
        let mut b = Board::new(2, 2, 0u8).unwrap();
        assert_eq!(
            b.set_tile(Pos::new(2, 0), 1),
            Err(BoardError::OffBoard(Pos::new(2, 0)))
        );
        assert_eq!(b.tile(Pos::new(-1, 0)), None);
    }

    #[test]
    fn void_cells_are_not_floor() {
        let mut b = Board::new(2, 2, 0u8).unwrap();
        b.set_board_id(Pos::new(1, 1), None).unwrap();
        assert!(!b.contains(Pos::new(1, 1)));
        assert!(b.in_bounds(Pos::new(1, 1)));
        assert_eq!(b.tile(Pos::new(1, 1)), None);
        assert_eq!(b.cells().count(), 3);
    }

    #[test]
    fn rotation_turns_walls_and_shape() {
        let mut b = Board::new(3, 2, ()).unwrap();
        b.set_wall(Pos::new(0, 0), Dir::N, Wall::Both).unwrap();
        let r = b.rotated_cw();
        assert_eq!((r.width(), r.height()), (2, 3));
        // the top-left cell becomes the top-right cell, its north wall an east wall
        assert_eq!(r.wall(Pos::new(1, 0), Dir::E), Wall::Both);
        assert_eq!(r.rotated_cw().rotated_cw().rotated_cw(), b);
    }
}
