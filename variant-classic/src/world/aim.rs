//! The robots' main lasers aimed all at once, for a register with no
//! option in effect: one sort of the robots by row and by column instead
//! of a scan of every robot for each shot.

use super::World;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::RobotId;
use robo_core::race::fire::Hit;

/// The most robots [`World::plain_volley`] aims for.
const MOST: usize = 8;

/// A robot's sort key along a line: the line (row or column), the place
/// on it, the seat; coordinates offset so that negative ones sort first.
fn key(line: i16, along: i16, seat: usize) -> u64 {
    let c = |v: i16| u64::from((i32::from(v) + 0x8000) as u32);
    (c(line) << 32) | (c(along) << 16) | seat as u64
}

/// The line and the place on it of a key.
fn line_along(k: u64) -> (u64, i32) {
    (k >> 32, ((k >> 16) & 0xffff) as i32)
}

/// Sorts the first `n` keys (at most eight: an insertion sort).
fn sort(keys: &mut [u64; MOST], n: usize) {
    for k in 1..n {
        let key = keys[k];
        let mut j = k;
        while j > 0 && keys[j - 1] > key {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = key;
    }
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
        let (mut rows, mut cols) = ([0u64; MOST], [0u64; MOST]);
        let mut n = 0;
        for (i, b) in bodies.iter().enumerate() {
            if !b.on_board {
                continue;
            }
            if b.extra.flying || b.extra.ghost {
                return false;
            }
            rows[n] = key(b.pos.y, b.pos.x, i);
            cols[n] = key(b.pos.x, b.pos.y, i);
            n += 1;
        }
        sort(&mut rows, n);
        sort(&mut cols, n);
        // Where each robot stands in the sorted rows and columns.
        let (mut in_row, mut in_col) = ([0usize; MOST], [0usize; MOST]);
        for k in 0..n {
            if k > 0 && rows[k] >> 16 == rows[k - 1] >> 16 {
                return false; // two robots on one cell
            }
            in_row[(rows[k] & 0xffff) as usize] = k;
            in_col[(cols[k] & 0xffff) as usize] = k;
        }
        for (i, b) in bodies.iter().enumerate() {
            if !b.on_board || fires & (1 << i) == 0 {
                continue;
            }
            // The neighbour on the line ahead, if on the same line.
            let (keys, k, forward) = match b.facing {
                Dir::E => (&rows, in_row[i], true),
                Dir::W => (&rows, in_row[i], false),
                Dir::S => (&cols, in_col[i], true),
                Dir::N => (&cols, in_col[i], false),
            };
            let next = if forward {
                (k + 1 < n).then(|| keys[k + 1])
            } else {
                k.checked_sub(1).map(|j| keys[j])
            };
            let Some(next) = next else { continue };
            let ((line, at), (other, there)) = (line_along(keys[k]), line_along(next));
            if line != other {
                continue;
            }
            let cells = at.abs_diff(there);
            if self.shot_reaches(b.pos, b.facing, cells) {
                hits.push(Hit {
                    by: RobotId(i as u8),
                    target: RobotId((next & 0xffff) as u8),
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
