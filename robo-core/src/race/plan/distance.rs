//! Distance maps: how many moves a robot needs from every cell to a target,
//! respecting walls, hazards and conveyors. Bots use them to score where a
//! program leaves a robot.

use crate::board::Board;
use crate::element::Elements;
use crate::geom::{Dir, Pos};
use std::collections::VecDeque;

/// Moves from each cell to one target cell.
///
/// Built backwards from the target with a 0-1 breadth-first search: a step
/// to a neighbouring cell costs 1 (walls block it, hazard cells cannot be
/// entered), and a conveyor carries a robot one cell along its direction
/// for free.
///
/// ```
/// use robo_core::board::Board;
/// use robo_core::race::plan::DistanceMap;
/// use robo_core::geom::Pos;
/// use robo_core::toy::ToyTile;
/// let b: Board<ToyTile> = Board::parse("+--+--+--+\n|.. []|F1|\n+  +  +  +\n|.. .. ..|\n+--+--+--+\n").unwrap();
/// let d = DistanceMap::new(&b, Pos::new(2, 0), |p| b.tile(p) == Some(&ToyTile::Pit));
/// assert_eq!(d.get(Pos::new(2, 0)), Some(0));
/// assert_eq!(d.get(Pos::new(0, 0)), Some(4)); // around the pit and the wall
/// assert_eq!(d.get(Pos::new(1, 0)), None);    // a pit
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap {
    width: usize,
    height: usize,
    target: Pos,
    dist: Vec<u16>,
}

const UNREACHABLE: u16 = u16::MAX;

impl DistanceMap {
    /// The map of moves to `target`; `hazard(pos)` marks cells a robot must
    /// not enter (pits; off-board cells are hazards anyway).
    pub fn new<T: Elements>(board: &Board<T>, target: Pos, hazard: impl Fn(Pos) -> bool) -> Self {
        Self::with_exits(board, target, hazard, |from, dir| !board.blocks(from, dir))
    }

    /// The map of moves to `target` where `can_leave(from, dir)` says
    /// whether a robot may leave `from` towards `dir` (walls, and what else
    /// an edition says stops a robot: ledges, buildings).
    pub fn with_exits<T: Elements>(
        board: &Board<T>,
        target: Pos,
        hazard: impl Fn(Pos) -> bool,
        can_leave: impl Fn(Pos, Dir) -> bool,
    ) -> Self {
        let (width, height) = (board.width(), board.height());
        let mut dist = vec![UNREACHABLE; width * height];
        let idx = |p: Pos| p.y as usize * width + p.x as usize;
        let mut queue = VecDeque::new();
        if board.contains(target) && !hazard(target) {
            dist[idx(target)] = 0;
            queue.push_back(target);
        }
        while let Some(to) = queue.pop_front() {
            let d = dist[idx(to)];
            // Which cells reach `to` in one move: a step from a neighbour, or
            // a conveyor on a neighbour that carries into `to` (free).
            for dir in Dir::ALL {
                let from = to.step(dir.opposite());
                if !board.contains(from) || hazard(from) || !can_leave(from, dir) {
                    continue;
                }
                let carried = board
                    .tile(from)
                    .and_then(Elements::conveyor)
                    .is_some_and(|c| c.dir == dir);
                let nd = if carried { d } else { d.saturating_add(1) };
                if nd < dist[idx(from)] {
                    dist[idx(from)] = nd;
                    if carried {
                        queue.push_front(from);
                    } else {
                        queue.push_back(from);
                    }
                }
            }
        }
        DistanceMap {
            width,
            height,
            target,
            dist,
        }
    }

    /// The target cell.
    #[must_use]
    pub fn target(&self) -> Pos {
        self.target
    }

    /// Moves from `pos` to the target; `None` off the board, on a hazard, or
    /// where the target cannot be reached.
    #[must_use]
    pub fn get(&self, pos: Pos) -> Option<u16> {
        if pos.x < 0 || pos.y < 0 || pos.x as usize >= self.width || pos.y as usize >= self.height {
            return None;
        }
        let d = self.dist[pos.y as usize * self.width + pos.x as usize];
        (d != UNREACHABLE).then_some(d)
    }

    /// [`DistanceMap::get`] by cell index (row-major); `None` past the
    /// last cell.
    #[inline]
    pub(super) fn at(&self, cell: usize) -> Option<u16> {
        self.dist.get(cell).copied().filter(|&d| d != UNREACHABLE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::ToyTile;

    #[test]
    fn conveyors_towards_the_target_are_free_and_against_it_cost() {
        let b: Board<ToyTile> =
            Board::parse("+--+--+--+--+\n|>. >. >. F1|\n+--+--+--+--+\n").unwrap();
        let d = DistanceMap::new(&b, Pos::new(3, 0), |_| false);
        assert_eq!(d.get(Pos::new(0, 0)), Some(0));
        let b: Board<ToyTile> =
            Board::parse("+--+--+--+--+\n|<. <. <. F1|\n+--+--+--+--+\n").unwrap();
        let d = DistanceMap::new(&b, Pos::new(3, 0), |_| false);
        assert_eq!(d.get(Pos::new(0, 0)), Some(3));
    }

    #[test]
    fn walls_and_one_way_walls_are_respected() {
        let b: Board<ToyTile> = Board::parse("+--+--+\n|..>F1|\n+--+--+\n").unwrap();
        let d = DistanceMap::new(&b, Pos::new(1, 0), |_| false);
        assert_eq!(d.get(Pos::new(0, 0)), Some(1), "passable eastwards");
        let d = DistanceMap::new(&b, Pos::new(0, 0), |_| false);
        assert_eq!(d.get(Pos::new(1, 0)), None, "not westwards");
        assert_eq!(d.get(Pos::new(5, 5)), None);
    }

    #[test]
    fn a_world_may_forbid_leaving_a_cell_one_way() {
        let b: Board<ToyTile> =
            Board::parse("+--+--+--+\n|.. .. ..|\n+  +  +  +\n|.. .. ..|\n+--+--+--+\n").unwrap();
        let can_leave = |from: Pos, dir: Dir| {
            let ledge = from == Pos::new(1, 0) && dir == Dir::E;
            !(ledge || b.blocks(from, dir))
        };
        let d = DistanceMap::with_exits(&b, Pos::new(2, 0), |_| false, can_leave);
        assert_eq!(d.get(Pos::new(1, 0)), Some(3), "down, across and up");
        assert_eq!(
            DistanceMap::new(&b, Pos::new(2, 0), |_| false).get(Pos::new(1, 0)),
            Some(1)
        );
    }
}
