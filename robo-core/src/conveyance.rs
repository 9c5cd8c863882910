//! Simultaneous conveyance: belts, currents and walkways move every robot
//! on them at once, and never push.
//!
//! The resolver takes one proposal per robot (where it would go and how it
//! would turn) and cancels, until nothing changes:
//! - every proposal whose target another proposal also targets (both stay),
//! - every proposal whose target holds a robot that is not moving away,
//! - both proposals of two robots that would swap cells through each other.
//!
//! Larger loops of robots all moving along a closed belt do move together.
//! Pieces that share cells (see [`crate::motion::Arena::meets`]) cancel
//! only the moves of pieces they meet ([`resolve_with`]).

use crate::geom::{Pos, Turn};
use crate::ids::RobotId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// One robot's proposed conveyance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    /// The robot carried.
    pub robot: RobotId,
    /// Where it stands.
    pub from: Pos,
    /// Where the conveyor would take it (possibly off the board).
    pub to: Pos,
    /// How it turns on arrival (a curved piece entered from its curved side).
    pub turn: Option<Turn>,
}

/// Proposals of one conveyance pass; small enough to stay on the stack.
pub type Proposals = SmallVec<[Proposal; 8]>;

/// Resolves the proposals in place: afterwards `proposals` holds only the
/// moves that happen, in their original order.
///
/// `occupant(pos)` names the robot standing on `pos` before anything moves.
/// Every robot meets every other; for pieces that share cells see
/// [`resolve_with`].
///
/// ```
/// use robo_core::conveyance::{resolve, Proposal, Proposals};
/// use robo_core::geom::Pos;
/// use robo_core::RobotId;
/// // Two robots converge on (1,0): neither moves.
/// let mut p: Proposals = [
///     Proposal { robot: RobotId(0), from: Pos::new(0, 0), to: Pos::new(1, 0), turn: None },
///     Proposal { robot: RobotId(1), from: Pos::new(2, 0), to: Pos::new(1, 0), turn: None },
/// ].into_iter().collect();
/// resolve(&mut p, |_| None);
/// assert!(p.is_empty());
/// ```
pub fn resolve(proposals: &mut Proposals, occupant: impl Fn(Pos) -> Option<RobotId>) {
    resolve_with(proposals, |p, _| occupant(p), |_, _| true);
}

/// [`resolve`] for pieces that may share cells (virtual robots, flat
/// devices and moving flags, see [`crate::motion::Arena::meets`]): only
/// pieces that meet cancel each other. `blocker(pos, piece)` names the
/// piece on `pos`, before anything moves, that `piece` meets (as
/// [`crate::motion::Arena::blocker`]); `meets(a, b)` says whether two
/// pieces meet.
///
/// ```
/// use robo_core::conveyance::{resolve_with, Proposal, Proposals};
/// use robo_core::geom::Pos;
/// use robo_core::RobotId;
/// // Robot 0 and a flat piece 1 converge on (1,0). They do not meet (a
/// // robot passes over a flat piece), so both move.
/// let mut p: Proposals = [
///     Proposal { robot: RobotId(0), from: Pos::new(0, 0), to: Pos::new(1, 0), turn: None },
///     Proposal { robot: RobotId(1), from: Pos::new(2, 0), to: Pos::new(1, 0), turn: None },
/// ].into_iter().collect();
/// let flat = |r: RobotId| r == RobotId(1);
/// resolve_with(&mut p, |_, _| None, |a, b| flat(a) == flat(b));
/// assert_eq!(p.len(), 2);
/// ```
pub fn resolve_with(
    proposals: &mut Proposals,
    blocker: impl Fn(Pos, RobotId) -> Option<RobotId>,
    meets: impl Fn(RobotId, RobotId) -> bool,
) {
    let n = proposals.len();
    if let [p] = proposals.as_slice() {
        // A lone move: it happens unless a piece it meets stands on its target.
        if blocker(p.to, p.robot).is_some_and(|o| o != p.robot) {
            proposals.clear();
        }
        return;
    }
    let mut alive: SmallVec<[bool; 8]> = smallvec::smallvec![true; n];
    // Converging moves: nobody enters a cell two pieces that meet aim for.
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&proposals[i], &proposals[j]);
            // Two pieces swapping cells would pass through each other.
            let swap = a.to == b.from && b.to == a.from;
            if (a.to == b.to || swap) && meets(a.robot, b.robot) {
                alive[i] = false;
                alive[j] = false;
            }
        }
    }
    // Moves into cells whose occupant stays, until stable.
    loop {
        let mut changed = false;
        for i in 0..n {
            if !alive[i] {
                continue;
            }
            if let Some(o) = blocker(proposals[i].to, proposals[i].robot) {
                let leaves = (0..n).any(|j| alive[j] && proposals[j].robot == o);
                if !leaves {
                    alive[i] = false;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut k = 0;
    proposals.retain(|_| {
        k += 1;
        alive[k - 1]
    });
}

/// Orders resolved moves so that a robot always leaves a cell before another
/// enters it (the front of a train first). Loops keep their order; with
/// per-robot positions that is harmless.
pub fn order_front_first(moves: &mut Proposals) {
    let n = moves.len();
    if n < 2 {
        return;
    }
    let mut ordered: Proposals = SmallVec::with_capacity(n);
    let mut done: SmallVec<[bool; 8]> = smallvec::smallvec![false; n];
    while ordered.len() < n {
        let mut progressed = false;
        for i in 0..n {
            if done[i] {
                continue;
            }
            // Ready when no pending move still stands on my target.
            let blocked = (0..n).any(|j| j != i && !done[j] && moves[j].from == moves[i].to);
            if !blocked {
                ordered.push(moves[i]);
                done[i] = true;
                progressed = true;
            }
        }
        if !progressed {
            // A loop: take the rest as they are.
            for i in 0..n {
                if !done[i] {
                    ordered.push(moves[i]);
                    done[i] = true;
                }
            }
        }
    }
    *moves = ordered;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(r: u8, from: (i16, i16), to: (i16, i16)) -> Proposal {
        Proposal {
            robot: RobotId(r),
            from: Pos::new(from.0, from.1),
            to: Pos::new(to.0, to.1),
            turn: None,
        }
    }

    fn occ(list: &[(u8, (i16, i16))]) -> impl Fn(Pos) -> Option<RobotId> + '_ {
        move |q| {
            list.iter()
                .find(|(_, c)| Pos::new(c.0, c.1) == q)
                .map(|(r, _)| RobotId(*r))
        }
    }

    #[test]
    fn a_train_moves_together() {
        let robots = [(0, (0, 0)), (1, (1, 0))];
        let mut ps: Proposals = [p(0, (0, 0), (1, 0)), p(1, (1, 0), (2, 0))]
            .into_iter()
            .collect();
        resolve(&mut ps, occ(&robots));
        assert_eq!(ps.len(), 2);
        order_front_first(&mut ps);
        assert_eq!(ps[0].robot, RobotId(1));
    }

    #[test]
    fn a_stuck_front_stops_the_whole_train() {
        // Robot 2 is not on a belt; robot 1 would run into it, robot 0 into robot 1.
        let robots = [(0, (0, 0)), (1, (1, 0)), (2, (2, 0))];
        let mut ps: Proposals = [p(0, (0, 0), (1, 0)), p(1, (1, 0), (2, 0))]
            .into_iter()
            .collect();
        resolve(&mut ps, occ(&robots));
        assert!(ps.is_empty());
    }

    #[test]
    fn swaps_are_cancelled_but_loops_turn() {
        let robots = [(0, (0, 0)), (1, (1, 0))];
        let mut ps: Proposals = [p(0, (0, 0), (1, 0)), p(1, (1, 0), (0, 0))]
            .into_iter()
            .collect();
        resolve(&mut ps, occ(&robots));
        assert!(ps.is_empty());
        let robots = [(0, (0, 0)), (1, (1, 0)), (2, (1, 1)), (3, (0, 1))];
        let mut ps: Proposals = [
            p(0, (0, 0), (1, 0)),
            p(1, (1, 0), (1, 1)),
            p(2, (1, 1), (0, 1)),
            p(3, (0, 1), (0, 0)),
        ]
        .into_iter()
        .collect();
        resolve(&mut ps, occ(&robots));
        assert_eq!(ps.len(), 4);
    }

    #[test]
    fn converging_robots_cancel_and_unblock_nobody() {
        // 0 and 1 converge on (1,1); 2 wanted to follow 0 into (0,1)... it stays too.
        let robots = [(0, (1, 0)), (1, (2, 1)), (2, (1, -1))];
        let mut ps: Proposals = [
            p(0, (1, 0), (1, 1)),
            p(1, (2, 1), (1, 1)),
            p(2, (1, -1), (1, 0)),
        ]
        .into_iter()
        .collect();
        resolve(&mut ps, occ(&robots));
        assert!(ps.is_empty());
    }
}
