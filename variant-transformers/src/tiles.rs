//! The tiles of Velocitron's racecourses and their text legend.
//!
//! Walls are not tiles: they live on the edges of the board, and a
//! building's sides without a door are walls. Checkpoints, Energon cubes,
//! mines and space bridges are not tiles either: a course lays them on top.
//!
//! Every glyph is three characters:
//!
//! | glyph | tile |
//! |---|---|
//! | ` . ` | open ground |
//! | ` S ` / ` X ` | start space / start space marked with a red X |
//! | `w> ` | moving walkway carrying towards the arrow |
//! | `r> ` | straight road; its arrow is the way that earns the bonus |
//! | `c>l` / `c>r` | road corner with its arrow's head towards `>`; a robot may turn left / right on it |
//! | `[B]` / `[@]` | building space / building space with a curved arrow |
//! | `J> ` | jump ramp entered along the arrow |
//! | `~~~` | fire pit |
//! | `p>1` / `p>2` | pusher pushing towards the arrow in registers 1/3/5 / 2/4 |
//! | `oil` | oil slick |
//! | `(P)` | pit stop |
//! | `#>#` | grandstand whose striped front faces the arrow |
//! | `T> ` | laser turret firing towards the arrow |
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

/// One space of a Velocitron map or starting tile.
///
/// ```
/// use robo_core::board::Board;
/// use variant_transformers::tiles::Tile;
/// let text = "\
/// +---+---+---+
/// | S  r>  c>r|
/// +---+---+   +
/// ";
/// let board: Board<Tile> = Board::parse(text).unwrap();
/// assert_eq!(board.print(), text);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Tile {
    /// Open ground with no element.
    #[default]
    Floor,
    /// A start space (green-and-white checkered flag) of a starting tile;
    /// `barred` when it also bears a red X (barred on some courses).
    Start {
        /// Marked with a red X.
        barred: bool,
    },
    /// A moving walkway carrying robots one space towards the arrow.
    Walkway(Dir),
    /// A straight road; alt-mode Move cards started on it facing the arrow
    /// go one space further.
    Road(Dir),
    /// A road corner: an alt-mode robot entering it on its own card may
    /// turn a quarter `turn`; starting on it facing `head` earns the road
    /// bonus.
    Corner {
        /// Where the corner's arrow points.
        head: Dir,
        /// The quarter turn the corner offers (left or right).
        turn: Turn,
    },
    /// A building space; its door-less sides are walls on the board. With
    /// `arrow` (a curved arrow), a robot entering it may turn to face its
    /// other doorway.
    Building {
        /// Has the curved arrow.
        arrow: bool,
    },
    /// A jump ramp, entered only travelling along its arrow.
    Ramp(Dir),
    /// A fire pit.
    FirePit,
    /// A pusher.
    Pusher(PushPanel),
    /// An oil slick.
    Oil,
    /// A pit stop.
    PitStop,
    /// A grandstand: nothing enters or crosses it; its striped front faces
    /// `front`.
    Grandstand {
        /// The side with the striped bar.
        front: Dir,
    },
    /// A laser turret: an obstacle like a grandstand, firing from the next
    /// space on towards its arrow.
    Turret(Dir),
}

/// Kind bits of a tile, for the per-cell table and for skipping register
/// steps with no robot to act on.
pub mod kind {
    /// A moving walkway.
    pub const WALKWAY: u16 = 1;
    /// A pusher.
    pub const PUSHER: u16 = 1 << 1;
    /// A fire pit.
    pub const FIRE_PIT: u16 = 1 << 2;
    /// A pit stop.
    pub const PIT_STOP: u16 = 1 << 3;
    /// A straight road or a road corner.
    pub const ROAD: u16 = 1 << 4;
    /// A building space.
    pub const BUILDING: u16 = 1 << 5;
    /// A jump ramp.
    pub const RAMP: u16 = 1 << 6;
    /// An oil slick.
    pub const OIL: u16 = 1 << 7;
    /// A grandstand or a laser turret: nothing enters it.
    pub const SOLID: u16 = 1 << 8;
    /// A space bridge token (set by the course, not the tile).
    pub const BRIDGE: u16 = 1 << 9;
    /// A checkpoint (set by the course).
    pub const CHECKPOINT: u16 = 1 << 10;
}

impl Tile {
    /// A pusher towards `dir` in registers 1, 3 and 5.
    #[must_use]
    pub const fn pusher_odd(dir: Dir) -> Tile {
        Tile::Pusher(PushPanel {
            dir,
            registers: ODD_REGISTERS,
        })
    }

    /// A pusher towards `dir` in registers 2 and 4.
    #[must_use]
    pub const fn pusher_even(dir: Dir) -> Tile {
        Tile::Pusher(PushPanel {
            dir,
            registers: EVEN_REGISTERS,
        })
    }

    /// Nothing may enter or cross it (a grandstand or a laser turret).
    #[must_use]
    pub const fn is_solid(self) -> bool {
        matches!(self, Tile::Grandstand { .. } | Tile::Turret(_))
    }

    /// A building space.
    #[must_use]
    pub const fn is_building(self) -> bool {
        matches!(self, Tile::Building { .. })
    }

    /// A space only bot-mode robots may enter on their own move (a moving
    /// walkway or a building).
    #[must_use]
    pub const fn bot_only(self) -> bool {
        matches!(self, Tile::Walkway(_) | Tile::Building { .. })
    }

    /// The direction whose facing earns the road bonus on this space.
    #[must_use]
    pub const fn road_arrow(self) -> Option<Dir> {
        match self {
            Tile::Road(d) => Some(d),
            Tile::Corner { head, .. } => Some(head),
            _ => None,
        }
    }

    /// The kind bits of this tile ([`kind`]).
    #[must_use]
    pub const fn kinds(self) -> u16 {
        match self {
            Tile::Walkway(_) => kind::WALKWAY,
            Tile::Pusher(_) => kind::PUSHER,
            Tile::FirePit => kind::FIRE_PIT,
            Tile::PitStop => kind::PIT_STOP,
            Tile::Road(_) | Tile::Corner { .. } => kind::ROAD,
            Tile::Building { .. } => kind::BUILDING,
            Tile::Ramp(_) => kind::RAMP,
            Tile::Oil => kind::OIL,
            Tile::Grandstand { .. } | Tile::Turret(_) => kind::SOLID,
            Tile::Floor | Tile::Start { .. } => 0,
        }
    }

    /// Every tile (each direction and variant once), for tests and legends.
    #[must_use]
    pub fn all() -> Vec<Tile> {
        let mut v = vec![
            Tile::Floor,
            Tile::Start { barred: false },
            Tile::Start { barred: true },
            Tile::Building { arrow: false },
            Tile::Building { arrow: true },
            Tile::FirePit,
            Tile::Oil,
            Tile::PitStop,
        ];
        for d in Dir::ALL {
            v.extend([
                Tile::Walkway(d),
                Tile::Road(d),
                Tile::Corner {
                    head: d,
                    turn: Turn::Left,
                },
                Tile::Corner {
                    head: d,
                    turn: Turn::Right,
                },
                Tile::Ramp(d),
                Tile::pusher_odd(d),
                Tile::pusher_even(d),
                Tile::Grandstand { front: d },
                Tile::Turret(d),
            ]);
        }
        v
    }
}

impl Elements for Tile {
    fn conveyor(&self) -> Option<Conveyor> {
        match self {
            Tile::Walkway(dir) => Some(Conveyor {
                speed: BeltSpeed::Normal,
                dir: *dir,
                curve_left: false,
                curve_right: false,
            }),
            _ => None,
        }
    }
    fn push_panel(&self) -> Option<PushPanel> {
        match self {
            Tile::Pusher(p) => Some(*p),
            _ => None,
        }
    }
    fn laser(&self) -> Option<LaserMount> {
        match self {
            Tile::Turret(dir) => Some(LaserMount {
                dir: *dir,
                beams: 1,
            }),
            _ => None,
        }
    }
}

/// Start spaces make the starting tile; robots stand anywhere but on
/// grandstands and turrets; checkpoints and tokens lie only on plain
/// ground, roads, pushers and pit stops (never on an obstacle, a walkway,
/// oil, a fire pit, a ramp or in a building: see docs/rulings.md).
impl CourseTile for Tile {
    fn is_start(&self) -> bool {
        matches!(self, Tile::Start { .. })
    }
    fn can_stand(&self) -> bool {
        !self.is_solid()
    }
    fn can_hold_marker(&self) -> bool {
        matches!(
            self,
            Tile::Floor | Tile::Road(_) | Tile::Corner { .. } | Tile::Pusher(_) | Tile::PitStop
        )
    }
}

impl Rotate for Tile {
    fn rotated_cw(&self, quarters: u8) -> Self {
        let r = |d: &Dir| d.rotated_cw(quarters);
        match self {
            Tile::Walkway(d) => Tile::Walkway(r(d)),
            Tile::Road(d) => Tile::Road(r(d)),
            Tile::Corner { head, turn } => Tile::Corner {
                head: r(head),
                turn: *turn,
            },
            Tile::Ramp(d) => Tile::Ramp(r(d)),
            Tile::Pusher(p) => Tile::Pusher(p.rotated_cw(quarters)),
            Tile::Grandstand { front } => Tile::Grandstand { front: r(front) },
            Tile::Turret(d) => Tile::Turret(r(d)),
            t => *t,
        }
    }
}

impl Glyph for Tile {
    const WIDTH: usize = 3;

    fn write_glyph(&self, out: &mut String) {
        let mut put = |a: char, b: char, c: char| {
            out.push(a);
            out.push(b);
            out.push(c);
        };
        match *self {
            Tile::Floor => put(' ', '.', ' '),
            Tile::Start { barred: false } => put(' ', 'S', ' '),
            Tile::Start { barred: true } => put(' ', 'X', ' '),
            Tile::Walkway(d) => put('w', d.arrow(), ' '),
            Tile::Road(d) => put('r', d.arrow(), ' '),
            Tile::Corner { head, turn } => put(
                'c',
                head.arrow(),
                if turn == Turn::Right { 'r' } else { 'l' },
            ),
            Tile::Building { arrow: false } => put('[', 'B', ']'),
            Tile::Building { arrow: true } => put('[', '@', ']'),
            Tile::Ramp(d) => put('J', d.arrow(), ' '),
            Tile::FirePit => put('~', '~', '~'),
            Tile::Pusher(p) => put(
                'p',
                p.dir.arrow(),
                if p.registers == EVEN_REGISTERS {
                    '2'
                } else {
                    '1'
                },
            ),
            Tile::Oil => put('o', 'i', 'l'),
            Tile::PitStop => put('(', 'P', ')'),
            Tile::Grandstand { front } => put('#', front.arrow(), '#'),
            Tile::Turret(d) => put('T', d.arrow(), ' '),
        }
    }

    fn parse_glyph(s: &str) -> Option<Self> {
        let mut c = s.chars();
        let (Some(a), Some(b), Some(k), None) = (c.next(), c.next(), c.next(), c.next()) else {
            return None;
        };
        let arrow = Dir::from_arrow(b);
        Some(match (a, b, k) {
            (' ', '.', ' ') => Tile::Floor,
            (' ', 'S', ' ') => Tile::Start { barred: false },
            (' ', 'X', ' ') => Tile::Start { barred: true },
            ('[', 'B', ']') => Tile::Building { arrow: false },
            ('[', '@', ']') => Tile::Building { arrow: true },
            ('~', '~', '~') => Tile::FirePit,
            ('o', 'i', 'l') => Tile::Oil,
            ('(', 'P', ')') => Tile::PitStop,
            ('w', _, ' ') => Tile::Walkway(arrow?),
            ('r', _, ' ') => Tile::Road(arrow?),
            ('c', _, 'l' | 'r') => Tile::Corner {
                head: arrow?,
                turn: if k == 'r' { Turn::Right } else { Turn::Left },
            },
            ('J', _, ' ') => Tile::Ramp(arrow?),
            ('p', _, '1' | '2') => Tile::Pusher(PushPanel {
                dir: arrow?,
                registers: if k == '2' {
                    EVEN_REGISTERS
                } else {
                    ODD_REGISTERS
                },
            }),
            ('#', _, '#') => Tile::Grandstand { front: arrow? },
            ('T', _, ' ') => Tile::Turret(arrow?),
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

/// The element's name, as the rulebook says it (for logs and legends).
impl Tile {
    /// The rulebook's name for the element on this tile.
    ///
    /// ```
    /// use variant_transformers::tiles::Tile;
    /// assert_eq!(Tile::FirePit.name(), "fire pit");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Tile::Floor => "open ground",
            Tile::Start { barred: false } => "start space",
            Tile::Start { barred: true } => "start space (red X)",
            Tile::Walkway(_) => "moving walkway",
            Tile::Road(_) => "straight road",
            Tile::Corner { .. } => "road corner",
            Tile::Building { arrow: false } => "building",
            Tile::Building { arrow: true } => "building (curved arrow)",
            Tile::Ramp(_) => "jump ramp",
            Tile::FirePit => "fire pit",
            Tile::Pusher(_) => "pusher",
            Tile::Oil => "oil slick",
            Tile::PitStop => "pit stop",
            Tile::Grandstand { .. } => "grandstand",
            Tile::Turret(_) => "laser turret",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::board::Board;
    use robo_core::geom::Pos;

    #[test]
    fn every_glyph_reads_back_as_its_tile() {
        let all = Tile::all();
        for &t in &all {
            let mut s = String::new();
            t.write_glyph(&mut s);
            assert_eq!(s.chars().count(), Tile::WIDTH, "{t:?}");
            assert!(s.chars().any(|c| c != ' '));
            assert_eq!(Tile::parse_glyph(&s), Some(t), "{s:?}");
        }
        let mut glyphs: Vec<String> = all.iter().map(Tile::to_string).collect();
        glyphs.sort();
        glyphs.dedup();
        assert_eq!(glyphs.len(), all.len(), "one glyph per tile");
        for bad in ["zz ", "w? ", "c>x", "p>3", "#>-", "", " .  "] {
            assert_eq!(Tile::parse_glyph(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn tiles_turn_with_the_board_and_corners_keep_their_sense() {
        assert_eq!(Tile::Road(Dir::N).rotated_cw(1), Tile::Road(Dir::E));
        assert_eq!(
            Tile::Corner {
                head: Dir::E,
                turn: Turn::Left
            }
            .rotated_cw(2),
            Tile::Corner {
                head: Dir::W,
                turn: Turn::Left
            }
        );
        assert_eq!(Tile::FirePit.rotated_cw(3), Tile::FirePit);
        for t in Tile::all() {
            assert_eq!(t.rotated_cw(4), t);
            assert_eq!(t.rotated_cw(1).rotated_cw(3), t);
            assert_eq!(t.rotated_cw(1).kinds(), t.kinds());
        }
        let b: Board<Tile> = Board::parse("+---+---+\n|w>  #^#|\n+---+---+\n").unwrap();
        let r = b.rotated_cw();
        assert_eq!(r.tile(Pos::new(0, 0)), Some(&Tile::Walkway(Dir::S)));
        assert_eq!(
            r.tile(Pos::new(0, 1)),
            Some(&Tile::Grandstand { front: Dir::E })
        );
    }

    #[test]
    fn shared_elements_and_course_answers() {
        assert!(Tile::Walkway(Dir::W).conveyor().is_some());
        assert_eq!(Tile::Turret(Dir::S).laser().map(|m| m.beams), Some(1));
        assert!(Tile::pusher_even(Dir::N)
            .push_panel()
            .is_some_and(|p| p.registers.contains(4)));
        assert!(!Tile::Grandstand { front: Dir::N }.can_stand());
        assert!(Tile::Building { arrow: false }.can_stand());
        assert!(!Tile::Oil.can_hold_marker());
        assert!(!Tile::Walkway(Dir::N).can_hold_marker());
        assert!(Tile::PitStop.can_hold_marker());
        assert!(Tile::Start { barred: true }.is_start());
    }
}
