//! The tiles of the 2023 factory floor and their text legend.
//!
//! Walls are not tiles: they live on the edges of the board. Checkpoints and
//! reboot tokens are not tiles either: a course places them on top of tiles
//! (and the element under them stops working, lasers excepted).
//!
//! Every glyph is three characters:
//!
//! | glyph | tile |
//! |---|---|
//! | ` . ` | floor |
//! | `[ ]` | pit |
//! | ` S ` | start space (a docking bay gear) |
//! | ` E ` | battery (energy space) |
//! | `(L)` `(R)` | red gear (turns left), green gear (turns right) |
//! | `g>` + `␠ l r b` | green belt towards the arrow; third character: straight, curved from its left side, from its right side, from both |
//! | `b>` + `␠ l r b` | blue belt, same |
//! | `p>1` `p>2` | push panel pushing towards the arrow in registers 1/3/5 or 2/4 |
//! | `L>1` `L>2` `L>3` | board laser mounted here firing towards the arrow, 1 to 3 beams |
//!
//! Arrows are `^ > v <`.

use robo_core::board::{Glyph, Rotate};
use robo_core::element::{BeltSpeed, Conveyor, Elements, LaserMount, PushPanel, Registers};
use robo_core::geom::{Dir, Turn};
use robo_core::race::course::CourseTile;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Registers 1, 3 and 5.
pub const ODD_REGISTERS: Registers = Registers(0b10101);
/// Registers 2 and 4.
pub const EVEN_REGISTERS: Registers = Registers(0b01010);

/// One cell of a 2023 board.
///
/// ```
/// use robo_core::board::Board;
/// use variant_2023::tiles::Tile;
/// let text = "\
/// +---+---+---+
/// | S  b>  b>r|
/// +---+---+   +
/// ";
/// let board: Board<Tile> = Board::parse(text).unwrap();
/// assert_eq!(board.print(), text);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Tile {
    /// Plain floor.
    #[default]
    Floor,
    /// A pit: a robot that enters it falls and reboots.
    Pit,
    /// A start space of a docking bay.
    Start,
    /// A battery: a robot ending a register here gains 1 energy.
    Battery,
    /// A gear: red turns left, green turns right.
    Gear(Turn),
    /// A green (normal) or blue (express) conveyor belt.
    Belt(Conveyor),
    /// A push panel.
    PushPanel(PushPanel),
    /// A board laser mount; the beam starts in this cell.
    Laser(LaserMount),
}

impl Tile {
    /// A green belt towards `dir`, straight.
    #[must_use]
    pub const fn green(dir: Dir) -> Tile {
        Tile::Belt(Conveyor {
            speed: BeltSpeed::Normal,
            dir,
            curve_left: false,
            curve_right: false,
        })
    }

    /// A blue belt towards `dir`, straight.
    #[must_use]
    pub const fn blue(dir: Dir) -> Tile {
        Tile::Belt(Conveyor {
            speed: BeltSpeed::Express,
            dir,
            curve_left: false,
            curve_right: false,
        })
    }

    /// Is this a pit?
    #[must_use]
    pub fn is_pit(self) -> bool {
        self == Tile::Pit
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
            Tile::PushPanel(p) => Some(*p),
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

/// Start tiles make the docking bay; a robot stands, and a checkpoint or
/// token lies, anywhere but on a pit.
impl CourseTile for Tile {
    fn is_start(&self) -> bool {
        *self == Tile::Start
    }
    fn can_stand(&self) -> bool {
        *self != Tile::Pit
    }
}

impl Rotate for Tile {
    fn rotated_cw(&self, quarters: u8) -> Self {
        match self {
            Tile::Belt(c) => Tile::Belt(c.rotated_cw(quarters)),
            Tile::PushPanel(p) => Tile::PushPanel(p.rotated_cw(quarters)),
            Tile::Laser(m) => Tile::Laser(m.rotated_cw(quarters)),
            t => *t,
        }
    }
}

impl Glyph for Tile {
    const WIDTH: usize = 3;

    fn write_glyph(&self, out: &mut String) {
        match self {
            Tile::Floor => out.push_str(" . "),
            Tile::Pit => out.push_str("[ ]"),
            Tile::Start => out.push_str(" S "),
            Tile::Battery => out.push_str(" E "),
            Tile::Gear(Turn::Right) => out.push_str("(R)"),
            // A gear only turns a quarter; a U-turn gear is written as a left one.
            Tile::Gear(_) => out.push_str("(L)"),
            Tile::Belt(c) => {
                out.push(if c.speed == BeltSpeed::Express {
                    'b'
                } else {
                    'g'
                });
                out.push(c.dir.arrow());
                out.push(match (c.curve_left, c.curve_right) {
                    (false, false) => ' ',
                    (true, false) => 'l',
                    (false, true) => 'r',
                    (true, true) => 'b',
                });
            }
            Tile::PushPanel(p) => {
                out.push('p');
                out.push(p.dir.arrow());
                out.push(if p.registers == EVEN_REGISTERS {
                    '2'
                } else {
                    '1'
                });
            }
            Tile::Laser(m) => {
                out.push('L');
                out.push(m.dir.arrow());
                out.push(char::from(b'0' + m.beams.clamp(1, 9)));
            }
        }
    }

    fn parse_glyph(s: &str) -> Option<Self> {
        let c: Vec<char> = s.chars().collect();
        let [a, b, k] = c.as_slice() else { return None };
        Some(match (a, b, k) {
            (' ', '.', ' ') => Tile::Floor,
            ('[', ' ', ']') => Tile::Pit,
            (' ', 'S', ' ') => Tile::Start,
            (' ', 'E', ' ') => Tile::Battery,
            ('(', 'L', ')') => Tile::Gear(Turn::Left),
            ('(', 'R', ')') => Tile::Gear(Turn::Right),
            ('g' | 'b', arrow, curve) => {
                let dir = Dir::from_arrow(*arrow)?;
                let (curve_left, curve_right) = match curve {
                    ' ' => (false, false),
                    'l' => (true, false),
                    'r' => (false, true),
                    'b' => (true, true),
                    _ => return None,
                };
                let speed = if *a == 'b' {
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
            ('p', arrow, '1' | '2') => Tile::PushPanel(PushPanel {
                dir: Dir::from_arrow(*arrow)?,
                registers: if *k == '2' {
                    EVEN_REGISTERS
                } else {
                    ODD_REGISTERS
                },
            }),
            ('L', arrow, '1'..='9') => Tile::Laser(LaserMount {
                dir: Dir::from_arrow(*arrow)?,
                beams: *k as u8 - b'0',
            }),
            _ => return None,
        })
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(3);
        self.write_glyph(&mut s);
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::board::Board;

    fn all_tiles() -> Vec<Tile> {
        let mut v = vec![
            Tile::Floor,
            Tile::Pit,
            Tile::Start,
            Tile::Battery,
            Tile::Gear(Turn::Left),
            Tile::Gear(Turn::Right),
        ];
        for d in Dir::ALL {
            for speed in [BeltSpeed::Normal, BeltSpeed::Express] {
                for (l, r) in [(false, false), (true, false), (false, true), (true, true)] {
                    v.push(Tile::Belt(Conveyor {
                        speed,
                        dir: d,
                        curve_left: l,
                        curve_right: r,
                    }));
                }
            }
            v.push(Tile::PushPanel(PushPanel {
                dir: d,
                registers: ODD_REGISTERS,
            }));
            v.push(Tile::PushPanel(PushPanel {
                dir: d,
                registers: EVEN_REGISTERS,
            }));
            for beams in 1..=3 {
                v.push(Tile::Laser(LaserMount { dir: d, beams }));
            }
        }
        v
    }

    #[test]
    fn every_glyph_reads_back_as_its_tile() {
        for t in all_tiles() {
            let mut s = String::new();
            t.write_glyph(&mut s);
            assert_eq!(s.chars().count(), Tile::WIDTH, "{t:?}");
            assert!(s.chars().any(|c| c != ' '));
            assert_eq!(Tile::parse_glyph(&s), Some(t), "{s:?}");
        }
        assert_eq!(Tile::parse_glyph("zz "), None);
    }

    #[test]
    fn tiles_turn_with_the_board() {
        assert_eq!(Tile::blue(Dir::N).rotated_cw(1), Tile::blue(Dir::E));
        assert_eq!(Tile::Pit.rotated_cw(3), Tile::Pit);
        let b: Board<Tile> = Board::parse("+---+---+\n|b>  (L)|\n+---+---+\n").unwrap();
        let r = b.rotated_cw();
        assert_eq!(
            r.tile(robo_core::geom::Pos::new(0, 0)),
            Some(&Tile::blue(Dir::S))
        );
    }
}
