//! A tiny demonstration edition for tests, docs and edition authors: a tile
//! type with the shared elements and a world implementing [`Arena`] and
//! [`GridWorld`]. Compiled for tests and with the `proptest` feature.
//!
//! Glyphs are two characters: `..` floor, `[]` pit, `F1`..`F9` flags,
//! belts as an arrow then `.` (normal), `=` (express), `l`/`r` (normal,
//! curved from the left/right side), `L`/`R` (express, curved), gears `G<`
//! (left) and `G>` (right), push panels `P` + arrow (registers 1/3/5) or
//! `Q` + arrow (2/4), lasers `Z` + arrow (one beam).

use crate::board::{Board, Glyph, Rotate};
use crate::element::{BeltSpeed, Conveyor, Elements, LaserMount, PushPanel, Registers};
use crate::event::GridEvent;
use crate::geom::{Dir, Pos, Turn};
use crate::ids::RobotId;
use crate::motion::{Arena, Cause, Entry, Stepped};
use crate::pipeline::{GridWorld, LaserHit, Robots};
use serde::{Deserialize, Serialize};

/// A tile of the toy edition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ToyTile {
    /// Floor.
    #[default]
    Floor,
    /// A pit.
    Pit,
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
            t => *t,
        }
    }
}

const ODD: Registers = Registers(0b10101);

impl Glyph for ToyTile {
    const WIDTH: usize = 2;
    fn write_glyph(&self, out: &mut String) {
        match self {
            ToyTile::Floor => out.push_str(".."),
            ToyTile::Pit => out.push_str("[]"),
            ToyTile::Flag(n) => {
                out.push('F');
                out.push(char::from(b'0' + n % 10));
            }
            ToyTile::Belt(c) => {
                out.push(c.dir.arrow());
                out.push(match (c.speed, c.curve_left, c.curve_right) {
                    (BeltSpeed::Normal, true, _) => 'l',
                    (BeltSpeed::Normal, _, true) => 'r',
                    (BeltSpeed::Normal, _, _) => '.',
                    (BeltSpeed::Express, true, _) => 'L',
                    (BeltSpeed::Express, _, true) => 'R',
                    (BeltSpeed::Express, _, _) => '=',
                });
            }
            ToyTile::Gear(t) => out.push_str(if *t == Turn::Right { "G>" } else { "G<" }),
            ToyTile::Pusher(p) => {
                out.push(if p.registers == ODD { 'P' } else { 'Q' });
                out.push(p.dir.arrow());
            }
            ToyTile::Laser(d) => {
                out.push('Z');
                out.push(d.arrow());
            }
        }
    }
    fn parse_glyph(s: &str) -> Option<Self> {
        let mut it = s.chars();
        let (a, b) = (it.next()?, it.next()?);
        Some(match (a, b) {
            ('.', '.') => ToyTile::Floor,
            ('[', ']') => ToyTile::Pit,
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

/// A toy robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ToyRobot {
    /// Where it stands; `None` once it fell.
    pub pos: Option<Pos>,
    /// Its facing.
    pub facing: Dir,
    /// Laser hits taken.
    pub hits: u8,
}

/// A board and robots; falls into pits and off the floor remove robots.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToyWorld {
    /// The board.
    pub board: Board<ToyTile>,
    /// Robots by id.
    pub robots: Vec<ToyRobot>,
    /// What happened.
    pub log: Vec<GridEvent>,
    /// Open edges stop robots like walls (as 2023's less deadly game).
    #[serde(default)]
    pub edge_walls: bool,
}

impl ToyWorld {
    /// A world on a parsed board with robots at `(x, y, facing)`.
    ///
    /// # Errors
    /// The board's parse error.
    pub fn new(board: &str, robots: &[(i16, i16, Dir)]) -> Result<Self, crate::board::ParseError> {
        Ok(ToyWorld {
            board: Board::parse(board)?,
            robots: robots
                .iter()
                .map(|&(x, y, facing)| ToyRobot {
                    pos: Some(Pos::new(x, y)),
                    facing,
                    hits: 0,
                })
                .collect(),
            log: Vec::new(),
            edge_walls: false,
        })
    }

    /// Where robot `i` stands.
    #[must_use]
    pub fn pos(&self, i: u8) -> Option<Pos> {
        self.robots.get(i as usize).and_then(|r| r.pos)
    }

    /// Robot `i`'s facing.
    #[must_use]
    pub fn facing_of(&self, i: u8) -> Option<Dir> {
        self.robots.get(i as usize).map(|r| r.facing)
    }
}

impl Arena for ToyWorld {
    fn robot_at(&self, pos: Pos) -> Option<RobotId> {
        self.robots
            .iter()
            .position(|r| r.pos == Some(pos))
            .map(|i| RobotId(i as u8))
    }
    fn robot_pos(&self, robot: RobotId) -> Option<Pos> {
        self.robots.get(robot.index()).and_then(|r| r.pos)
    }
    fn set_robot_pos(&mut self, robot: RobotId, pos: Pos) {
        if let Some(r) = self.robots.get_mut(robot.index()) {
            r.pos = Some(pos);
        }
    }
    fn can_leave(&self, _robot: RobotId, from: Pos, dir: Dir) -> bool {
        !self.board.blocks(from, dir) && (!self.edge_walls || self.board.contains(from.step(dir)))
    }
    fn entered(&mut self, s: &Stepped) -> Entry {
        self.log.push(GridEvent::from(s));
        match self.board.tile(s.to) {
            Some(ToyTile::Pit) | None => {
                if let Some(r) = self.robots.get_mut(s.robot.index()) {
                    r.pos = None;
                }
                self.log.push(GridEvent::Removed {
                    robot: s.robot,
                    at: s.to,
                });
                Entry::Removed
            }
            _ => Entry::Continue,
        }
    }
}

impl GridWorld for ToyWorld {
    type Tile = ToyTile;
    fn board(&self) -> &Board<ToyTile> {
        &self.board
    }
    fn robots_on_grid(&self) -> Robots {
        (0..self.robots.len() as u8)
            .map(RobotId)
            .filter(|r| self.robot_pos(*r).is_some())
            .collect()
    }
    fn facing(&self, robot: RobotId) -> Option<Dir> {
        self.robots.get(robot.index()).map(|r| r.facing)
    }
    fn turn_robot(&mut self, robot: RobotId, turn: Turn, cause: Cause) {
        if let Some(r) = self.robots.get_mut(robot.index()) {
            r.facing = r.facing.turn(turn);
            self.log.push(GridEvent::Turned {
                robot,
                turn,
                facing: r.facing,
                cause,
            });
        }
    }
    fn element_active(&self, pos: Pos) -> bool {
        // Flags switch off what is under them (there is nothing under a toy flag).
        !matches!(self.board.tile(pos), Some(ToyTile::Flag(_)))
    }
    fn laser_hit(&mut self, hit: LaserHit) {
        if let Some(r) = self.robots.get_mut(hit.robot.index()) {
            r.hits = r.hits.saturating_add(hit.beams);
        }
        self.log.push(GridEvent::BoardLaser(hit));
    }
}

pub mod race;
