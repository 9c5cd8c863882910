//! The robots on the course: where each stands, what entering a cell does
//! to it, and the harm the grid does (laser hits, destruction) waiting for
//! the game to count it.

mod aim;
mod arena;
mod bridges;
mod devices;
mod flags;
mod flight;
pub mod kind;
mod lasers;
mod moves;
mod robots;
mod standing;
mod tables;

pub use crate::pieces::Doom;
pub use arena::LEDGE_DAMAGE;
pub use moves::{Rammed, TELEPORT_BACK, TELEPORT_EXTRA};
pub use tables::{Elements, Tables};

use crate::courses::Course;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::RobotId;
use robo_core::race::body::{Bodies, Body};
use robo_core::race::table::{FromCourse, SharedArena};
use robo_core::transient::Transient;
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
    /// Caught in goo: the squares it must still try to move before it
    /// may leave the goo's cell (0: free).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub goo: u8,
}

/// Serde's test for a field left out.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Harm the grid did, for the game to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Harm {
    /// Damage tokens.
    Damage(RobotId, u8),
    /// Destroyed at once.
    Destroyed(RobotId, Doom),
    /// Damage tokens from a shot travelling `dir`, for a robot whose
    /// Shield, Reflector or Power Down Shield is in play: the game sees
    /// which side it comes from. `by`: the robot whose laser it is (a
    /// Reflector sends it back), `None` for a board laser or a shell.
    Shot {
        /// The robot hit.
        robot: RobotId,
        /// Damage tokens.
        tokens: u8,
        /// Where the shot travels.
        dir: Dir,
        /// The robot whose laser it is.
        by: Option<RobotId>,
    },
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
    pub(crate) log: GridLog,
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
    /// What the last scans found: no virtual robot on the board; the
    /// robots' generation when the board lasers last fired. Forgotten by a
    /// clone or a save.
    #[serde(skip)]
    pub(crate) memo: Transient<Memos>,
    /// Robots (a bit per seat) whose Shield or Reflector is in play this
    /// turn: their hits come as [`Harm::Shot`].
    #[serde(default)]
    pub(crate) guarded: u8,
    /// Robots (a bit per seat) whose Gyroscopic Stabilizer is on this
    /// turn: gears and turning belts do not turn them.
    #[serde(default)]
    pub(crate) steady: u8,
    /// The High-Flying rule (see [`World::high_flying`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) high_flying: bool,
    /// The devices on the board, in the order they were laid.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) devices: Vec<crate::pieces::Device>,
    /// The number the next device laid gets.
    #[serde(default)]
    pub(crate) next_device: u16,
    /// Explosions not yet reported: cell, damage, the device that blew up.
    #[serde(skip)]
    pub(crate) blasts: SmallVec<[(Pos, u8, Option<u16>); 2]>,
}

/// The grid events not yet reported, kept as the game's events (each an
/// [`Event::Grid`](crate::race::Event::Grid)) so that reporting them is a
/// copy of the whole list, not a conversion of each.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct GridLog(pub(crate) Vec<crate::event::Event>);

impl GridLog {
    /// Logs `e`.
    #[inline]
    pub(crate) fn push(&mut self, e: GridEvent) {
        self.0.push(crate::event::Event::Grid(e));
    }

    /// Nothing logged?
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Forgets what was logged.
    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }
}

/// What the last scans found, kept while it holds.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Memos {
    /// No robot on the board is virtual (only [`World::place`] makes one).
    pub(crate) no_ghosts: bool,
    /// The board lasers' hits were read.
    pub(crate) lasers: Option<u64>,
    /// The kinds under the robots and flags, and the robots' generation
    /// they were read at (forgotten when a flag moves).
    pub(crate) under: Option<(u64, u16)>,
}

impl World {
    /// `tokens` damage tokens to `robot` from a shot travelling `dir`
    /// (`by`: the robot whose laser it is): a [`Harm::Shot`] for a robot
    /// whose Shield or Reflector is in play, plain damage otherwise.
    #[must_use]
    pub(crate) fn shot(&self, robot: RobotId, tokens: u8, dir: Dir, by: Option<RobotId>) -> Harm {
        if self.guarded & (1 << (robot.0 & 7)) == 0 {
            Harm::Damage(robot, tokens)
        } else {
            Harm::Shot {
                robot,
                tokens,
                dir,
                by,
            }
        }
    }

    /// A world on `course` with `robots` robots, none placed yet.
    #[must_use]
    pub fn new(course: Course, robots: usize) -> Self {
        let facing = course.start_facing();
        World {
            arena: SharedArena::new(Tables::from_course(course)),
            bodies: Bodies::new((0..robots).map(|_| Body::new(Pos::default(), facing, false))),
            log: GridLog::default(),
            harm: SmallVec::new(),
            register: 0,
            flags: SmallVec::new(),
            flag_log: SmallVec::new(),
            flowing: false,
            beamed: SmallVec::new(),
            memo: Transient::default(),
            guarded: 0,
            steady: 0,
            high_flying: false,
            devices: Vec::new(),
            next_device: 0,
            blasts: SmallVec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
