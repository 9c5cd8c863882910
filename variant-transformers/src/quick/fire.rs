//! A shot's line of fire, written out for this edition's plain laser:
//! the same answer as the kit's `nearest_visible` with default options
//! (see [`Race::shot`]), in fewer instructions. The robots are scanned
//! with a loop made for the shot's direction, and each cell on the way is
//! read once from the table (its exits to leave it, its kinds to enter
//! it). The differential test (`quick/tests.rs`) plays the kit's line of
//! fire against this one.

use crate::race::Race;
use crate::tiles::kind;
use robo_core::geom::{Dir, Pos};
use robo_core::race::body::Body;
use robo_core::RobotId;

/// The nearest robot for which `ahead` gives how many cells ahead of the
/// shooter it stands in line (`None`: not in line ahead), among the robots
/// on the board that `visible` lets be seen: its index and distance.
#[inline(always)]
fn nearest<X>(
    bodies: &[Body<X>],
    ahead: impl Fn(Pos) -> Option<u16>,
    visible: impl Fn(Pos) -> bool,
) -> Option<(usize, u16)> {
    let mut best: Option<(usize, u16)> = None;
    for (i, b) in bodies.iter().enumerate() {
        if !b.on_board {
            continue;
        }
        let Some(d) = ahead(b.pos) else {
            continue;
        };
        if best.is_none_or(|(_, bd)| d < bd) && visible(b.pos) {
            best = Some((i, d));
        }
    }
    best
}

impl Race {
    /// The robot a plain shot from `from` towards `dir` hits: the nearest
    /// robot in line ahead that is not in a fire pit, when nothing on the
    /// way (a wall, a gap, a grandstand or turret, an empty ramp or bridge,
    /// a building's side) stops the shot first.
    pub(crate) fn quick_shot(&self, from: Pos, dir: Dir) -> Option<RobotId> {
        let bodies = self.bodies.as_slice();
        let table = self.arena.table();
        let visible = |p: Pos| table.kinds_at(p) & kind::FIRE_PIT == 0;
        let (x, y) = (from.x, from.y);
        let (i, d) = match dir {
            Dir::N => nearest(
                bodies,
                |p| (p.x == x && p.y < y).then(|| y.abs_diff(p.y)),
                visible,
            ),
            Dir::S => nearest(
                bodies,
                |p| (p.x == x && p.y > y).then(|| y.abs_diff(p.y)),
                visible,
            ),
            Dir::E => nearest(
                bodies,
                |p| (p.y == y && p.x > x).then(|| x.abs_diff(p.x)),
                visible,
            ),
            Dir::W => nearest(
                bodies,
                |p| (p.y == y && p.x < x).then(|| x.abs_diff(p.x)),
                visible,
            ),
        }?;
        // Walk the `d` cells to the robot.
        let stop = (1u8 << dir.index()) | (1u8 << (4 + dir.index()));
        let mut at = from;
        let mut cell = table.cell(at)?;
        let mut inside = cell.kinds & kind::BUILDING != 0;
        for _ in 0..d {
            if cell.exits & stop != 0 {
                return None;
            }
            let next = at.step(dir);
            let n = table.cell(next)?;
            let k = n.kinds;
            if k & kind::SOLID != 0 {
                return None;
            }
            // An empty ramp or bridge stops the shot; only there is a
            // robot looked up.
            if k & (kind::RAMP | kind::BRIDGE) != 0 && self.bodies.at(next).is_none() {
                return None;
            }
            // Into a building from outside, or out of one from any cell but
            // the shooter's own.
            let into = k & kind::BUILDING != 0;
            if (into && !inside) || (inside && !into && at != from) {
                return None;
            }
            at = next;
            cell = n;
            inside = into;
        }
        Some(RobotId(i as u8))
    }
}
