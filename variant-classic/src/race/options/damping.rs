//! Option Damping Field: a turn-programmed switch. While it is on, every
//! option of the robots within [`DAMPING_RANGE`] squares of its robot
//! (its own robot's included), except the field itself, is off. The range
//! is measured once at each register's start, before anything of that
//! register happens, and holds for the register (and, after register 5,
//! until the turn's wipe). Options programmed for a damped register are
//! lost without effect: a gadget's or booster's token is spent, a second
//! card stacked in the register is discarded. Devices already on the
//! board work on.
//!
//! [`Robot::active`] is the one test of "is this option in effect now":
//! the option code asks it instead of [`Robot::has`].

use super::super::{Event, Race, Robot, REGISTERS};
use crate::options::OptionCard;
use robo_core::ids::{PlayerId, RobotId};

/// Squares (counted as a robot walks, as explosions count them) an Option
/// Damping Field reaches.
pub const DAMPING_RANGE: u8 = 3;

impl Robot {
    /// Is option `card` in effect for this robot now: held, and not
    /// switched off by an Option Damping Field (which never switches
    /// itself off)?
    #[must_use]
    pub fn active(&self, card: OptionCard) -> bool {
        self.has(card) && (!self.marks.damped || card == OptionCard::OptionDampingField)
    }

    /// Are its options (but an Option Damping Field) off this register?
    #[must_use]
    pub fn damped(&self) -> bool {
        self.marks.damped
    }

    /// Is its Option Damping Field switched on this turn?
    fn field_on(&self) -> bool {
        !self.program.settings.is_empty()
            && self.program.is_on(OptionCard::OptionDampingField)
            && self.has(OptionCard::OptionDampingField)
    }
}

impl Race {
    /// Is option `card` in effect for robot `p` now ([`Robot::active`])?
    #[must_use]
    pub fn active(&self, p: PlayerId, card: OptionCard) -> bool {
        self.robots.get(p.index()).is_some_and(|r| r.active(card))
    }

    /// At register `register`'s start: which robots stand in a running
    /// robot's Option Damping Field (reported when a robot's options go
    /// off). Nothing to do (and nothing read
    /// beyond the robots' settings) when no field is on and none was.
    pub(in crate::race) fn damp(&mut self, register: u8) {
        let on = self.robots.iter().any(Robot::field_on);
        if !on && !self.robots.iter().any(Robot::damped) {
            return;
        }
        let mut mask = 0u16;
        for i in 0..self.robots.len() {
            if !self.robots[i].field_on() || !self.runs_options(i) {
                continue;
            }
            let Some((at, _)) = self.world.at(RobotId(i as u8)) else {
                continue;
            };
            let cells = crate::race::devices::squares(&self.world, at, DAMPING_RANGE);
            for (r, b) in self.world.bodies().placed() {
                if cells.iter().any(|&(c, _)| c == b.pos) {
                    mask |= 1 << r.index();
                }
            }
        }
        let slot = usize::from(register.clamp(1, REGISTERS as u8) - 1);
        for i in 0..self.robots.len() {
            let damped = mask & (1 << i) != 0;
            let r = &mut self.robots[i];
            let was = std::mem::replace(&mut r.marks.damped, damped);
            let field = OptionCard::OptionDampingField;
            if !damped || r.options.iter().all(|h| h.card == field) {
                continue;
            }
            let player = PlayerId(i as u8);
            if !was {
                self.emit(Event::Damped {
                    player,
                    option: None,
                });
            }
            // A second card stacked by a switched-off option is lost.
            let r = &mut self.robots[i];
            if r.extra[slot].is_empty() {
                continue;
            }
            r.extra[slot].clear();
            if let Some(option) = r.program.stacked_by(register) {
                self.emit(Event::Damped {
                    player,
                    option: Some(option),
                });
            }
        }
    }
}
