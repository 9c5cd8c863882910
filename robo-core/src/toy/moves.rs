//! A card's move in the toy world, with the rules of its road corners,
//! jump ramps and oil: the pattern an edition follows to build its own
//! elements from the motion primitives.
//!
//! - Road corners pause the move ([`crate::motion::Entry::Pause`]); the
//!   caller gets [`Progress::Corner`], asks its player (an edition puts a
//!   task on its agenda and keeps the serialisable [`PausedMove`] in it)
//!   and answers with [`turn_corner`], which continues the same move.
//! - A jump ramp ends the move ([`crate::motion::Entry::Stop`]); the mover
//!   then [`jump`]s on as many cells as it took to reach the ramp, flying
//!   on past cells it may not land on.
//! - Whoever ends the move on oil (the mover, robots it pushed) slides on
//!   the way it was going ([`slide`]).
//!
//! Water and a move started on oil cost steps through
//! [`crate::motion::Arena::step_cost`]; fire pits stop their mover in
//! [`crate::motion::Arena::entered`].

use super::{ToyTile, ToyWorld};
use crate::ids::RobotId;
use crate::motion::{
    continue_move, jump, move_robot, slide, Arena, Cause, Jump, Move, MoveEnd, MoveOutcome,
};
use crate::pipeline::GridWorld;
use serde::{Deserialize, Serialize};

/// A move waiting at a road corner for its player's choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PausedMove {
    /// The rest of the move: its steps left, straight on.
    pub rest: Move,
    /// What the move did so far.
    pub so_far: MoveOutcome,
}

/// Where a card's move stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Progress {
    /// The move is over (slides included).
    Done(MoveOutcome),
    /// The mover stands on a road corner: turn or not ([`turn_corner`]).
    Corner(PausedMove),
}

/// Moves `m.robot` as a card does, until the move is over or waits at a
/// road corner.
///
/// ```
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::motion::Move;
/// use robo_core::toy::moves::{card_move, turn_corner, Progress};
/// use robo_core::toy::ToyWorld;
/// use robo_core::RobotId;
///
/// // A corner turning south at (2,0).
/// let board = "
/// +--+--+--+--+
///  .. .. Cv ..
/// +  +  +  +  +
///  .. .. .. ..
/// +--+--+--+--+
/// ";
/// let mut w = ToyWorld::new(board, &[(0, 0, Dir::E)]).unwrap();
/// let Progress::Corner(paused) = card_move(&mut w, Move::new(RobotId(0), Dir::E, 3)) else {
///     panic!("the corner asks");
/// };
/// assert_eq!(paused.rest.steps, 1);
/// let Progress::Done(out) = turn_corner(&mut w, paused, true) else { panic!() };
/// assert_eq!((w.pos(0), w.facing_of(0), out.steps), (Some(Pos::new(2, 1)), Some(Dir::S), 3));
/// ```
pub fn card_move(world: &mut ToyWorld, m: Move) -> Progress {
    let out = move_robot(world, m);
    after(world, m, out)
}

/// Answers a road corner: with `turn` the mover turns to face the corner's
/// arrow and the rest of its move goes that way (forwards for a forward
/// move, backwards for a backward one); without, it goes straight on.
pub fn turn_corner(world: &mut ToyWorld, paused: PausedMove, turn: bool) -> Progress {
    let PausedMove { rest, so_far } = paused;
    let robot = rest.robot;
    let corner = world.robot_pos(robot).and_then(|p| world.tile(p));
    let mut dir = rest.dir;
    if let (true, Some(ToyTile::Corner(arrow)), Some(facing)) = (turn, corner, world.facing(robot))
    {
        if let Some(t) = facing.turn_to(arrow) {
            world.turn_robot(robot, t, Cause::Move);
        }
        // The move keeps its direction relative to the robot's facing.
        dir = match facing.turn_to(rest.dir) {
            Some(rel) => arrow.turn(rel),
            None => arrow,
        };
    }
    let rest = rest.rest(dir, rest.steps);
    let out = continue_move(world, rest, so_far);
    after(world, rest, out)
}

/// What follows a (part of a) move: a pause at a corner, a ramp's jump,
/// slides on oil.
fn after(world: &mut ToyWorld, m: Move, mut out: MoveOutcome) -> Progress {
    let on = |w: &ToyWorld, r: RobotId| w.robot_pos(r).and_then(|p| w.tile(p));
    if out.end == Some(MoveEnd::Stopped) && on(world, m.robot) == Some(ToyTile::Ramp(m.dir)) {
        let j = jump(world, Jump::new(m.robot, m.dir, out.steps).onward());
        out.steps = out.steps.saturating_add(j.steps);
        out.end = j.end;
    }
    if let Some(left) = out.paused() {
        return Progress::Corner(PausedMove {
            rest: m.rest(m.dir, left),
            so_far: out,
        });
    }
    let oil = |w: &ToyWorld, p| w.tile(p) == Some(ToyTile::Oil);
    // Front first: robots pushed ahead of the mover, then the mover.
    let pushed = out.pushes.iter().rev().filter(|p| p.cells > 0);
    let sliders = pushed.map(|p| p.pushed);
    // A mover that did not move (its first step lost) does not slide.
    let mover = (out.steps > 0).then_some(m.robot);
    for r in sliders.chain(mover).collect::<Vec<_>>() {
        if on(world, r) == Some(ToyTile::Oil) {
            let s = Move::new(r, m.dir, u8::MAX).with_cause(Cause::Slide);
            let _ = slide(world, s, oil);
        }
    }
    Progress::Done(out)
}
