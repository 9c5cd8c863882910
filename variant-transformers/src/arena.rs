//! The course as the engine plays on it: the assembled board plus core's
//! per-cell table (element kinds, exits, laser turret mounts, bridge
//! colours). Shared between clones, so cloning a
//! race never copies the course.

use crate::courses::Course;
use crate::tiles::{kind, Tile};
use robo_core::board::Board;
use robo_core::element::LaserMount;
use robo_core::geom::{Dir, Pos};
use robo_core::pipeline::Pipeline;
use robo_core::race::frame::Kinds;
use robo_core::race::table::{CellTable, FromCourse, SharedArena};
use serde::{Deserialize, Serialize};

/// One step of a register, in the rulebook's order (see [`register_pipeline`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RegisterStep {
    /// A) planning cards, from the Cosmos holder clockwise.
    Cards,
    /// B1) moving walkways carry robots one space.
    Walkways,
    /// B2) pushers of this register push.
    Pushers,
    /// B3) robots on space bridges may go through.
    Bridges,
    /// B4) fire pits burn the robots in them.
    FirePits,
    /// B5) laser turrets fire.
    Turrets,
    /// B6) robots on pit stops take their actions.
    PitStops,
    /// C) robot weapons, in priority order.
    Weapons,
    /// D) checkpoints, in priority order; a robot on its last one wins.
    Checkpoints,
    /// After D: robots that left the course come back.
    Returns,
}

/// The steps of one register: cards; walkways, pushers, space bridges,
/// fire pits, laser turrets, pit stops; robot weapons; checkpoints; then
/// robots that sat out the register come back.
///
/// ```
/// use variant_transformers::arena::{register_pipeline, RegisterStep};
/// let p = register_pipeline();
/// assert_eq!(p.get(0), Some(&RegisterStep::Cards));
/// assert_eq!(p.steps().last(), Some(&RegisterStep::Returns));
/// ```
#[must_use]
pub fn register_pipeline() -> Pipeline<RegisterStep> {
    Pipeline::new(STEPS.iter().map(|&(s, _)| s).collect())
}

/// The register's steps for the frame's loop. Each step looks for what it
/// acts on itself (a pusher of this register, a robot on a bridge, a robot
/// off the course), so none is passed over by kind here.
pub(crate) const STEPS: [(RegisterStep, Kinds); 10] = [
    (RegisterStep::Cards, 0),
    (RegisterStep::Walkways, 0),
    (RegisterStep::Pushers, 0),
    (RegisterStep::Bridges, 0),
    (RegisterStep::FirePits, 0),
    (RegisterStep::Turrets, 0),
    (RegisterStep::PitStops, 0),
    (RegisterStep::Weapons, 0),
    (RegisterStep::Checkpoints, 0),
    (RegisterStep::Returns, 0),
];

/// This edition's marks on a cell of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Marks {
    /// 0, or the colour of the space bridge on it.
    pub bridge: u8,
}

/// A course with the tables the engine reads every register.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arena {
    course: Course,
    table: CellTable<Tile, u16, Marks>,
    /// Floor cells with a side that leads to no floor, in row order.
    edges: Vec<Pos>,
    /// The kind bits of every cell together: the elements the course has.
    kinds: u16,
}

impl Arena {
    /// Builds the tables of a course.
    #[must_use]
    pub fn new(course: Course) -> Self {
        let board = course.board();
        let mut table: CellTable<Tile, u16, Marks> =
            CellTable::new(board, |t: &Tile| t.kinds(), |_| false);
        for b in &course.extras().bridges {
            if let Some(c) = table.cell_mut(b.at) {
                c.marks.bridge = b.colour.max(1);
                c.kinds |= kind::BRIDGE;
            }
        }
        let edges = board
            .cells()
            .map(|(p, _)| p)
            .filter(|&p| Dir::ALL.into_iter().any(|d| !board.contains(p.step(d))))
            .collect();
        let kinds = board
            .cells()
            .map(|(p, _)| table.kinds_at(p))
            .fold(0, |all, k| all | k);
        Arena {
            course,
            table,
            edges,
            kinds,
        }
    }

    /// The course.
    #[must_use]
    pub fn course(&self) -> &Course {
        &self.course
    }

    /// The assembled board.
    #[must_use]
    pub fn board(&self) -> &Board<Tile> {
        self.course.board()
    }

    /// The tile on `p`, `None` off the floor.
    #[inline]
    #[must_use]
    pub fn tile(&self, p: Pos) -> Option<Tile> {
        self.table.tile(p)
    }

    /// The kind bits of `p` ([`kind`]).
    #[inline]
    #[must_use]
    pub fn kinds_at(&self, p: Pos) -> u16 {
        self.table.kinds_at(p)
    }

    /// Does some cell of the course have an element of kind `k` ([`kind`])?
    /// A register's step for an element the course lacks has nothing to do.
    #[inline]
    #[must_use]
    pub fn has_kind(&self, k: u16) -> bool {
        self.kinds & k != 0
    }

    /// The per-cell table.
    #[must_use]
    pub fn table(&self) -> &CellTable<Tile, u16, Marks> {
        &self.table
    }

    /// Does a wall stop crossing from `from` towards `dir`?
    #[inline]
    #[must_use]
    pub fn wall(&self, from: Pos, dir: Dir) -> bool {
        !self.table.can_leave(self.board(), from, dir, false)
    }

    /// The colour of the space bridge on `p`.
    #[must_use]
    pub fn bridge(&self, p: Pos) -> Option<u8> {
        self.table
            .cell(p)
            .map(|c| c.marks.bridge)
            .filter(|&c| c > 0)
    }

    /// Laser turrets, in row order.
    #[must_use]
    pub fn turrets(&self) -> &[(Pos, LaserMount)] {
        self.table.mounts()
    }

    /// Floor cells at the edge of the course, in row order.
    #[must_use]
    pub fn edges(&self) -> &[Pos] {
        &self.edges
    }

    /// Does something besides a wall stop a shot crossing from `a` into the
    /// next cell `b`, for a shot fired from `from`, when `occupied(b)` says
    /// a robot stands on `b`? Grandstands and turrets always; an empty jump
    /// ramp or space bridge; a building entered from outside; leaving a
    /// building from any cell but the shooter's own.
    #[inline]
    #[must_use]
    pub fn blocks_fire(&self, from: Pos, a: Pos, b: Pos, occupied: bool) -> bool {
        let (ka, kb) = (self.kinds_at(a), self.kinds_at(b));
        if kb & kind::SOLID != 0 {
            return true;
        }
        if kb & (kind::RAMP | kind::BRIDGE) != 0 && !occupied {
            return true;
        }
        let (ina, inb) = (ka & kind::BUILDING != 0, kb & kind::BUILDING != 0);
        (inb && !ina) || (ina && !inb && a != from)
    }
}

impl FromCourse for Arena {
    type Course = Course;

    fn from_course(course: Course) -> Self {
        Arena::new(course)
    }

    fn course(&self) -> &Course {
        &self.course
    }
}

/// The arena a race shares between its clones.
pub(crate) type Shared = SharedArena<Arena>;
