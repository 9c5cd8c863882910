//! Robot movement with push chains, shared by every grid edition.
//!
//! A robot moves `n` single steps. Before each step the robots in front of
//! it form a chain; if the front of the chain cannot step (a wall, an
//! obstacle, a robot that cannot be pushed) nobody moves and the rest of the
//! move is lost. After each step every robot that moved is reported to the
//! edition through [`Arena::entered`], which applies entry effects (a pit or
//! the board edge removes the robot, a portal teleports it, ...) and says
//! whether the move goes on.

use crate::geom::{Dir, Pos};
use crate::ids::RobotId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// Why a robot changed cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// Which step of the move, from 1.
    pub step: u8,
    /// Whether this is the last step the move asked for.
    pub last: bool,
}

/// What the edition says after a robot entered a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entry {
    /// Nothing stops the move.
    Continue,
    /// The move ends here (the rest of it is lost).
    Stop,
    /// The robot left play (a pit, the board edge). The edition has already
    /// taken it off the grid; if it was the mover, the move ends.
    Removed,
}

/// The robots of a grid as the push-chain routine sees them.
///
/// Implementations store one position per robot; [`Arena::set_robot_pos`]
/// must not assume the target cell is empty (conveyance moves trains and
/// loops of robots at once).
pub trait Arena {
    /// The robot standing on `pos`, if any.
    fn robot_at(&self, pos: Pos) -> Option<RobotId>;
    /// Where a robot stands, `None` when it is not on the grid.
    fn robot_pos(&self, robot: RobotId) -> Option<Pos>;
    /// Moves a robot (no effects; those come through [`Arena::entered`]).
    fn set_robot_pos(&mut self, robot: RobotId, pos: Pos);
    /// May `robot` cross from `from` towards `dir`? Walls and edition
    /// obstacles say no. Leaving the board is allowed unless the edition
    /// says otherwise; the robot is then reported entering an off-board cell.
    fn can_leave(&self, robot: RobotId, from: Pos, dir: Dir) -> bool;
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
    /// How many single steps.
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
}

/// One push event: however far a robot was pushed during one move, it is
/// one push. A push that moved it zero cells (the chain was blocked) still
/// counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The mover left play.
    Removed,
}

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MoveOutcome {
    /// Steps the mover made.
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
    let mut chain: SmallVec<[(RobotId, Pos); 8]> = SmallVec::new();
    let mut step = 0;
    while step < m.steps {
        step += 1;
        let Some(start) = arena.robot_pos(m.robot) else {
            out.end = Some(MoveEnd::Removed);
            return out;
        };
        if !arena.can_leave(m.robot, start, m.dir) {
            out.end = Some(MoveEnd::Blocked);
            return out;
        }
        let next = start.step(m.dir);
        let end = match arena.robot_at(next) {
            // Nobody in front (most moves): the mover steps alone.
            None => {
                arena.set_robot_pos(m.robot, next);
                out.steps = step;
                let s = Stepped {
                    robot: m.robot,
                    from: start,
                    to: next,
                    dir: m.dir,
                    cause: m.cause,
                    mover: m.robot,
                    step,
                    last: step == m.steps,
                };
                match arena.entered(&s) {
                    Entry::Continue => None,
                    Entry::Stop => Some(MoveEnd::Stopped),
                    Entry::Removed => Some(MoveEnd::Removed),
                }
            }
            Some(front) => chain_step(arena, &m, step, start, front, &mut chain, &mut out),
        };
        if let Some(e) = end {
            out.end = Some(e);
            return out;
        }
    }
    if m.steps > 0 {
        out.end = Some(MoveEnd::Done);
    }
    out
}

/// One step of a move with `front` standing in the cell ahead of the mover
/// (who may leave its cell): builds the chain of robots in a line, then
/// moves it, or notes the blocked pushes. The reason the move ends, if it
/// does. Kept out of line so that the lone robot's step stays small.
#[inline(never)]
fn chain_step<A: Arena + ?Sized>(
    arena: &mut A,
    m: &Move,
    step: u8,
    start: Pos,
    front: RobotId,
    chain: &mut SmallVec<[(RobotId, Pos); 8]>,
    out: &mut MoveOutcome,
) -> Option<MoveEnd> {
    chain.clear();
    chain.push((m.robot, start));
    // Build the chain: every robot directly in front, in a line. The mover
    // may leave its cell and `ahead` stands in front of the last robot.
    let (mut back, mut at) = (m.robot, start);
    let mut ahead = Some(front);
    let mut blocked = None;
    loop {
        let next = at.step(m.dir);
        match ahead {
            None => break,
            Some(r) if chain.iter().any(|(c, _)| *c == r) => break,
            Some(r) => {
                if !m.pushing || !arena.try_push(r, back, m.dir) {
                    blocked = Some(MoveEnd::Obstructed);
                    if m.pushing {
                        out.push(m.robot, back, r, 0);
                    }
                    break;
                }
                chain.push((r, next));
                (back, at) = (r, next);
                if !arena.can_leave(back, at, m.dir) {
                    blocked = Some(MoveEnd::Blocked);
                    break;
                }
                ahead = arena.robot_at(at.step(m.dir));
            }
        }
    }
    if let Some(end) = blocked {
        // Everyone in the chain was pushed, if only zero cells.
        for w in chain.windows(2) {
            out.push(m.robot, w[0].0, w[1].0, 0);
        }
        return Some(end);
    }
    // Move the front first, so a cell is always vacated before it is entered.
    for &(r, at) in chain.iter().rev() {
        arena.set_robot_pos(r, at.step(m.dir));
    }
    for w in chain.windows(2) {
        out.push(m.robot, w[0].0, w[1].0, 1);
    }
    out.steps = step;
    let last = step == m.steps;
    let mut end = None;
    for (i, &(r, at)) in chain.iter().enumerate().rev() {
        let cause = if i == 0 {
            m.cause
        } else {
            Cause::Push {
                by: Some(chain[i - 1].0),
            }
        };
        let s = Stepped {
            robot: r,
            from: at,
            to: at.step(m.dir),
            dir: m.dir,
            cause,
            mover: m.robot,
            step,
            last,
        };
        match arena.entered(&s) {
            Entry::Continue => {}
            Entry::Stop => end = end.or(Some(MoveEnd::Stopped)),
            Entry::Removed if i == 0 => end = Some(MoveEnd::Removed),
            Entry::Removed => {}
        }
    }
    end
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod reference;
