//! The flying options on the race: Frog Legs (a run-time choice to fly
//! through a Move 2 or Move 3). What a flying robot passes over is the
//! world's ([`crate::world::World::fly`] and the High-Flying rule).

use super::super::{Event, Race, REGISTERS};
use crate::cards::Kind;
use crate::options::OptionCard;
use robo_core::ids::{PlayerId, RobotId};

impl Race {
    /// May robot `p` fly through a card of `kind` with its Frog Legs (a
    /// Move 2 or Move 3, on the board, not flying already)?
    pub(in crate::race) fn may_hop(&self, p: PlayerId, kind: Kind) -> bool {
        let r = RobotId::of(p);
        matches!(kind, Kind::Move2 | Kind::Move3)
            && self.robots[p.index()].active(OptionCard::FrogLegs)
            && self.world.at(r).is_some()
            && !self.world.is_flying(r)
            && !self.world.is_ghost(r)
    }

    /// Robot `p`'s owner decided whether it flies through register
    /// `register`'s Move 2 or Move 3 (Frog Legs); then it runs its cards.
    pub(in crate::race) fn hop(&mut self, p: PlayerId, register: u8, fly: bool) {
        self.core.register = register;
        let slot = usize::from(register.clamp(1, REGISTERS as u8) - 1);
        let Some(card) = self.robots.get(p.index()).and_then(|r| r.registers[slot]) else {
            return;
        };
        if fly && self.may_hop(p, card.kind) {
            self.robots[p.index()].hop = true;
            self.world.set_flying(RobotId::of(p), true);
            self.emit(Event::TookOff { player: p });
        }
        let _ = self.card_ready(p, card);
    }

    /// A robot that flew through its card with Frog Legs lands after it
    /// (on a pit, a drain or an open trap door it falls).
    pub(in crate::race) fn land_hop(&mut self, p: PlayerId) {
        let Some(robot) = self.robots.get_mut(p.index()) else {
            return;
        };
        if !std::mem::take(&mut robot.hop) {
            return;
        }
        let r = RobotId::of(p);
        let on_board = self.world.at(r).is_some();
        self.world.land(r);
        if on_board {
            self.emit(Event::Landed { player: p });
        }
    }
}

impl Race {
    /// Would robot `p` fall if it ran this register's Move 2 or Move 3 on
    /// the floor (a pit, a drain, an open trap door or the floor's edge in
    /// the cells ahead)? The planner flies its Frog Legs then.
    #[must_use]
    pub fn hop_helps(&self, p: PlayerId) -> bool {
        let slot = usize::from(self.core.register.clamp(1, REGISTERS as u8) - 1);
        let Some(card) = self.robots.get(p.index()).and_then(|r| r.registers[slot]) else {
            return false;
        };
        let Some((mut at, facing)) = self.world.at(RobotId::of(p)) else {
            return false;
        };
        for _ in 0..card.kind.steps().unsigned_abs() {
            at = at.step(facing);
            match self.world.tile(at) {
                None => return true,
                Some(t) if t.swallows(self.core.register) => return true,
                Some(_) => {}
            }
        }
        false
    }
}
