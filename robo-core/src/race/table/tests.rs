//! The table against the board it was built from, cell by cell.

use super::*;
use crate::board::Wall;
use crate::rng::Rng;
use crate::toy::ToyTile;

/// A board of random floor, walls, voids and lasers.
fn board(seed: u64) -> Board<ToyTile> {
    let mut rng = Rng::from_seed(seed);
    let (w, h) = (3 + rng.index(6), 3 + rng.index(6));
    let mut b = Board::new(w, h, ToyTile::Floor).unwrap();
    for p in b.positions().collect::<Vec<_>>() {
        match rng.index(12) {
            0 => b.set_board_id(p, None).unwrap(),
            1 | 2 => b
                .set_tile(p, ToyTile::Laser(Dir::from_index(rng.index(4))))
                .unwrap(),
            3 => b.set_tile(p, ToyTile::Pit).unwrap(),
            _ => {}
        }
        if rng.chance(1, 4) {
            let d = Dir::from_index(rng.index(4));
            let wall = if rng.chance(1, 3) {
                Wall::OneWay(d.opposite())
            } else {
                Wall::Both
            };
            let _ = b.set_wall(p, d, wall);
        }
    }
    b
}

type Table = CellTable<ToyTile, u8, ()>;

fn kinds(t: &ToyTile) -> u8 {
    match t {
        ToyTile::Laser(_) => 1,
        ToyTile::Pit => 2,
        _ => 4,
    }
}

#[test]
fn exits_beams_and_reach_agree_with_the_board() {
    let mut checked = 0;
    for seed in 0..crate::testing::cases(40) as u64 {
        let b = board(seed);
        let t: Table = CellTable::new(&b, kinds, |_| false);
        let mounts = laser_mounts(&b);
        assert_eq!(t.mounts(), mounts.as_slice());
        let opts = RayOptions {
            include_start: true,
            ..RayOptions::default()
        };
        let rays: Vec<Vec<Pos>> = mounts
            .iter()
            .map(|&(p, m)| cast(&b, p, m.dir, opts, |_| None, |_| false).cells.to_vec())
            .collect();
        for p in b.positions() {
            for d in Dir::ALL {
                for edges in [false, true] {
                    let plain = !b.blocks(p, d) && (!edges || b.contains(p.step(d)));
                    assert_eq!(t.can_leave(&b, p, d, edges), plain, "{p} {d} {edges}");
                }
            }
            assert_eq!(t.tile(p), b.tile(p).copied());
            assert_eq!(t.kinds_at(p), b.tile(p).map_or(0, kinds));
            let reaching: Vec<u16> = (0..mounts.len())
                .filter(|&k| rays[k].contains(&p))
                .map(|k| k as u16)
                .collect();
            assert_eq!(t.mounts_reaching(p), reaching.as_slice(), "{p}");
            let beams: u8 = reaching.iter().map(|&k| mounts[k as usize].1.beams).sum();
            assert_eq!(t.beams_at(p), beams);
            checked += 1;
        }
        // Off the rectangle: the board is asked.
        let out = Pos::new(-1, 0);
        assert_eq!(t.can_leave(&b, out, Dir::E, false), !b.blocks(out, Dir::E));
        assert_eq!(t.kinds_at(out), 0);
    }
    assert!(checked > 200, "{checked}");
}

#[test]
fn live_mounts_are_the_mounts_reaching_a_cell_in_mount_order() {
    for seed in 0..crate::testing::cases(40) as u64 {
        let b = board(seed);
        let t: Table = CellTable::new(&b, kinds, |_| false);
        let cells: Vec<Pos> = b.positions().filter(|p| (p.x + p.y) % 3 == 0).collect();
        let mut live = LiveMounts::default();
        live.find(&t, cells.iter().copied());
        let expected: Vec<(Pos, LaserMount)> = t
            .mounts()
            .iter()
            .enumerate()
            .filter(|(k, _)| {
                cells
                    .iter()
                    .any(|&c| t.mounts_reaching(c).contains(&(*k as u16)))
            })
            .map(|(_, m)| *m)
            .collect();
        assert_eq!(live.as_slice(), expected.as_slice());
    }
}

#[test]
fn a_beam_stops_before_a_cell_the_edition_says_stops_it() {
    let b: Board<ToyTile> = Board::parse(
        "
+--+--+--+--+
 Z> .. .. ..
+--+--+--+--+
",
    )
    .unwrap();
    let t: Table = CellTable::new(&b, kinds, |p| p == Pos::new(2, 0));
    let beams: Vec<u8> = (0..4).map(|x| t.beams_at(Pos::new(x, 0))).collect();
    assert_eq!(beams, [1, 1, 0, 0]);
}

#[derive(Debug, PartialEq)]
struct Arena {
    course: String,
    built: usize,
}

impl FromCourse for Arena {
    type Course = String;
    fn from_course(course: String) -> Self {
        Arena {
            built: course.len(),
            course,
        }
    }
    fn course(&self) -> &String {
        &self.course
    }
}

#[test]
fn a_shared_arena_saves_its_course_and_rebuilds_its_tables() {
    let a = SharedArena::new(Arena::from_course("ab".into()));
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(json, r#""ab""#);
    let back: SharedArena<Arena> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.built, 2);
    assert_eq!(back, a);
    let copy = a.clone();
    assert!(Arc::ptr_eq(&copy.0, &a.0), "clones share the tables");
}
