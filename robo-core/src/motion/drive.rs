//! The step engine behind [`super::move_robot`], [`super::continue_move`]
//! and [`super::slide`]: one step of a mover, alone or at the back of a
//! chain of pushed pieces.

use super::{Arena, Cause, Entry, Move, MoveEnd, MoveOutcome, Stepped};
use crate::geom::Pos;
use crate::ids::RobotId;
use smallvec::SmallVec;

/// The chain of a step: each piece and the cell it stands on.
type Chain = SmallVec<[(RobotId, Pos); 8]>;

/// Every piece in front may be pushed (as far as the move is concerned).
pub(super) fn anyone<A: ?Sized>(_: &A, _: RobotId, _: Pos) -> bool {
    true
}

/// Piece `robot` of move `m` stepped from `from` (step number and whether
/// it is the last in `at`). Always inlined: left to the compiler, the
/// register of the 2023 bench costs 1.6% more instructions.
#[inline(always)]
fn stepped(m: &Move, robot: RobotId, from: Pos, cause: Cause, (step, last): (u8, bool)) -> Stepped {
    Stepped {
        robot,
        from,
        to: from.step(m.dir),
        dir: m.dir,
        cause,
        mover: m.robot,
        step,
        last,
    }
}

/// How a move ends after its mover's entry (`None`: it goes on). A pause
/// has no steps left here: the caller knows how many.
pub(super) fn entry_end(entry: Entry) -> Option<MoveEnd> {
    match entry {
        Entry::Continue => None,
        Entry::Stop => Some(MoveEnd::Stopped),
        Entry::Pause => Some(MoveEnd::Paused { left: 0 }),
        Entry::Removed => Some(MoveEnd::Removed),
    }
}

/// Makes the steps of `m`, paying each with [`Arena::step_cost`], numbering
/// them on from `out.steps` and adding to `out`. Sets `out.end` when the
/// move ends early, or to `Done` when every step was made.
pub(super) fn run<A: Arena + ?Sized>(arena: &mut A, m: &Move, out: &mut MoveOutcome) {
    let mut left = m.steps;
    let mut step = out.steps;
    while left > 0 {
        let Some(start) = arena.robot_pos(m.robot) else {
            out.end = Some(MoveEnd::Removed);
            return;
        };
        step = step.saturating_add(1);
        let cost = arena.step_cost(m, start, step).max(1);
        if cost > left {
            out.end = Some(MoveEnd::Spent);
            return;
        }
        left -= cost;
        let end = step_once(arena, m, start, (step, left == 0), out, &anyone::<A>);
        if let Some(e) = end {
            out.end = Some(match e {
                MoveEnd::Paused { .. } => MoveEnd::Paused { left },
                e => e,
            });
            return;
        }
    }
    if m.steps > 0 {
        out.end = Some(MoveEnd::Done);
    }
}

/// One step of `m`'s mover from `start` (step number and whether it is the
/// last one in `at`): alone, or pushing the chain in front of it. Pieces in
/// front are pushed only where `may_push` allows (a slide pushes only
/// pieces on its surface); a refused one stops the move without a push.
/// The reason the move ends, if it does (a pause reported with no steps
/// left: the caller knows how many).
pub(super) fn step_once<A, F>(
    arena: &mut A,
    m: &Move,
    start: Pos,
    at: (u8, bool),
    out: &mut MoveOutcome,
    may_push: &F,
) -> Option<MoveEnd>
where
    A: Arena + ?Sized,
    F: Fn(&A, RobotId, Pos) -> bool,
{
    if !arena.can_leave(m.robot, start, m.dir) {
        return Some(MoveEnd::Blocked);
    }
    let next = start.step(m.dir);
    match arena.blocker(next, m.robot) {
        // Nobody in front (most moves): the mover steps alone.
        None => {
            arena.set_robot_pos(m.robot, next);
            out.steps = at.0;
            entry_end(arena.entered(&stepped(m, m.robot, start, m.cause, at)))
        }
        Some(front) => chain_step(arena, m, at, start, front, out, may_push),
    }
}

/// One step of a move with `front` standing in the cell ahead of the mover
/// (who may leave its cell): builds the chain of robots in a line, then
/// moves it, or notes the blocked pushes. The reason the move ends, if it
/// does. Kept out of line so that the lone robot's step stays small.
#[inline(never)]
#[allow(clippy::too_many_arguments)] // the state of one step, passed down from `step_once`
fn chain_step<A, F>(
    arena: &mut A,
    m: &Move,
    (step, last): (u8, bool),
    start: Pos,
    front: RobotId,
    out: &mut MoveOutcome,
    may_push: &F,
) -> Option<MoveEnd>
where
    A: Arena + ?Sized,
    F: Fn(&A, RobotId, Pos) -> bool,
{
    // Built here, not by the caller: most steps meet nobody.
    let mut chain = Chain::new();
    chain.push((m.robot, start));
    // Build the chain: every piece directly in front, in a line, each met
    // by the one behind it. The mover may leave its cell and `ahead`
    // stands in front of the last piece.
    let (mut back, mut at) = (m.robot, start);
    let mut ahead = Some(front);
    let mut blocked = None;
    loop {
        let next = at.step(m.dir);
        match ahead {
            None => break,
            Some(r) if chain.iter().any(|(c, _)| *c == r) => break,
            Some(r) => {
                let refused = !m.pushing || !may_push(arena, r, next);
                if refused || !arena.try_push(r, back, m.dir) {
                    blocked = Some(MoveEnd::Obstructed);
                    if !refused {
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
                ahead = arena.blocker(at.step(m.dir), back);
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
    let mut end = None;
    for (i, &(r, at)) in chain.iter().enumerate().rev() {
        let cause = if i == 0 {
            m.cause
        } else {
            Cause::Push {
                by: Some(chain[i - 1].0),
            }
        };
        match arena.entered(&stepped(m, r, at, cause, (step, last))) {
            Entry::Continue => {}
            Entry::Stop => {
                if matches!(end, None | Some(MoveEnd::Paused { .. })) {
                    end = Some(MoveEnd::Stopped);
                }
            }
            Entry::Pause => end = end.or(Some(MoveEnd::Paused { left: 0 })),
            Entry::Removed if i == 0 => end = Some(MoveEnd::Removed),
            Entry::Removed => {}
        }
    }
    end
}
