//! What the robots stand on: the robots on some tile, the harm a
//! register step does to them, the kinds of cell under them.

use super::{kind, Harm, World};
use crate::tiles::{Cell, Tile};
use robo_core::ids::RobotId;
use smallvec::SmallVec;

impl World {
    /// The robots standing on a tile `hit` picks (virtual ones left out),
    /// in seat order.
    pub fn standing_on(&self, hit: impl Fn(Tile) -> bool) -> SmallVec<[RobotId; 8]> {
        self.bodies
            .placed()
            .filter(|(_, b)| !b.extra.ghost && self.tile(b.pos).is_some_and(&hit))
            .map(|(r, _)| r)
            .collect()
    }

    /// The real robots standing on a cell `hit` picks, in seat order.
    pub fn standing_on_cell(&self, hit: impl Fn(&Cell) -> bool) -> SmallVec<[RobotId; 8]> {
        self.bodies
            .placed()
            .filter(|(_, b)| !b.extra.ghost && self.table().tile(b.pos).is_some_and(|c| hit(&c)))
            .map(|(r, _)| r)
            .collect()
    }

    /// Every real robot standing on a cell of kind `kinds` (bits of
    /// [`kind`]) that `hit` picks comes to the harm `harm` names for it (in
    /// seat order); nothing is collected on the way (this runs at several
    /// steps of every register).
    pub fn harm_where(
        &mut self,
        kinds: u16,
        hit: impl Fn(&Cell) -> bool,
        harm: impl Fn(RobotId) -> Harm,
    ) {
        let table = &self.arena.0.table;
        for (i, b) in self.bodies.as_slice().iter().enumerate() {
            if !b.on_board || b.extra.ghost {
                continue;
            }
            let Some(c) = table.cell(b.pos) else { continue };
            if c.kinds & kinds != 0 && c.tile.as_ref().is_some_and(&hit) {
                let r = RobotId(i as u8);
                // A flying robot passes over some elements (trap doors;
                // under High-Flying, crushers and flamers too).
                if b.extra.flying
                    && self
                        .tile(b.pos)
                        .is_some_and(|t| self.passes_over(r, t, kinds & kind::CRUSHER != 0))
                {
                    continue;
                }
                self.harm.push(harm(r));
            }
        }
    }

    /// The kind bits ([`kind`]) of the cells under the robots on the board
    /// (virtual ones too) and the flags: a register step whose kind is not
    /// among them has nothing to act on. Read again only after a robot or
    /// a flag moved.
    #[must_use]
    #[inline]
    pub fn kinds_under(&mut self) -> u16 {
        match self.memo.under {
            Some((g, kinds)) if g == self.bodies.generation() => kinds,
            _ => self.read_kinds_under(),
        }
    }

    /// [`World::kinds_under`] read from the cells (and remembered).
    #[inline(never)]
    fn read_kinds_under(&mut self) -> u16 {
        let generation = self.bodies.generation();
        let table = &self.arena.0.table;
        let robots = table.kinds_under(self.bodies.cells());
        let kinds = robots | table.kinds_under(self.flag_cells().iter().copied());
        self.memo.under = Some((generation, kinds));
        kinds
    }
}
