//! Bombs: Self-Destruct goes off at the start of the register it is
//! placed in (its card destroyed, a 16-point blast on its robot's cell);
//! the Big One and scrambler bombs go off at the start of the turn after
//! the one they were dropped in (a 64-point blast; every robot within 6
//! squares runs random cards all that turn).

use super::super::{Event, Loss, Race, Task};
use super::{squares, DeviceKind, BIG_ONE_BLAST, SCRAMBLER_RANGE};
use crate::options::OptionCard;
use robo_core::agenda::{self, Resolve};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::pipeline::StepFlow;

impl Race {
    /// At register `register`'s start, before its reveal: each robot on
    /// the board whose Self-Destruct is placed in it loses the card
    /// (destroyed: it explodes, [`super::option_blasts`]); one in an
    /// Option Damping Field keeps it and nothing happens. Whether damage
    /// questions were set off (the register starts again after them).
    pub(in crate::race) fn self_destructs(&mut self, register: u8) -> bool {
        let placed = (register, OptionCard::SelfDestruct);
        let mut blown = false;
        for i in 0..self.robots.len() {
            let p = PlayerId(i as u8);
            let r = &self.robots[i];
            if !r.program.placed.contains(&placed) {
                continue;
            }
            let Some(k) = r.options.iter().position(|h| h.card == placed.1) else {
                continue;
            };
            if r.destroyed || self.world.at(RobotId::of(p)).is_none() {
                continue;
            }
            let active = r.active(placed.1);
            self.robots[i].program.placed.retain(|&g| g != placed);
            if !active {
                self.emit(Event::Damped {
                    player: p,
                    option: Some(placed.1),
                });
                continue;
            }
            self.lose_option(p, k as u8, Loss::Destroyed);
            blown = true;
        }
        if !blown {
            return false;
        }
        // The register begins again once the blast's questions are
        // answered (nothing is placed there any more).
        agenda::then(self, &[Task::Register(register)]);
        if self.count_harm() == StepFlow::SetOff {
            return true;
        }
        let _ = self.agenda_mut().pop();
        false
    }
}

impl Race {
    /// At the turn's start (powering down done, before the deal): every
    /// Big One and scrambler bomb on the board goes off, in the order
    /// laid. Whether damage questions were set off (the deal waits for
    /// them, [`Task::Deal`]).
    pub(in crate::race) fn bombs_go_off(&mut self) -> bool {
        let mut k = 0;
        while k < self.world.devices.len() {
            let d = self.world.devices[k];
            match d.kind {
                DeviceKind::BigOne => {
                    self.world.devices.remove(k);
                    self.world.explode(d.at, BIG_ONE_BLAST, Some(d.id));
                }
                DeviceKind::ScramblerBomb => {
                    self.remove_device(k);
                    let near = squares(&self.world, d.at, SCRAMBLER_RANGE);
                    let round = self.core.round;
                    for i in 0..self.robots.len() {
                        let on = self.world.at(RobotId::of(PlayerId(i as u8)));
                        if on.is_some_and(|(at, _)| near.iter().any(|&(q, _)| q == at)) {
                            // Abort Switch's mark: every card of the turn
                            // is swapped for a random one at its reveal.
                            self.robots[i].marks.aborted = round;
                        }
                    }
                }
                _ => k += 1,
            }
        }
        if self.world.harm.is_empty() {
            return false;
        }
        agenda::then(self, &[Task::Deal]);
        if self.count_harm() == StepFlow::SetOff {
            return true;
        }
        let _ = self.agenda_mut().pop();
        false
    }
}
