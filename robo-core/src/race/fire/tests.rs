//! Lines of fire against [`crate::ray::cast`], on random boards.

use super::*;
use crate::board::{Board, Wall};
use crate::race::body::Body;
use crate::ray::{cast, RayOptions};
use crate::rng::Rng;

/// A random board (walls, one-way walls, voids) and robots close together,
/// so that many stand in line.
fn setup(seed: u64) -> (Board<()>, Bodies) {
    let mut rng = Rng::from_seed(seed);
    let (w, h) = (4 + rng.index(8), 4 + rng.index(8));
    let mut b = Board::new(w, h, ()).unwrap();
    for p in b.positions().collect::<Vec<_>>() {
        if rng.chance(1, 10) {
            b.set_board_id(p, None).unwrap();
        }
        if rng.chance(1, 5) {
            let d = Dir::from_index(rng.index(4));
            let wall = if rng.chance(1, 3) {
                Wall::OneWay(d.opposite())
            } else {
                Wall::Both
            };
            let _ = b.set_wall(p, d, wall);
        }
    }
    let mut cells: Vec<Pos> = b.positions().filter(|p| b.contains(*p)).collect();
    rng.shuffle(&mut cells);
    let origin = cells.first().copied().unwrap_or_default();
    let mut near: Vec<Pos> = cells
        .into_iter()
        .filter(|p| p.x == origin.x || p.y == origin.y || p.distance(origin) < 3)
        .collect();
    near.truncate(2 + rng.index(6));
    let bodies = near
        .iter()
        .enumerate()
        .map(|(i, &p)| Body::new(p, Dir::N, i % 5 != 4))
        .collect();
    (b, bodies)
}

fn ray(
    b: &Board<()>,
    bodies: &Bodies,
    from: Pos,
    dir: Dir,
    opts: RayOptions,
    obstacle: impl Fn(Pos) -> bool,
) -> Vec<RobotId> {
    cast(b, from, dir, opts, |p| bodies.at(p), obstacle)
        .hits
        .iter()
        .map(|h| h.0)
        .collect()
}

#[test]
fn the_nearest_robot_in_line_is_the_one_a_ray_meets() {
    let mut checked = 0;
    let mut hits = 0;
    for seed in 0..crate::testing::cases(150) as u64 {
        let (b, bodies) = setup(seed);
        let table: CellTable<(), u8, ()> = CellTable::new(&b, |_| 0, |_| false);
        // An edition's blocker: a cell the shot may not enter.
        let blocked = Pos::new((seed % 5) as i16, (seed % 3) as i16);
        for (_, body) in bodies.placed() {
            for dir in Dir::ALL {
                let plain = nearest_in_line(
                    &table,
                    &bodies,
                    body.pos,
                    dir,
                    FireOptions::default(),
                    |_, _| false,
                );
                let expected = ray(&b, &bodies, body.pos, dir, RayOptions::default(), |_| false);
                assert_eq!(
                    plain,
                    expected.first().copied(),
                    "seed {seed} {} {dir}",
                    body.pos
                );
                hits += usize::from(plain.is_some());
                let hooked = nearest_in_line(
                    &table,
                    &bodies,
                    body.pos,
                    dir,
                    FireOptions::default(),
                    |_, to| to == blocked,
                );
                let expected = ray(&b, &bodies, body.pos, dir, RayOptions::default(), |p| {
                    p == blocked
                });
                assert_eq!(hooked, expected.first().copied(), "seed {seed} hooked");
                let opts = FireOptions {
                    pierce: true,
                    walls: u8::MAX,
                    gaps: false,
                };
                let mut all = SmallVec::new();
                in_line(&table, &bodies, body.pos, dir, opts, |_, _| false, &mut all);
                let through = RayOptions {
                    through_walls: true,
                    pierce: true,
                    include_start: false,
                };
                let expected = ray(&b, &bodies, body.pos, dir, through, |_| false);
                assert_eq!(all.as_slice(), expected.as_slice(), "seed {seed} piercing");
                checked += 1;
            }
        }
    }
    assert!(checked > 500 && hits > 100, "{checked} {hits}");
}

#[test]
fn a_rail_shot_crosses_walls_gaps_and_robots_to_the_end_of_the_course() {
    for seed in 0..crate::testing::cases(60) as u64 {
        let (b, bodies) = setup(seed);
        let table: CellTable<(), u8, ()> = CellTable::new(&b, |_| 0, |_| false);
        for (_, body) in bodies.placed() {
            for dir in Dir::ALL {
                let mut all = SmallVec::new();
                in_line(
                    &table,
                    &bodies,
                    body.pos,
                    dir,
                    FireOptions::RAIL,
                    |_, _| false,
                    &mut all,
                );
                // The plain walk: every cell to the rectangle's end.
                let mut walked = Vec::new();
                let mut at = body.pos.step(dir);
                while b.in_bounds(at) {
                    walked.extend(bodies.at(at));
                    at = at.step(dir);
                }
                assert_eq!(all.as_slice(), walked.as_slice(), "seed {seed}");
            }
        }
    }
}

#[test]
fn one_wall_is_crossed_but_not_two() {
    let mut b = Board::new(8, 1, ()).unwrap();
    b.set_wall(Pos::new(1, 0), Dir::E, Wall::Both).unwrap();
    b.set_wall(Pos::new(4, 0), Dir::E, Wall::Both).unwrap();
    let table: CellTable<(), u8, ()> = CellTable::new(&b, |_| 0, |_| false);
    let bodies: Bodies = [0, 3, 6]
        .into_iter()
        .map(|x| Body::new(Pos::new(x, 0), Dir::E, true))
        .collect();
    let one = FireOptions {
        walls: 1,
        ..FireOptions::default()
    };
    let from = Pos::new(0, 0);
    assert_eq!(
        nearest_in_line(&table, &bodies, from, Dir::E, one, |_, _| false),
        Some(RobotId(1))
    );
    let pierce_one = FireOptions {
        pierce: true,
        ..one
    };
    let mut all = SmallVec::new();
    in_line(
        &table,
        &bodies,
        from,
        Dir::E,
        pierce_one,
        |_, _| false,
        &mut all,
    );
    assert_eq!(
        all.as_slice(),
        [RobotId(1)],
        "the second wall stops the shot"
    );
}

#[test]
fn a_volley_aims_every_shot_first() {
    let b = Board::new(5, 1, ()).unwrap();
    let table: CellTable<(), u8, ()> = CellTable::new(&b, |_| 0, |_| false);
    // Robots 0 and 1 face each other with robot 2 between them.
    let bodies: Bodies = [0, 4, 2]
        .into_iter()
        .map(|x| Body::new(Pos::new(x, 0), Dir::E, true))
        .collect();
    let shots = [
        Shot {
            by: RobotId(0),
            from: Pos::new(0, 0),
            dir: Dir::E,
            options: FireOptions::default(),
        },
        Shot {
            by: RobotId(1),
            from: Pos::new(4, 0),
            dir: Dir::W,
            options: FireOptions::default(),
        },
        Shot {
            by: RobotId(2),
            from: Pos::new(2, 0),
            dir: Dir::N,
            options: FireOptions::default(),
        },
    ];
    let mut hits = Vec::new();
    volley(&table, &bodies, shots, |_, _| false, &mut hits);
    let pairs: Vec<(RobotId, RobotId)> = hits.iter().map(|h| (h.by, h.target)).collect();
    assert_eq!(pairs, [(RobotId(0), RobotId(2)), (RobotId(1), RobotId(2))]);
}
