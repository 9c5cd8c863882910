//! The tiles of the classic factory floor and their text legend.
//!
//! A board is a grid of [`Cell`]s: the [`Tile`] (one element, written as a
//! three-character glyph) and the floor level (the `levels` layer of the
//! board text: `0` ground, `1` the upper level). Walls live on the edges
//! of the board; flags are pieces a course lays on top of tiles (belts,
//! currents and pushers move them). Every glyph is three characters:
//!
//! | glyph | tile |
//! |---|---|
//! | ` . ` | floor |
//! | `[ ]` | pit |
//! | `D1 `..`D8 ` | numbered docking bay space (a start) |
//! | `y>` + `␠ l r b` | conveyor belt towards the arrow; third character: straight, curved from its left side, from its right side, from both |
//! | `e>` + `␠ l r b` | express belt, same |
//! | `c> ` | current (water flowing towards the arrow; it is water too) |
//! | `(L)` `(R)` | gear turning left, right |
//! | `p>1` `p>2` | pusher pushing towards the arrow in registers 1/3/5 or 2/4 |
//! | `L>1` `L>2` `L>3` | board laser mounted here firing towards the arrow, 1 to 3 beams |
//! | ` w ` ` W ` | repair site with one tool (wrench), with two (wrench and hammer) |
//! | `[o]` | drain (a pit by another name) |
//! | `[1]` `[2]` | trap door: a pit in registers 1/3/5 or 2/4, floor otherwise |
//! | `X1 ` `X2 ` | crusher active in registers 1/3/5 or 2/4 |
//! | `F1 ` `F2 ` | flamer active in registers 1/3/5 or 2/4 |
//! | ` r ` | radiation (1 damage at the end of the turn) |
//! | ` % ` | radioactive waste (1 damage each register) |
//! | ` ? ` | randomizer (the register's card is replaced at its reveal) |
//! | ` ~ ` | water (leaving it costs a card one more step) |
//! | ` o ` | oil slick (robots slide on; a card started on it loses a step) |
//! | `O1 `..`O9 ` | portal of colour 1 to 9 (entering it moves a robot to the other portal of its colour) |
//! | ` T ` | teleporter (a move card started on it jumps 2 cells further) |
//! | `R> ` | repulsor field on the side of the cell the arrow names |
//! | `/> ` | ramp climbing towards the arrow (from its cell's level to the one above) |
//! | ` $ ` | chop shop (a robot on it may get an option) |
//!
//! Arrows are `^ > v <`. Ledges are not written: every edge between a
//! cell of the upper level and one of the ground is a ledge, except the
//! high end of a ramp (see [`crossing`]).

mod cell;
mod glyph;

pub use cell::{blocks_sight, crossing, levels_block, Cell, Crossing, LEVELS};
use robo_core::board::Rotate;
pub use robo_core::element::Registers;
use robo_core::element::{Conveyor, Elements, LaserMount, PushPanel};
use robo_core::geom::{Dir, Turn};
use serde::{Deserialize, Serialize};

/// Registers 1, 3 and 5.
pub const ODD_REGISTERS: Registers = Registers(0b10101);
/// Registers 2 and 4.
pub const EVEN_REGISTERS: Registers = Registers(0b01010);

/// The element of one cell of a classic board.
///
/// ```
/// use robo_core::board::Board;
/// use variant_classic::tiles::{Cell, Tile};
/// let text = "\
/// +---+---+---+
/// |D1  y>  e>r|
/// +---+---+   +
/// ";
/// let board: Board<Cell> = Board::parse(text).unwrap();
/// assert_eq!(board.print(), text);
/// assert_eq!(board.tile(robo_core::geom::Pos::new(0, 0)).map(|c| c.tile), Some(Tile::Dock(1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Tile {
    /// Plain floor.
    #[default]
    Floor,
    /// A pit: a robot that enters it is destroyed.
    Pit,
    /// A numbered docking bay space, where robots start.
    Dock(u8),
    /// A conveyor belt (normal or express).
    Belt(Conveyor),
    /// A gear: it turns a robot standing on it a quarter turn.
    Gear(Turn),
    /// A pusher: it pushes a robot standing before it in its registers.
    Pusher(PushPanel),
    /// A board laser mounted on this cell.
    Laser(LaserMount),
    /// A repair site with one tool (1) or two (2: a wrench and a hammer).
    Repair(u8),
    /// A drain: destroys a robot that enters it, like a pit.
    Drain,
    /// A trap door: a pit in its registers, floor in the others.
    TrapDoor(Registers),
    /// A crusher: destroys the robot on it in its registers.
    Crusher(Registers),
    /// A flamer: burns robots on it (and entering it) in its registers.
    Flamer(Registers),
    /// Radiation: one damage to the robot on it at the end of the turn.
    Radiation,
    /// Radioactive waste: one damage to the robot on it every register.
    Waste,
    /// A randomizer: the card of a robot on it is replaced by a random
    /// card from the deck at each reveal.
    Randomizer,
    /// A current: water flowing towards its direction; it carries robots
    /// one cell after the belts.
    Current(Dir),
    /// Water: a robot's card loses a step each time it leaves a water cell.
    Water,
    /// An oil slick: a robot ending a move on it slides on; a card started
    /// on it loses its first step.
    Oil,
    /// A portal of a colour (1 to 9): a robot entering it is moved to the
    /// other portal of that colour, if that one is free.
    Portal(u8),
    /// A teleporter: a move card started on it is a jump two cells longer.
    Teleporter,
    /// A repulsor field on this side of the cell: it stops beams and
    /// throws back a robot that runs into it.
    Repulsor(Dir),
    /// A ramp that climbs towards its direction, from this cell's level to
    /// the level above.
    Ramp(Dir),
    /// A chop shop: a robot touching it may take an option.
    ChopShop,
}

impl Tile {
    /// Is this a repair site (with one tool or two)?
    #[must_use]
    pub fn is_repair(&self) -> bool {
        matches!(self, Tile::Repair(_))
    }

    /// Is this water (still water or a current)?
    ///
    /// ```
    /// use robo_core::geom::Dir;
    /// use variant_classic::tiles::Tile;
    /// assert!(Tile::Water.is_water() && Tile::Current(Dir::E).is_water());
    /// assert!(!Tile::Oil.is_water());
    /// ```
    #[must_use]
    pub fn is_water(&self) -> bool {
        matches!(self, Tile::Water | Tile::Current(_))
    }

    /// Does entering this tile in register `register` destroy a robot
    /// (pit, drain, open trap door)?
    ///
    /// ```
    /// use variant_classic::tiles::{Tile, ODD_REGISTERS};
    /// assert!(Tile::Drain.swallows(1));
    /// assert!(Tile::TrapDoor(ODD_REGISTERS).swallows(3));
    /// assert!(!Tile::TrapDoor(ODD_REGISTERS).swallows(2));
    /// ```
    #[must_use]
    pub fn swallows(&self, register: u8) -> bool {
        match self {
            Tile::Pit | Tile::Drain => true,
            Tile::TrapDoor(regs) => register > 0 && regs.contains(register),
            _ => false,
        }
    }

    /// May a flag be carried or pushed onto this tile? Not onto a pit, a
    /// drain, a trap door or a crusher: flags are never lost.
    #[must_use]
    pub fn holds_flag(&self) -> bool {
        !matches!(
            self,
            Tile::Pit | Tile::Drain | Tile::TrapDoor(_) | Tile::Crusher(_)
        )
    }

    /// The registers of a register-bound element (pusher aside).
    fn timed(&self) -> Option<Registers> {
        match self {
            Tile::TrapDoor(r) | Tile::Crusher(r) | Tile::Flamer(r) => Some(*r),
            _ => None,
        }
    }
}

impl Elements for Tile {
    fn conveyor(&self) -> Option<Conveyor> {
        match self {
            Tile::Belt(c) => Some(*c),
            _ => None,
        }
    }
    fn push_panel(&self) -> Option<PushPanel> {
        match self {
            Tile::Pusher(p) => Some(*p),
            _ => None,
        }
    }
    fn gear(&self) -> Option<Turn> {
        match self {
            Tile::Gear(t) => Some(*t),
            _ => None,
        }
    }
    fn laser(&self) -> Option<LaserMount> {
        match self {
            Tile::Laser(m) => Some(*m),
            _ => None,
        }
    }
}

impl Rotate for Tile {
    fn rotated_cw(&self, q: u8) -> Self {
        match self {
            Tile::Belt(c) => Tile::Belt(c.rotated_cw(q)),
            Tile::Pusher(p) => Tile::Pusher(p.rotated_cw(q)),
            Tile::Laser(m) => Tile::Laser(LaserMount {
                dir: m.dir.rotated_cw(q),
                beams: m.beams,
            }),
            Tile::Current(d) => Tile::Current(d.rotated_cw(q)),
            Tile::Repulsor(d) => Tile::Repulsor(d.rotated_cw(q)),
            Tile::Ramp(d) => Tile::Ramp(d.rotated_cw(q)),
            t => *t,
        }
    }
}

/// Registers 2 and 4 for `'2'`, 1, 3 and 5 otherwise.
fn timing(c: char) -> Registers {
    if c == '2' {
        EVEN_REGISTERS
    } else {
        ODD_REGISTERS
    }
}

#[cfg(test)]
mod tests;
