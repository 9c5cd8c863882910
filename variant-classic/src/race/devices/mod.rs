//! Devices as pieces on the board: what the gadgets and launchers put
//! there (mines, missiles, ...), every one seen by every player, and their
//! explosions. The list lives on the world ([`World::devices`]) because
//! robots set devices off as they move; the race lays them, moves the
//! flying ones and counts the explosions' damage ([`blast`]).
//!
//! [`World::devices`]: crate::world::World::devices

mod blast;
mod bombs;
mod buzz;
mod drones;
mod floor;
mod missiles;

pub use blast::blast_damage;
pub(crate) use blast::squares;
pub(in crate::race) use buzz::BOMB_TURN;
pub use buzz::{BombProgram, BOMB_CARDS};

pub(crate) use crate::pieces::{Device, DeviceKind, DEVICE_BLAST};

use super::{Event, Race};
use crate::options::OptionCard;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::{PlayerId, RobotId};

/// Damage of each unused fuel token of a booster destroyed (Big Jet's own
/// figure is [`BIG_JET_BLAST`]).
pub const FUEL_BLAST: u8 = 2;
/// Damage of a Big Jet destroyed before its flight.
pub const BIG_JET_BLAST: u8 = 4;
/// Cells a missile flies each register.
pub const MISSILE_SPEED: u8 = 2;
/// Cells a drone flies each register.
pub const DRONE_SPEED: u8 = 3;
/// Damage of a drone's explosion.
pub const DRONE_BLAST: u8 = 2;
/// Damage of a Self-Destruct's explosion.
pub const SELF_DESTRUCT_BLAST: u8 = 16;
/// Damage of the Big One's explosion.
pub const BIG_ONE_BLAST: u8 = 64;
/// Squares from a scrambler bomb within which robots are scrambled.
pub const SCRAMBLER_RANGE: u8 = 6;

/// The explosive load of option `card` holding `payload`, set off when it
/// is destroyed or discarded: (explosions, damage of each).
#[must_use]
pub fn option_blasts(card: OptionCard, payload: u8) -> (u8, u8) {
    match card {
        OptionCard::MissileLauncher
        | OptionCard::MineLayer
        | OptionCard::ProximityMine
        | OptionCard::DroneLauncher
        | OptionCard::BuzzBomb => (payload, DEVICE_BLAST),
        OptionCard::TheBigOne => (payload, BIG_ONE_BLAST),
        OptionCard::BigJet => (u8::from(payload > 0), BIG_JET_BLAST),
        OptionCard::RetroRockets | OptionCard::Converter => (payload, FUEL_BLAST),
        OptionCard::SelfDestruct => (1, SELF_DESTRUCT_BLAST),
        _ => (0, 0),
    }
}

impl Race {
    /// The devices on the board.
    #[must_use]
    pub fn devices(&self) -> &[Device] {
        &self.world.devices
    }

    /// Device `k` (of [`World::devices`]) leaves the board quietly: gone
    /// off the floor, into a pit, or under a crusher (no explosion).
    ///
    /// [`World::devices`]: crate::world::World::devices
    pub(in crate::race) fn remove_device(&mut self, k: usize) {
        let d = self.world.devices.remove(k);
        self.emit(Event::DeviceRemoved { id: d.id, at: d.at });
    }

    /// Device `k` (of [`World::devices`]) moves to `to`.
    ///
    /// [`World::devices`]: crate::world::World::devices
    pub(in crate::race) fn move_device(&mut self, k: usize, to: Pos) {
        let from = std::mem::replace(&mut self.world.devices[k].at, to);
        let id = self.world.devices[k].id;
        self.emit(Event::DeviceMoved { id, from, to });
    }

    /// Robot `p`'s option puts a device of `kind` on its cell, facing as
    /// it faces (nothing if it is off the board).
    pub(in crate::race) fn lay(&mut self, p: PlayerId, kind: DeviceKind, fresh: bool) {
        let Some((at, facing)) = self.world.at(RobotId::of(p)) else {
            return;
        };
        self.lay_at(p, kind, at, facing, fresh);
    }

    /// Robot `p`'s option puts a device of `kind` on `at`, facing
    /// `facing`.
    pub(in crate::race) fn lay_at(
        &mut self,
        p: PlayerId,
        kind: DeviceKind,
        at: Pos,
        facing: Dir,
        fresh: bool,
    ) {
        let id = self.world.next_device;
        self.world.next_device = id.wrapping_add(1);
        let device = Device {
            id,
            kind,
            owner: p,
            at,
            facing,
            fresh,
            mark: None,
        };
        self.world.devices.push(device);
        self.emit(Event::DeviceLaid { device });
    }

    /// Robot `p` loses option `card` holding `payload` (destroyed,
    /// discarded, scrapped): an explosive load explodes on its cell.
    pub(in crate::race) fn option_gone(&mut self, p: PlayerId, card: OptionCard, payload: u8) {
        let (count, damage) = option_blasts(card, payload);
        if count == 0 {
            return;
        }
        let Some(at) = self.world.bodies().get(RobotId::of(p)).map(|b| b.pos) else {
            return;
        };
        for _ in 0..count {
            self.world.explode(at, damage, None);
        }
    }

    /// The robot lasers' step has come: devices laid this register are
    /// live for their own robots too.
    pub(in crate::race) fn devices_live(&mut self) {
        for d in &mut self.world.devices {
            d.fresh = false;
        }
        self.drones_look();
    }
}
