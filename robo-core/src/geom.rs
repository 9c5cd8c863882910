//! Geometry of the factory floor: positions, facings and turns.
//!
//! `x` grows to the east and `y` grows to the south, so the top-left cell of a
//! board printed as text is `(0, 0)`. Positions are signed so that a robot that
//! leaves the board still has a position the rules can talk about.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A cell of the grid. Signed, so off-board positions are representable.
///
/// ```
/// use robo_core::geom::{Dir, Pos};
/// let p = Pos::new(2, 3);
/// assert_eq!(p.step(Dir::N), Pos::new(2, 2));
/// assert_eq!(p.offset(Dir::E, 3), Pos::new(5, 3));
/// assert_eq!(p.distance(Pos::new(0, 0)), 5);
/// assert_eq!(p.to_string(), "(2,3)");
/// ```
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Pos {
    /// Column, growing eastwards.
    pub x: i16,
    /// Row, growing southwards.
    pub y: i16,
}

impl Pos {
    /// The position `(x, y)`.
    #[must_use]
    pub const fn new(x: i16, y: i16) -> Self {
        Pos { x, y }
    }

    /// The neighbouring cell in `dir`.
    #[must_use]
    pub const fn step(self, dir: Dir) -> Self {
        let (dx, dy) = dir.delta();
        Pos {
            x: self.x.saturating_add(dx),
            y: self.y.saturating_add(dy),
        }
    }

    /// The cell `n` steps away in `dir`.
    #[must_use]
    pub const fn offset(self, dir: Dir, n: i16) -> Self {
        let (dx, dy) = dir.delta();
        Pos {
            x: self.x.saturating_add(dx.saturating_mul(n)),
            y: self.y.saturating_add(dy.saturating_mul(n)),
        }
    }

    /// Distance counted as a robot moves: orthogonal steps only (Manhattan).
    #[must_use]
    pub const fn distance(self, other: Pos) -> u32 {
        (self.x as i32 - other.x as i32).unsigned_abs()
            + (self.y as i32 - other.y as i32).unsigned_abs()
    }

    /// The direction from `self` to `other` when both lie on one row or
    /// column (and differ), else `None`.
    ///
    /// ```
    /// use robo_core::geom::{Dir, Pos};
    /// assert_eq!(Pos::new(1, 1).direction_to(Pos::new(1, 5)), Some(Dir::S));
    /// assert_eq!(Pos::new(1, 1).direction_to(Pos::new(2, 5)), None);
    /// ```
    #[must_use]
    pub fn direction_to(self, other: Pos) -> Option<Dir> {
        match (other.x - self.x, other.y - self.y) {
            (0, dy) if dy < 0 => Some(Dir::N),
            (0, dy) if dy > 0 => Some(Dir::S),
            (dx, 0) if dx > 0 => Some(Dir::E),
            (dx, 0) if dx < 0 => Some(Dir::W),
            _ => None,
        }
    }

    /// Turns this position a quarter turn clockwise inside a rectangle of
    /// `height` rows (the rectangle's new width), mapping `(x, y)` to
    /// `(height - 1 - y, x)`.
    #[must_use]
    pub const fn rotated_cw(self, height: i16) -> Self {
        Pos {
            x: height - 1 - self.y,
            y: self.x,
        }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

impl std::ops::Add for Pos {
    type Output = Pos;
    fn add(self, o: Pos) -> Pos {
        Pos::new(self.x.saturating_add(o.x), self.y.saturating_add(o.y))
    }
}

impl std::ops::Sub for Pos {
    type Output = Pos;
    fn sub(self, o: Pos) -> Pos {
        Pos::new(self.x.saturating_sub(o.x), self.y.saturating_sub(o.y))
    }
}

/// A compass facing. North is up when a board is printed.
///
/// ```
/// use robo_core::geom::{Dir, Turn};
/// assert_eq!(Dir::N.turn(Turn::Right), Dir::E);
/// assert_eq!(Dir::N.opposite(), Dir::S);
/// assert_eq!(Dir::E.left(), Dir::N);
/// assert_eq!("W".parse::<Dir>(), Ok(Dir::W));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Dir {
    /// Up the page, `y - 1`.
    N,
    /// Right, `x + 1`.
    E,
    /// Down the page, `y + 1`.
    S,
    /// Left, `x - 1`.
    W,
}

impl Dir {
    /// The four facings, clockwise from north.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// `(dx, dy)` of one step.
    #[must_use]
    pub const fn delta(self) -> (i16, i16) {
        match self {
            Dir::N => (0, -1),
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
        }
    }

    /// Index 0..4 clockwise from north.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The facing with the given clockwise index (taken modulo 4).
    #[must_use]
    pub const fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 4]
    }

    /// One bit per facing, for compact sets of sides.
    #[must_use]
    pub const fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// The facing after a turn.
    #[must_use]
    pub const fn turn(self, turn: Turn) -> Dir {
        Dir::from_index(self.index() + turn.quarters() as usize)
    }

    /// The facing turned clockwise `n` quarter turns.
    #[must_use]
    pub const fn rotated_cw(self, n: u8) -> Dir {
        Dir::from_index(self.index() + n as usize)
    }

    /// The reverse facing.
    #[must_use]
    pub const fn opposite(self) -> Dir {
        self.turn(Turn::UTurn)
    }

    /// The side on the robot's left when it faces `self`.
    #[must_use]
    pub const fn left(self) -> Dir {
        self.turn(Turn::Left)
    }

    /// The side on the robot's right when it faces `self`.
    #[must_use]
    pub const fn right(self) -> Dir {
        self.turn(Turn::Right)
    }

    /// The turn that takes `self` to `to`, or `None` when they are equal.
    ///
    /// ```
    /// use robo_core::geom::{Dir, Turn};
    /// assert_eq!(Dir::S.turn_to(Dir::E), Some(Turn::Left));
    /// assert_eq!(Dir::S.turn_to(Dir::S), None);
    /// ```
    #[must_use]
    pub const fn turn_to(self, to: Dir) -> Option<Turn> {
        match (to.index() + 4 - self.index()) % 4 {
            1 => Some(Turn::Right),
            2 => Some(Turn::UTurn),
            3 => Some(Turn::Left),
            _ => None,
        }
    }

    /// The arrow character used in text boards and renderings.
    #[must_use]
    pub const fn arrow(self) -> char {
        match self {
            Dir::N => '^',
            Dir::E => '>',
            Dir::S => 'v',
            Dir::W => '<',
        }
    }

    /// The facing an arrow character names (`^ > v <`).
    #[must_use]
    pub const fn from_arrow(c: char) -> Option<Dir> {
        match c {
            '^' => Some(Dir::N),
            '>' => Some(Dir::E),
            'v' => Some(Dir::S),
            '<' => Some(Dir::W),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dir::N => "N",
            Dir::E => "E",
            Dir::S => "S",
            Dir::W => "W",
        })
    }
}

/// A string that names no facing or turn.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not a {1}")]
pub struct ParseGeomError(pub String, pub &'static str);

impl FromStr for Dir {
    type Err = ParseGeomError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "N" | "n" | "north" | "North" => Ok(Dir::N),
            "E" | "e" | "east" | "East" => Ok(Dir::E),
            "S" | "s" | "south" | "South" => Ok(Dir::S),
            "W" | "w" | "west" | "West" => Ok(Dir::W),
            other => Err(ParseGeomError(other.to_string(), "facing (N, E, S or W)")),
        }
    }
}

/// A rotation in place.
///
/// ```
/// use robo_core::geom::Turn;
/// assert_eq!(Turn::Left.inverse(), Turn::Right);
/// assert_eq!(Turn::Left.then(Turn::Left), Some(Turn::UTurn));
/// assert_eq!(Turn::Left.then(Turn::Right), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Turn {
    /// A quarter turn counter-clockwise.
    Left,
    /// A quarter turn clockwise.
    Right,
    /// A half turn.
    UTurn,
}

impl Turn {
    /// Clockwise quarter turns: Right 1, U-turn 2, Left 3.
    #[must_use]
    pub const fn quarters(self) -> u8 {
        match self {
            Turn::Right => 1,
            Turn::UTurn => 2,
            Turn::Left => 3,
        }
    }

    /// The turn of `n` clockwise quarters, `None` for a whole number of turns.
    #[must_use]
    pub const fn from_quarters(n: u8) -> Option<Turn> {
        match n % 4 {
            1 => Some(Turn::Right),
            2 => Some(Turn::UTurn),
            3 => Some(Turn::Left),
            _ => None,
        }
    }

    /// The turn that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Turn {
        match self {
            Turn::Left => Turn::Right,
            Turn::Right => Turn::Left,
            Turn::UTurn => Turn::UTurn,
        }
    }

    /// This turn followed by `next`; `None` when they cancel out.
    #[must_use]
    pub const fn then(self, next: Turn) -> Option<Turn> {
        Turn::from_quarters(self.quarters() + next.quarters())
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Turn::Left => "L",
            Turn::Right => "R",
            Turn::UTurn => "U",
        })
    }
}

impl FromStr for Turn {
    type Err = ParseGeomError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "L" | "l" | "left" | "Left" => Ok(Turn::Left),
            "R" | "r" | "right" | "Right" => Ok(Turn::Right),
            "U" | "u" | "uturn" | "UTurn" | "u-turn" => Ok(Turn::UTurn),
            other => Err(ParseGeomError(other.to_string(), "turn (L, R or U)")),
        }
    }
}

/// A direction relative to a robot's facing.
///
/// ```
/// use robo_core::geom::{Dir, Rel};
/// assert_eq!(Rel::Left.of(Dir::N), Dir::W);
/// assert_eq!(Rel::Back.of(Dir::E), Dir::W);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Rel {
    /// Where it faces.
    Forward,
    /// Behind it.
    Back,
    /// Its left side.
    Left,
    /// Its right side.
    Right,
}

impl Rel {
    /// The compass direction of this side for a robot facing `facing`.
    #[must_use]
    pub const fn of(self, facing: Dir) -> Dir {
        match self {
            Rel::Forward => facing,
            Rel::Back => facing.opposite(),
            Rel::Left => facing.left(),
            Rel::Right => facing.right(),
        }
    }
}

#[cfg(test)]
mod tests;
