//! Jumps: a robot goes over the cells in its way to a landing cell,
//! ignoring walls, robots and elements between (classic teleporters and
//! flights, Transformers jump ramps and jump jets).

use super::drive::entry_end;
use super::{Arena, Cause, MoveEnd, MoveOutcome, Stepped};
use crate::geom::Dir;
use crate::ids::RobotId;
use serde::{Deserialize, Serialize};

/// What a jump does when its landing cell is one the robot may not end on
/// ([`Arena::can_land`]: another robot, a building, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Landing {
    /// No jump at all: the robot stays (a classic teleporter does not fire
    /// when its landing cell is occupied).
    Exact,
    /// The robot flies on, one cell at a time, to the first cell it may
    /// land on (a Transformers jump ramp; off the board is such a cell).
    Onward,
}

/// A request to jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Jump {
    /// Who jumps.
    pub robot: RobotId,
    /// Which way.
    pub dir: Dir,
    /// How far the landing cell is.
    pub cells: u8,
    /// What an illegal landing cell does.
    pub landing: Landing,
    /// How the robot is reported entering the landing cell.
    pub cause: Cause,
}

impl Jump {
    /// A robot's own jump of `cells` towards `dir` that does not happen
    /// when the landing cell is illegal.
    #[must_use]
    pub const fn new(robot: RobotId, dir: Dir, cells: u8) -> Self {
        Jump {
            robot,
            dir,
            cells,
            landing: Landing::Exact,
            cause: Cause::Move,
        }
    }

    /// The same jump, flying on past illegal landing cells.
    #[must_use]
    pub const fn onward(mut self) -> Self {
        self.landing = Landing::Onward;
        self
    }

    /// The same jump, reported with another cause.
    #[must_use]
    pub const fn with_cause(mut self, cause: Cause) -> Self {
        self.cause = cause;
        self
    }
}

/// Jumps a robot over everything between it and its landing cell, then
/// applies the landing cell's entry effects (one [`Stepped`] from the start
/// to the landing, `step` 1 and `last`). Nothing is pushed. The outcome's
/// `steps` is the distance flown; its end is `Obstructed` when no legal
/// landing cell was found (an [`Landing::Exact`] jump, or an onward one
/// that met nothing but illegal cells for 255 cells), and otherwise what
/// the landing's [`super::Entry`] says (`Done` when it goes on).
///
/// ```
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::motion::{jump, Arena, Entry, Jump, MoveEnd, Stepped};
/// use robo_core::RobotId;
///
/// // Robot 0 at x = 0, robot 1 at x = 3, a wall between x = 1 and 2.
/// struct Line([i16; 2]);
/// impl Arena for Line {
///     fn robot_at(&self, p: Pos) -> Option<RobotId> {
///         self.0.iter().position(|x| p == Pos::new(*x, 0)).map(|i| RobotId(i as u8))
///     }
///     fn robot_pos(&self, r: RobotId) -> Option<Pos> { Some(Pos::new(self.0[r.index()], 0)) }
///     fn set_robot_pos(&mut self, r: RobotId, p: Pos) { self.0[r.index()] = p.x; }
///     fn can_leave(&self, _: RobotId, from: Pos, _: Dir) -> bool { from.x != 1 }
///     fn entered(&mut self, _: &Stepped) -> Entry { Entry::Continue }
/// }
/// let mut w = Line([0, 3]);
/// // A teleporter's jump of 3 would land on robot 1: it does not happen.
/// let out = jump(&mut w, Jump::new(RobotId(0), Dir::E, 3));
/// assert_eq!((w.0, out.end), ([0, 3], Some(MoveEnd::Obstructed)));
/// // A ramp's jump flies on to the next free cell, over the wall.
/// let out = jump(&mut w, Jump::new(RobotId(0), Dir::E, 3).onward());
/// assert_eq!((w.0, out.steps, out.end), ([4, 3], 4, Some(MoveEnd::Done)));
/// ```
pub fn jump<A: Arena + ?Sized>(arena: &mut A, j: Jump) -> MoveOutcome {
    let mut out = MoveOutcome::default();
    if j.cells == 0 {
        return out;
    }
    let Some(from) = arena.robot_pos(j.robot) else {
        out.end = Some(MoveEnd::Removed);
        return out;
    };
    let mut cells = j.cells;
    while !arena.can_land(j.robot, from.offset(j.dir, i16::from(cells))) {
        if j.landing == Landing::Exact || cells == u8::MAX {
            out.end = Some(MoveEnd::Obstructed);
            return out;
        }
        cells += 1;
    }
    let to = from.offset(j.dir, i16::from(cells));
    arena.set_robot_pos(j.robot, to);
    out.steps = cells;
    let s = Stepped {
        robot: j.robot,
        from,
        to,
        dir: j.dir,
        cause: j.cause,
        mover: j.robot,
        step: 1,
        last: true,
    };
    out.end = Some(entry_end(arena.entered(&s)).unwrap_or(MoveEnd::Done));
    out
}
