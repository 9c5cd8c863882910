//! Board elements that several editions share, described by what they do
//! rather than how they look. An edition's tile type says which element it
//! is through [`Elements`]; the shared pipeline steps read them.

use crate::board::Rotate;
use crate::geom::{Dir, Turn};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Belt speeds. Classic express belts and 2023 blue belts are `Express`;
/// classic normal belts and 2023 green belts are `Normal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BeltSpeed {
    /// Moves in every conveyor pass.
    Normal,
    /// Moves in the express passes too.
    Express,
}

/// One piece of conveyor belt.
///
/// A piece carries robots towards `dir`. A robot carried onto it from its
/// left side (relative to `dir`) turns left if `curve_left`, and from its
/// right side turns right if `curve_right`; a robot arriving from behind, or
/// arriving any other way than by conveyor, does not turn.
///
/// ```
/// use robo_core::element::{BeltSpeed, Conveyor};
/// use robo_core::geom::{Dir, Turn};
/// // Carries east; robots coming in from the north side (travelling south) turn left.
/// let c = Conveyor { speed: BeltSpeed::Normal, dir: Dir::E, curve_left: true, curve_right: false };
/// assert_eq!(c.turn_on_entry(Dir::S), Some(Turn::Left));
/// assert_eq!(c.turn_on_entry(Dir::E), None); // straight in from behind
/// assert_eq!(c.turn_on_entry(Dir::N), None); // that side is not curved
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Conveyor {
    /// Normal or express.
    pub speed: BeltSpeed,
    /// Where it carries robots.
    pub dir: Dir,
    /// Robots arriving from the left side turn left.
    pub curve_left: bool,
    /// Robots arriving from the right side turn right.
    pub curve_right: bool,
}

impl Conveyor {
    /// The turn of a robot carried onto this piece while travelling `travelling`.
    #[must_use]
    pub fn turn_on_entry(&self, travelling: Dir) -> Option<Turn> {
        let side = travelling.opposite();
        if side == self.dir.left() && self.curve_left {
            Some(Turn::Left)
        } else if side == self.dir.right() && self.curve_right {
            Some(Turn::Right)
        } else {
            None
        }
    }
}

impl Rotate for Conveyor {
    fn rotated_cw(&self, quarters: u8) -> Self {
        Conveyor {
            dir: self.dir.rotated_cw(quarters),
            ..*self
        }
    }
}

/// A set of register numbers 1 to 8.
///
/// ```
/// use robo_core::element::Registers;
/// let odd = Registers::of(&[1, 3, 5]);
/// assert!(odd.contains(3) && !odd.contains(2));
/// assert_eq!(odd.to_string(), "1/3/5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Registers(pub u8);

impl Registers {
    /// The registers listed (numbers outside 1..=8 are ignored).
    #[must_use]
    pub fn of(registers: &[u8]) -> Self {
        Registers(
            registers
                .iter()
                .filter(|r| (1..=8).contains(*r))
                .fold(0, |m, r| m | 1 << (r - 1)),
        )
    }

    /// Is register `r` (from 1) in the set?
    #[must_use]
    pub fn contains(self, r: u8) -> bool {
        (1..=8).contains(&r) && self.0 & (1 << (r - 1)) != 0
    }
}

impl fmt::Display for Registers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for r in (1..=8).filter(|r| self.contains(*r)) {
            if !first {
                f.write_str("/")?;
            }
            write!(f, "{r}")?;
            first = false;
        }
        Ok(())
    }
}

/// A push panel (pusher): pushes a robot on its cell one cell towards `dir`
/// in the registers listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PushPanel {
    /// Direction of the push (away from the wall that houses the panel).
    pub dir: Dir,
    /// The registers in which it is active.
    pub registers: Registers,
}

impl Rotate for PushPanel {
    fn rotated_cw(&self, quarters: u8) -> Self {
        PushPanel {
            dir: self.dir.rotated_cw(quarters),
            ..*self
        }
    }
}

/// A board laser mounted on a cell, firing towards `dir`. The beam starts
/// in the mount's own cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LaserMount {
    /// Firing direction.
    pub dir: Dir,
    /// Number of beams (damage per hit, in most editions).
    pub beams: u8,
}

impl Rotate for LaserMount {
    fn rotated_cw(&self, quarters: u8) -> Self {
        LaserMount {
            dir: self.dir.rotated_cw(quarters),
            ..*self
        }
    }
}

/// What shared element a tile is. Every method defaults to "none", so an
/// edition implements only the ones its tiles have.
pub trait Elements {
    /// The conveyor piece on this tile.
    fn conveyor(&self) -> Option<Conveyor> {
        None
    }
    /// The push panel on this tile.
    fn push_panel(&self) -> Option<PushPanel> {
        None
    }
    /// The gear on this tile and its turn.
    fn gear(&self) -> Option<Turn> {
        None
    }
    /// The board laser mounted on this tile.
    fn laser(&self) -> Option<LaserMount> {
        None
    }
}

impl Elements for () {}
