//! An explosion's reach: full damage on its own cell, halved (rounded
//! down) for every square of distance, counted as a robot would walk it:
//! walls are walked around (they lengthen the path, they do not stop the
//! blast), and each change of level on the way adds one square.

use crate::world::World;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::RobotId;
use smallvec::SmallVec;

/// The farthest a blast of `damage` reaches (beyond it, halving leaves 0).
fn radius(damage: u8) -> u8 {
    // 1 reaches 0 squares, 2-3 one, 4-7 two, ...
    (u8::BITS - damage.leading_zeros()).saturating_sub(1) as u8
}

/// May a blast spread from `a` towards `dir`: no wall between (a ledge or
/// a one-way wall open either way lets it through)?
fn open(world: &World, a: Pos, dir: Dir) -> bool {
    world.crossing(a, dir).passes() || world.crossing(a.step(dir), dir.opposite()).passes()
}

/// Each robot a blast of `damage` on `at` reaches, with the damage it
/// takes there (robots it does not reach, or reaches with 0, are left
/// out), in seat order.
///
/// ```
/// use variant_classic::race::blast_damage;
/// use variant_classic::{courses, world::World};
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::ids::RobotId;
/// let course = courses::course(courses::DEFAULT_COURSE).unwrap();
/// let mut world = World::new(course, 2);
/// world.place(RobotId(0), Pos::new(5, 5), Dir::N, false);
/// world.place(RobotId(1), Pos::new(5, 7), Dir::N, false);
/// let hit = blast_damage(&world, Pos::new(5, 5), 8);
/// assert_eq!(hit[0], (RobotId(0), 8));
/// ```
#[must_use]
pub fn blast_damage(world: &World, at: Pos, damage: u8) -> SmallVec<[(RobotId, u8); 8]> {
    let dist = squares(world, at, radius(damage));
    let mut out = SmallVec::new();
    for (r, b) in world.bodies().placed() {
        if b.extra.ghost {
            continue;
        }
        if let Some(&(_, d)) = dist.iter().find(|(q, _)| *q == b.pos) {
            let n = damage >> d;
            if n > 0 {
                out.push((r, n));
            }
        }
    }
    out
}

/// Every cell within `reach` squares of `at` with its distance, counted
/// as a robot walks (walls are walked around; a change of level costs one
/// square more): how far blasts and fields such as the Option Damping
/// Field reach. Empty when `at` is off the board.
#[must_use]
pub(crate) fn squares(world: &World, at: Pos, reach: u8) -> SmallVec<[(Pos, u8); 64]> {
    let board = world.course().board();
    let mut dist: SmallVec<[(Pos, u8); 64]> = SmallVec::new();
    if !board.contains(at) {
        return dist;
    }
    // A small Dijkstra over the cells within `reach` squares: steps cost 1,
    // 2 across a change of level.
    dist.push((at, 0));
    let mut frontier: SmallVec<[(Pos, u8); 32]> = SmallVec::new();
    frontier.push((at, 0));
    while let Some(i) = (0..frontier.len()).min_by_key(|&i| frontier[i].1) {
        let (p, d) = frontier.swap_remove(i);
        if dist.iter().any(|&(q, e)| q == p && e < d) {
            continue;
        }
        for dir in Dir::ALL {
            let n = p.step(dir);
            if !board.contains(n) || !open(world, p, dir) {
                continue;
            }
            let cost = 1 + u8::from(world.level(n) != world.level(p));
            let nd = d.saturating_add(cost);
            if nd > reach {
                continue;
            }
            match dist.iter_mut().find(|(q, _)| *q == n) {
                Some((_, e)) if *e <= nd => continue,
                Some((_, e)) => *e = nd,
                None => dist.push((n, nd)),
            }
            frontier.push((n, nd));
        }
    }
    dist
}

impl World {
    /// A blast of `damage` on `at` (of device `device`, if a device blew
    /// up): the robots it reaches take their damage where they stand now;
    /// the game reports it ([`Event::Exploded`](crate::race::Event::Exploded)).
    pub fn explode(&mut self, at: Pos, damage: u8, device: Option<u16>) {
        for (r, n) in blast_damage(self, at, damage) {
            self.harm.push(crate::world::Harm::Damage(r, n));
        }
        self.blasts.push((at, damage, device));
    }
}

#[cfg(test)]
mod tests {
    use super::radius;

    #[test]
    fn a_blast_reaches_as_far_as_halving_leaves_damage() {
        assert_eq!(
            [1, 2, 3, 4, 7, 8, 16, 64].map(radius),
            [0, 1, 1, 2, 2, 3, 4, 6]
        );
    }
}
