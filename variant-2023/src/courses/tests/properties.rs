//! Property tests: any spec builds or is refused without panicking, and
//! well-formed random courses build with their invariants.

use crate::courses::{
    board, board_names, build, rotated_cw, Course, CourseSpec, Difficulty, MarkerSpec, PlacedBoard,
    Spot, TokenSpec,
};
use crate::tiles::Tile;
use proptest::prelude::*;
use robo_core::board::BoardId;
use robo_core::geom::{Dir, Pos};
use robo_core::testing::cases;

const FACTORY: [&str; 8] = [
    "In & Out",
    "The Keep",
    "Steps",
    "Tempest",
    "Cactus",
    "Misdirection",
    "Sidewinder",
    "Energize",
];

fn dir() -> impl Strategy<Value = Dir> {
    prop_oneof![Just(Dir::N), Just(Dir::E), Just(Dir::S), Just(Dir::W)]
}

fn any_name() -> impl Strategy<Value = String> {
    let names: Vec<String> = board_names().map(str::to_string).collect();
    prop_oneof![
        8 => proptest::sample::select(names),
        1 => Just("Nowhere".to_string()),
    ]
}

fn any_spot() -> impl Strategy<Value = Spot> {
    (any_name(), -2i16..12, -2i16..12).prop_map(|(board, x, y)| Spot {
        board,
        at: Pos::new(x, y),
    })
}

/// Anything at all: most of these are refused.
fn any_spec() -> impl Strategy<Value = CourseSpec> {
    (
        proptest::collection::vec((any_name(), 0i16..25, 0i16..25, 0u8..6), 0..4),
        proptest::collection::vec(any_spot(), 0..4),
        proptest::collection::vec((any_spot(), dir()), 0..4),
        proptest::collection::vec(any_spot(), 0..3),
    )
        .prop_map(|(boards, checkpoints, tokens, covered)| CourseSpec {
            name: "Random".into(),
            difficulty: Difficulty::Advanced,
            boards: boards
                .into_iter()
                .map(|(name, x, y, turns)| PlacedBoard {
                    name,
                    text: None,
                    at: Pos::new(x, y),
                    turns,
                })
                .collect(),
            checkpoints,
            extras: MarkerSpec {
                reboot_tokens: tokens
                    .into_iter()
                    .map(|(spot, dir)| TokenSpec { spot, dir })
                    .collect(),
                covered_starts: covered,
                reboot_damage: 2,
            },
        })
}

/// What every built course guarantees.
fn check_invariants(c: &Course) {
    let bay = c.docking_bay();
    assert_eq!(c.board_names().len(), c.extras().reboot_tokens.len());
    assert!(!c.starts().is_empty());
    for &s in c.starts() {
        assert_eq!(c.board().tile(s), Some(&Tile::Start));
        assert_eq!(c.board().board_id(s), Some(bay));
    }
    assert!(c
        .starts()
        .windows(2)
        .all(|w| (w[0].y, w[0].x) < (w[1].y, w[1].x)));
    assert!(c
        .extras()
        .covered_starts
        .iter()
        .all(|p| c.starts().contains(p)));
    assert!(c.free_starts().count() >= 1);
    assert!(!c.checkpoints().is_empty());
    for (i, cp) in c.checkpoints().iter().enumerate() {
        assert!(matches!(c.board().tile(*cp), Some(t) if *t != Tile::Pit && *t != Tile::Start));
        assert!(!c.checkpoints()[..i].contains(cp));
    }
    for (k, t) in c.extras().reboot_tokens.iter().enumerate() {
        match t {
            None => assert_eq!(BoardId(k as u8), bay),
            Some((p, _)) => {
                assert_eq!(c.board().board_id(*p), Some(BoardId(k as u8)));
                assert_ne!(c.board().tile(*p), Some(&Tile::Pit));
                assert!(!c.checkpoints().contains(p));
            }
        }
    }
    let faces_a_board = c.board().positions().any(|p| {
        c.board().board_id(p) == Some(bay)
            && c.board()
                .board_id(p.step(c.start_facing()))
                .is_some_and(|id| id != bay)
    });
    assert!(faces_a_board);
}

/// A factory board turned any way with a docking bay on one of its sides,
/// random checkpoints and a random reboot token on floor of that board.
fn sound_spec() -> impl Strategy<Value = (CourseSpec, Dir)> {
    (
        proptest::sample::select(FACTORY.to_vec()),
        0u8..4,
        prop_oneof![Just("Docking Bay A"), Just("Docking Bay B")],
        0usize..4,
        proptest::collection::vec((0i16..10, 0i16..10), 1..7),
        (0i16..10, 0i16..10, dir()),
    )
        .prop_map(|(factory, turns, bay, side, cps, (tx, ty, tdir))| {
            // (bay at, bay turns, factory at, facing)
            let (bay_at, bay_turns, f_at, facing) = match side {
                0 => ((0, 10), 0, (0, 0), Dir::N),
                1 => ((0, 0), 1, (3, 0), Dir::E),
                2 => ((0, 0), 2, (0, 3), Dir::S),
                _ => ((10, 0), 3, (0, 0), Dir::W),
            };
            let printed = board(factory).unwrap();
            // The first cell from (x, y) (row-major, wrapping) that is
            // neither a pit nor taken already.
            let free = |x: i16, y: i16, taken: &[Spot]| {
                (0..100)
                    .map(|k| {
                        let i = (y * 10 + x + k) % 100;
                        Pos::new(i % 10, i / 10)
                    })
                    .find(|&p| {
                        printed.tile(p) != Some(&Tile::Pit) && taken.iter().all(|s| s.at != p)
                    })
                    .unwrap()
            };
            let mut checkpoints: Vec<Spot> = Vec::new();
            for (x, y) in cps {
                let at = free(x, y, &checkpoints);
                checkpoints.push(Spot {
                    board: factory.into(),
                    at,
                });
            }
            let token = free(tx, ty, &checkpoints);
            let spec = CourseSpec {
                name: "Sound".into(),
                difficulty: Difficulty::Beginner,
                boards: vec![
                    PlacedBoard {
                        name: factory.into(),
                        text: None,
                        at: Pos::new(f_at.0, f_at.1),
                        turns,
                    },
                    PlacedBoard {
                        name: bay.into(),
                        text: None,
                        at: Pos::new(bay_at.0, bay_at.1),
                        turns: bay_turns,
                    },
                ],
                checkpoints,
                extras: MarkerSpec {
                    reboot_tokens: vec![TokenSpec {
                        spot: Spot {
                            board: factory.into(),
                            at: token,
                        },
                        dir: tdir,
                    }],
                    covered_starts: vec![],
                    reboot_damage: 2,
                },
            };
            (spec, facing)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    #[test]
    fn any_spec_builds_or_is_refused_without_panicking(spec in any_spec()) {
        if let Ok(course) = build(&spec) {
            check_invariants(&course);
        }
    }

    #[test]
    fn sound_specs_build_with_their_invariants((spec, facing) in sound_spec()) {
        let course = build(&spec).unwrap();
        check_invariants(&course);
        prop_assert_eq!(course.start_facing(), facing);
        prop_assert_eq!(course.checkpoints().len(), spec.checkpoints.len());
        let turned = build(&rotated_cw(&spec).unwrap()).unwrap();
        prop_assert_eq!(turned.board(), &course.board().rotated_cw());
        prop_assert_eq!(turned.start_facing(), facing.rotated_cw(1));
    }
}
