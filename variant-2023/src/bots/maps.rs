//! What a bot knows of the course: one distance map per checkpoint (built
//! once per course), and cheap judgements of a cell and facing built on
//! them.

use crate::arena::Arena;
use crate::tiles::Tile;
use robo_core::distance::DistanceMap;
use robo_core::geom::{Dir, Pos};
use std::sync::Arc;

/// Extra moves counted for a robot that cannot reach its checkpoint from
/// where it stands, beyond the farthest reachable cell.
const UNREACHABLE_MARGIN: u16 = 6;

/// The distance maps of one course, one per checkpoint.
#[derive(Clone, Debug)]
pub(crate) struct CourseMaps {
    arena: Arc<Arena>,
    maps: Vec<DistanceMap>,
    /// Per checkpoint: the distance scored for a robot that fell or is cut off.
    worst: Vec<u16>,
}

impl CourseMaps {
    /// Builds the maps of `arena`'s course: moves to each checkpoint,
    /// around walls and pits, with belts carrying for free.
    pub(crate) fn new(arena: Arc<Arena>) -> Self {
        let board = arena.board();
        let hazard = |p: Pos| arena.tile(p) == Some(Tile::Pit);
        let maps: Vec<DistanceMap> = arena
            .course()
            .checkpoints
            .iter()
            .map(|&c| DistanceMap::new(board, c, hazard))
            .collect();
        let worst = maps
            .iter()
            .map(|m| {
                board
                    .positions()
                    .filter_map(|p| m.get(p))
                    .max()
                    .unwrap_or(0)
                    .saturating_add(UNREACHABLE_MARGIN)
            })
            .collect();
        CourseMaps { arena, maps, worst }
    }

    /// Are these the maps of `arena`'s course? Cheap when the arena is the
    /// same shared value (clones of one game); a deserialised game with the
    /// same course is recognised by comparing courses.
    pub(crate) fn is_for(&self, arena: &Arc<Arena>) -> bool {
        Arc::ptr_eq(&self.arena, arena) || self.arena.course() == arena.course()
    }

    pub(crate) fn arena(&self) -> &Arena {
        &self.arena
    }

    /// Moves from `pos` to checkpoint `index` (0-based); `None` on a pit,
    /// off the floor, where it cannot be reached, or past the last checkpoint.
    pub(crate) fn distance(&self, index: usize, pos: Pos) -> Option<u16> {
        self.maps.get(index).and_then(|m| m.get(pos))
    }

    /// The distance scored for a robot lost on its way to checkpoint `index`.
    pub(crate) fn worst(&self, index: usize) -> u16 {
        self.worst.get(index).copied().unwrap_or(UNREACHABLE_MARGIN)
    }

    /// Quarter turns a robot on `pos` facing `facing` needs before a step
    /// brings it closer to checkpoint `index`: 0 when the cell ahead is
    /// closer, 1 when one to a side is, 2 when only the one behind is (and
    /// 0 on the checkpoint itself or where nothing is closer).
    pub(crate) fn turns_needed(&self, index: usize, pos: Pos, facing: Dir) -> u8 {
        let Some(here) = self.distance(index, pos) else {
            return 0;
        };
        if here == 0 {
            return 0;
        }
        let board = self.arena.board();
        let closer = |d: Dir| {
            !board.blocks(pos, d)
                && self
                    .distance(index, pos.step(d))
                    .is_some_and(|there| there < here)
        };
        if closer(facing) {
            0
        } else if closer(facing.left()) || closer(facing.right()) {
            1
        } else if closer(facing.opposite()) {
            2
        } else {
            0
        }
    }

    /// How far from checkpoint `index` a robot on `pos` facing `facing` is,
    /// in moves plus quarter turns (the worst distance plus 2 if it cannot
    /// get there from `pos`).
    pub(crate) fn effort(&self, index: usize, pos: Pos, facing: Dir) -> u16 {
        match self.distance(index, pos) {
            Some(d) => d + u16::from(self.turns_needed(index, pos, facing)),
            None => self.worst(index).saturating_add(2),
        }
    }

    /// Where a robot ends that moves `steps` cells from `pos` towards `dir`
    /// on the bare course (no robots, no belts): walls stop it; `None` if
    /// it falls into a pit or off the floor on the way.
    pub(crate) fn walk(&self, pos: Pos, dir: Dir, steps: u8) -> Option<Pos> {
        let board = self.arena.board();
        let mut at = pos;
        for _ in 0..steps {
            if board.blocks(at, dir) {
                break;
            }
            at = at.step(dir);
            if !self.arena.can_stand(at) {
                return None;
            }
        }
        Some(at)
    }
}
