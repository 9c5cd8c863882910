//! The register's cards revealed and ordered by priority; randomizers.

use crate::race::{Event, Race};
use crate::tiles::Tile;
use crate::world::kind;
use robo_core::ids::{PlayerId, RobotId};
use smallvec::SmallVec;

impl Race {
    /// Reveals register `register`'s cards and orders them by priority.
    pub(in crate::race) fn reveal(&mut self, register: u8) {
        self.register = register;
        self.world.register = register;
        self.emit(Event::RegisterStarted { register });
        self.order.clear();
        let slot = usize::from(register - 1);
        // The grid log was flushed by `emit`: the reveals go straight to
        // the events.
        let events = &mut self.scratch.0.events;
        for (i, r) in self.robots.iter().enumerate() {
            let runs = r.alive() && !r.destroyed && r.power != crate::race::Power::Down;
            if let (true, Some(card)) = (runs, r.registers[slot]) {
                let player = PlayerId(i as u8);
                self.order.push(player);
                events.push(Event::Revealed {
                    player,
                    register,
                    card,
                });
            }
        }
        self.read_quiet();
        let quiet = self.options_quiet();
        if !quiet {
            self.abort_cards(register);
        }
        self.randomize(register);
        if quiet {
            // What `reveal_options` reads with no option in effect.
            self.world.guarded = 0;
            self.world.steady = 0;
        } else {
            self.reveal_options(register);
        }
        // Sorted on plain keys (priority, then seat), read once each:
        // priorities differ, so this is the order by priority alone. An
        // insertion sort: there are at most eight.
        let mut keys: SmallVec<[u32; 8]> = SmallVec::new();
        for &p in &self.order {
            let priority = self.robots[p.index()].registers[slot].map_or(0, |c| c.priority);
            let key = (u32::from(u16::MAX - priority) << 8) | u32::from(p.0);
            keys.push(key);
            let mut j = keys.len() - 1;
            while j > 0 && keys[j - 1] > key {
                keys[j] = keys[j - 1];
                j -= 1;
            }
            keys[j] = key;
        }
        for (p, k) in self.order.iter_mut().zip(&keys) {
            *p = PlayerId((k & 0xff) as u8);
        }
        if !quiet {
            self.radio_order(register);
        }
    }

    /// A running robot on a randomizer has this register's card replaced
    /// by the top card of the undealt deck (the old card is discarded; a
    /// locked register stays locked with the new card).
    fn randomize(&mut self, register: u8) {
        if self.world.kinds_under() & kind::RANDOMIZER == 0 {
            return;
        }
        let slot = usize::from(register - 1);
        for i in 0..self.robots.len() {
            let p = PlayerId(i as u8);
            let r = &self.robots[i];
            let id = RobotId::of(p);
            if r.destroyed
                || r.power == crate::race::Power::Down
                || self.world.is_ghost(id)
                || self.world.is_flying(id)
            {
                continue;
            }
            if self.tile_under(p) != Some(Tile::Randomizer) || r.registers[slot].is_none() {
                continue;
            }
            let Some(card) = self.deck.pop() else {
                continue;
            };
            self.robots[i].registers[slot] = Some(card);
            self.robots[i].extra[slot].clear();
            self.emit(Event::Randomized {
                player: p,
                register,
                card,
            });
        }
    }
}
