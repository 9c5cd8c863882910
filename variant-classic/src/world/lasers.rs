//! Board lasers, and the pervasive rule's second look: after the robots
//! have fired, a robot a mount's beam reaches that it did not reach at
//! the board lasers' step takes 1 damage from that mount.

use super::World;
use robo_core::pipeline::{BoardLasers, GridWorld};

impl World {
    /// Board lasers fire; the hits are remembered for the second look.
    pub fn board_lasers(&mut self) {
        let hits = BoardLasers::hits(self);
        self.memo.lasers = Some(self.bodies.generation());
        self.beamed.clear();
        for hit in hits {
            self.beamed.push((hit.source, hit.robot));
            self.laser_hit(hit);
        }
    }

    /// The pervasive rule: 1 damage per mount whose beam now reaches a
    /// robot it did not reach at the board lasers' step.
    pub fn pervasive_lasers(&mut self) {
        // No robot moved, left or came since: the beams reach whom they did.
        if self.memo.lasers.take() == Some(self.bodies.generation()) {
            self.beamed.clear();
            return;
        }
        for hit in BoardLasers::hits(self) {
            if !self.beamed.contains(&(hit.source, hit.robot)) {
                self.log.push(robo_core::event::GridEvent::BoardLaser(
                    robo_core::pipeline::LaserHit { beams: 1, ..hit },
                ));
                let harm = self.shot(hit.robot, 1, hit.dir, None);
                self.harm.push(harm);
            }
        }
        self.beamed.clear();
    }
}
