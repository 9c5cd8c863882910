//! The tiles' three-character glyphs, read and written.

use super::{timing, Tile, EVEN_REGISTERS};
use robo_core::element::{BeltSpeed, Conveyor, LaserMount, PushPanel};
use robo_core::geom::{Dir, Turn};
use std::fmt;

impl Tile {
    /// The tile a three-character glyph names, `None` for an unknown one.
    ///
    /// ```
    /// use robo_core::geom::Dir;
    /// use variant_classic::tiles::Tile;
    /// assert_eq!(Tile::from_glyph("c^ "), Some(Tile::Current(Dir::N)));
    /// assert_eq!(Tile::from_glyph("O3 "), Some(Tile::Portal(3)));
    /// assert_eq!(Tile::from_glyph("O0 "), None);
    /// ```
    #[must_use]
    pub fn from_glyph(s: &str) -> Option<Tile> {
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
                registers: timing(*k),
            }),
            ('L', arrow, '1'..='3') => Tile::Laser(LaserMount {
                dir: Dir::from_arrow(*arrow)?,
                beams: *k as u8 - b'0',
            }),
            ('c', arrow, ' ') => Tile::Current(Dir::from_arrow(*arrow)?),
            ('R', arrow, ' ') => Tile::Repulsor(Dir::from_arrow(*arrow)?),
            ('/', arrow, ' ') => Tile::Ramp(Dir::from_arrow(*arrow)?),
            ('O', '1'..='9', ' ') => Tile::Portal(*b as u8 - b'0'),
            ('[', 'o', ']') => Tile::Drain,
            (' ', 'r', ' ') => Tile::Radiation,
            (' ', '%', ' ') => Tile::Waste,
            (' ', '?', ' ') => Tile::Randomizer,
            (' ', '~', ' ') => Tile::Water,
            (' ', 'o', ' ') => Tile::Oil,
            (' ', 'T', ' ') => Tile::Teleporter,
            (' ', '$', ' ') => Tile::ChopShop,
            ('[', '1' | '2', ']') => Tile::TrapDoor(timing(*b)),
            ('X', '1' | '2', ' ') => Tile::Crusher(timing(*b)),
            ('F', '1' | '2', ' ') => Tile::Flamer(timing(*b)),
            _ => return None,
        })
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
            Tile::Current(d) => write!(f, "c{} ", d.arrow()),
            Tile::Repulsor(d) => write!(f, "R{} ", d.arrow()),
            Tile::Ramp(d) => write!(f, "/{} ", d.arrow()),
            Tile::Portal(n) => write!(f, "O{} ", n % 10),
            Tile::Drain => f.write_str("[o]"),
            Tile::Radiation => f.write_str(" r "),
            Tile::Waste => f.write_str(" % "),
            Tile::Randomizer => f.write_str(" ? "),
            Tile::Water => f.write_str(" ~ "),
            Tile::Oil => f.write_str(" o "),
            Tile::Teleporter => f.write_str(" T "),
            Tile::ChopShop => f.write_str(" $ "),
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
