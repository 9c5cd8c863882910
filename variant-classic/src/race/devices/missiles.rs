//! Missiles (Missile Launcher): launched at the robot lasers' step in
//! place of the main laser, from the robot's cell facing its way; at the
//! start of every later register's cards, before any robot moves, each
//! missile flies 2 cells forward, in launch order. It explodes for 4 on
//! the first robot it reaches (on that robot's cell) or at a wall (on its
//! own cell); off the floor it is gone. Flying, it passes over pits and
//! is not carried.

use super::super::Race;
use super::{DeviceKind, DEVICE_BLAST, MISSILE_SPEED};
use robo_core::ids::PlayerId;

impl Race {
    /// Every missile on the board flies its 2 cells (see the module).
    pub(in crate::race) fn fly_missiles(&mut self) {
        let mut k = 0;
        while k < self.world.devices.len() {
            let d = self.world.devices[k];
            if d.kind != DeviceKind::Missile {
                k += 1;
                continue;
            }
            if !self.fly_missile(k) {
                k += 1;
            }
        }
    }

    /// Missile `k` of the device list flies; `false` when it is still on
    /// the board afterwards.
    fn fly_missile(&mut self, k: usize) -> bool {
        for _ in 0..MISSILE_SPEED {
            let d = self.world.devices[k];
            if !self.world.crossing(d.at, d.facing).passes() {
                self.world.devices.remove(k);
                self.world.explode(d.at, DEVICE_BLAST, Some(d.id));
                return true;
            }
            let to = d.at.step(d.facing);
            if self.world.tile(to).is_none() {
                self.remove_device(k);
                return true;
            }
            self.move_device(k, to);
            let hit = self
                .world
                .bodies()
                .placed()
                .any(|(_, b)| b.pos == to && !b.extra.ghost);
            if hit {
                self.world.devices.remove(k);
                self.world.explode(to, DEVICE_BLAST, Some(d.id));
                return true;
            }
        }
        false
    }

    /// Robot `p` launches a missile (its Missile Launcher's payload pays).
    pub(in crate::race) fn launch_missile(&mut self, p: PlayerId) {
        self.lay(p, DeviceKind::Missile, false);
    }
}
