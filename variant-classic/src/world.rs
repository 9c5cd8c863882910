//! The robots on the course: where each stands, what entering a cell does
//! to it, and the harm the grid does (laser hits, destruction) waiting for
//! the game to count it.

use crate::courses::Course;
use crate::tiles::Tile;
use robo_core::board::Board;
use robo_core::element::LaserMount;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::ids::RobotId;
use robo_core::motion::{Arena, Cause, Entry, Stepped};
use robo_core::pipeline::{GridWorld, LaserHit, Robots};
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
    table: CellTable<Tile, u8, ()>,
}

impl FromCourse for Tables {
    type Course = Course;
    fn from_course(course: Course) -> Self {
        let table = CellTable::new(course.board(), |_| 0, |_| false);
        Tables { course, table }
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
        }
    }

    /// The course.
    #[must_use]
    pub fn course(&self) -> &Course {
        &self.arena.0.course
    }

    /// The cell table of the course.
    #[must_use]
    pub fn table(&self) -> &CellTable<Tile, u8, ()> {
        &self.arena.0.table
    }

    /// The robots.
    #[must_use]
    pub fn bodies(&self) -> &Bodies<Extra> {
        &self.bodies
    }

    /// The tile under `pos` (`None` off the floor).
    #[must_use]
    pub fn tile(&self, pos: Pos) -> Option<Tile> {
        self.table().tile(pos)
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

    /// Puts robot `r` on `pos` facing `facing`, virtual or not.
    pub fn place(&mut self, r: RobotId, pos: Pos, facing: Dir, ghost: bool) {
        self.bodies.set(
            r,
            Body {
                pos,
                facing,
                on_board: true,
                extra: Extra { ghost },
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

    /// Virtual robots standing alone become real; returns them.
    pub fn settle_ghosts(&mut self) -> SmallVec<[RobotId; 8]> {
        let mut real = SmallVec::new();
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
                        extra: Extra { ghost: false },
                        ..b
                    },
                );
                real.push(r);
            }
        }
        real
    }
}

impl Arena for World {
    fn robot_at(&self, pos: Pos) -> Option<RobotId> {
        self.bodies
            .placed()
            .find(|(_, b)| b.pos == pos && !b.extra.ghost)
            .map(|(r, _)| r)
    }
    fn blocker(&self, pos: Pos, mover: RobotId) -> Option<RobotId> {
        if self.is_ghost(mover) {
            return None;
        }
        self.robot_at(pos).filter(|&r| r != mover)
    }
    fn meets(&self, a: RobotId, b: RobotId) -> bool {
        !self.is_ghost(a) && !self.is_ghost(b)
    }
    fn robot_pos(&self, robot: RobotId) -> Option<Pos> {
        self.bodies.on_board(robot).map(|b| b.pos)
    }
    fn set_robot_pos(&mut self, robot: RobotId, pos: Pos) {
        self.bodies.set_pos(robot, pos);
    }
    fn can_leave(&self, _robot: RobotId, from: Pos, dir: Dir) -> bool {
        self.table()
            .can_leave(self.course().board(), from, dir, false)
    }
    fn entered(&mut self, s: &Stepped) -> Entry {
        self.log.push(GridEvent::from(s));
        let doom = match self.tile(s.to) {
            None => Doom::Edge,
            Some(Tile::Pit) => Doom::Pit,
            Some(Tile::Drain) => Doom::Drain,
            Some(t @ Tile::TrapDoor(_)) if t.swallows(self.register) => Doom::TrapDoor,
            Some(Tile::Flamer(regs))
                if self.register > 0
                    && regs.contains(self.register)
                    && matches!(s.cause, Cause::Move | Cause::Push { by: Some(_) }) =>
            {
                self.harm.push(Harm::Damage(s.robot, 1));
                return Entry::Continue;
            }
            Some(_) => return Entry::Continue,
        };
        self.bodies.remove(s.robot);
        self.log.push(GridEvent::Removed {
            robot: s.robot,
            at: s.to,
        });
        self.harm.push(Harm::Destroyed(s.robot, doom));
        Entry::Removed
    }
}

impl GridWorld for World {
    type Tile = Tile;
    fn board(&self) -> &Board<Tile> {
        self.course().board()
    }
    fn robots_on_grid(&self) -> Robots {
        self.bodies.placed().map(|(r, _)| r).collect()
    }
    fn facing(&self, robot: RobotId) -> Option<Dir> {
        self.bodies.get(robot).map(|b| b.facing)
    }
    fn turn_robot(&mut self, robot: RobotId, turn: Turn, cause: Cause) {
        if let Some(facing) = self.bodies.turn(robot, turn) {
            self.log.push(GridEvent::Turned {
                robot,
                turn,
                facing,
                cause,
            });
        }
    }
    fn laser_mounts(&self) -> Option<&[(Pos, LaserMount)]> {
        Some(self.table().mounts())
    }
    fn laser_hit(&mut self, hit: LaserHit) {
        self.log.push(GridEvent::BoardLaser(hit));
        self.harm.push(Harm::Damage(hit.robot, hit.beams));
    }
}
