//! Lines of sight: lasers, weapons and turrets.

use crate::board::Board;
use crate::geom::{Dir, Pos};
use crate::ids::RobotId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// What ended a ray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stop {
    /// The first robot in the line (not with [`RayOptions::pierce`]).
    Robot(RobotId),
    /// A wall on the far side of the last cell crossed.
    Wall,
    /// A cell the edition calls an obstacle (the ray does not enter it).
    Obstacle(Pos),
    /// The ray left the floor.
    Edge,
}

/// How a ray travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RayOptions {
    /// Whether the starting cell is part of the ray (a board laser hits a
    /// robot on its own mount; a robot's laser does not hit itself).
    pub include_start: bool,
    /// Whether the ray goes through walls.
    pub through_walls: bool,
    /// Whether the ray goes on after hitting a robot (a rail gun).
    pub pierce: bool,
}

/// The result of casting a ray.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ray {
    /// Robots hit, nearest first (at most one unless piercing).
    pub hits: SmallVec<[(RobotId, Pos); 2]>,
    /// Every floor cell the ray crossed, in order.
    pub cells: SmallVec<[Pos; 16]>,
    /// What ended it.
    pub stop: Stop,
}

impl Ray {
    /// The first robot hit.
    #[must_use]
    pub fn first_hit(&self) -> Option<RobotId> {
        self.hits.first().map(|h| h.0)
    }
}

/// Casts a ray from `from` towards `dir` over `board`.
///
/// `robot_at` names robots; `obstacle` names cells that stop the ray before
/// it enters them (an edition's buildings or hills). For obstacles that
/// depend on the side a ray comes from, see [`cast_across`].
///
/// ```
/// use robo_core::board::{Board, Wall};
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::ray::{cast, RayOptions, Stop};
/// use robo_core::RobotId;
/// let mut b = Board::new(5, 1, ()).unwrap();
/// b.set_wall(Pos::new(2, 0), Dir::E, Wall::Both).unwrap();
/// let robot = |p: Pos| (p == Pos::new(4, 0)).then_some(RobotId(1));
/// let ray = cast(&b, Pos::new(0, 0), Dir::E, RayOptions::default(), robot, |_| false);
/// assert_eq!(ray.stop, Stop::Wall); // the wall shields the robot
/// assert_eq!(ray.cells.len(), 2);
/// ```
pub fn cast<T>(
    board: &Board<T>,
    from: Pos,
    dir: Dir,
    opts: RayOptions,
    robot_at: impl Fn(Pos) -> Option<RobotId>,
    obstacle: impl Fn(Pos) -> bool,
) -> Ray {
    cast_across(board, from, dir, opts, robot_at, |p, d| obstacle(p.step(d)))
}

/// Casts a ray like [`cast`], asking `blocked(pos, dir)` whether something
/// besides a wall stops it crossing from `pos` towards `dir` (a building it
/// may not enter from outside, a ledge seen from below, a repulsor field).
/// A ray so stopped ends with [`Stop::Obstacle`] naming the cell it did not
/// enter. [`crate::pipeline::GridWorld::blocks_sight`] is such a test.
///
/// ```
/// use robo_core::board::Board;
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::ray::{cast_across, RayOptions, Stop};
/// use robo_core::RobotId;
/// // A building on x = 2..=3: rays may not enter it from outside.
/// let b = Board::new(6, 1, ()).unwrap();
/// let inside = |p: Pos| (2..=3).contains(&p.x);
/// let blocked = |p: Pos, d: Dir| !inside(p) && inside(p.step(d));
/// let robot = |p: Pos| (p.x == 3).then_some(RobotId(1));
/// let ray = cast_across(&b, Pos::new(0, 0), Dir::E, RayOptions::default(), robot, blocked);
/// assert_eq!(ray.stop, Stop::Obstacle(Pos::new(2, 0)));
/// // From inside, the robot in the building is seen.
/// let ray = cast_across(&b, Pos::new(2, 0), Dir::E, RayOptions::default(), robot, blocked);
/// assert_eq!(ray.first_hit(), Some(RobotId(1)));
/// ```
pub fn cast_across<T>(
    board: &Board<T>,
    from: Pos,
    dir: Dir,
    opts: RayOptions,
    robot_at: impl Fn(Pos) -> Option<RobotId>,
    blocked: impl Fn(Pos, Dir) -> bool,
) -> Ray {
    let mut ray = Ray {
        hits: SmallVec::new(),
        cells: SmallVec::new(),
        stop: Stop::Edge,
    };
    let mut at = from;
    if opts.include_start {
        if !board.contains(at) {
            return ray;
        }
        ray.cells.push(at);
        if let Some(r) = robot_at(at) {
            ray.hits.push((r, at));
            if !opts.pierce {
                ray.stop = Stop::Robot(r);
                return ray;
            }
        }
    }
    loop {
        if !opts.through_walls && board.blocks(at, dir) {
            ray.stop = Stop::Wall;
            return ray;
        }
        let next = at.step(dir);
        if !board.contains(next) {
            ray.stop = Stop::Edge;
            return ray;
        }
        if blocked(at, dir) {
            ray.stop = Stop::Obstacle(next);
            return ray;
        }
        ray.cells.push(next);
        if let Some(r) = robot_at(next) {
            ray.hits.push((r, next));
            if !opts.pierce {
                ray.stop = Stop::Robot(r);
                return ray;
            }
        }
        at = next;
    }
}

/// The first robot a ray from `from` towards `dir` meets, and where;
/// the same as `cast(..).hits.first()` without piercing, but recording
/// nothing, so it never allocates however long the line.
///
/// ```
/// use robo_core::board::Board;
/// use robo_core::geom::{Dir, Pos};
/// use robo_core::ray::{first_robot, RayOptions};
/// use robo_core::RobotId;
/// let b = Board::new(40, 1, ()).unwrap();
/// let robot = |p: Pos| (p == Pos::new(33, 0)).then_some(RobotId(2));
/// let hit = first_robot(&b, Pos::new(0, 0), Dir::E, RayOptions::default(), robot, |_| false);
/// assert_eq!(hit, Some((RobotId(2), Pos::new(33, 0))));
/// ```
pub fn first_robot<T>(
    board: &Board<T>,
    from: Pos,
    dir: Dir,
    opts: RayOptions,
    robot_at: impl Fn(Pos) -> Option<RobotId>,
    obstacle: impl Fn(Pos) -> bool,
) -> Option<(RobotId, Pos)> {
    first_robot_across(board, from, dir, opts, robot_at, |p, d| obstacle(p.step(d)))
}

/// [`first_robot`] with obstacles asked per crossing, as in [`cast_across`].
pub fn first_robot_across<T>(
    board: &Board<T>,
    from: Pos,
    dir: Dir,
    opts: RayOptions,
    robot_at: impl Fn(Pos) -> Option<RobotId>,
    blocked: impl Fn(Pos, Dir) -> bool,
) -> Option<(RobotId, Pos)> {
    let mut at = from;
    if opts.include_start {
        if !board.contains(at) {
            return None;
        }
        if let Some(r) = robot_at(at) {
            return Some((r, at));
        }
    }
    loop {
        if !opts.through_walls && board.blocks(at, dir) {
            return None;
        }
        let next = at.step(dir);
        if !board.contains(next) || blocked(at, dir) {
            return None;
        }
        if let Some(r) = robot_at(next) {
            return Some((r, next));
        }
        at = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Wall;

    #[test]
    fn first_robot_agrees_with_cast() {
        let mut b = Board::new(7, 7, ()).unwrap();
        b.set_wall(Pos::new(3, 3), Dir::E, Wall::Both).unwrap();
        b.set_wall(Pos::new(1, 5), Dir::N, Wall::OneWay(Dir::S))
            .unwrap();
        b.set_board_id(Pos::new(5, 1), None).unwrap();
        let robots = [
            Pos::new(4, 3),
            Pos::new(1, 1),
            Pos::new(6, 6),
            Pos::new(3, 0),
        ];
        let robot_at = |p: Pos| {
            robots
                .iter()
                .position(|q| *q == p)
                .map(|i| RobotId(i as u8))
        };
        for x in 0..7 {
            for y in 0..7 {
                for d in Dir::ALL {
                    for (include_start, through_walls) in
                        [(false, false), (true, false), (true, true)]
                    {
                        let opts = RayOptions {
                            include_start,
                            through_walls,
                            pierce: false,
                        };
                        let from = Pos::new(x, y);
                        let obstacle = |p: Pos| p == Pos::new(2, 2);
                        let ray = cast(&b, from, d, opts, robot_at, obstacle);
                        assert_eq!(
                            first_robot(&b, from, d, opts, robot_at, obstacle),
                            ray.hits.first().copied()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_ray_stops_at_the_nearest_robot_unless_it_pierces() {
        let b = Board::new(6, 1, ()).unwrap();
        let robots = |p: Pos| match p.x {
            2 => Some(RobotId(1)),
            4 => Some(RobotId(2)),
            _ => None,
        };
        let r = cast(
            &b,
            Pos::new(0, 0),
            Dir::E,
            RayOptions::default(),
            robots,
            |_| false,
        );
        assert_eq!(r.stop, Stop::Robot(RobotId(1)));
        assert_eq!(r.hits.len(), 1);
        let opts = RayOptions {
            pierce: true,
            ..RayOptions::default()
        };
        let r = cast(&b, Pos::new(0, 0), Dir::E, opts, robots, |_| false);
        assert_eq!(
            r.hits.iter().map(|h| h.0).collect::<Vec<_>>(),
            vec![RobotId(1), RobotId(2)]
        );
        assert_eq!(r.stop, Stop::Edge);
    }

    #[test]
    fn include_start_hits_a_robot_on_the_mount() {
        let b = Board::new(3, 1, ()).unwrap();
        let robots = |p: Pos| (p == Pos::new(0, 0)).then_some(RobotId(0));
        let opts = RayOptions {
            include_start: true,
            ..RayOptions::default()
        };
        let r = cast(&b, Pos::new(0, 0), Dir::E, opts, robots, |_| false);
        assert_eq!(r.first_hit(), Some(RobotId(0)));
        let r = cast(
            &b,
            Pos::new(0, 0),
            Dir::E,
            RayOptions::default(),
            robots,
            |_| false,
        );
        assert_eq!(r.first_hit(), None);
    }

    #[test]
    fn walls_and_obstacles_stop_rays_and_rail_guns_ignore_walls() {
        let mut b = Board::new(4, 1, ()).unwrap();
        b.set_wall(Pos::new(1, 0), Dir::W, Wall::Both).unwrap();
        let robots = |p: Pos| (p == Pos::new(3, 0)).then_some(RobotId(3));
        let r = cast(
            &b,
            Pos::new(0, 0),
            Dir::E,
            RayOptions::default(),
            robots,
            |_| false,
        );
        assert_eq!(r.stop, Stop::Wall);
        assert!(r.cells.is_empty());
        let opts = RayOptions {
            through_walls: true,
            ..RayOptions::default()
        };
        let r = cast(&b, Pos::new(0, 0), Dir::E, opts, robots, |_| false);
        assert_eq!(r.first_hit(), Some(RobotId(3)));
        let r = cast(&b, Pos::new(0, 0), Dir::E, opts, robots, |p| p.x == 2);
        assert_eq!(r.stop, Stop::Obstacle(Pos::new(2, 0)));
    }

    #[test]
    fn one_way_walls_block_rays_one_way() {
        let mut b = Board::new(3, 1, ()).unwrap();
        b.set_wall(Pos::new(1, 0), Dir::E, Wall::OneWay(Dir::E))
            .unwrap();
        let none = |_: Pos| None;
        let east = cast(
            &b,
            Pos::new(0, 0),
            Dir::E,
            RayOptions::default(),
            none,
            |_| false,
        );
        assert_eq!(east.cells.len(), 2);
        let west = cast(
            &b,
            Pos::new(2, 0),
            Dir::W,
            RayOptions::default(),
            none,
            |_| false,
        );
        assert_eq!(west.stop, Stop::Wall);
    }
}
