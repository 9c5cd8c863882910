//! The tiles of the classic factory floor and their text legend.
//!
//! Walls live on the edges of the board, flags are markers a course lays
//! on top of tiles. Every glyph is three characters:
//!
//! | glyph | tile |
//! |---|---|
//! | ` . ` | floor |
//! | `[ ]` | pit |
//! | `D1 `..`D8 ` | numbered docking bay space (a start) |
//! | `y>` + `␠ l r b` | conveyor belt towards the arrow; third character: straight, curved from its left side, from its right side, from both |
//! | `e>` + `␠ l r b` | express belt, same |
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
//!
//! Arrows are `^ > v <`.

use robo_core::board::{Glyph, Rotate};
pub use robo_core::element::Registers;
use robo_core::element::{BeltSpeed, Conveyor, Elements, LaserMount, PushPanel};
use robo_core::geom::{Dir, Turn};
use robo_core::race::course::CourseTile;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Registers 1, 3 and 5.
pub const ODD_REGISTERS: Registers = Registers(0b10101);
/// Registers 2 and 4.
pub const EVEN_REGISTERS: Registers = Registers(0b01010);

/// One cell of a classic board.
///
/// ```
/// use robo_core::board::Board;
/// use variant_classic::tiles::Tile;
/// let text = "\
/// +---+---+---+
/// |D1  y>  e>r|
/// +---+---+   +
/// ";
/// let board: Board<Tile> = Board::parse(text).unwrap();
/// assert_eq!(board.print(), text);
/// assert_eq!(board.tile(robo_core::geom::Pos::new(0, 0)), Some(&Tile::Dock(1)));
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
}

impl Tile {
    /// Is this a repair site (with one tool or two)?
    #[must_use]
    pub fn is_repair(&self) -> bool {
        matches!(self, Tile::Repair(_))
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
            t => *t,
        }
    }
}

impl CourseTile for Tile {
    fn is_start(&self) -> bool {
        matches!(self, Tile::Dock(_))
    }
    fn can_stand(&self) -> bool {
        !matches!(self, Tile::Pit | Tile::Drain)
    }
}

impl Glyph for Tile {
    const WIDTH: usize = 3;
    fn write_glyph(&self, out: &mut String) {
        use std::fmt::Write;
        let _ = write!(out, "{self}");
    }
    fn parse_glyph(s: &str) -> Option<Self> {
        let c: Vec<char> = s.chars().collect();
        let [a, b, k] = c.as_slice() else { return None };
        Some(match (a, b, k) {
            (' ', '.', ' ') => Tile::Floor,
            ('[', ' ', ']') => Tile::Pit,
            ('D', '1'..='8', ' ') => Tile::Dock(*b as u8 - b'0'),
            (' ', 'w', ' ') => Tile::Repair(1),
            (' ', 'W', ' ') => Tile::Repair(2),
            ('(', 'L', ')') => Tile::Gear(Turn::Left),
            ('(', 'R', ')') => Tile::Gear(Turn::Right),
            ('y' | 'e', arrow, curve) => {
                let dir = Dir::from_arrow(*arrow)?;
                let (curve_left, curve_right) = match curve {
                    ' ' => (false, false),
                    'l' => (true, false),
                    'r' => (false, true),
                    'b' => (true, true),
                    _ => return None,
                };
                let speed = if *a == 'e' {
                    BeltSpeed::Express
                } else {
                    BeltSpeed::Normal
                };
                Tile::Belt(Conveyor {
                    speed,
                    dir,
                    curve_left,
                    curve_right,
                })
            }
            ('p', arrow, '1' | '2') => Tile::Pusher(PushPanel {
                dir: Dir::from_arrow(*arrow)?,
                registers: if *k == '2' {
                    EVEN_REGISTERS
                } else {
                    ODD_REGISTERS
                },
            }),
            ('L', arrow, '1'..='3') => Tile::Laser(LaserMount {
                dir: Dir::from_arrow(*arrow)?,
                beams: *k as u8 - b'0',
            }),
            ('[', 'o', ']') => Tile::Drain,
            (' ', 'r', ' ') => Tile::Radiation,
            (' ', '%', ' ') => Tile::Waste,
            (' ', '?', ' ') => Tile::Randomizer,
            ('[', '1' | '2', ']') => Tile::TrapDoor(timing(*b)),
            ('X', '1' | '2', ' ') => Tile::Crusher(timing(*b)),
            ('F', '1' | '2', ' ') => Tile::Flamer(timing(*b)),
            _ => return None,
        })
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

impl fmt::Display for Tile {
    /// The tile's three-character glyph.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tile::Floor => f.write_str(" . "),
            Tile::Pit => f.write_str("[ ]"),
            Tile::Dock(n) => write!(f, "D{} ", n % 10),
            Tile::Repair(1) => f.write_str(" w "),
            Tile::Repair(_) => f.write_str(" W "),
            Tile::Gear(Turn::Right) => f.write_str("(R)"),
            Tile::Gear(_) => f.write_str("(L)"),
            Tile::Belt(c) => {
                let speed = if c.speed == BeltSpeed::Express {
                    'e'
                } else {
                    'y'
                };
                let curve = match (c.curve_left, c.curve_right) {
                    (false, false) => ' ',
                    (true, false) => 'l',
                    (false, true) => 'r',
                    (true, true) => 'b',
                };
                write!(f, "{speed}{}{curve}", c.dir.arrow())
            }
            Tile::Pusher(p) => {
                let k = if p.registers == EVEN_REGISTERS {
                    '2'
                } else {
                    '1'
                };
                write!(f, "p{}{k}", p.dir.arrow())
            }
            Tile::Laser(m) => write!(f, "L{}{}", m.dir.arrow(), m.beams),
            Tile::Drain => f.write_str("[o]"),
            Tile::Radiation => f.write_str(" r "),
            Tile::Waste => f.write_str(" % "),
            Tile::Randomizer => f.write_str(" ? "),
            t => {
                let k = if t.timed() == Some(EVEN_REGISTERS) {
                    '2'
                } else {
                    '1'
                };
                match t {
                    Tile::TrapDoor(_) => write!(f, "[{k}]"),
                    Tile::Crusher(_) => write!(f, "X{k} "),
                    _ => write!(f, "F{k} "),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_reads_back_and_turns_keep_it_a_glyph() {
        let glyphs = [
            " . ", "[ ]", "D1 ", "D8 ", " w ", " W ", "(L)", "(R)", "y> ", "y^l", "e<r", "evb",
            "p>1", "p^2", "L>1", "Lv3", "[o]", "[1]", "[2]", "X1 ", "X2 ", "F1 ", "F2 ", " r ",
            " % ", " ? ",
        ];
        for g in glyphs {
            let t = Tile::parse_glyph(g).unwrap_or_else(|| panic!("{g:?}"));
            assert_eq!(t.to_string(), g);
            for q in 0..4 {
                let turned = t.rotated_cw(q).to_string();
                assert!(Tile::parse_glyph(&turned).is_some(), "{turned:?}");
            }
        }
        for bad in ["D9 ", "L>4", "x> ", " q ", "p>3", "[3]", "X3 ", "F0 "] {
            assert_eq!(Tile::parse_glyph(bad), None, "{bad:?}");
        }
    }
}
