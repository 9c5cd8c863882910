//! Radio Control: an optional weapon. Fired at the robot the main laser
//! would hit, at most [`RADIO_RANGE`] cells away, it makes that robot run
//! a copy of the shooter's program for the rest of the turn: in each later
//! register the target runs the shooter's card(s) of that register (as
//! printed: no option of the target changes them, and its own cards and
//! the options placed with them do nothing), just after the shooter in
//! the order of the cards.

use super::super::{Power, Race, REGISTERS};
use robo_core::ids::PlayerId;
use robo_core::pipeline::StepFlow;
use smallvec::SmallVec;

/// Cells a Radio Control beam reaches.
pub const RADIO_RANGE: u32 = 6;

impl Race {
    /// Robot `p`'s Radio Control hits `target`: it is controlled for the
    /// rest of the turn.
    pub(in crate::race) fn radio(&mut self, p: PlayerId, target: PlayerId) {
        if let Some(t) = self.robots.get_mut(target.index()) {
            if target != p {
                t.marks.radio = Some((p, self.core.round));
            }
        }
    }

    /// The robot controlling robot `p` this turn, if one is.
    #[must_use]
    pub fn controller(&self, p: PlayerId) -> Option<PlayerId> {
        match self.robots.get(p.index())?.marks.radio {
            Some((by, round)) if round == self.core.round => Some(by),
            _ => None,
        }
    }

    /// After a register's cards are ordered: each running robot under
    /// Radio Control moves to just after its controller's priority (the
    /// copy's), or leaves the order when the controller has no card there.
    pub(in crate::race) fn radio_order(&mut self, register: u8) {
        if self.robots.iter().all(|r| r.marks.radio.is_none()) {
            return;
        }
        let slot = usize::from(register.clamp(1, REGISTERS as u8) - 1);
        for i in 0..self.robots.len() {
            let p = PlayerId(i as u8);
            let Some(by) = self.controller(p) else {
                continue;
            };
            self.order.retain(|q| *q != p);
            let r = &self.robots[i];
            let runs = r.alive() && !r.destroyed && r.power != Power::Down;
            let Some(copy) = self.robots[by.index()].registers[slot] else {
                continue;
            };
            if !runs {
                continue;
            }
            // After every robot whose card goes first or ties (the
            // controller itself).
            let priority = |q: PlayerId| {
                let c = self.controller(q).unwrap_or(q);
                self.robots[c.index()].registers[slot].map_or(0, |c| c.priority)
            };
            let at = self
                .order
                .iter()
                .position(|&q| priority(q) < copy.priority)
                .unwrap_or(self.order.len());
            self.order.insert(at, p);
        }
    }

    /// Robot `p`'s turn in the cards step, if it is under Radio Control:
    /// it runs its controller's card(s) of this register and its harm is
    /// counted. `None` for a robot running its own program.
    pub(in crate::race) fn radio_turn(&mut self, p: PlayerId) -> Option<StepFlow> {
        let by = self.controller(p)?;
        let slot = usize::from(self.core.register.clamp(1, REGISTERS as u8) - 1);
        let c = &self.robots[by.index()];
        let cards: SmallVec<[crate::cards::Card; 2]> = c.registers[slot]
            .into_iter()
            .chain(c.extra[slot].iter().copied())
            .collect();
        for card in cards {
            if self.robots[p.index()].destroyed {
                break;
            }
            self.run_card(p, card, None);
        }
        Some(self.count_harm())
    }
}
