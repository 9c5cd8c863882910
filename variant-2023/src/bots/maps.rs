//! What a bot knows of the course: the race kit's distance maps
//! ([`robo_core::race::plan::CourseMaps`]) over the arena's tables.

use crate::arena::Arena;
use crate::tiles::Tile;
use robo_core::board::Board;
use robo_core::geom::{Dir, Pos};
use robo_core::race::plan::PlanCourse;

/// The distance maps of one course, one per checkpoint.
pub(crate) type CourseMaps = robo_core::race::plan::CourseMaps<Arena>;

/// The planner reads the course from the arena's tables: a robot stands on
/// any floor but a pit, and walls stop it (the bare course, as the rules
/// without options have it).
impl PlanCourse for Arena {
    type Tile = Tile;
    fn board(&self) -> &Board<Tile> {
        Arena::board(self)
    }
    fn checkpoints(&self) -> &[Pos] {
        self.course().checkpoints()
    }
    fn can_stand(&self, pos: Pos) -> bool {
        Arena::can_stand(self, pos)
    }
    fn can_leave(&self, from: Pos, dir: Dir) -> bool {
        Arena::can_leave(self, from, dir, false)
    }
    fn same_course(&self, other: &Self) -> bool {
        self.course() == other.course()
    }
}
