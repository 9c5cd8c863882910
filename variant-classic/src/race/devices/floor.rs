//! Flat devices and the board: bridges laid, and what belts, currents,
//! pushers, pits, trap doors and crushers do to the devices lying on
//! the floor.

use super::super::Race;
use super::DeviceKind;
use crate::tiles::Tile;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::{PlayerId, RobotId};

impl Race {
    /// Where robot `p`'s Bridge Layer would lay its bridge (the cell in
    /// front, if no wall, repulsor field or ledge is in the way) and the
    /// robot's facing.
    pub(in crate::race) fn bridge_spot(&self, p: PlayerId) -> Option<(Pos, Dir)> {
        let (at, facing) = self.world.at(RobotId::of(p))?;
        self.world
            .bridge_fits(at, facing)
            .then(|| (at.step(facing), facing))
    }

    /// Robot `p`'s Bridge Layer lays a bridge on the cell in front.
    pub(in crate::race) fn lay_bridge(&mut self, p: PlayerId) {
        let Some((at, facing)) = self.bridge_spot(p) else {
            return;
        };
        let _ = self.world.lay_bridge(at);
        self.lay_at(p, DeviceKind::Bridge, at, facing, false);
    }
}

impl Race {
    /// The register's board elements act on the devices lying on the
    /// floor, after they moved the robots (`step`): belts and currents
    /// carry flat devices and the Big One one cell along their arrow
    /// (not goo holding a robot; off the board or into a pit, drain or
    /// open trap door the device is gone), pushers push the Big One (flat
    /// devices stay), open trap doors and active crushers remove what
    /// lies on them. Bridges never move. No device blows up doing so.
    fn floor_devices(&mut self, step: FloorStep, register: u8) {
        let mut k = 0;
        while k < self.world.devices.len() {
            let d = self.world.devices[k];
            if d.kind.flies() || d.kind == DeviceKind::Bridge {
                k += 1;
                continue;
            }
            let Some(cell) = self.world.table().tile(d.at) else {
                k += 1;
                continue;
            };
            let to = match (step, cell.tile) {
                (FloorStep::Belts { express }, Tile::Belt(c))
                    if !express || c.speed == robo_core::element::BeltSpeed::Express =>
                {
                    Some(c.dir)
                }
                (FloorStep::Currents, Tile::Current(dir)) => Some(dir),
                (FloorStep::Pushers, Tile::Pusher(p))
                    if d.kind == DeviceKind::BigOne && p.registers.contains(register) =>
                {
                    Some(p.dir)
                }
                _ => None,
            };
            let gone = match step {
                FloorStep::TrapDoors => cell.tile.swallows(register),
                FloorStep::Crushers => cell.crusher().is_some_and(|r| r.contains(register)),
                _ => false,
            };
            let held = d.kind == DeviceKind::Goo
                && self
                    .world
                    .bodies()
                    .placed()
                    .any(|(r, b)| b.pos == d.at && self.world.held(r, d.at));
            if gone {
                self.remove_device(k);
                continue;
            }
            let Some(dir) = to.filter(|_| !held) else {
                k += 1;
                continue;
            };
            if !self.world.crossing(d.at, dir).passes() {
                k += 1;
                continue;
            }
            let next = d.at.step(dir);
            let falls = match self.world.tile(next) {
                None => true,
                Some(t) => matches!(t, Tile::Pit | Tile::Drain) || t.swallows(register),
            };
            if falls {
                self.remove_device(k);
                continue;
            }
            self.move_device(k, next);
            k += 1;
        }
    }
}

/// A register step that acts on the devices on the floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FloorStep {
    /// Belts (`express`: the express belts' own pass).
    Belts {
        /// Only express belts move.
        express: bool,
    },
    /// Currents.
    Currents,
    /// Pushers.
    Pushers,
    /// Trap doors opening.
    TrapDoors,
    /// Crushers.
    Crushers,
}

impl Race {
    /// After register step `step` (whether it had robots to act on or
    /// not): the devices lying on the floor meet its element.
    pub(in crate::race) fn floor_step(&mut self, step: crate::race::ClassicStep, register: u8) {
        use crate::race::ClassicStep as S;
        let floor = match step {
            S::ExpressBelts => FloorStep::Belts { express: true },
            S::Belts => FloorStep::Belts { express: false },
            S::Currents => FloorStep::Currents,
            S::Pushers => FloorStep::Pushers,
            S::TrapDoors => FloorStep::TrapDoors,
            S::Crushers => FloorStep::Crushers,
            _ => return,
        };
        self.floor_devices(floor, register);
    }
}
