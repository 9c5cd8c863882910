//! Board lasers, and the pervasive rule's second look: after the robots
//! have fired, a robot a mount's beam reaches that it did not reach at
//! the board lasers' step takes 1 damage from that mount.

use super::World;
use robo_core::ids::RobotId;
use robo_core::pipeline::{BoardLasers, GridWorld, LaserHit};
use smallvec::SmallVec;

/// The hits of a register's board lasers.
type Hits = SmallVec<[LaserHit; 8]>;

impl World {
    /// Board lasers fire; the hits are remembered for the second look.
    pub fn board_lasers(&mut self) {
        let hits = self.laser_hits();
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
        for hit in self.laser_hits() {
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

    /// The hits board lasers would make now, in mount order: what
    /// [`BoardLasers::hits`] finds, read from the robots' side. The cell
    /// table knows which mounts' beams reach each cell when no robot is in
    /// the way (walls and the floor's end stop them); each mount hits the
    /// robot nearest to it among the robots its beam reaches, so a register
    /// looks only at the robots' cells instead of walking every beam. On a
    /// course with something else that stops a shot (levels, repulsor
    /// fields) or more than 64 mounts, the beams are walked.
    pub(crate) fn laser_hits(&self) -> Hits {
        let table = self.table();
        let mounts = table.mounts();
        if self.arena.0.sight_blockers || mounts.len() > 64 || self.flowing {
            return BoardLasers::hits(self);
        }
        // Per mount reached: its index, the distance to its nearest robot,
        // that robot and whether it flies.
        let mut near: SmallVec<[(u32, u32, RobotId, bool); 8]> = SmallVec::new();
        for (i, b) in self.bodies.as_slice().iter().enumerate() {
            if !b.on_board || b.extra.ghost {
                continue;
            }
            let mut reach = table.reach_mask(b.pos).unwrap_or(0);
            while reach != 0 {
                let k = reach.trailing_zeros();
                reach &= reach - 1;
                let Some(&(source, _)) = mounts.get(k as usize) else {
                    continue;
                };
                let d = u32::from((b.pos.x - source.x).unsigned_abs())
                    + u32::from((b.pos.y - source.y).unsigned_abs());
                let me = (k, d, RobotId(i as u8), b.extra.flying);
                match near.iter_mut().find(|e| e.0 == k) {
                    // Two robots on one cell: the one on the floor is hit
                    // (the first in seat order), as `robot_at` says.
                    Some(e) if d < e.1 || (d == e.1 && e.3 && !me.3) => *e = me,
                    Some(_) => {}
                    None => near.push(me),
                }
            }
        }
        near.sort_unstable_by_key(|e| e.0);
        near.iter()
            .filter_map(|&(k, _, robot, _)| {
                let &(source, m) = mounts.get(k as usize)?;
                Some(LaserHit {
                    robot,
                    source,
                    dir: m.dir,
                    beams: m.beams,
                })
            })
            .collect()
    }
}
