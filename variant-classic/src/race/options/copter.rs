//! Robo-Copter: a turn-programmed option holding a leftover movement card
//! parked on it at programming ([`Action::Park`](super::super::Action::Park),
//! as Flywheel and Conditional). While it holds a card its robot flies
//! the whole turn and, in every register, runs the copter's card and then
//! its own register card, at that card's priority. The first damage
//! token coming to it is stopped by giving the Robo-Copter up (the robot
//! lands at once); the card is discarded, and the robot lands, at the end
//! of the turn.

use super::super::{Event, Loss, Power, Race};
use crate::options::OptionCard;
use robo_core::ids::{PlayerId, RobotId};

impl Race {
    /// At a register's reveal: each running robot whose Robo-Copter holds
    /// a card and is in effect takes off (if it is not flying yet); one
    /// whose Robo-Copter is off (an Option Damping Field) lands.
    pub(in crate::race) fn copters(&mut self) {
        for i in 0..self.robots.len() {
            let r = &self.robots[i];
            if r.marks.copter.is_none() {
                continue;
            }
            let id = RobotId(i as u8);
            let up = r.active(OptionCard::RoboCopter)
                && r.power != Power::Down
                && !r.destroyed
                && r.alive();
            if self.world.at(id).is_none() || up == self.world.is_flying(id) {
                continue;
            }
            let player = PlayerId(i as u8);
            if up {
                self.world.set_flying(id, true);
                self.emit(Event::TookOff { player });
            } else {
                self.land_copter(player);
            }
        }
    }

    /// Robot `p` runs the card on its Robo-Copter (before its register
    /// card), if the copter holds one and is in effect.
    pub(in crate::race) fn copter_card(&mut self, p: PlayerId) {
        let r = &self.robots[p.index()];
        let Some(card) = r.marks.copter else {
            return;
        };
        if r.active(OptionCard::RoboCopter) && self.world.is_flying(RobotId::of(p)) {
            self.run_card(p, card, None);
        }
    }

    /// Of `n` tokens coming to robot `r`, a Robo-Copter in effect that
    /// holds a card stops the first, and is given up for it. The tokens
    /// left come on.
    pub(in crate::race) fn copter_absorbs(&mut self, r: RobotId, n: u8) -> u8 {
        let Some(robot) = self.robots.get(r.index()) else {
            return n;
        };
        if n == 0 || robot.marks.copter.is_none() || !robot.active(OptionCard::RoboCopter) {
            return n;
        }
        let Some(i) = robot
            .options
            .iter()
            .position(|h| h.card == OptionCard::RoboCopter)
        else {
            return n;
        };
        let p = PlayerId::of(r);
        self.emit(Event::Absorbed {
            player: p,
            option: OptionCard::RoboCopter,
            tokens: 1,
        });
        self.lose_option(p, i as u8, Loss::Absorbed);
        n - 1
    }

    /// Robot `p`'s Robo-Copter is gone (or its turn is over): its card is
    /// discarded and the robot lands where it is.
    pub(in crate::race) fn copter_gone(&mut self, p: PlayerId) {
        let Some(r) = self.robots.get_mut(p.index()) else {
            return;
        };
        if r.marks.copter.take().is_some() {
            self.land_copter(p);
        }
    }

    /// The end of the turn's registers: every Robo-Copter's card is
    /// discarded and its robot lands.
    pub(in crate::race) fn copters_down(&mut self) {
        for i in 0..self.robots.len() {
            self.copter_gone(PlayerId(i as u8));
        }
    }

    /// A copter's robot lands (on a pit it falls), if it is flying on the
    /// board.
    fn land_copter(&mut self, p: PlayerId) {
        let r = RobotId::of(p);
        if self.world.at(r).is_none() || !self.world.is_flying(r) {
            return;
        }
        self.world.land(r);
        self.emit(Event::Landed { player: p });
    }
}
