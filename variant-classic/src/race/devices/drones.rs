//! Drones (Drone Launcher): launched at the robot lasers' step in place of
//! the main laser, from the robot's cell, with a mark on the cell of the
//! robot the laser would have hit. At the start of every later register's
//! cards (after the missiles, before any robot moves) each drone flies up
//! to 3 cells towards its mark, one at a time, along the axis where the
//! mark is farther (east-west on a tie), the other axis when a wall is in
//! the way; it stops on the mark. Running into a robot it explodes for 2
//! on that robot's cell and pushes that robot 1 cell onwards. A drone
//! without a mark turns left instead. At the robot lasers' step a drone
//! marks the cell of the first robot in line ahead of it.

use super::super::Race;
use super::{DeviceKind, DRONE_BLAST, DRONE_SPEED};
use robo_core::geom::{Dir, Pos, Turn};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::motion::{move_robot, Cause, Move};

impl Race {
    /// Every drone on the board flies (see the module).
    pub(in crate::race) fn fly_drones(&mut self) {
        let mut k = 0;
        while k < self.world.devices.len() {
            if self.world.devices[k].kind != DeviceKind::Drone || !self.fly_drone(k) {
                k += 1;
            }
        }
    }

    /// The robot on `at`, if any (virtual ones left out).
    fn robot_on(&self, at: Pos) -> Option<RobotId> {
        self.world
            .bodies()
            .placed()
            .find(|(_, b)| b.pos == at && !b.extra.ghost)
            .map(|(r, _)| r)
    }

    /// Drone `k` of the device list flies; `true` when it blew up or left.
    fn fly_drone(&mut self, k: usize) -> bool {
        let d = self.world.devices[k];
        let Some(mark) = d.mark else {
            self.world.devices[k].facing = d.facing.turn(Turn::Left);
            return false;
        };
        for _ in 0..DRONE_SPEED {
            let d = self.world.devices[k];
            if d.at == mark {
                self.world.devices[k].mark = None;
                return false;
            }
            let Some(dir) = self.towards(d.at, mark) else {
                return false;
            };
            let to = d.at.step(dir);
            if self.world.tile(to).is_none() {
                self.remove_device(k);
                return true;
            }
            self.world.devices[k].facing = dir;
            self.move_device(k, to);
            if let Some(r) = self.robot_on(to) {
                self.world.devices.remove(k);
                self.world.explode(to, DRONE_BLAST, Some(d.id));
                let push = Move::new(r, dir, 1).with_cause(Cause::Push { by: None });
                let _ = move_robot(&mut self.world, push);
                return true;
            }
        }
        let d = self.world.devices[k];
        if d.at == mark {
            self.world.devices[k].mark = None;
        }
        false
    }

    /// The way a drone on `at` steps towards `mark`: along the axis where
    /// the mark is farther (east-west on a tie), the other one if a wall
    /// is in the way; `None` when both are walled.
    fn towards(&self, at: Pos, mark: Pos) -> Option<Dir> {
        let (dx, dy) = (mark.x - at.x, mark.y - at.y);
        let ew = (dx != 0).then_some(if dx > 0 { Dir::E } else { Dir::W });
        let ns = (dy != 0).then_some(if dy > 0 { Dir::S } else { Dir::N });
        let order = if dx.abs() >= dy.abs() {
            [ew, ns]
        } else {
            [ns, ew]
        };
        order
            .into_iter()
            .flatten()
            .find(|&dir| self.world.crossing(at, dir).passes())
    }

    /// Drones mark the cell of the first robot in line ahead of them (the
    /// robot lasers' step).
    pub(in crate::race) fn drones_look(&mut self) {
        for k in 0..self.world.devices.len() {
            let d = self.world.devices[k];
            if d.kind != DeviceKind::Drone {
                continue;
            }
            let mut at = d.at;
            while self.world.crossing(at, d.facing).passes()
                && !self.world.blocks_shot(at, d.facing)
            {
                at = at.step(d.facing);
                if self.world.tile(at).is_none() {
                    break;
                }
                if self.robot_on(at).is_some() {
                    self.world.devices[k].mark = Some(at);
                    break;
                }
            }
        }
    }

    /// Robot `p` launches a drone marking the cell of `target` (its Drone
    /// Launcher's payload pays).
    pub(in crate::race) fn launch_drone(&mut self, p: PlayerId, target: RobotId) {
        let mark = self.world.at(target).map(|(at, _)| at);
        self.lay(p, DeviceKind::Drone, false);
        if let Some(d) = self.world.devices.last_mut() {
            d.mark = mark;
        }
    }
}
