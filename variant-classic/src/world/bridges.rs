//! Bridges (Bridge Layer): a bridge makes its cell plain floor for the
//! rest of the game. The course itself is changed (its tables built
//! again), so a saved game keeps its bridges.

use super::{Tables, World};
use crate::tiles::{Cell, Tile};
use robo_core::geom::{Dir, Pos};
use robo_core::race::table::{FromCourse, SharedArena};

/// Does a bridge change a cell holding `tile`? Plain floor needs no
/// bridge; a start space and the elements on a cell's sides (a repulsor
/// field, a board laser's mount) stay as they are.
#[must_use]
pub(crate) fn bridged(tile: Tile) -> bool {
    !matches!(
        tile,
        Tile::Floor | Tile::Dock(_) | Tile::Repulsor(_) | Tile::Laser(_)
    )
}

impl World {
    /// May a bridge be laid from `from` onto the next cell towards `dir`:
    /// a cell of the board, no wall, repulsor field or ledge from below
    /// on the edge between?
    #[must_use]
    pub fn bridge_fits(&self, from: Pos, dir: Dir) -> bool {
        self.tile(from.step(dir)).is_some() && self.crossing(from, dir).passes()
    }

    /// A bridge on `at`: its cell becomes plain floor on its level (a
    /// crusher over it gone too, a board laser's mount kept). Whether the
    /// cell changed.
    pub fn lay_bridge(&mut self, at: Pos) -> bool {
        let Some(cell) = self.course().board().tile(at).copied() else {
            return false;
        };
        if !bridged(cell.tile) && cell.crusher.is_none() {
            return false;
        }
        let floor = Cell {
            tile: if bridged(cell.tile) {
                Tile::Floor
            } else {
                cell.tile
            },
            crusher: None,
            ..cell
        };
        let edited = self.course().clone().edit(|parts| {
            let _ = parts.board.set_tile(at, floor);
        });
        let Ok(course) = edited else {
            return false;
        };
        self.arena = SharedArena::new(Tables::from_course(course));
        self.memo.under = None;
        self.memo.lasers = None;
        true
    }
}
