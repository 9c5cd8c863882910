//! The per-cell table a register reads, built once per course: the tile,
//! the kinds of element on it (which register steps can act there), the
//! exits (walls, and no floor beyond), the board-laser beams that reach it,
//! and the edition's own marks. One bounds check and one cache line per
//! question, instead of lookups across the board.

use crate::board::Board;
use crate::element::{Elements, LaserMount};
use crate::geom::{Dir, Pos};
use crate::pipeline::laser_mounts;
use crate::ray::{cast, RayOptions};
use serde::{Deserialize, Serialize};
use std::ops::{BitOr, Deref};
use std::sync::Arc;

/// What the table knows about one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Cell<T, K, E> {
    /// The tile, `None` on a void cell.
    pub tile: Option<T>,
    /// The edition's element kind bits of the cell (its tile's, and what
    /// the edition adds, such as a checkpoint on top).
    pub kinds: K,
    /// Bit `d` ([`Dir::index`]): a wall blocks leaving towards `d`; bit
    /// `4 + d`: the cell towards `d` is not floor.
    pub exits: u8,
    /// Beams of board lasers that reach it when no robot is in the way.
    pub beams: u8,
    /// Bit `k`: mount `k` reaches it (when the course has at most 64 mounts).
    pub reach: u64,
    /// The edition's marks on the cell (2023: the checkpoint number and the
    /// reboot token).
    pub marks: E,
}

/// The table of a course's cells, row-major, with its board-laser mounts
/// and which cells each one's beam reaches.
///
/// ```
/// use robo_core::board::Board;
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::race::table::CellTable;
/// use robo_core::toy::ToyTile;
/// let board: Board<ToyTile> = Board::parse("
/// +--+--+--+
///  Z> ..|..
/// +--+--+--+
/// ").unwrap();
/// let kinds = |t: &ToyTile| u8::from(matches!(t, ToyTile::Laser(_)));
/// let table: CellTable<ToyTile, u8, ()> = CellTable::new(&board, kinds, |_| false);
/// assert_eq!(table.beams_at(Pos::new(1, 0)), 1);
/// assert_eq!(table.beams_at(Pos::new(2, 0)), 0, "the wall stops the beam");
/// assert!(!table.can_leave(&board, Pos::new(1, 0), Dir::E, false));
/// assert!(!table.can_leave(&board, Pos::new(0, 0), Dir::N, true), "no floor beyond");
/// assert_eq!(table.kinds_at(Pos::new(0, 0)), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellTable<T, K, E> {
    width: i16,
    height: i16,
    cells: Vec<Cell<T, K, E>>,
    mounts: Vec<(Pos, LaserMount)>,
    /// Per cell `i`, `reach[reach_start[i]..reach_start[i + 1]]` lists the
    /// mounts (indices into `mounts`) whose beam reaches it when no robot
    /// is in the way.
    reach_start: Vec<u32>,
    reach: Vec<u16>,
}

impl<T: Elements + Copy, K: Copy + Default, E: Copy + Default> CellTable<T, K, E> {
    /// Builds the table of `board`: `kinds_of` gives a tile's kind bits;
    /// `stops_beam` names cells that stop board-laser beams besides walls
    /// (an edition's buildings). The marks start at their default; the
    /// edition sets them with [`CellTable::cell_mut`].
    #[must_use]
    pub fn new(
        board: &Board<T>,
        kinds_of: impl Fn(&T) -> K,
        stops_beam: impl Fn(Pos) -> bool,
    ) -> Self {
        let (w, h) = (board.width(), board.height());
        let index = |p: Pos| board.in_bounds(p).then(|| p.y as usize * w + p.x as usize);
        let mut cells: Vec<Cell<T, K, E>> = board
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
                    kinds: tile.as_ref().map_or_else(K::default, &kinds_of),
                    exits,
                    beams: 0,
                    reach: 0,
                    marks: E::default(),
                }
            })
            .collect();
        let mounts = laser_mounts(board);
        let mut reaching: Vec<Vec<u16>> = vec![Vec::new(); w * h];
        let opts = RayOptions {
            include_start: true,
            ..RayOptions::default()
        };
        for (k, &(p, m)) in mounts.iter().enumerate() {
            let ray = cast(board, p, m.dir, opts, |_| None, &stops_beam);
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
        CellTable {
            width: i16::try_from(w).unwrap_or(i16::MAX),
            height: i16::try_from(h).unwrap_or(i16::MAX),
            cells,
            mounts,
            reach_start,
            reach,
        }
    }
}

impl<T: Copy, K: Copy + Default, E: Copy> CellTable<T, K, E> {
    #[inline]
    fn index(&self, p: Pos) -> Option<usize> {
        // A negative coordinate becomes a large unsigned one: one compare
        // per axis (this runs for every cell a register looks at).
        let (x, y) = (usize::from(p.x as u16), usize::from(p.y as u16));
        let w = usize::from(self.width as u16);
        (x < w && y < usize::from(self.height as u16)).then_some(y * w + x)
    }

    /// The cell at `p`, `None` outside the rectangle.
    #[inline]
    #[must_use]
    pub fn cell(&self, p: Pos) -> Option<&Cell<T, K, E>> {
        self.index(p).and_then(|i| self.cells.get(i))
    }

    /// The cell at `p`, to set the edition's marks and kinds.
    pub fn cell_mut(&mut self, p: Pos) -> Option<&mut Cell<T, K, E>> {
        self.index(p).and_then(|i| self.cells.get_mut(i))
    }

    /// The tile on `p`, `None` off the floor.
    #[inline]
    #[must_use]
    pub fn tile(&self, p: Pos) -> Option<T> {
        self.cell(p).and_then(|c| c.tile)
    }

    /// The kind bits of `p` (the default off the floor).
    #[inline]
    #[must_use]
    pub fn kinds_at(&self, p: Pos) -> K {
        self.cell(p).map_or_else(K::default, |c| c.kinds)
    }

    /// The union of the kind bits of `cells` (the robots' cells: which
    /// register steps have a robot to act on).
    #[must_use]
    pub fn kinds_under(&self, cells: impl Iterator<Item = Pos>) -> K
    where
        K: BitOr<Output = K>,
    {
        cells.fold(K::default(), |k, p| k | self.kinds_at(p))
    }

    /// Beams of board lasers reaching `p` when no robot stands in the way.
    #[inline]
    #[must_use]
    pub fn beams_at(&self, p: Pos) -> u8 {
        self.cell(p).map_or(0, |c| c.beams)
    }

    /// Board laser mounts, in row order.
    #[must_use]
    pub fn mounts(&self) -> &[(Pos, LaserMount)] {
        &self.mounts
    }

    /// The mounts (indices into [`CellTable::mounts`]) whose beam reaches
    /// `p` when no robot is in the way.
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
    #[inline]
    #[must_use]
    pub fn reach_mask(&self, p: Pos) -> Option<u64> {
        (self.mounts.len() <= 64).then(|| self.cell(p).map_or(0, |c| c.reach))
    }

    /// May a robot leave `from` towards `dir`? Not through a wall, and (with
    /// `edges_are_walls`) not off the floor. The same answer as asking
    /// `board`, which is asked only for a cell outside the table.
    #[inline]
    #[must_use]
    pub fn can_leave(&self, board: &Board<T>, from: Pos, dir: Dir, edges_are_walls: bool) -> bool {
        match self.cell(from) {
            Some(c) => {
                let mask = (1u8 << dir.index()) | (u8::from(edges_are_walls) << (4 + dir.index()));
                c.exits & mask == 0
            }
            None => {
                !board.blocks(from, dir) && (!edges_are_walls || board.contains(from.step(dir)))
            }
        }
    }
}

/// The board-laser mounts whose beams can reach a robot this register, in
/// mount order: the others cannot hit anything. Found just before the
/// laser step from the robots' cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LiveMounts {
    list: Vec<(Pos, LaserMount)>,
}

impl LiveMounts {
    /// Finds the mounts of `table` whose beams reach one of `cells`.
    pub fn find<T: Copy, K: Copy + Default, E: Copy>(
        &mut self,
        table: &CellTable<T, K, E>,
        cells: impl Iterator<Item = Pos> + Clone,
    ) {
        self.list.clear();
        let mounts = table.mounts();
        if mounts.len() <= 64 {
            // One bit per mount: the union over the cells, in mount order.
            let mut live = 0u64;
            for p in cells {
                live |= table.reach_mask(p).unwrap_or(0);
            }
            while live != 0 {
                let k = live.trailing_zeros() as usize;
                live &= live - 1;
                if let Some(&m) = mounts.get(k) {
                    self.list.push(m);
                }
            }
            return;
        }
        let mut live: smallvec::SmallVec<[u16; 8]> = smallvec::SmallVec::new();
        for p in cells {
            live.extend(table.mounts_reaching(p).iter().copied());
        }
        live.sort_unstable();
        live.dedup();
        self.list.extend(
            live.iter()
                .filter_map(|&k| mounts.get(usize::from(k)).copied()),
        );
    }

    /// The mounts found, in mount order.
    #[must_use]
    pub fn as_slice(&self) -> &[(Pos, LaserMount)] {
        &self.list
    }
}

/// An arena built from a course: what [`SharedArena`] needs to save it as
/// its course and rebuild it when read back.
pub trait FromCourse {
    /// The course, as saved.
    type Course: Serialize + for<'de> Deserialize<'de> + PartialEq;
    /// Builds the arena's tables.
    fn from_course(course: Self::Course) -> Self;
    /// The course it was built from.
    fn course(&self) -> &Self::Course;
}

/// An arena shared between clones of a game (cloning a game never copies
/// its tables). Saved as its course; the tables are rebuilt when read back.
#[derive(Debug)]
pub struct SharedArena<A>(pub Arc<A>);

impl<A> SharedArena<A> {
    /// Shares `arena`.
    #[must_use]
    pub fn new(arena: A) -> Self {
        SharedArena(Arc::new(arena))
    }
}

impl<A> Clone for SharedArena<A> {
    fn clone(&self) -> Self {
        SharedArena(Arc::clone(&self.0))
    }
}

impl<A: FromCourse> PartialEq for SharedArena<A> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.course() == other.0.course()
    }
}

impl<A: FromCourse> Serialize for SharedArena<A> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.course().serialize(s)
    }
}

impl<'de, A: FromCourse> Deserialize<'de> for SharedArena<A> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(SharedArena::new(A::from_course(A::Course::deserialize(d)?)))
    }
}

impl<A> Deref for SharedArena<A> {
    type Target = A;
    fn deref(&self) -> &A {
        &self.0
    }
}

#[cfg(test)]
mod tests;
