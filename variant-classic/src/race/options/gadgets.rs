//! Phase-programmed options that act before their robot's card, at its
//! priority (placed in a register with the program action's
//! [`Action::Gadget`](super::super::Action::Gadget)): Mine Layer drops a
//! mine on the robot's cell, Proximity Mine a proximity mine, Goo Dropper
//! goo, Portable Teleporter a teleporter, Scrambler Bomb and The Big One
//! their bombs, Bridge Layer a bridge on the cell in front (the devices:
//! [`super::super::devices`]); Big Jet flies the robot 8 cells forward
//! over walls and robots, lands it on the first free cell and deals it 2
//! damage; Retro-Rockets (placed once per fuel token) fly it backwards 2
//! cells per token, in one flight over walls and robots. Each placement
//! spends one payload; an empty option does nothing.

use super::super::{DeviceKind, Event, Race};
use crate::options::OptionCard;
use crate::world::Harm;
use robo_core::ids::{PlayerId, RobotId};

/// Cells a Big Jet flies.
pub const BIG_JET_CELLS: u8 = 8;
/// Damage a Big Jet's landing deals its robot.
pub const BIG_JET_DAMAGE: u8 = 2;
/// Cells Retro-Rockets fly backwards for each fuel token.
pub const RETRO_CELLS: u8 = 2;

impl Race {
    /// Robot `p`'s Robo-Copter card runs, then its options placed in
    /// this register act, before its card.
    pub(in crate::race) fn gadgets(&mut self, p: PlayerId) {
        let register = self.core.register;
        let Some(robot) = self.robots.get(p.index()) else {
            return;
        };
        if robot.marks.copter.is_some() {
            self.copter_card(p);
        }
        let robot = &self.robots[p.index()];
        if robot.program.placed.is_empty() {
            return;
        }
        let placed: smallvec::SmallVec<[OptionCard; 2]> =
            robot.program.in_register(register).collect();
        let damped = robot.damped();
        let mut retro = 0u8;
        for option in placed {
            // A bridge blocked by a wall or a repulsor field is not laid
            // (and not spent).
            if option == OptionCard::BridgeLayer && !damped && self.bridge_spot(p).is_none() {
                continue;
            }
            if !self.spend_one(p, option) {
                continue;
            }
            if damped {
                // Programmed inside an Option Damping Field: the token is
                // lost without effect.
                self.emit(Event::Damped {
                    player: p,
                    option: Some(option),
                });
                continue;
            }
            let r = RobotId::of(p);
            match option {
                OptionCard::MineLayer => self.lay(p, DeviceKind::Mine, true),
                OptionCard::GooDropper => self.lay(p, DeviceKind::Goo, true),
                OptionCard::BridgeLayer => self.lay_bridge(p),
                OptionCard::ProximityMine => self.lay(p, DeviceKind::ProximityMine, true),
                OptionCard::PortableTeleporter => {
                    self.lay(p, DeviceKind::PortableTeleporter, true);
                }
                OptionCard::ScramblerBomb => self.lay(p, DeviceKind::ScramblerBomb, true),
                OptionCard::TheBigOne => self.lay(p, DeviceKind::BigOne, true),
                OptionCard::RetroRockets => retro += 1,
                OptionCard::BigJet => {
                    let Some((_, facing)) = self.world.at(r) else {
                        continue;
                    };
                    self.emit(Event::TookOff { player: p });
                    if self.world.fly(r, facing, BIG_JET_CELLS).is_some() {
                        self.emit(Event::Landed { player: p });
                        self.world.harm.push(Harm::Damage(r, BIG_JET_DAMAGE));
                    }
                }
                _ => {}
            }
        }
        if retro > 0 {
            self.retro_rockets(p, retro);
        }
    }

    /// Robot `p` burnt `tokens` of its Retro-Rockets' fuel: it flies
    /// backwards [`RETRO_CELLS`] cells per token, over walls and robots,
    /// and lands on the first free cell along its way (no landing damage).
    fn retro_rockets(&mut self, p: PlayerId, tokens: u8) {
        let r = RobotId::of(p);
        let Some((_, facing)) = self.world.at(r) else {
            return;
        };
        self.emit(Event::TookOff { player: p });
        let cells = tokens.saturating_mul(RETRO_CELLS);
        if self.world.fly(r, facing.opposite(), cells).is_some() {
            self.emit(Event::Landed { player: p });
        }
    }

    /// Robot `p` (on the board) spends one payload of `option` if it
    /// holds it with payload left; whether it did.
    fn spend_one(&mut self, p: PlayerId, option: OptionCard) -> bool {
        let spends = matches!(
            option,
            OptionCard::MineLayer
                | OptionCard::BigJet
                | OptionCard::RetroRockets
                | OptionCard::GooDropper
                | OptionCard::BridgeLayer
                | OptionCard::ProximityMine
                | OptionCard::PortableTeleporter
                | OptionCard::ScramblerBomb
                | OptionCard::TheBigOne
        );
        if !spends || self.world.at(RobotId::of(p)).is_none() {
            return false;
        }
        let robot = &mut self.robots[p.index()];
        match robot.options.iter_mut().find(|h| h.card == option) {
            Some(h) if h.payload > 0 => {
                h.payload -= 1;
                true
            }
            _ => false,
        }
    }
}
