//! What a bot knows of a course: one distance map per checkpoint (built
//! once per course), and cheap judgements of a cell and facing built on
//! them.

use super::distance::DistanceMap;
use crate::board::Board;
use crate::element::Elements;
use crate::geom::{Dir, Pos};
use std::sync::Arc;

/// What a planner needs to know of a course, answered by the edition
/// (usually from tables it builds once per course).
pub trait PlanCourse {
    /// The edition's tile type.
    type Tile: Elements;
    /// The assembled grid.
    fn board(&self) -> &Board<Self::Tile>;
    /// Checkpoint (flag) cells in order.
    fn checkpoints(&self) -> &[Pos];
    /// Can a robot stand on `pos` (floor of the course, not a pit)?
    fn can_stand(&self, pos: Pos) -> bool;
    /// Can a robot leave `from` towards `dir`? Walls by default; editions
    /// with levels, ledges or buildings say more.
    fn can_leave(&self, from: Pos, dir: Dir) -> bool {
        !self.board().blocks(from, dir)
    }
    /// Is `other` the same course (for reusing maps across games)?
    fn same_course(&self, other: &Self) -> bool;
}

/// Extra moves counted for a robot that cannot reach its checkpoint from
/// where it stands, beyond the farthest reachable cell.
pub const UNREACHABLE_MARGIN: u16 = 6;

/// The distance maps of one course, one per checkpoint.
///
/// ```
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::race::course::{course_from_text, Course};
/// use robo_core::race::plan::CourseMaps;
/// use robo_core::toy::ToyTile;
/// use std::sync::Arc;
/// let text = "+--+--+--+\n|.. [] ..|\n+  +  +  +\n|S. .. ..|\n+--+--+--+\n";
/// let course: Course<ToyTile, ()> = course_from_text(text, &[Pos::new(2, 0)], Dir::N, |_| ()).unwrap();
/// let maps = CourseMaps::new(Arc::new(course));
/// assert_eq!(maps.distance(0, Pos::new(0, 1)), Some(3));
/// assert_eq!(maps.distance(0, Pos::new(1, 0)), None, "a pit");
/// assert_eq!(maps.turns_needed(0, Pos::new(0, 1), Dir::W), 2);
/// ```
#[derive(Clone, Debug)]
pub struct CourseMaps<A> {
    course: Arc<A>,
    maps: Vec<DistanceMap>,
    /// Per checkpoint: the distance scored for a robot that fell or is cut off.
    worst: Vec<u16>,
    /// Per checkpoint and cell (row-major): [`CourseMaps::turns_needed`]
    /// for each facing, two bits per facing ([`Dir::index`]), worked out
    /// once so a planner scoring thousands of programs reads a table.
    turns: Vec<u8>,
}

impl<A: PlanCourse> CourseMaps<A> {
    /// Builds the maps of a course: moves to each checkpoint, around what
    /// stops a robot and what it cannot stand on, with belts carrying for
    /// free.
    #[must_use]
    pub fn new(course: Arc<A>) -> Self {
        let c = &*course;
        let board = c.board();
        let maps: Vec<DistanceMap> = c
            .checkpoints()
            .iter()
            .map(|&target| {
                DistanceMap::with_exits(
                    board,
                    target,
                    |p| !c.can_stand(p),
                    |from, dir| c.can_leave(from, dir),
                )
            })
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
        let mut out = CourseMaps {
            course,
            maps,
            worst,
            turns: Vec::new(),
        };
        let cells: Vec<Pos> = out.course.board().positions().collect();
        out.turns = (0..out.maps.len())
            .flat_map(|i| cells.iter().map(move |&p| (i, p)))
            .map(|(i, p)| {
                Dir::ALL.iter().fold(0u8, |bits, &d| {
                    bits | (out.work_out_turns(i, p, d) << (2 * d.index()))
                })
            })
            .collect();
        out
    }

    /// Are these the maps of `course`? Cheap when it is the same shared
    /// value; otherwise [`PlanCourse::same_course`] decides.
    #[must_use]
    pub fn is_for(&self, course: &Arc<A>) -> bool {
        Arc::ptr_eq(&self.course, course) || self.course.same_course(course)
    }

    /// The course.
    #[must_use]
    pub fn course(&self) -> &A {
        &self.course
    }

    /// Moves from `pos` to checkpoint `index` (0-based); `None` where a
    /// robot cannot stand, where it cannot be reached, or past the last
    /// checkpoint.
    #[must_use]
    pub fn distance(&self, index: usize, pos: Pos) -> Option<u16> {
        self.maps.get(index).and_then(|m| m.get(pos))
    }

    /// The distance scored for a robot lost on its way to checkpoint `index`.
    #[must_use]
    pub fn worst(&self, index: usize) -> u16 {
        self.worst.get(index).copied().unwrap_or(UNREACHABLE_MARGIN)
    }

    /// Quarter turns a robot on `pos` facing `facing` needs before a step
    /// brings it closer to checkpoint `index`: 0 when the cell ahead is
    /// closer, 1 when one to a side is, 2 when only the one behind is (and
    /// 0 on the checkpoint itself or where nothing is closer).
    #[must_use]
    pub fn turns_needed(&self, index: usize, pos: Pos, facing: Dir) -> u8 {
        let board = self.course.board();
        if !board.in_bounds(pos) {
            return 0;
        }
        let cell = pos.y as usize * board.width() + pos.x as usize;
        self.turns
            .get(index * board.width() * board.height() + cell)
            .map_or(0, |bits| (bits >> (2 * facing.index())) & 3)
    }

    /// [`CourseMaps::distance`] and [`CourseMaps::turns_needed`] at once,
    /// the cell found once (a planner asks both for every program it
    /// scores).
    #[must_use]
    #[inline]
    pub fn distance_and_turns(&self, index: usize, pos: Pos, facing: Dir) -> (Option<u16>, u8) {
        let board = self.course.board();
        if !board.in_bounds(pos) {
            return (None, 0);
        }
        let cell = pos.y as usize * board.width() + pos.x as usize;
        let distance = self.maps.get(index).and_then(|m| m.at(cell));
        let turns = self
            .turns
            .get(index * board.width() * board.height() + cell)
            .map_or(0, |bits| (bits >> (2 * facing.index())) & 3);
        (distance, turns)
    }

    /// [`CourseMaps::turns_needed`] worked out from the distance map.
    fn work_out_turns(&self, index: usize, pos: Pos, facing: Dir) -> u8 {
        let Some(here) = self.distance(index, pos) else {
            return 0;
        };
        if here == 0 {
            return 0;
        }
        let closer = |d: Dir| {
            self.course.can_leave(pos, d)
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
    #[must_use]
    pub fn effort(&self, index: usize, pos: Pos, facing: Dir) -> u16 {
        match self.distance(index, pos) {
            Some(d) => d + u16::from(self.turns_needed(index, pos, facing)),
            None => self.worst(index).saturating_add(2),
        }
    }

    /// Where a robot ends that moves `steps` cells from `pos` towards `dir`
    /// on the bare course (no robots, no belts): what stops a robot stops
    /// it; `None` if it falls on the way.
    #[must_use]
    pub fn walk(&self, pos: Pos, dir: Dir, steps: u8) -> Option<Pos> {
        let mut at = pos;
        for _ in 0..steps {
            if !self.course.can_leave(at, dir) {
                break;
            }
            at = at.step(dir);
            if !self.course.can_stand(at) {
                return None;
            }
        }
        Some(at)
    }
}

/// A course answers from its tiles: a robot stands where its tile says it
/// can, and only walls stop it.
impl<T, X> PlanCourse for crate::race::course::Course<T, X>
where
    T: crate::race::course::CourseTile + Elements + PartialEq,
    X: PartialEq,
{
    type Tile = T;
    fn board(&self) -> &Board<T> {
        crate::race::course::Course::board(self)
    }
    fn checkpoints(&self) -> &[Pos] {
        crate::race::course::Course::checkpoints(self)
    }
    fn can_stand(&self, pos: Pos) -> bool {
        crate::race::course::Course::board(self)
            .tile(pos)
            .is_some_and(crate::race::course::CourseTile::can_stand)
    }
    fn same_course(&self, other: &Self) -> bool {
        self == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::course::{course_from_text, Course};
    use crate::toy::ToyTile;

    #[test]
    fn the_turns_table_holds_what_the_distance_maps_say() {
        let text = "+--+--+--+--+\n|.. [] ..|..|\n+  +  +--+  +\n|S. .. .. >.|\n+--+--+--+--+\n";
        let checkpoints = [Pos::new(2, 0), Pos::new(3, 0)];
        let course: Course<ToyTile, ()> =
            course_from_text(text, &checkpoints, Dir::N, |_| ()).unwrap();
        let maps = CourseMaps::new(Arc::new(course));
        let mut some_turns = 0;
        for index in 0..3 {
            for pos in maps.course().board().positions() {
                for facing in Dir::ALL {
                    let t = maps.turns_needed(index, pos, facing);
                    assert_eq!(t, maps.work_out_turns(index, pos, facing));
                    let both = (maps.distance(index, pos), t);
                    assert_eq!(maps.distance_and_turns(index, pos, facing), both);
                    some_turns += usize::from(t > 0);
                }
            }
        }
        assert!(some_turns > 4);
        assert_eq!(maps.turns_needed(0, Pos::new(-1, 0), Dir::N), 0);
        for off in [Pos::new(-1, 0), Pos::new(4, 0), Pos::new(0, 2)] {
            assert_eq!(maps.distance_and_turns(0, off, Dir::N), (None, 0));
        }
    }
}
