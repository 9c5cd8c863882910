//! Movement with push chains, shared by every grid edition.
//!
//! A robot moves `n` single steps. Before each step the robots in front of
//! it form a chain; if the front of the chain cannot step (a wall, an
//! obstacle, a robot that cannot be pushed) nobody moves and the rest of the
//! move is lost. After each step every robot that moved is reported to the
//! edition through [`Arena::entered`], which applies entry effects (a pit or
//! the board edge removes the robot, a portal teleports it, ...) and says
//! whether the move goes on.
//!
//! Around that routine ([`move_robot`]) the module has what the other
//! editions' elements need:
//! - **costs**: [`Arena::step_cost`] makes a step of the mover cost more of
//!   the move (leaving water, climbing a ramp), so `n` steps of a card
//!   become fewer cells;
//! - **a choice in the middle of a move**: [`Entry::Pause`] ends the move
//!   with [`MoveEnd::Paused`] and the steps left; the edition asks its
//!   player and then [`continue_move`]s, maybe in a new direction, and the
//!   pushes of both parts are one push event per pushed robot;
//! - **jumps** ([`jump`]): over everything between to a landing cell;
//! - **slides** ([`slide`]): on until the robot is off a slippery surface;
//! - **pieces that are not robots, and robots that share cells**: motion
//!   asks [`Arena::blocker`] who stands in a mover's way, and conveyance
//!   asks [`Arena::meets`] which pieces cannot share a cell (see
//!   `docs/architecture.md`, "Pieces and shared cells").

use crate::geom::{Dir, Pos};
use crate::ids::RobotId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

mod drive;
mod jump;
mod slide;

pub use jump::{jump, Jump, Landing};
pub use slide::slide;

/// Why a robot changed cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Cause {
    /// Its own move (a card, an upgrade, a jump).
    Move,
    /// Pushed: by the robot behind it in the chain, or by a board element
    /// or effect when `by` is `None`.
    Push {
        /// The robot in contact that pushed it.
        by: Option<RobotId>,
    },
    /// Carried by a conveyor (belt, current, walkway). Never a push.
    Conveyed,
    /// Put there by a rule (rebooting, teleporting, swapping places).
    Placed,
    /// Sliding on a slippery surface (oil) after a movement ended there.
    Slide,
}

/// One robot entering one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stepped {
    /// The robot that moved.
    pub robot: RobotId,
    /// Where it was.
    pub from: Pos,
    /// Where it is now (possibly off the board).
    pub to: Pos,
    /// The direction of travel.
    pub dir: Dir,
    /// Why it moved.
    pub cause: Cause,
    /// The robot whose move this is (the back of the chain).
    pub mover: RobotId,
    /// Which step of the move, from 1: the cells the mover has made so far,
    /// this one included, counted across a paused move and its
    /// continuation.
    pub step: u8,
    /// Whether the move has no steps left to make after this one.
    pub last: bool,
}

/// What the edition says after a robot entered a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entry {
    /// Nothing stops the move.
    Continue,
    /// The move ends here (the rest of it is lost).
    Stop,
    /// The move stops here for a player's choice (a road corner's turn); the
    /// edition continues it with [`continue_move`] and the steps left. A
    /// [`Entry::Stop`] or the mover's removal in the same step wins.
    Pause,
    /// The robot left play (a pit, the board edge). The edition has already
    /// taken it off the grid; if it was the mover, the move ends.
    Removed,
}

/// The robots of a grid as the movement routines see them.
///
/// Every piece the grid moves is named by a [`RobotId`]: robots, and for
/// editions that have them, devices and moving flags (numbered after the
/// robots). Implementations store one position per piece;
/// [`Arena::set_robot_pos`] must not assume the target cell is empty
/// (conveyance moves trains and loops of robots at once, and pieces may
/// share cells).
pub trait Arena {
    /// The robot standing on `pos`, if any: the one beams and weapons hit.
    /// Pieces that share cells with others (virtual robots, flat devices)
    /// are not it.
    fn robot_at(&self, pos: Pos) -> Option<RobotId>;
    /// The piece on `pos` that `mover` meets: the one it would push, or be
    /// stopped by. `None` when the cell holds nothing `mover` meets (a
    /// virtual robot meets nothing, a robot passes over a flat device).
    /// By default [`Arena::robot_at`]: every robot meets every other.
    ///
    /// Must agree with [`Arena::meets`]; two pieces that meet never share a
    /// cell, so there is at most one such piece.
    fn blocker(&self, pos: Pos, mover: RobotId) -> Option<RobotId> {
        let _ = mover;
        self.robot_at(pos)
    }
    /// Whether pieces `a` and `b` meet: they cannot share a cell, so one
    /// pushes the other or is stopped by it, and conveyors that would bring
    /// them together move neither. Yes by default.
    fn meets(&self, a: RobotId, b: RobotId) -> bool {
        let _ = (a, b);
        true
    }
    /// Where a robot stands, `None` when it is not on the grid.
    fn robot_pos(&self, robot: RobotId) -> Option<Pos>;
    /// Moves a robot (no effects; those come through [`Arena::entered`]).
    fn set_robot_pos(&mut self, robot: RobotId, pos: Pos);
    /// May `robot` cross from `from` towards `dir`? Walls and edition
    /// obstacles say no. Leaving the board is allowed unless the edition
    /// says otherwise; the robot is then reported entering an off-board cell.
    fn can_leave(&self, robot: RobotId, from: Pos, dir: Dir) -> bool;
    /// How much of move `m` its mover's next step from `from` costs; `step`
    /// is which step it would be (from 1, as in [`Stepped::step`]). 1 by
    /// default; 2 where leaving water or climbing a ramp takes one step
    /// more, or for the first step of a card started on oil. A step that
    /// costs more than the move has left is not made ([`MoveEnd::Spent`]);
    /// 0 counts as 1. Only the mover pays: pushed robots move for free.
    fn step_cost(&self, m: &Move, from: Pos, step: u8) -> u8 {
        let _ = (m, from, step);
        1
    }
    /// May `robot` end a [`jump`] on `pos`? By default when nothing there
    /// meets it; an edition adds cells it cannot stand on (a building, a
    /// grandstand). Off-board cells may be landed on: the robot falls.
    fn can_land(&self, robot: RobotId, pos: Pos) -> bool {
        self.blocker(pos, robot).is_none_or(|o| o == robot)
    }
    /// May `robot` be pushed towards `dir` by `pusher`? Yes by default.
    fn can_be_pushed(&self, robot: RobotId, pusher: RobotId, dir: Dir) -> bool {
        let _ = (robot, pusher, dir);
        true
    }
    /// `pusher` is about to push `robot` towards `dir`: may it? This is
    /// what [`move_robot`] asks, before every push (blocked ones included);
    /// by default it is [`Arena::can_be_pushed`]. An edition that notes
    /// pushes as they are tried overrides this one, which may change state.
    fn try_push(&mut self, robot: RobotId, pusher: RobotId, dir: Dir) -> bool {
        self.can_be_pushed(robot, pusher, dir)
    }
    /// A robot entered a cell. Apply entry effects and say what happens next.
    fn entered(&mut self, step: &Stepped) -> Entry;
}

/// A request to move a robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// Who moves.
    pub robot: RobotId,
    /// Which way (not necessarily the robot's facing: backwards, sideways).
    pub dir: Dir,
    /// How many single steps (each paid for with [`Arena::step_cost`]).
    pub steps: u8,
    /// Whether it may push robots in its way; if not, it stops before them.
    pub pushing: bool,
    /// How the mover itself is reported.
    pub cause: Cause,
}

impl Move {
    /// A robot's own move of `steps` towards `dir`, pushing what is in the way.
    #[must_use]
    pub const fn new(robot: RobotId, dir: Dir, steps: u8) -> Self {
        Move {
            robot,
            dir,
            steps,
            pushing: true,
            cause: Cause::Move,
        }
    }

    /// The same move, but stopping before any robot instead of pushing it.
    #[must_use]
    pub const fn without_pushing(mut self) -> Self {
        self.pushing = false;
        self
    }

    /// The same move, reported with another cause.
    #[must_use]
    pub const fn with_cause(mut self, cause: Cause) -> Self {
        self.cause = cause;
        self
    }

    /// The rest of this move after it paused with `left` steps to make,
    /// towards `dir` (a road corner turns it; the same `dir` goes straight).
    #[must_use]
    pub const fn rest(mut self, dir: Dir, left: u8) -> Self {
        self.dir = dir;
        self.steps = left;
        self
    }
}

/// One push event: however far a robot was pushed during one move, it is
/// one push. A push that moved it zero cells (the chain was blocked) still
/// counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Push {
    /// The robot whose move this was.
    pub mover: RobotId,
    /// The robot in contact that pushed it.
    pub by: RobotId,
    /// The pushed robot.
    pub pushed: RobotId,
    /// Cells it was pushed.
    pub cells: u8,
}

/// Why a move ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveEnd {
    /// Every step was made.
    Done,
    /// The chain was blocked; the rest of the move is lost.
    Blocked,
    /// A robot in front that may not be pushed (or pushing was not allowed).
    Obstructed,
    /// The edition stopped it ([`Entry::Stop`]).
    Stopped,
    /// The edition paused it for a choice ([`Entry::Pause`]); `left` steps
    /// remain for [`continue_move`].
    Paused {
        /// Steps of the move not yet made.
        left: u8,
    },
    /// The next step cost more than the move had left
    /// ([`Arena::step_cost`]); the rest is lost.
    Spent,
    /// The mover left play.
    Removed,
}

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MoveOutcome {
    /// Cells the mover made (the distance of a jump).
    pub steps: u8,
    /// Pushes, one per pushed robot, in the order they began.
    pub pushes: SmallVec<[Push; 4]>,
    /// How it ended (`None` only for a move of zero steps).
    pub end: Option<MoveEnd>,
}

impl MoveOutcome {
    fn push(&mut self, mover: RobotId, by: RobotId, pushed: RobotId, cells: u8) {
        match self.pushes.iter_mut().find(|p| p.pushed == pushed) {
            Some(p) => p.cells += cells,
            None => self.pushes.push(Push {
                mover,
                by,
                pushed,
                cells,
            }),
        }
    }

    /// The steps left when the move paused for a choice, `None` otherwise.
    #[must_use]
    pub fn paused(&self) -> Option<u8> {
        match self.end {
            Some(MoveEnd::Paused { left }) => Some(left),
            _ => None,
        }
    }
}

/// Moves a robot, pushing robots in its way. See the module documentation.
///
/// ```
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::motion::{move_robot, Arena, Entry, Move, Stepped};
/// use robo_core::RobotId;
///
/// // Two robots in a row on an open floor of 5 cells; nothing blocks.
/// struct Row([Pos; 2]);
/// impl Arena for Row {
///     fn robot_at(&self, p: Pos) -> Option<RobotId> {
///         self.0.iter().position(|q| *q == p).map(|i| RobotId(i as u8))
///     }
///     fn robot_pos(&self, r: RobotId) -> Option<Pos> { Some(self.0[r.index()]) }
///     fn set_robot_pos(&mut self, r: RobotId, p: Pos) { self.0[r.index()] = p; }
///     fn can_leave(&self, _: RobotId, from: Pos, d: Dir) -> bool { from.step(d).x < 5 }
///     fn entered(&mut self, _: &Stepped) -> Entry { Entry::Continue }
/// }
/// let mut row = Row([Pos::new(0, 0), Pos::new(1, 0)]);
/// let out = move_robot(&mut row, Move::new(RobotId(0), Dir::E, 3));
/// assert_eq!(out.steps, 3);
/// assert_eq!(row.0, [Pos::new(3, 0), Pos::new(4, 0)]);
/// assert_eq!(out.pushes[0].cells, 3); // one push of three cells
/// ```
pub fn move_robot<A: Arena + ?Sized>(arena: &mut A, m: Move) -> MoveOutcome {
    let mut out = MoveOutcome::default();
    drive::run(arena, &m, &mut out);
    out
}

/// Continues a move that paused for a choice ([`MoveEnd::Paused`]): `m` is
/// the rest of it (usually [`Move::rest`] of the first part, with the steps
/// left and perhaps a new direction) and `so_far` what the first part did.
/// Steps are numbered on from `so_far`, and a robot pushed in both parts
/// is still one push. Returns what the whole move did.
///
/// An edition keeps `m` and `so_far` (both serialisable) in the task that
/// asks its player, so the choice may wait across `apply` calls.
///
/// ```
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::motion::{continue_move, move_robot, Arena, Entry, Move, MoveEnd, Stepped};
/// use robo_core::RobotId;
///
/// // A corner at (2,0) pauses its mover's own moves.
/// struct Corner(Pos);
/// impl Arena for Corner {
///     fn robot_at(&self, p: Pos) -> Option<RobotId> { (p == self.0).then_some(RobotId(0)) }
///     fn robot_pos(&self, _: RobotId) -> Option<Pos> { Some(self.0) }
///     fn set_robot_pos(&mut self, _: RobotId, p: Pos) { self.0 = p; }
///     fn can_leave(&self, _: RobotId, _: Pos, _: Dir) -> bool { true }
///     fn entered(&mut self, s: &Stepped) -> Entry {
///         if s.to == Pos::new(2, 0) { Entry::Pause } else { Entry::Continue }
///     }
/// }
/// let mut w = Corner(Pos::new(0, 0));
/// let m = Move::new(RobotId(0), Dir::E, 3);
/// let first = move_robot(&mut w, m);
/// assert_eq!(first.end, Some(MoveEnd::Paused { left: 1 }));
/// // The player turned south at the corner: the last step goes that way.
/// let all = continue_move(&mut w, m.rest(Dir::S, 1), first);
/// assert_eq!((w.0, all.steps, all.end), (Pos::new(2, 1), 3, Some(MoveEnd::Done)));
/// ```
pub fn continue_move<A: Arena + ?Sized>(
    arena: &mut A,
    m: Move,
    so_far: MoveOutcome,
) -> MoveOutcome {
    let mut out = so_far;
    out.end = None;
    drive::run(arena, &m, &mut out);
    out.end = out.end.or(Some(MoveEnd::Done));
    out
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod reference;
