//! The toy edition's tiles and their two-character glyphs.

use crate::board::{Glyph, Rotate};
use crate::element::{BeltSpeed, Conveyor, Elements, LaserMount, PushPanel, Registers};
use crate::geom::{Dir, Turn};
use crate::race::course::CourseTile;
use serde::{Deserialize, Serialize};

/// A tile of the toy edition.
///
/// The last six stand for the elements other editions will bring, each
/// with the motion primitive it needs (their rules are in
/// [`super::ToyWorld`]'s `Arena` impl and [`super::moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ToyTile {
    /// Floor.
    #[default]
    Floor,
    /// A pit.
    Pit,
    /// A start space.
    Start,
    /// A numbered flag.
    Flag(u8),
    /// A belt.
    Belt(Conveyor),
    /// A gear.
    Gear(Turn),
    /// A push panel.
    Pusher(PushPanel),
    /// A one-beam laser.
    Laser(Dir),
    /// A road corner: a robot entering it on its own move may turn to face
    /// the arrow and go on that way (a mid-move choice).
    Corner(Dir),
    /// A jump ramp, entered only along its arrow: a robot entering it on
    /// its own move jumps on as many cells as it took to reach it.
    Ramp(Dir),
    /// Water: leaving it costs a robot's own move one step more.
    Water,
    /// Oil: a robot whose movement ends on it slides on; a move started on
    /// it loses its first step.
    Oil,
    /// A fire pit: a robot entering it on its own move stops there (the
    /// rest of the move is lost); a pushed one goes on.
    Fire,
    /// A block (a grandstand): no robot enters it, lands on it or sees
    /// through it.
    Block,
}

impl Elements for ToyTile {
    fn conveyor(&self) -> Option<Conveyor> {
        match self {
            ToyTile::Belt(c) => Some(*c),
            _ => None,
        }
    }
    fn push_panel(&self) -> Option<PushPanel> {
        match self {
            ToyTile::Pusher(p) => Some(*p),
            _ => None,
        }
    }
    fn gear(&self) -> Option<Turn> {
        match self {
            ToyTile::Gear(t) => Some(*t),
            _ => None,
        }
    }
    fn laser(&self) -> Option<LaserMount> {
        match self {
            ToyTile::Laser(d) => Some(LaserMount { dir: *d, beams: 1 }),
            _ => None,
        }
    }
}

impl Rotate for ToyTile {
    fn rotated_cw(&self, q: u8) -> Self {
        match self {
            ToyTile::Belt(c) => ToyTile::Belt(c.rotated_cw(q)),
            ToyTile::Pusher(p) => ToyTile::Pusher(p.rotated_cw(q)),
            ToyTile::Laser(d) => ToyTile::Laser(d.rotated_cw(q)),
            ToyTile::Corner(d) => ToyTile::Corner(d.rotated_cw(q)),
            ToyTile::Ramp(d) => ToyTile::Ramp(d.rotated_cw(q)),
            t => *t,
        }
    }
}

impl CourseTile for ToyTile {
    fn is_start(&self) -> bool {
        *self == ToyTile::Start
    }
    fn can_stand(&self) -> bool {
        !matches!(self, ToyTile::Pit | ToyTile::Block)
    }
}

const ODD: Registers = Registers(0b10101);

impl Glyph for ToyTile {
    const WIDTH: usize = 2;
    fn write_glyph(&self, out: &mut String) {
        let (a, b) = match self {
            ToyTile::Floor => ('.', '.'),
            ToyTile::Pit => ('[', ']'),
            ToyTile::Start => ('S', '.'),
            ToyTile::Flag(n) => ('F', char::from(b'0' + n % 10)),
            ToyTile::Belt(c) => (
                c.dir.arrow(),
                match (c.speed, c.curve_left, c.curve_right) {
                    (BeltSpeed::Normal, true, _) => 'l',
                    (BeltSpeed::Normal, _, true) => 'r',
                    (BeltSpeed::Normal, _, _) => '.',
                    (BeltSpeed::Express, true, _) => 'L',
                    (BeltSpeed::Express, _, true) => 'R',
                    (BeltSpeed::Express, _, _) => '=',
                },
            ),
            ToyTile::Gear(t) => ('G', if *t == Turn::Right { '>' } else { '<' }),
            ToyTile::Pusher(p) => (if p.registers == ODD { 'P' } else { 'Q' }, p.dir.arrow()),
            ToyTile::Laser(d) => ('Z', d.arrow()),
            ToyTile::Corner(d) => ('C', d.arrow()),
            ToyTile::Ramp(d) => ('J', d.arrow()),
            ToyTile::Water => ('~', '~'),
            ToyTile::Oil => ('%', '%'),
            ToyTile::Fire => ('*', '*'),
            ToyTile::Block => ('#', '#'),
        };
        out.push(a);
        out.push(b);
    }
    fn parse_glyph(s: &str) -> Option<Self> {
        let mut it = s.chars();
        let (a, b) = (it.next()?, it.next()?);
        Some(match (a, b) {
            ('.', '.') => ToyTile::Floor,
            ('[', ']') => ToyTile::Pit,
            ('S', '.') => ToyTile::Start,
            ('~', '~') => ToyTile::Water,
            ('%', '%') => ToyTile::Oil,
            ('*', '*') => ToyTile::Fire,
            ('#', '#') => ToyTile::Block,
            ('F', '0'..='9') => ToyTile::Flag(b as u8 - b'0'),
            ('G', '<') => ToyTile::Gear(Turn::Left),
            ('G', '>') => ToyTile::Gear(Turn::Right),
            ('P', d) => ToyTile::Pusher(PushPanel {
                dir: Dir::from_arrow(d)?,
                registers: ODD,
            }),
            ('Q', d) => ToyTile::Pusher(PushPanel {
                dir: Dir::from_arrow(d)?,
                registers: Registers(0b01010),
            }),
            ('Z', d) => ToyTile::Laser(Dir::from_arrow(d)?),
            ('C', d) => ToyTile::Corner(Dir::from_arrow(d)?),
            ('J', d) => ToyTile::Ramp(Dir::from_arrow(d)?),
            (d, k) => {
                let dir = Dir::from_arrow(d)?;
                let (speed, curve_left, curve_right) = match k {
                    '.' => (BeltSpeed::Normal, false, false),
                    'l' => (BeltSpeed::Normal, true, false),
                    'r' => (BeltSpeed::Normal, false, true),
                    '=' => (BeltSpeed::Express, false, false),
                    'L' => (BeltSpeed::Express, true, false),
                    'R' => (BeltSpeed::Express, false, true),
                    _ => return None,
                };
                ToyTile::Belt(Conveyor {
                    speed,
                    dir,
                    curve_left,
                    curve_right,
                })
            }
        })
    }
}
