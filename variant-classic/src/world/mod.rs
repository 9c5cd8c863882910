//! The robots on the course: where each stands, what entering a cell does
//! to it, and the harm the grid does (laser hits, destruction) waiting for
//! the game to count it.

mod arena;
mod lasers;
mod moves;

pub use arena::LEDGE_DAMAGE;
pub use moves::{TELEPORT_BACK, TELEPORT_EXTRA};

use crate::courses::Course;
use crate::tiles::{Cell, Tile};
use robo_core::board::Board;
use robo_core::element::{BeltSpeed, Conveyor};
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::RobotId;
use robo_core::race::body::{Bodies, Body};
use robo_core::race::table::{CellTable, FromCourse, SharedArena};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// A classic robot's own state beside its cell and facing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Extra {
    /// A virtual robot (it re-entered on an occupied archive cell): it
    /// neither blocks, pushes nor is hit until it stands alone.
    #[serde(default)]
    pub ghost: bool,
    /// A flying robot: it meets only other flying robots (it neither
    /// pushes nor is pushed by robots on the floor, and passes over
    /// them), and pits, drains and open trap doors do not take it. The
    /// game without options never sets it: it is the hook the flying
    /// options use.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flying: bool,
}

/// How a robot was destroyed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicDoom")
)]
pub enum Doom {
    /// It entered a pit.
    Pit,
    /// It entered a drain.
    Drain,
    /// It fell through an open trap door.
    TrapDoor,
    /// A crusher crushed it.
    Crusher,
    /// It left the floor.
    Edge,
    /// Its tenth damage token.
    Damage,
}

/// Harm the grid did, for the game to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Harm {
    /// Damage tokens.
    Damage(RobotId, u8),
    /// Destroyed at once.
    Destroyed(RobotId, Doom),
}

/// The course's tables, shared by every clone of a game.
#[derive(Debug)]
pub struct Tables {
    course: Course,
    table: CellTable<Cell, u8, ()>,
    /// The course with its currents as belts and nothing else: the
    /// currents' pass reads it.
    currents: Board<Cell>,
    /// Every portal's cell and its partner's (the other portal of its
    /// colour), if it has one.
    portals: Vec<(Pos, Pos)>,
    /// The course has an upper level or a repulsor field: something
    /// besides walls that stops a shot.
    sight_blockers: bool,
}

impl FromCourse for Tables {
    type Course = Course;
    fn from_course(course: Course) -> Self {
        let board = course.board();
        let table = CellTable::new(board, |_| 0, |_| false);
        let currents = board.map(|c| Cell {
            tile: match c.tile {
                Tile::Current(dir) => Tile::Belt(Conveyor {
                    speed: BeltSpeed::Normal,
                    dir,
                    curve_left: false,
                    curve_right: false,
                }),
                _ => Tile::Floor,
            },
            level: c.level,
            ..Cell::default()
        });
        let portal = |p: Pos| match board.tile(p).map(|c| c.tile) {
            Some(Tile::Portal(n)) => Some(n),
            _ => None,
        };
        let cells: Vec<(Pos, u8)> = board
            .cells()
            .filter_map(|(p, _)| portal(p).map(|n| (p, n)))
            .collect();
        let portals = cells
            .iter()
            .filter_map(|&(p, n)| {
                let mut same = cells.iter().filter(|&&(q, m)| m == n && q != p);
                match (same.next(), same.next()) {
                    (Some(&(q, _)), None) => Some((p, q)),
                    _ => None,
                }
            })
            .collect();
        let sight_blockers = board
            .cells()
            .any(|(_, c)| c.level > 0 || matches!(c.tile, Tile::Repulsor(_)));
        Tables {
            course,
            table,
            currents,
            portals,
            sight_blockers,
        }
    }
    fn course(&self) -> &Course {
        &self.course
    }
}

/// The robots on a course.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct World {
    /// The course and its tables.
    arena: SharedArena<Tables>,
    /// The robots, by seat.
    pub(crate) bodies: Bodies<Extra>,
    /// Grid events not yet reported.
    #[serde(skip)]
    pub(crate) log: Vec<GridEvent>,
    /// Harm not yet counted.
    #[serde(skip)]
    pub(crate) harm: SmallVec<[Harm; 8]>,
    /// The register being resolved (0 between registers): trap doors and
    /// flamers act only in theirs.
    #[serde(default)]
    pub(crate) register: u8,
    /// Where the flags are now, in order (belts, currents and pushers move
    /// them); empty: where the course puts them.
    #[serde(default)]
    pub(crate) flags: SmallVec<[Pos; 8]>,
    /// Flags moved and not yet reported: flag (from 1) and its new cell.
    #[serde(skip)]
    pub(crate) flag_log: SmallVec<[(u8, Pos); 4]>,
    /// The currents' pass is running: the conveyors are the currents.
    #[serde(skip)]
    pub(crate) flowing: bool,
    /// Which mount hit which robot at this register's board lasers.
    #[serde(default)]
    pub(crate) beamed: SmallVec<[(Pos, RobotId); 8]>,
}

impl World {
    /// A world on `course` with `robots` robots, none placed yet.
    #[must_use]
    pub fn new(course: Course, robots: usize) -> Self {
        let facing = course.start_facing();
        World {
            arena: SharedArena::new(Tables::from_course(course)),
            bodies: Bodies::new((0..robots).map(|_| Body::new(Pos::default(), facing, false))),
            log: Vec::new(),
            harm: SmallVec::new(),
            register: 0,
            flags: SmallVec::new(),
            flag_log: SmallVec::new(),
            flowing: false,
            beamed: SmallVec::new(),
        }
    }

    /// The course.
    #[must_use]
    pub fn course(&self) -> &Course {
        &self.arena.0.course
    }

    /// The cell table of the course.
    #[must_use]
    pub fn table(&self) -> &CellTable<Cell, u8, ()> {
        &self.arena.0.table
    }

    /// The other portal of the colour of the portal on `pos`, if any.
    #[must_use]
    pub fn portal_partner(&self, pos: Pos) -> Option<Pos> {
        self.arena
            .0
            .portals
            .iter()
            .find(|&&(p, _)| p == pos)
            .map(|&(_, q)| q)
    }

    /// Does something besides a wall stop a shot crossing from `from`
    /// towards `dir` (a change of level, a repulsor field)?
    #[must_use]
    pub fn blocks_shot(&self, from: Pos, dir: Dir) -> bool {
        self.arena.0.sight_blockers && crate::tiles::blocks_sight(self.course().board(), from, dir)
    }

    /// The level of the floor on `pos` (0 off the floor).
    #[must_use]
    pub fn level(&self, pos: Pos) -> u8 {
        self.table().tile(pos).map_or(0, |c| c.level)
    }

    /// Where flag `k` (from 1) stands now.
    #[must_use]
    pub fn flag(&self, k: u8) -> Option<Pos> {
        let i = usize::from(k.checked_sub(1)?);
        self.flags
            .get(i)
            .or_else(|| self.course().checkpoints().get(i))
            .copied()
    }

    /// The flag (from 1) standing on `pos`, if any.
    #[must_use]
    pub fn flag_at(&self, pos: Pos) -> Option<u8> {
        let n = self.course().checkpoints().len() as u8;
        (1..=n).find(|&k| self.flag(k) == Some(pos))
    }

    /// Every flag's cell, in order.
    pub fn flags(&self) -> impl Iterator<Item = Pos> + '_ {
        let n = self.course().checkpoints().len() as u8;
        (1..=n).filter_map(|k| self.flag(k))
    }

    /// The robots.
    #[must_use]
    pub fn bodies(&self) -> &Bodies<Extra> {
        &self.bodies
    }

    /// The tile under `pos` (`None` off the floor).
    #[must_use]
    pub fn tile(&self, pos: Pos) -> Option<Tile> {
        self.table().tile(pos).map(|c| c.tile)
    }

    /// Where robot `r` stands and faces, if on the board.
    #[must_use]
    pub fn at(&self, r: RobotId) -> Option<(Pos, Dir)> {
        self.bodies.on_board(r).map(|b| (b.pos, b.facing))
    }

    /// Is robot `r` virtual?
    #[must_use]
    pub fn is_ghost(&self, r: RobotId) -> bool {
        self.bodies.get(r).is_some_and(|b| b.extra.ghost)
    }

    /// Is robot `r` flying?
    #[must_use]
    pub fn is_flying(&self, r: RobotId) -> bool {
        self.bodies.get(r).is_some_and(|b| b.extra.flying)
    }

    /// Robot `r` takes off (`true`) or lands.
    pub fn set_flying(&mut self, r: RobotId, flying: bool) {
        if let Some(b) = self.bodies.get(r).copied() {
            let extra = Extra { flying, ..b.extra };
            self.bodies.set(r, Body { extra, ..b });
        }
    }

    /// Puts robot `r` on `pos` facing `facing`, virtual or not (flying as
    /// it was).
    pub fn place(&mut self, r: RobotId, pos: Pos, facing: Dir, ghost: bool) {
        let flying = self.is_flying(r);
        self.bodies.set(
            r,
            Body {
                pos,
                facing,
                on_board: true,
                extra: Extra { ghost, flying },
            },
        );
        self.log.push(GridEvent::Placed {
            robot: r,
            at: pos,
            facing,
        });
    }

    /// Takes robot `r` off the board.
    pub fn remove(&mut self, r: RobotId) {
        if let Some(at) = self.bodies.pos(r) {
            if self.bodies.on_board(r).is_some() {
                self.log.push(GridEvent::Removed { robot: r, at });
            }
        }
        self.bodies.remove(r);
    }

    /// The robots standing on a tile `hit` picks (virtual ones left out),
    /// in seat order.
    pub fn standing_on(&self, hit: impl Fn(Tile) -> bool) -> SmallVec<[RobotId; 8]> {
        self.bodies
            .placed()
            .filter(|(_, b)| !b.extra.ghost && self.tile(b.pos).is_some_and(&hit))
            .map(|(r, _)| r)
            .collect()
    }

    /// The real robots standing on a cell `hit` picks, in seat order.
    pub fn standing_on_cell(&self, hit: impl Fn(&Cell) -> bool) -> SmallVec<[RobotId; 8]> {
        self.bodies
            .placed()
            .filter(|(_, b)| !b.extra.ghost && self.table().tile(b.pos).is_some_and(|c| hit(&c)))
            .map(|(r, _)| r)
            .collect()
    }

    /// Virtual robots standing alone become real; returns them.
    pub fn settle_ghosts(&mut self) -> SmallVec<[RobotId; 8]> {
        let mut real = SmallVec::new();
        if !self.bodies.iter().any(|b| b.on_board && b.extra.ghost) {
            return real;
        }
        for i in 0..self.bodies.len() {
            let r = RobotId(i as u8);
            let Some(b) = self.bodies.on_board(r).copied() else {
                continue;
            };
            let alone = !self
                .bodies
                .placed()
                .any(|(o, ob)| o != r && ob.pos == b.pos);
            if b.extra.ghost && alone {
                self.bodies.set(
                    r,
                    Body {
                        extra: Extra {
                            ghost: false,
                            ..b.extra
                        },
                        ..b
                    },
                );
                real.push(r);
            }
        }
        real
    }
}

#[cfg(test)]
mod tests;
