//! A cell of a classic board: its element and its floor level, and what
//! crossing an edge between two cells does (walls, repulsor fields,
//! ledges and ramps).

use super::Tile;
use robo_core::board::{Board, Glyph, Layer, Rotate};
use robo_core::element::{Conveyor, Elements, LaserMount, PushPanel, Registers};
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::race::course::CourseTile;
use serde::{Deserialize, Serialize};

/// The board text's layers: `levels` (`0` the ground, `1` the upper
/// level).
pub const LEVELS: &[Layer] = &[Layer {
    name: "levels",
    blank: '0',
}];

/// One cell of a classic board: an element on a floor level, and what a
/// composite cell holds over it (a crusher over a belt, a laser mount on
/// water), written as a note in the board's `cells` block
/// (`3,4: crusher 2/4; laser >1`).
///
/// ```
/// use robo_core::board::Board;
/// use robo_core::geom::Pos;
/// use variant_classic::tiles::{Cell, Tile};
/// let text = "\
/// +---+---+
/// | .  /> |
/// +---+---+
/// levels
/// 10
/// ";
/// let board: Board<Cell> = Board::parse(text).unwrap();
/// assert_eq!(board.tile(Pos::new(0, 0)).map(|c| c.level), Some(1));
/// assert_eq!(board.print(), text);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Cell {
    /// The element.
    pub tile: Tile,
    /// The floor level: 0 the ground, 1 the upper level.
    #[serde(default)]
    pub level: u8,
    /// A crusher over the element, active in these registers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crusher: Option<Registers>,
    /// A board laser mounted over the element.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount: Option<LaserMount>,
}

impl From<Tile> for Cell {
    fn from(tile: Tile) -> Self {
        Cell {
            tile,
            ..Cell::default()
        }
    }
}

impl Cell {
    /// The registers of the crusher on this cell (its element's or one
    /// over it), if any.
    #[must_use]
    pub fn crusher(&self) -> Option<Registers> {
        match self.tile {
            Tile::Crusher(r) => Some(r),
            _ => self.crusher,
        }
    }
}

impl Elements for Cell {
    fn conveyor(&self) -> Option<Conveyor> {
        self.tile.conveyor()
    }
    fn push_panel(&self) -> Option<PushPanel> {
        self.tile.push_panel()
    }
    fn gear(&self) -> Option<Turn> {
        self.tile.gear()
    }
    fn laser(&self) -> Option<LaserMount> {
        self.mount.or_else(|| self.tile.laser())
    }
}

impl Rotate for Cell {
    fn rotated_cw(&self, q: u8) -> Self {
        Cell {
            tile: self.tile.rotated_cw(q),
            mount: self.mount.map(|m| LaserMount {
                dir: m.dir.rotated_cw(q),
                beams: m.beams,
            }),
            ..*self
        }
    }
}

impl CourseTile for Cell {
    fn is_start(&self) -> bool {
        matches!(self.tile, Tile::Dock(_))
    }
    fn can_stand(&self) -> bool {
        !matches!(self.tile, Tile::Pit | Tile::Drain)
    }
}

impl Glyph for Cell {
    const WIDTH: usize = 3;
    const LAYERS: &'static [Layer] = LEVELS;
    fn write_glyph(&self, out: &mut String) {
        use std::fmt::Write;
        let _ = write!(out, "{}", self.tile);
    }
    fn parse_glyph(s: &str) -> Option<Self> {
        Tile::from_glyph(s).map(Cell::from)
    }
    fn layer_char(&self, layer: usize) -> char {
        match layer {
            0 => char::from(b'0' + self.level.min(9)),
            _ => ' ',
        }
    }
    fn set_layer(&mut self, layer: usize, c: char) -> bool {
        match (layer, c) {
            (0, '0' | '1') => {
                self.level = c as u8 - b'0';
                true
            }
            _ => false,
        }
    }
    fn write_note(&self, out: &mut String) {
        use std::fmt::Write;
        let mut parts: Vec<String> = Vec::new();
        if let Some(r) = self.crusher {
            parts.push(format!("crusher {r}"));
        }
        if let Some(m) = self.mount {
            parts.push(format!("laser {}{}", m.dir.arrow(), m.beams));
        }
        let _ = write!(out, "{}", parts.join("; "));
    }
    fn parse_note(&mut self, note: &str) -> Result<(), String> {
        let what = "write `crusher 1/3/5`, `crusher 2/4` or `laser >1` (arrow, 1 to 3 beams), joined by `;`";
        for part in note.split(';').map(str::trim) {
            match part.split_once(' ') {
                Some(("crusher", "1/3/5")) if self.crusher.is_none() => {
                    self.crusher = Some(super::ODD_REGISTERS);
                }
                Some(("crusher", "2/4")) if self.crusher.is_none() => {
                    self.crusher = Some(super::EVEN_REGISTERS);
                }
                Some(("laser", m)) if self.mount.is_none() => {
                    let c: Vec<char> = m.chars().collect();
                    let (Some(dir), Some(beams @ '1'..='3'), 2) = (
                        c.first().and_then(|&a| Dir::from_arrow(a)),
                        c.get(1).copied(),
                        c.len(),
                    ) else {
                        return Err(what.to_string());
                    };
                    self.mount = Some(LaserMount {
                        dir,
                        beams: beams as u8 - b'0',
                    });
                }
                _ => return Err(what.to_string()),
            }
        }
        Ok(())
    }
}

/// What crossing an edge does to a robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Crossing {
    /// Nothing: the robot goes on (also off the board or into a void).
    Open,
    /// A wall, a one-way wall crossed the wrong way, or a ledge seen from
    /// below: the robot stays.
    Wall,
    /// A repulsor field: the robot stays and is thrown back.
    Repulsor,
    /// A ledge seen from above: the robot drops to the level below (2
    /// damage).
    Fall,
    /// The high end of a ramp, going up.
    Climb,
}

impl Crossing {
    /// May a robot cross (openly, by a fall or a climb)?
    #[must_use]
    pub fn passes(self) -> bool {
        matches!(self, Crossing::Open | Crossing::Fall | Crossing::Climb)
    }
}

/// What crossing from `from` towards `dir` does: walls (one-way walls
/// included), a repulsor field on either side of the edge, then levels.
/// Between cells of different levels the edge is a ledge (a wall from
/// below, a fall from above), unless it is the high end of a ramp: the
/// ramp's cell climbing towards the ramp's direction onto the level above
/// it (a climb), or coming down onto the ramp the other way (open).
///
/// ```
/// use robo_core::board::Board;
/// use robo_core::geom::{Dir, Pos};
/// use variant_classic::tiles::{crossing, Cell, Crossing};
/// let board: Board<Cell> = Board::parse(
///     "+---+---+---+\n| .  />   . |\n+---+---+---+\nlevels\n001\n",
/// ).unwrap();
/// let at = |x| Pos::new(x, 0);
/// assert_eq!(crossing(&board, at(0), Dir::E), Crossing::Open);
/// assert_eq!(crossing(&board, at(1), Dir::E), Crossing::Climb);
/// assert_eq!(crossing(&board, at(2), Dir::W), Crossing::Open);
/// ```
#[must_use]
pub fn crossing(board: &Board<Cell>, from: Pos, dir: Dir) -> Crossing {
    if board.blocks(from, dir) {
        return Crossing::Wall;
    }
    let to = from.step(dir);
    let (Some(a), b) = (board.tile(from), board.tile(to)) else {
        return Crossing::Open;
    };
    if a.tile == Tile::Repulsor(dir) || b.is_some_and(|b| b.tile == Tile::Repulsor(dir.opposite()))
    {
        return Crossing::Repulsor;
    }
    let Some(b) = b else {
        return Crossing::Open;
    };
    if a.level == b.level {
        return Crossing::Open;
    }
    if a.tile == Tile::Ramp(dir) && a.level.checked_add(1) == Some(b.level) {
        return Crossing::Climb;
    }
    if b.tile == Tile::Ramp(dir.opposite()) && b.level.checked_add(1) == Some(a.level) {
        return Crossing::Open;
    }
    if a.level < b.level {
        Crossing::Wall
    } else {
        Crossing::Fall
    }
}

/// Does a beam or a shot stop crossing from `from` towards `dir` (walls
/// aside)? At a repulsor field and at any change of level: robots on
/// different levels never see each other.
#[must_use]
pub fn blocks_sight(board: &Board<Cell>, from: Pos, dir: Dir) -> bool {
    let to = from.step(dir);
    let (Some(a), Some(b)) = (board.tile(from), board.tile(to)) else {
        return false;
    };
    a.level != b.level || a.tile == Tile::Repulsor(dir) || b.tile == Tile::Repulsor(dir.opposite())
}

/// The `levels` block of a board (a header line, then a row of `0`/`1`
/// per board row, ` ` for void), or an empty string when the whole board
/// is on the ground: what a course drawn as text adds below its grid.
///
/// ```
/// use robo_core::board::Board;
/// use variant_classic::tiles::{levels_block, Cell};
/// let flat: Board<Cell> = Board::parse("+---+\n| . |\n+---+\n").unwrap();
/// assert_eq!(levels_block(&flat), "");
/// let up: Board<Cell> = Board::parse("+---+---+\n| .   . |\n+---+---+\nlevels\n01\n").unwrap();
/// assert_eq!(levels_block(&up), "levels\n01\n");
/// ```
#[must_use]
pub fn levels_block(board: &Board<Cell>) -> String {
    if board.cells().all(|(_, c)| c.level == 0) {
        return String::new();
    }
    let mut out = String::from("levels\n");
    for y in 0..board.height() as i16 {
        for x in 0..board.width() as i16 {
            out.push(
                board
                    .tile(Pos::new(x, y))
                    .map_or(' ', |c| char::from(b'0' + c.level.min(9))),
            );
        }
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
    out
}
