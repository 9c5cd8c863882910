//! The options that act by themselves on the grid: Ramming Gear (a robot
//! its owner pushes takes a damage token) and Mechanical Arm (a flag beside
//! the robot is tagged at the end of the register).

use super::super::Race;
use crate::options::OptionCard;
use crate::tiles::Crossing;
use crate::world::{Harm, Rammed};
use robo_core::geom::Pos;
use robo_core::ids::PlayerId;

impl Race {
    /// Ramming Gear: every robot that robot `p`'s card pushed (in contact
    /// with it, even when the push moved it no cell) takes one damage
    /// token, counted with the card's other harm.
    pub(in crate::race) fn ram(&mut self, p: PlayerId, rammed: &Rammed) {
        if !self.robots[p.index()].active(OptionCard::RammingGear) {
            return;
        }
        for &r in rammed {
            self.world.harm.push(Harm::Damage(r, 1));
        }
    }

    /// Mechanical Arm: the cell of robot `p`'s next flag, when the robot
    /// holds the arm and stands on one of the four cells beside it with
    /// nothing between that stops a shot (a wall, a repulsor field, a
    /// change of level); another robot on the flag does not stop it.
    pub(in crate::race) fn arm_tags(&self, p: PlayerId, at: Pos, flags: &[Pos]) -> Option<Pos> {
        let robot = &self.robots[p.index()];
        if robot.options.is_empty() || !robot.active(OptionCard::MechanicalArm) {
            return None;
        }
        let flag = *flags.get(usize::from(robot.flags))?;
        let dir = at.direction_to(flag)?;
        if at.step(dir) != flag {
            return None;
        }
        let w = &self.world;
        let walled = |from: Pos, d| {
            matches!(w.crossing(from, d), Crossing::Wall | Crossing::Repulsor)
                || w.blocks_shot(from, d)
        };
        (!walled(at, dir) && !walled(flag, dir.opposite())).then_some(flag)
    }
}
