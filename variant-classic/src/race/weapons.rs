//! Robot fire: each running robot's main laser, changed by the laser
//! modifications it holds (Double-Barrel Laser, High Power Laser), and its
//! additional weapons (Rear Laser). Every shot is aimed before any is
//! counted (the robots fire at once).

use super::{Power, Race};
use crate::options::OptionCard;
use crate::world::World;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::RobotId;
use robo_core::race::fire::{nearest_visible, FireOptions, Hit};

/// The nearest robot a shot from `from` towards `dir` reaches, through
/// `walls` walls.
fn nearest(world: &World, from: Pos, dir: Dir, walls: u8) -> Option<RobotId> {
    let blocks = |a: Pos, n: Pos| a.direction_to(n).is_some_and(|d| world.blocks_shot(a, d));
    let visible = |t: RobotId| !world.is_ghost(t);
    let options = FireOptions {
        walls,
        ..FireOptions::default()
    };
    nearest_visible(
        world.table(),
        world.bodies(),
        from,
        dir,
        options,
        blocks,
        visible,
    )
}

impl Race {
    /// Every running robot's shots, aimed before any is counted, into
    /// `hits` (each hit is one damage token).
    pub(super) fn aim_all(&self, hits: &mut Vec<Hit>) {
        let world = &self.world;
        for (r, b) in world.bodies().placed() {
            let rb = &self.robots[r.index()];
            if rb.power == Power::Down || rb.destroyed || b.extra.ghost {
                continue;
            }
            if rb.options.is_empty() {
                if let Some(target) = nearest(world, b.pos, b.facing, 0) {
                    hits.push(Hit {
                        by: r,
                        target,
                        dir: b.facing,
                    });
                }
                continue;
            }
            self.aim_armed(r, b.pos, b.facing, hits);
        }
    }

    /// The shots of a robot holding options.
    fn aim_armed(&self, r: RobotId, at: Pos, facing: Dir, hits: &mut Vec<Hit>) {
        let world = &self.world;
        let robot = &self.robots[r.index()];
        let main = nearest(world, at, facing, 0);
        let mut targets = [main, None];
        if robot.has(OptionCard::HighPowerLaser) {
            // Through one robot (hit too) or one wall.
            targets = match main {
                Some(first) => {
                    let behind = world
                        .bodies()
                        .get(first)
                        .and_then(|b| nearest(world, b.pos, facing, 0));
                    [Some(first), behind]
                }
                None => [nearest(world, at, facing, 1), None],
            };
        }
        let shots = if robot.has(OptionCard::DoubleBarrelLaser) {
            2
        } else {
            1
        };
        for target in targets.into_iter().flatten() {
            for _ in 0..shots {
                hits.push(Hit {
                    by: r,
                    target,
                    dir: facing,
                });
            }
        }
        if robot.has(OptionCard::RearLaser) {
            let back = facing.opposite();
            if let Some(target) = nearest(world, at, back, 0) {
                hits.push(Hit {
                    by: r,
                    target,
                    dir: back,
                });
            }
        }
    }
}
