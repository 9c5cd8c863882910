//! The course as the engine plays on it: the assembled board plus tables
//! built once (laser mounts, cells under checkpoints and reboot tokens,
//! board-laser beams per cell) and the register pipeline. It is shared
//! behind an [`Arc`], so cloning a game never copies the course.

use crate::courses::Course;
use crate::tiles::Tile;
use robo_core::board::Board;
use robo_core::element::{BeltSpeed, LaserMount};
use robo_core::geom::{Dir, Pos};
use robo_core::pipeline::{laser_mounts, ConveyorPass, Pipeline};
use robo_core::ray::{cast, RayOptions};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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
    Pipeline::new(vec![
        RegisterStep::Cards,
        RegisterStep::Conveyors(ConveyorPass::EXPRESS),
        RegisterStep::Conveyors(ConveyorPass::EXPRESS),
        RegisterStep::Conveyors(ConveyorPass::NORMAL),
        RegisterStep::PushPanels,
        RegisterStep::Gears,
        RegisterStep::BoardLasers,
        RegisterStep::RobotWeapons,
        RegisterStep::Batteries,
        RegisterStep::Checkpoints,
    ])
}

/// A course with the tables the engine reads on every register.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arena {
    course: Course,
    width: i16,
    height: i16,
    mounts: Vec<(Pos, LaserMount)>,
    /// Per cell, row-major: what the register loop asks about it.
    cells: Vec<Cell>,
    /// Per cell `i`, `reach[reach_start[i]..reach_start[i + 1]]` lists the
    /// mounts (indices into `mounts`) whose beam reaches it when no robot
    /// is in the way.
    reach_start: Vec<u32>,
    reach: Vec<u16>,
    pipeline: Pipeline<RegisterStep>,
}

/// What the register loop reads about one cell of the rectangle, in one
/// place (one bounds check, one cache line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Cell {
    /// The tile, `None` on a void cell.
    tile: Option<Tile>,
    /// 0, or the number (from 1) of the checkpoint on it.
    checkpoint: u8,
    /// A reboot token lies on it.
    token: bool,
    /// Beams of board lasers that reach it when no robot is in the way.
    beams: u8,
    /// The [`kind`] bits of its tile.
    kinds: u8,
    /// Bit `d` ([`Dir::index`]): a wall blocks leaving towards `d`; bit
    /// `4 + d`: the cell towards `d` is not floor.
    exits: u8,
    /// Bit `k`: mount `k` reaches it (when the course has at most 64 mounts).
    reach: u64,
}

/// Kinds of board elements, as bits (see [`Arena::kinds_at`]): which
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
fn kinds_of(tile: Option<Tile>) -> u8 {
    match tile {
        Some(Tile::Belt(c)) => match c.speed {
            BeltSpeed::Express => kind::EXPRESS_BELT,
            BeltSpeed::Normal => kind::NORMAL_BELT,
        },
        Some(Tile::PushPanel(_)) => kind::PUSH_PANEL,
        Some(Tile::Gear(_)) => kind::GEAR,
        Some(Tile::Battery) => kind::BATTERY,
        _ => 0,
    }
}

impl Arena {
    /// Builds the tables of a course. Checkpoints or tokens off the board
    /// are ignored here; [`crate::setup`] refuses such courses first.
    #[must_use]
    pub fn new(course: Course) -> Self {
        let board = &course.board;
        let (w, h) = (board.width(), board.height());
        let index = |p: Pos| board.in_bounds(p).then(|| p.y as usize * w + p.x as usize);
        let mut cells: Vec<Cell> = board
            .positions()
            .map(|p| {
                let mut exits = 0u8;
                for d in Dir::ALL {
                    if board.blocks(p, d) {
                        exits |= 1 << d.index();
                    }
                    if !board.contains(p.step(d)) {
                        exits |= 1 << (4 + d.index());
                    }
                }
                let tile = board.tile(p).copied();
                Cell {
                    tile,
                    kinds: kinds_of(tile),
                    exits,
                    ..Cell::default()
                }
            })
            .collect();
        for (k, &p) in course.checkpoints.iter().enumerate() {
            if let Some(c) = index(p).and_then(|i| cells.get_mut(i)) {
                c.checkpoint = u8::try_from(k + 1).unwrap_or(u8::MAX);
                c.kinds |= kind::CHECKPOINT;
            }
        }
        for &(p, _) in course.reboot_tokens.iter().flatten() {
            if let Some(c) = index(p).and_then(|i| cells.get_mut(i)) {
                c.token = true;
            }
        }
        let mounts = laser_mounts(board);
        let mut reaching: Vec<Vec<u16>> = vec![Vec::new(); w * h];
        let opts = RayOptions {
            include_start: true,
            ..RayOptions::default()
        };
        for (k, &(p, m)) in mounts.iter().enumerate() {
            let ray = cast(board, p, m.dir, opts, |_| None, |_| false);
            for &c in &ray.cells {
                if let Some(i) = index(c) {
                    if let (Some(cell), Some(list)) = (cells.get_mut(i), reaching.get_mut(i)) {
                        cell.beams = cell.beams.saturating_add(m.beams);
                        if k < 64 {
                            cell.reach |= 1 << k;
                        }
                        list.push(u16::try_from(k).unwrap_or(u16::MAX));
                    }
                }
            }
        }
        let mut reach_start = Vec::with_capacity(w * h + 1);
        let mut reach = Vec::new();
        for r in reaching {
            reach_start.push(u32::try_from(reach.len()).unwrap_or(u32::MAX));
            reach.extend(r);
        }
        reach_start.push(u32::try_from(reach.len()).unwrap_or(u32::MAX));
        Arena {
            width: i16::try_from(w).unwrap_or(i16::MAX),
            height: i16::try_from(h).unwrap_or(i16::MAX),
            mounts,
            cells,
            reach_start,
            reach,
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
        &self.course.board
    }

    /// The register pipeline.
    #[must_use]
    pub fn pipeline(&self) -> &Pipeline<RegisterStep> {
        &self.pipeline
    }

    /// Board laser mounts, in row order.
    #[must_use]
    pub fn mounts(&self) -> &[(Pos, LaserMount)] {
        &self.mounts
    }

    fn index(&self, p: Pos) -> Option<usize> {
        (p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height)
            .then(|| p.y as usize * self.width as usize + p.x as usize)
    }

    fn cell(&self, p: Pos) -> Option<&Cell> {
        self.index(p).and_then(|i| self.cells.get(i))
    }

    /// The number (from 1) of the checkpoint on `p`, if any.
    #[must_use]
    pub fn checkpoint_at(&self, p: Pos) -> Option<u8> {
        self.cell(p).map(|c| c.checkpoint).filter(|&k| k > 0)
    }

    /// Number of checkpoints.
    #[must_use]
    pub fn checkpoints(&self) -> u8 {
        u8::try_from(self.course.checkpoints.len()).unwrap_or(u8::MAX)
    }

    /// Does a reboot token lie on `p`?
    #[must_use]
    pub fn token_at(&self, p: Pos) -> bool {
        self.cell(p).is_some_and(|c| c.token)
    }

    /// Beams of board lasers reaching `p` when no robot stands in the way.
    #[must_use]
    pub fn beams_at(&self, p: Pos) -> u8 {
        self.cell(p).map_or(0, |c| c.beams)
    }

    /// The mounts (indices into [`Arena::mounts`]) whose beam reaches `p`
    /// when no robot is in the way.
    #[must_use]
    pub fn mounts_reaching(&self, p: Pos) -> &[u16] {
        let Some(i) = self.index(p) else { return &[] };
        let (Some(&a), Some(&b)) = (self.reach_start.get(i), self.reach_start.get(i + 1)) else {
            return &[];
        };
        self.reach.get(a as usize..b as usize).unwrap_or(&[])
    }

    /// The mounts reaching `p` as a bit set (bit `k`: mount `k`), when the
    /// course has at most 64 mounts; `None` otherwise.
    pub(crate) fn reach_mask(&self, p: Pos) -> Option<u64> {
        (self.mounts.len() <= 64).then(|| self.cell(p).map_or(0, |c| c.reach))
    }

    /// Does the element on `p` work? Not under a checkpoint, nor under a
    /// reboot token unless tokens are not in play (dynamic archiving).
    /// Lasers always work: the pipeline does not ask about them.
    #[must_use]
    pub fn element_active(&self, p: Pos, tokens_in_play: bool) -> bool {
        self.cell(p)
            .is_none_or(|c| c.checkpoint == 0 && !(tokens_in_play && c.token))
    }

    /// The [`kind`] bits of the element on `p` (0 off the floor).
    pub(crate) fn kinds_at(&self, p: Pos) -> u8 {
        self.cell(p).map_or(0, |c| c.kinds)
    }

    /// The tile on `p`, `None` off the floor.
    #[must_use]
    pub fn tile(&self, p: Pos) -> Option<Tile> {
        self.cell(p).and_then(|c| c.tile)
    }

    /// Can a robot stand on `p`: floor of the course, not a pit?
    #[must_use]
    pub fn can_stand(&self, p: Pos) -> bool {
        self.tile(p).is_some_and(|t| t != Tile::Pit)
    }

    /// May a robot leave `from` towards `dir`? Not through a wall, and
    /// (with `less_deadly`) not off the floor. The same answer as asking
    /// the board, read from one table.
    pub(crate) fn can_leave(&self, from: Pos, dir: Dir, less_deadly: bool) -> bool {
        match self.cell(from) {
            Some(c) => {
                let mask = (1u8 << dir.index()) | (u8::from(less_deadly) << (4 + dir.index()));
                c.exits & mask == 0
            }
            None => {
                let board = self.board();
                !board.blocks(from, dir) && (!less_deadly || board.contains(from.step(dir)))
            }
        }
    }

    /// Where robots that fell from the board with id `board` come back,
    /// and the token's arrow; `None` for the docking bay.
    #[must_use]
    pub fn reboot_token(&self, board: robo_core::board::BoardId) -> Option<(Pos, Dir)> {
        self.course.reboot_token(board)
    }
}

/// An [`Arena`] shared between clones of a game. Serialised as its
/// [`Course`]; the tables are rebuilt when read back.
#[derive(Clone, Debug)]
pub(crate) struct Shared(pub(crate) Arc<Arena>);

impl PartialEq for Shared {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.course == other.0.course
    }
}

impl Serialize for Shared {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.course.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Shared {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Shared(Arc::new(Arena::new(Course::deserialize(d)?))))
    }
}

impl std::ops::Deref for Shared {
    type Target = Arena;
    fn deref(&self) -> &Arena {
        &self.0
    }
}

#[cfg(test)]
mod tests;
