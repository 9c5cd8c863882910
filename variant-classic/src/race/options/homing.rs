//! Homing Device: an optional weapon that tags the robot the main laser
//! would hit (a later tag moves the token), and a switch: switched on, the
//! robot heads for the tagged robot in every register at priority 850
//! (before every program card), then runs its own program.

use super::super::{Power, Race};
use crate::options::OptionCard;
use crate::tiles::Crossing;
use robo_core::geom::Turn;
use robo_core::ids::{PlayerId, RobotId};
use robo_core::motion::Cause;
use robo_core::pipeline::GridWorld;

/// Cells a homing robot goes forward.
pub const HOMING_CELLS: u8 = 3;

impl Race {
    /// Robot `p` tags `target` with its Homing Device.
    pub(in crate::race) fn tag_homing(&mut self, p: PlayerId, target: PlayerId) {
        if let Some(r) = self.robots.get_mut(p.index()) {
            r.homing = Some(target);
        }
    }

    /// At a register's start, in seat order: every running robot whose
    /// Homing Device is on and whose tagged robot is on the board goes 3
    /// cells forward (as far as the target, when it is nearer) if that
    /// brings it nearer the target (counted in cells, across and along),
    /// else it turns left. Its harm is counted with the cards'.
    pub(in crate::race) fn home_in(&mut self) {
        for i in 0..self.robots.len() {
            let robot = &self.robots[i];
            if robot.options.is_empty()
                || robot.power == Power::Down
                || robot.destroyed
                || !robot.active(OptionCard::HomingDevice)
                || !robot.program.is_on(OptionCard::HomingDevice)
            {
                continue;
            }
            let Some(target) = robot.homing else {
                continue;
            };
            let r = RobotId(i as u8);
            let (Some((at, facing)), Some((goal, _))) =
                (self.world.at(r), self.world.at(RobotId::of(target)))
            else {
                continue;
            };
            if self.world.is_ghost(r) {
                continue;
            }
            let now = at.distance(goal);
            let cells = now.min(u32::from(HOMING_CELLS)) as u8;
            let nearer = at.offset(facing, i16::from(cells)).distance(goal) < now;
            let walled = self.world.crossing(at, facing) == Crossing::Wall;
            let p = PlayerId(i as u8);
            if nearer && !walled && cells > 0 {
                let rammed = self.world.card_move(r, facing, cells, false);
                if !rammed.is_empty() {
                    self.ram(p, &rammed);
                }
            } else {
                self.world.turn_robot(r, Turn::Left, Cause::Move);
            }
        }
    }
}
