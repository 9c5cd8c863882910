//! The register's cards revealed and ordered by priority; randomizers.

use crate::race::{Event, Race, Robot};
use crate::tiles::Tile;
use crate::world::kind;
use robo_core::ids::{PlayerId, RobotId};

impl Race {
    /// Reveals register `register`'s cards and orders them by priority.
    pub(in crate::race) fn reveal(&mut self, register: u8) {
        self.core.register = register;
        self.world.register = register;
        self.emit(Event::RegisterStarted { register });
        let slot = usize::from(register - 1);
        // The running robots, by seat (at most eight with a checked setup;
        // more are read again below).
        let mut runners = [PlayerId(0); 8];
        let mut n = 0;
        // The grid log was flushed by `emit`: the reveals go straight to
        // the events.
        let events = &mut self.core.scratch.events;
        for (i, r) in self.robots.iter().enumerate() {
            let runs = r.alive() && !r.destroyed && r.power != crate::race::Power::Down;
            if let (true, Some(card)) = (runs, r.registers[slot]) {
                let player = PlayerId(i as u8);
                if let Some(at) = runners.get_mut(n) {
                    *at = player;
                }
                n += 1;
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
            self.launch_bombs(register);
        }
        self.order_by_priority(slot, &runners[..n.min(runners.len())], n);
        if !quiet {
            self.radio_order(register);
            self.bomb_order(register);
        }
    }

    /// This register's card order: the `n` running robots (`runners`, by
    /// seat, when they are at most eight) ordered by the priority of the
    /// card in `slot`, highest first.
    fn order_by_priority(&mut self, slot: usize, runners: &[PlayerId], n: usize) {
        let priority = |r: &Robot| r.registers[slot].map_or(0, |c| c.priority);
        self.order.clear();
        if n > runners.len() {
            // More than eight robots: never with a checked setup.
            for (i, r) in self.robots.iter().enumerate() {
                let runs = r.alive() && !r.destroyed && r.power != crate::race::Power::Down;
                if runs && r.registers[slot].is_some() {
                    self.order.push(PlayerId(i as u8));
                }
            }
            let robots = &self.robots;
            self.order
                .sort_by_key(|p| std::cmp::Reverse(priority(&robots[p.index()])));
            return;
        }
        // Sorted on plain keys (priority, then seat), read once each:
        // priorities differ, so this is the order by priority alone. An
        // insertion sort: there are at most eight.
        let mut keys = [0u32; 8];
        for (k, &p) in runners.iter().enumerate() {
            let key =
                (u32::from(u16::MAX - priority(&self.robots[p.index()])) << 8) | u32::from(p.0);
            let mut j = k;
            while j > 0 && keys[j - 1] > key {
                keys[j] = keys[j - 1];
                j -= 1;
            }
            keys[j] = key;
        }
        let mut sorted = [PlayerId(0); 8];
        for (p, k) in sorted.iter_mut().zip(&keys[..runners.len()]) {
            *p = PlayerId((k & 0xff) as u8);
        }
        self.order.extend_from_slice(&sorted[..runners.len()]);
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
