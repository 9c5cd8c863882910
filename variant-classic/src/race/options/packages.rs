//! The option variants of the setup: the Deluxe Option Package (keep one
//! of the options dealt), Turbo Wrenches and the first edition's
//! double-tool site (an option instead of the repairs, the owner's
//! choice).

use super::super::{Loss, Race, Task};
use crate::tiles::Tile;
use robo_core::agenda;
use robo_core::ids::PlayerId;
use smallvec::SmallVec;

impl Race {
    /// Deluxe Option Package: before the first turn, each robot dealt
    /// more than one option keeps one (asked in seat order, on top of the
    /// agenda).
    pub(in crate::race) fn deluxe_asks(&mut self) {
        if !self.variants.deluxe {
            return;
        }
        let asks: SmallVec<[Task; 8]> = (0..self.robots.len())
            .filter(|&i| self.robots[i].options.len() > 1)
            .map(|i| Task::KeepOption(PlayerId(i as u8)))
            .collect();
        agenda::then(self, &asks);
    }

    /// Robot `p` keeps its option `keep`; the others are discarded.
    pub(in crate::race) fn keep_option(&mut self, p: PlayerId, keep: u8) {
        let held = self.robots.get(p.index()).map_or(0, |r| r.options.len());
        if usize::from(keep) >= held {
            return;
        }
        for i in (0..held).rev() {
            if i != usize::from(keep) {
                self.lose_option(p, i as u8, Loss::NotKept);
            }
        }
    }

    /// The end of the turn, before the repairs: each robot on the board on
    /// a repair site whose variant offers an option instead (Turbo
    /// Wrenches on one wrench, the first edition's rule on a double-tool
    /// site) is asked, one after another in an order the game's generator
    /// draws; then [`Task::Repairs`].
    pub(in crate::race) fn wrench_asks(&mut self) {
        let v = self.variants;
        let mut asks: SmallVec<[Task; 9]> = SmallVec::new();
        if v.turbo_wrenches || v.first_edition_double_tool {
            for i in 0..self.robots.len() {
                let p = PlayerId(i as u8);
                let offered = match self.tile_under(p) {
                    Some(Tile::Repair(1)) => v.turbo_wrenches,
                    Some(Tile::Repair(_)) => v.first_edition_double_tool,
                    _ => false,
                };
                if offered && !self.robots[i].destroyed {
                    asks.push(Task::Wrench(p));
                }
            }
            if asks.len() > 1 {
                self.rng.shuffle(&mut asks);
            }
        }
        asks.push(Task::Repairs);
        agenda::then(self, &asks);
    }

    /// Robot `p`'s owner chose an option (`true`) or the repairs, for the
    /// repairs to read.
    pub(in crate::race) fn wrench(&mut self, p: PlayerId, take: bool) {
        if let Some(r) = self.robots.get_mut(p.index()) {
            r.marks.wrench = Some(take);
        }
    }
}
