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
/// does.
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
mod tests {
    use super::*;
    use crate::toy::ToyWorld;

    const OPEN: &str = "
+--+--+--+--+--+--+
 .. .. .. .. .. ..
+--+--+--+--+--+--+
";

    fn r(i: u8) -> RobotId {
        RobotId(i)
    }

    #[test]
    fn a_push_of_several_cells_is_one_push_and_keeps_facing() {
        let mut w = ToyWorld::new(OPEN, &[(0, 0, Dir::E), (1, 0, Dir::N)]).unwrap();
        let out = move_robot(&mut w, Move::new(r(0), Dir::E, 2));
        assert_eq!(
            (w.pos(0), w.pos(1)),
            (Some(Pos::new(2, 0)), Some(Pos::new(3, 0)))
        );
        assert_eq!(out.pushes.len(), 1);
        assert_eq!(
            out.pushes[0],
            Push {
                mover: r(0),
                by: r(0),
                pushed: r(1),
                cells: 2
            }
        );
        assert_eq!(
            w.facing_of(1),
            Some(Dir::N),
            "pushed robots keep their facing"
        );
        assert_eq!(out.end, Some(MoveEnd::Done));
    }

    #[test]
    fn a_line_of_robots_is_pushed_together() {
        let mut w = ToyWorld::new(OPEN, &[(0, 0, Dir::E), (1, 0, Dir::E), (2, 0, Dir::E)]).unwrap();
        let out = move_robot(&mut w, Move::new(r(0), Dir::E, 1));
        assert_eq!(
            [w.pos(0), w.pos(1), w.pos(2)],
            [1, 2, 3].map(|x| Some(Pos::new(x, 0)))
        );
        assert_eq!(
            out.pushes
                .iter()
                .map(|p| (p.by, p.pushed))
                .collect::<Vec<_>>(),
            vec![(r(0), r(1)), (r(1), r(2))]
        );
    }

    #[test]
    fn a_chain_against_a_wall_stops_everyone_and_the_rest_is_lost() {
        let board = "
+--+--+--+--+--+
|.. .. .. ..|..|
+--+--+--+--+--+
";
        let mut w = ToyWorld::new(board, &[(0, 0, Dir::E), (2, 0, Dir::E)]).unwrap();
        let out = move_robot(&mut w, Move::new(r(0), Dir::E, 3));
        // 0 steps to (1,0), pushes 1 from (2,0) to (3,0), then the wall stops both.
        assert_eq!(
            (w.pos(0), w.pos(1)),
            (Some(Pos::new(2, 0)), Some(Pos::new(3, 0)))
        );
        assert_eq!(out.steps, 2);
        assert_eq!(out.end, Some(MoveEnd::Blocked));
        assert_eq!(out.pushes[0].cells, 1);
    }

    #[test]
    fn pushing_into_a_wall_is_a_push_of_zero_cells() {
        let board = "
+--+--+--+
|.. ..|..|
+--+--+--+
";
        let mut w = ToyWorld::new(board, &[(0, 0, Dir::E), (1, 0, Dir::E)]).unwrap();
        let out = move_robot(&mut w, Move::new(r(0), Dir::E, 1));
        assert_eq!(
            (w.pos(0), w.pos(1)),
            (Some(Pos::new(0, 0)), Some(Pos::new(1, 0)))
        );
        assert_eq!(
            out.pushes.as_slice(),
            &[Push {
                mover: r(0),
                by: r(0),
                pushed: r(1),
                cells: 0
            }]
        );
        assert_eq!(out.steps, 0);
    }

    #[test]
    fn a_pushed_robot_falls_into_a_pit_and_the_mover_goes_on() {
        let board = "
+--+--+--+--+--+
|.. .. [] .. ..|
+--+--+--+--+--+
";
        let mut w = ToyWorld::new(board, &[(0, 0, Dir::E), (1, 0, Dir::E)]).unwrap();
        let out = move_robot(&mut w, Move::new(r(0), Dir::E, 1));
        assert_eq!(w.pos(1), None, "fell into the pit");
        assert_eq!(w.pos(0), Some(Pos::new(1, 0)));
        assert_eq!(out.end, Some(MoveEnd::Done));
        // The mover itself falls on its next step and the move ends there.
        let out = move_robot(&mut w, Move::new(r(0), Dir::E, 3));
        assert_eq!(w.pos(0), None);
        assert_eq!((out.steps, out.end), (1, Some(MoveEnd::Removed)));
    }

    #[test]
    fn robots_pushed_off_the_edge_are_removed() {
        let mut w = ToyWorld::new(OPEN, &[(4, 0, Dir::E), (5, 0, Dir::S)]).unwrap();
        move_robot(&mut w, Move::new(r(0), Dir::E, 1));
        assert_eq!(w.pos(1), None);
        assert_eq!(w.pos(0), Some(Pos::new(5, 0)));
    }

    #[test]
    fn without_pushing_a_robot_stops_before_another() {
        let mut w = ToyWorld::new(OPEN, &[(0, 0, Dir::E), (3, 0, Dir::E)]).unwrap();
        let out = move_robot(&mut w, Move::new(r(0), Dir::E, 5).without_pushing());
        assert_eq!(w.pos(0), Some(Pos::new(2, 0)));
        assert_eq!(w.pos(1), Some(Pos::new(3, 0)));
        assert!(out.pushes.is_empty());
        assert_eq!(out.end, Some(MoveEnd::Obstructed));
    }

    #[test]
    fn every_single_step_is_reported_in_order() {
        let mut w = ToyWorld::new(OPEN, &[(0, 0, Dir::E), (1, 0, Dir::E)]).unwrap();
        move_robot(&mut w, Move::new(r(0), Dir::E, 2));
        let moved: Vec<(RobotId, Pos)> = w
            .log
            .iter()
            .filter_map(|e| match e {
                crate::event::GridEvent::Moved { robot, to, .. } => Some((*robot, *to)),
                _ => None,
            })
            .collect();
        // Front of the chain first at each step.
        assert_eq!(
            moved,
            vec![
                (r(1), Pos::new(2, 0)),
                (r(0), Pos::new(1, 0)),
                (r(1), Pos::new(3, 0)),
                (r(0), Pos::new(2, 0))
            ]
        );
    }

    struct Sticky(ToyWorld);
    impl Arena for Sticky {
        fn robot_at(&self, p: Pos) -> Option<RobotId> {
            self.0.robot_at(p)
        }
        fn robot_pos(&self, r: RobotId) -> Option<Pos> {
            self.0.robot_pos(r)
        }
        fn set_robot_pos(&mut self, r: RobotId, p: Pos) {
            self.0.set_robot_pos(r, p);
        }
        fn can_leave(&self, r: RobotId, p: Pos, d: Dir) -> bool {
            self.0.can_leave(r, p, d)
        }
        fn can_be_pushed(&self, r: RobotId, _: RobotId, _: Dir) -> bool {
            r != RobotId(1)
        }
        fn entered(&mut self, s: &Stepped) -> Entry {
            // An oil-free "glue" cell at x = 3 stops whoever enters it.
            if s.to.x == 3 {
                Entry::Stop
            } else {
                Entry::Continue
            }
        }
    }

    #[test]
    fn editions_decide_who_can_be_pushed_and_where_moves_stop() {
        let mut w = Sticky(ToyWorld::new(OPEN, &[(0, 0, Dir::E), (1, 0, Dir::E)]).unwrap());
        let out = move_robot(&mut w, Move::new(r(0), Dir::E, 2));
        assert_eq!(out.end, Some(MoveEnd::Obstructed));
        assert_eq!(out.pushes[0].cells, 0, "an attempted push still counts");
        assert_eq!(w.0.pos(0), Some(Pos::new(0, 0)));
        let mut w = Sticky(ToyWorld::new(OPEN, &[(0, 0, Dir::E)]).unwrap());
        let out = move_robot(&mut w, Move::new(r(0), Dir::E, 5));
        assert_eq!((out.steps, out.end), (3, Some(MoveEnd::Stopped)));
    }

    /// Counts the pushes tried, through the `&mut self` hook.
    struct Counting(ToyWorld, Vec<(RobotId, RobotId)>);
    impl Arena for Counting {
        fn robot_at(&self, p: Pos) -> Option<RobotId> {
            self.0.robot_at(p)
        }
        fn robot_pos(&self, r: RobotId) -> Option<Pos> {
            self.0.robot_pos(r)
        }
        fn set_robot_pos(&mut self, r: RobotId, p: Pos) {
            self.0.set_robot_pos(r, p);
        }
        fn can_leave(&self, r: RobotId, p: Pos, d: Dir) -> bool {
            self.0.can_leave(r, p, d)
        }
        fn try_push(&mut self, r: RobotId, by: RobotId, _: Dir) -> bool {
            self.1.push((by, r));
            true
        }
        fn entered(&mut self, _: &Stepped) -> Entry {
            Entry::Continue
        }
    }

    #[test]
    fn every_push_is_tried_through_the_mutable_hook() {
        let robots = [(0, 0, Dir::E), (1, 0, Dir::E), (2, 0, Dir::E)];
        let mut w = Counting(ToyWorld::new(OPEN, &robots).unwrap(), Vec::new());
        let out = move_robot(&mut w, Move::new(r(0), Dir::E, 2));
        assert_eq!(out.steps, 2);
        // Each step builds the chain again: 0 pushes 1, 1 pushes 2.
        assert_eq!(
            w.1,
            vec![(r(0), r(1)), (r(1), r(2)), (r(0), r(1)), (r(1), r(2))]
        );
        // A move that may not push never asks.
        w.1.clear();
        let _ = move_robot(&mut w, Move::new(r(0), Dir::E, 1).without_pushing());
        assert!(w.1.is_empty());
    }

    /// The push-chain routine as it was before the single-robot fast path,
    /// kept to check that the fast one makes the same calls in the same
    /// order and returns the same outcome.
    mod reference {
        use super::super::*;

        pub(super) fn reference_move<A: Arena + ?Sized>(arena: &mut A, m: Move) -> MoveOutcome {
            let mut out = MoveOutcome::default();
            let mut chain: SmallVec<[(RobotId, Pos); 8]> = SmallVec::new();
            for step in 1..=m.steps {
                let Some(start) = arena.robot_pos(m.robot) else {
                    out.end = Some(MoveEnd::Removed);
                    return out;
                };
                chain.clear();
                chain.push((m.robot, start));
                // Build the chain: every robot directly in front, in a line.
                let mut blocked = None;
                loop {
                    let &(back, at) = chain.last().unwrap_or(&(m.robot, start));
                    if !arena.can_leave(back, at, m.dir) {
                        blocked = Some(MoveEnd::Blocked);
                        break;
                    }
                    let next = at.step(m.dir);
                    match arena.robot_at(next) {
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
                        }
                    }
                }
                if let Some(end) = blocked {
                    // Everyone in the chain was pushed, if only zero cells.
                    for w in chain.windows(2) {
                        out.push(m.robot, w[0].0, w[1].0, 0);
                    }
                    out.end = Some(end);
                    return out;
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
    }

    /// An arena that logs every call the routine makes (a wall on every
    /// third edge, pits, robots that cannot be pushed, glue that stops).
    #[derive(Clone)]
    struct Logged {
        robots: Vec<Option<Pos>>,
        walls: Vec<(Pos, Dir)>,
        pits: Vec<Pos>,
        glue: Vec<Pos>,
        stuck: Option<RobotId>,
        calls: Vec<String>,
    }

    impl Arena for Logged {
        fn robot_at(&self, pos: Pos) -> Option<RobotId> {
            self.robots
                .iter()
                .position(|p| *p == Some(pos))
                .map(|i| RobotId(i as u8))
        }
        fn robot_pos(&self, r: RobotId) -> Option<Pos> {
            self.robots.get(r.index()).copied().flatten()
        }
        fn set_robot_pos(&mut self, r: RobotId, p: Pos) {
            self.calls.push(format!("set {r:?} {p}"));
            self.robots[r.index()] = Some(p);
        }
        fn can_leave(&self, _: RobotId, from: Pos, d: Dir) -> bool {
            let to = from.step(d);
            !self.walls.contains(&(from, d))
                && !self.walls.contains(&(to, d.opposite()))
                && (0..6).contains(&to.x)
                && (0..6).contains(&to.y)
        }
        fn try_push(&mut self, r: RobotId, by: RobotId, d: Dir) -> bool {
            self.calls.push(format!("push {r:?} by {by:?} {d}"));
            Some(r) != self.stuck
        }
        fn entered(&mut self, s: &Stepped) -> Entry {
            self.calls.push(format!("{s:?}"));
            if self.pits.contains(&s.to) {
                self.robots[s.robot.index()] = None;
                Entry::Removed
            } else if self.glue.contains(&s.to) {
                Entry::Stop
            } else {
                Entry::Continue
            }
        }
    }

    #[test]
    fn the_fast_path_moves_exactly_as_the_reference_routine() {
        use crate::Rng;
        let mut rng = Rng::from_seed(11);
        let cell = |rng: &mut Rng| Pos::new(rng.index(6) as i16, rng.index(6) as i16);
        for _ in 0..crate::testing::cases(3000) {
            let mut cells: Vec<Pos> = (0..36).map(|i| Pos::new(i % 6, i / 6)).collect();
            rng.shuffle(&mut cells);
            let n = 1 + rng.index(6);
            let world = Logged {
                robots: cells[..n].iter().map(|&p| Some(p)).collect(),
                walls: (0..rng.index(8))
                    .map(|_| (cell(&mut rng), Dir::from_index(rng.index(4))))
                    .collect(),
                pits: (0..rng.index(3)).map(|_| cell(&mut rng)).collect(),
                glue: (0..rng.index(2)).map(|_| cell(&mut rng)).collect(),
                stuck: rng.chance(1, 3).then(|| RobotId(rng.index(n) as u8)),
                calls: Vec::new(),
            };
            let mut m = Move::new(
                RobotId(rng.index(n) as u8),
                Dir::from_index(rng.index(4)),
                rng.index(5) as u8,
            );
            if rng.chance(1, 4) {
                m = m.without_pushing();
            }
            if rng.chance(1, 4) {
                m = m.with_cause(Cause::Push { by: None });
            }
            let (mut a, mut b) = (world.clone(), world);
            let fast = move_robot(&mut a, m);
            let slow = reference::reference_move(&mut b, m);
            assert_eq!(fast, slow, "{m:?}");
            assert_eq!(a.calls, b.calls, "{m:?}");
            assert_eq!(a.robots, b.robots, "{m:?}");
        }
    }
}
