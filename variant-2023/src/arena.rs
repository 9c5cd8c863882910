//! The course as the engine plays on it: the assembled board plus tables
//! built once (core's per-cell table, with this edition's checkpoints and
//! reboot tokens marked on it) and the register pipeline. It is shared
//! between clones, so cloning a game never copies the course.

use crate::courses::Course;
use crate::tiles::Tile;
use robo_core::board::Board;
use robo_core::element::{BeltSpeed, LaserMount};
use robo_core::geom::{Dir, Pos};
use robo_core::pipeline::{ConveyorPass, Pipeline};
use robo_core::race::frame::Kinds;
use robo_core::race::table::{CellTable, FromCourse, SharedArena};
use serde::{Deserialize, Serialize};

/// One step of a register, in the rulebook's order (see [`register_pipeline`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RegisterStep {
    /// A) programming cards, in priority order.
    Cards,
    /// B) a conveyor pass (blue twice, then green).
    Conveyors(ConveyorPass),
    /// B) push panels of this register.
    PushPanels,
    /// B) gears.
    Gears,
    /// B) board lasers.
    BoardLasers,
    /// B) robot weapons, in priority order.
    RobotWeapons,
    /// C) batteries.
    Batteries,
    /// C) checkpoints, in priority order.
    Checkpoints,
}

/// The steps of one register: cards; blue belts twice (the second pass
/// moves only robots still on blue), green belts, push panels, gears,
/// board lasers; robot weapons; batteries, then checkpoints.
///
/// ```
/// use variant_2023::arena::{register_pipeline, RegisterStep};
/// let p = register_pipeline();
/// assert_eq!(p.get(0), Some(&RegisterStep::Cards));
/// assert_eq!(p.steps().last(), Some(&RegisterStep::Checkpoints));
/// ```
#[must_use]
pub fn register_pipeline() -> Pipeline<RegisterStep> {
    Pipeline::new(STEPS.iter().map(|&(step, _)| step).collect())
}

/// The kind bits of a conveyor pass's belts.
const fn belts(pass: ConveyorPass) -> Kinds {
    ((if pass.express { kind::EXPRESS_BELT } else { 0 })
        | (if pass.normal { kind::NORMAL_BELT } else { 0 })) as Kinds
}

/// The register's steps in order (see [`register_pipeline`]), each with
/// the [`kind`] bits of the elements it acts on when a robot stands on
/// one: a step with bits does nothing while no robot stands on any of
/// them, so the register passes it over (`Race::steps_from`). 0 for the
/// steps that always run. Checkpoints also name batteries, which archive
/// under dynamic archiving (a step run without it does nothing there).
pub(crate) const STEPS: [(RegisterStep, Kinds); 10] = [
    (RegisterStep::Cards, 0),
    (
        RegisterStep::Conveyors(ConveyorPass::EXPRESS),
        belts(ConveyorPass::EXPRESS),
    ),
    (
        RegisterStep::Conveyors(ConveyorPass::EXPRESS),
        belts(ConveyorPass::EXPRESS),
    ),
    (
        RegisterStep::Conveyors(ConveyorPass::NORMAL),
        belts(ConveyorPass::NORMAL),
    ),
    (RegisterStep::PushPanels, kind::PUSH_PANEL as Kinds),
    (RegisterStep::Gears, kind::GEAR as Kinds),
    (RegisterStep::BoardLasers, 0),
    (RegisterStep::RobotWeapons, 0),
    (RegisterStep::Batteries, kind::BATTERY as Kinds),
    (
        RegisterStep::Checkpoints,
        (kind::CHECKPOINT | kind::BATTERY) as Kinds,
    ),
];

/// A course with the tables the engine reads on every register.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arena {
    course: Course,
    /// Per cell: the tile, element kinds, exits, beams, checkpoint and token.
    table: CellTable<Tile, u8, Marks>,
    pipeline: Pipeline<RegisterStep>,
}

/// This edition's marks on a cell of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Marks {
    /// 0, or the number (from 1) of the checkpoint on it.
    checkpoint: u8,
    /// A reboot token lies on it.
    token: bool,
}

/// Kinds of board elements, as bits (the kinds of the per-cell table): which
/// register steps can act on a robot standing there.
pub(crate) mod kind {
    /// An express (blue) belt.
    pub(crate) const EXPRESS_BELT: u8 = 1;
    /// A normal (green) belt.
    pub(crate) const NORMAL_BELT: u8 = 2;
    /// A push panel.
    pub(crate) const PUSH_PANEL: u8 = 4;
    /// A gear.
    pub(crate) const GEAR: u8 = 8;
    /// A battery.
    pub(crate) const BATTERY: u8 = 16;
    /// A checkpoint (on top of whatever tile lies there).
    pub(crate) const CHECKPOINT: u8 = 32;
}

/// The element kind bits of a tile.
fn kinds_of(tile: &Tile) -> u8 {
    match tile {
        Tile::Belt(c) => match c.speed {
            BeltSpeed::Express => kind::EXPRESS_BELT,
            BeltSpeed::Normal => kind::NORMAL_BELT,
        },
        Tile::PushPanel(_) => kind::PUSH_PANEL,
        Tile::Gear(_) => kind::GEAR,
        Tile::Battery => kind::BATTERY,
        _ => 0,
    }
}

impl Arena {
    /// Builds the tables of a course. Checkpoints or tokens off the board
    /// are ignored here (a [`Course`] never has them: it is made only
    /// through validation).
    #[must_use]
    pub fn new(course: Course) -> Self {
        let mut table: CellTable<Tile, u8, Marks> =
            CellTable::new(course.board(), kinds_of, |_| false);
        for (k, &p) in course.checkpoints().iter().enumerate() {
            if let Some(c) = table.cell_mut(p) {
                c.marks.checkpoint = u8::try_from(k + 1).unwrap_or(u8::MAX);
                c.kinds |= kind::CHECKPOINT;
            }
        }
        for &(p, _) in course.extras().reboot_tokens.iter().flatten() {
            if let Some(c) = table.cell_mut(p) {
                c.marks.token = true;
            }
        }
        Arena {
            table,
            pipeline: register_pipeline(),
            course,
        }
    }

    /// The course.
    #[must_use]
    pub fn course(&self) -> &Course {
        &self.course
    }

    /// The assembled board.
    #[must_use]
    pub fn board(&self) -> &Board<Tile> {
        self.course.board()
    }

    /// The register pipeline.
    #[must_use]
    pub fn pipeline(&self) -> &Pipeline<RegisterStep> {
        &self.pipeline
    }

    /// The per-cell table.
    pub(crate) fn table(&self) -> &CellTable<Tile, u8, Marks> {
        &self.table
    }

    /// Board laser mounts, in row order.
    #[must_use]
    pub fn mounts(&self) -> &[(Pos, LaserMount)] {
        self.table.mounts()
    }

    /// The number (from 1) of the checkpoint on `p`, if any.
    #[must_use]
    pub fn checkpoint_at(&self, p: Pos) -> Option<u8> {
        self.table
            .cell(p)
            .map(|c| c.marks.checkpoint)
            .filter(|&k| k > 0)
    }

    /// Number of checkpoints.
    #[must_use]
    pub fn checkpoints(&self) -> u8 {
        u8::try_from(self.course.checkpoints().len()).unwrap_or(u8::MAX)
    }

    /// Does a reboot token lie on `p`?
    #[must_use]
    pub fn token_at(&self, p: Pos) -> bool {
        self.table.cell(p).is_some_and(|c| c.marks.token)
    }

    /// Beams of board lasers reaching `p` when no robot stands in the way.
    #[must_use]
    pub fn beams_at(&self, p: Pos) -> u8 {
        self.table.beams_at(p)
    }

    /// The mounts (indices into [`Arena::mounts`]) whose beam reaches `p`
    /// when no robot is in the way.
    #[must_use]
    pub fn mounts_reaching(&self, p: Pos) -> &[u16] {
        self.table.mounts_reaching(p)
    }

    /// Does the element on `p` work? Not under a checkpoint, nor under a
    /// reboot token unless tokens are not in play (dynamic archiving).
    /// Lasers always work: the pipeline does not ask about them.
    #[must_use]
    pub fn element_active(&self, p: Pos, tokens_in_play: bool) -> bool {
        self.table
            .cell(p)
            .is_none_or(|c| c.marks.checkpoint == 0 && !(tokens_in_play && c.marks.token))
    }

    /// The tile on `p`, `None` off the floor.
    #[must_use]
    pub fn tile(&self, p: Pos) -> Option<Tile> {
        self.table.tile(p)
    }

    /// Can a robot stand on `p`: floor of the course, not a pit?
    #[must_use]
    pub fn can_stand(&self, p: Pos) -> bool {
        self.tile(p).is_some_and(|t| t != Tile::Pit)
    }

    /// May a robot leave `from` towards `dir`? Not through a wall, and
    /// (with `less_deadly`) not off the floor. The same answer as asking
    /// the board, read from one table. Inlined: every step of every move
    /// asks it, and out of line its call costs more than its work.
    #[inline]
    pub(crate) fn can_leave(&self, from: Pos, dir: Dir, less_deadly: bool) -> bool {
        self.table
            .can_leave(self.course.board(), from, dir, less_deadly)
    }

    /// Where robots that fell from the board with id `board` come back,
    /// and the token's arrow; `None` for the docking bay.
    #[must_use]
    pub fn reboot_token(&self, board: robo_core::board::BoardId) -> Option<(Pos, Dir)> {
        self.course.extras().reboot_token(board)
    }
}

impl FromCourse for Arena {
    type Course = Course;

    fn from_course(course: Course) -> Self {
        Arena::new(course)
    }

    fn course(&self) -> &Course {
        &self.course
    }
}

/// An [`Arena`] shared between clones of a game. Serialised as its
/// [`Course`]; the tables are rebuilt when read back.
pub(crate) type Shared = SharedArena<Arena>;

#[cfg(test)]
mod tests;
