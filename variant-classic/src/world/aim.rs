//! The robots' main lasers aimed all at once, for a register with no
//! option in effect: one look at each pair of robots instead of a scan of
//! every robot for each shot.

use super::World;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::RobotId;
use robo_core::race::fire::Hit;

/// The most robots [`World::plain_volley`] aims for.
const MOST: usize = 8;

/// How many cells ahead of a robot on `from` facing `facing` a robot on
/// `to` stands, if in line ahead (0 when not).
#[inline(always)]
fn ahead(from: Pos, facing: Dir, to: Pos) -> u32 {
    let d = match facing {
        Dir::E if to.y == from.y => i32::from(to.x) - i32::from(from.x),
        Dir::W if to.y == from.y => i32::from(from.x) - i32::from(to.x),
        Dir::S if to.x == from.x => i32::from(to.y) - i32::from(from.y),
        Dir::N if to.x == from.x => i32::from(from.y) - i32::from(to.y),
        _ => 0,
    };
    d.max(0).unsigned_abs()
}

impl World {
    /// Every robot of `fires` (a bit per seat) fires its main laser
    /// forward: the hits, in seat order, pushed to `hits` (as
    /// [`robo_core::race::fire::nearest_visible`] finds them one shot at a
    /// time: the nearest robot in line that no wall or sight blocker
    /// shields). `false`, with nothing pushed, where this does not apply:
    /// more than eight robots, a virtual or flying robot, the High-Flying
    /// rule, two robots on one cell; the caller then aims shot by shot.
    pub(crate) fn plain_volley(&self, fires: u8, hits: &mut Vec<Hit>) -> bool {
        let bodies = self.bodies.as_slice();
        if bodies.len() > MOST || self.high_flying || self.may_have_ghosts() {
            return false;
        }
        // Each robot's nearest robot in line ahead: one look at each pair
        // of robots on the board sharing a row or a column.
        let mut nearest = [(u32::MAX, 0u8); MOST];
        for (i, a) in bodies.iter().enumerate() {
            if !a.on_board {
                continue;
            }
            if a.extra.flying || a.extra.ghost {
                return false;
            }
            for (j, b) in bodies.iter().enumerate().skip(i + 1) {
                if !b.on_board || (a.pos.x != b.pos.x && a.pos.y != b.pos.y) {
                    continue;
                }
                if a.pos == b.pos {
                    return false; // two robots on one cell
                }
                let d = ahead(a.pos, a.facing, b.pos);
                if d > 0 && d < nearest[i].0 {
                    nearest[i] = (d, j as u8);
                }
                let d = ahead(b.pos, b.facing, a.pos);
                if d > 0 && d < nearest[j].0 {
                    nearest[j] = (d, i as u8);
                }
            }
        }
        for (i, b) in bodies.iter().enumerate() {
            let (cells, target) = nearest[i];
            if !b.on_board || fires & (1 << i) == 0 || cells == u32::MAX {
                continue;
            }
            if self.shot_reaches(b.pos, b.facing, cells) {
                hits.push(Hit {
                    by: RobotId(i as u8),
                    target: RobotId(target),
                    dir: b.facing,
                });
            }
        }
        true
    }

    /// Does a main laser's shot from `from` towards `dir` cross `cells`
    /// cells: no wall, floor's end or sight blocker stops it on the way
    /// (the motion kit's walk of a shot, with no wall to go through).
    fn shot_reaches(&self, from: Pos, dir: Dir, cells: u32) -> bool {
        // Without sight blockers, read from the course's table.
        if !self.arena.0.sight_blockers {
            if let Some(clear) = self.clear_cells(from, dir) {
                if clear < u8::MAX {
                    return cells <= u32::from(clear);
                }
            }
        }
        let stop = (1u8 << dir.index()) | (1u8 << (4 + dir.index()));
        let table = self.table();
        let mut at = from;
        for _ in 0..cells {
            let Some(c) = table.cell(at) else {
                return false;
            };
            if c.exits & stop != 0 || self.blocks_shot(at, dir) {
                return false;
            }
            at = at.step(dir);
        }
        true
    }
}
