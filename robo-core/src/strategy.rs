//! Proptest strategies for core types, for users who property-test their
//! own rule interactions. Behind the `proptest` feature.

use crate::board::{Board, Wall};
use crate::geom::{Dir, Pos, Turn};
use crate::ids::RobotId;
use proptest::prelude::*;

/// Any facing.
pub fn dir() -> impl Strategy<Value = Dir> {
    prop_oneof![Just(Dir::N), Just(Dir::E), Just(Dir::S), Just(Dir::W)]
}

/// Any turn.
pub fn turn() -> impl Strategy<Value = Turn> {
    prop_oneof![Just(Turn::Left), Just(Turn::Right), Just(Turn::UTurn)]
}

/// A position inside a `width` x `height` rectangle.
pub fn pos_in(width: usize, height: usize) -> impl Strategy<Value = Pos> {
    (0..width.max(1) as i16, 0..height.max(1) as i16).prop_map(|(x, y)| Pos::new(x, y))
}

/// Any edge state, walls rarer than open edges.
pub fn wall() -> impl Strategy<Value = Wall> {
    prop_oneof![
        6 => Just(Wall::None),
        2 => Just(Wall::Both),
        1 => dir().prop_map(Wall::OneWay),
    ]
}

/// A board up to `max_w` x `max_h` (at most [`Board::MAX_SIDE`]) of tiles
/// from `tile`, with random walls, some void cells and some board ids.
#[allow(clippy::expect_used)] // the sides are clamped to the allowed range
pub fn board<T, S>(tile: S, max_w: usize, max_h: usize) -> impl Strategy<Value = Board<T>>
where
    T: Clone + std::fmt::Debug,
    S: Strategy<Value = T> + Clone,
{
    (
        1..=max_w.clamp(1, Board::<T>::MAX_SIDE),
        1..=max_h.clamp(1, Board::<T>::MAX_SIDE),
    )
        .prop_flat_map(move |(w, h)| {
            let n = w * h;
            (
                proptest::collection::vec(tile.clone(), n),
                proptest::collection::vec(
                    prop_oneof![8 => Just(Some(0u8)), 1 => Just(Some(1u8)), 1 => Just(None)],
                    n,
                ),
                proptest::collection::vec((wall(), wall()), n),
            )
                .prop_map(move |(tiles, ids, walls)| {
                    let mut b = Board::new(w, h, tiles[0].clone()).expect("sizes are in range");
                    for (i, p) in b.positions().collect::<Vec<_>>().into_iter().enumerate() {
                        let _ = b.set_tile(p, tiles[i].clone());
                        let _ = b.set_board_id(p, ids[i].map(crate::board::BoardId));
                        let (north, west) = walls[i];
                        let fix = |w: Wall, axis: [Dir; 2]| match w {
                            Wall::OneWay(d) if !axis.contains(&d) => Wall::Both,
                            w => w,
                        };
                        let _ = b.set_wall(p, Dir::N, fix(north, [Dir::N, Dir::S]));
                        let _ = b.set_wall(p, Dir::W, fix(west, [Dir::E, Dir::W]));
                    }
                    b
                })
        })
}

/// Distinct robots at distinct positions inside a rectangle.
pub fn robots_in(
    width: usize,
    height: usize,
    max: usize,
) -> impl Strategy<Value = Vec<(RobotId, Pos)>> {
    proptest::collection::btree_set(pos_in(width, height), 0..=max).prop_map(|cells| {
        cells
            .into_iter()
            .enumerate()
            .map(|(i, p)| (RobotId(i as u8), p))
            .collect()
    })
}
