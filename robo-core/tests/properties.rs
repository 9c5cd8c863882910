//! Property tests of the core invariants. Case counts come from
//! `PROPTEST_CASES` (default kept small for CI).

use proptest::prelude::*;
use robo_core::board::{Board, Course, Placement};
use robo_core::conveyance::{resolve, Proposal, Proposals};
use robo_core::geom::{Dir, Pos};
use robo_core::motion::{jump, move_robot, Arena, Jump, Move, MoveEnd};
use robo_core::pipeline::{ConveyorPass, Step, StepFlow};
use robo_core::strategy;
use robo_core::toy::moves::{card_move, turn_corner, Progress};
use robo_core::toy::{ToyKind, ToyTile, ToyWorld};
use robo_core::{Deck, Rng, RobotId};
use std::collections::HashSet;

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(robo_core::testing::cases(64))
}

fn tile() -> impl Strategy<Value = ToyTile> + Clone {
    let parse = |s: &'static str| {
        use robo_core::board::Glyph;
        ToyTile::parse_glyph(s).expect("known glyph")
    };
    prop_oneof![
        8 => Just(ToyTile::Floor),
        1 => Just(ToyTile::Pit),
        1 => (1u8..=9).prop_map(ToyTile::Flag),
        2 => prop::sample::select(vec![">.", "<.", "^.", "v.", ">=", "<=", "^=", "v=", ">l", "vr", "<L", "^R"]).prop_map(parse),
        1 => prop::sample::select(vec!["G<", "G>", "P>", "Qv", "Z<", "Z^"]).prop_map(parse),
        2 => prop::sample::select(vec!["C>", "Cv", "J>", "J^", "~~", "%%", "**", "##"]).prop_map(parse),
    ]
}

fn world() -> impl Strategy<Value = ToyWorld> {
    (strategy::board(tile(), 7, 6), any::<u64>()).prop_map(|(board, seed)| {
        let mut rng = Rng::from_seed(seed);
        let mut cells: Vec<Pos> = board.cells().map(|(p, _)| p).collect();
        rng.shuffle(&mut cells);
        let n = rng.index(cells.len().min(6) + 1);
        let robots = cells[..n]
            .iter()
            .map(|&p| robo_core::toy::ToyRobot {
                pos: Some(p),
                facing: Dir::from_index(rng.index(4)),
                hits: 0,
            })
            .collect();
        // Most pieces are robots; some are virtual robots or flat pieces.
        let kinds = (0..n)
            .map(|_| match rng.index(6) {
                0 => ToyKind::Virtual,
                1 => ToyKind::Flat,
                _ => ToyKind::Robot,
            })
            .collect();
        ToyWorld {
            board,
            robots,
            log: Vec::new(),
            kinds,
            edge_walls: false,
        }
    })
}

/// No two pieces that meet share a cell, and every piece stands on the floor.
fn no_overlap(w: &ToyWorld) -> Result<(), TestCaseError> {
    let on: Vec<(RobotId, Pos)> = (0..w.robots.len() as u8)
        .map(RobotId)
        .filter_map(|r| w.robot_pos(r).map(|p| (r, p)))
        .collect();
    for (i, &(a, p)) in on.iter().enumerate() {
        prop_assert!(w.board.contains(p), "a piece stands off the floor at {}", p);
        for &(b, q) in &on[i + 1..] {
            prop_assert!(p != q || !w.meets(a, b), "{:?} and {:?} share {}", a, b, p);
        }
    }
    Ok(())
}

fn removed(w: &ToyWorld) -> Vec<RobotId> {
    w.log
        .iter()
        .filter_map(|e| match e {
            robo_core::event::GridEvent::Removed { robot, .. } => Some(*robot),
            _ => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn push_chains_never_overlap_and_lose_only_fallen_robots(
        mut w in world(), moves in prop::collection::vec((0u8..6, strategy::dir(), 0u8..4), 1..12)
    ) {
        for (r, dir, steps) in moves {
            if w.pos(r).is_none() { continue; }
            let before = w.robots.iter().filter(|r| r.pos.is_some()).count();
            let fallen_before = removed(&w).len();
            let out = move_robot(&mut w, Move::new(RobotId(r), dir, steps));
            no_overlap(&w)?;
            let after = w.robots.iter().filter(|r| r.pos.is_some()).count();
            let fell = removed(&w).len() - fallen_before;
            prop_assert_eq!(before - after, fell, "robots lost without falling");
            prop_assert!(out.steps <= steps);
            let pushed: HashSet<RobotId> = out.pushes.iter().map(|p| p.pushed).collect();
            prop_assert_eq!(pushed.len(), out.pushes.len(), "one push event per pushed robot");
        }
    }

    #[test]
    fn moves_through_corners_ramps_oil_and_jumps_keep_pieces_apart(
        mut w in world(),
        moves in prop::collection::vec((0u8..6, strategy::dir(), 0u8..4, any::<bool>(), 0u8..4), 1..12)
    ) {
        // Card moves answering every corner at random, and teleporter jumps.
        for (r, dir, steps, turn, leap) in moves {
            if w.pos(r).is_none() { continue; }
            let before = w.robots.iter().filter(|r| r.pos.is_some()).count();
            let fallen_before = removed(&w).len();
            if leap > 0 {
                let from = w.pos(r);
                let out = jump(&mut w, Jump::new(RobotId(r), dir, leap));
                if out.end == Some(MoveEnd::Obstructed) {
                    prop_assert_eq!(w.pos(r), from, "a jump that does not happen moves nothing");
                }
            } else {
                let mut progress = card_move(&mut w, Move::new(RobotId(r), dir, steps));
                let mut corners = 0;
                while let Progress::Corner(paused) = progress {
                    corners += 1;
                    prop_assert!(corners <= steps as usize + 1, "a move pauses once a step at most");
                    progress = turn_corner(&mut w, paused, turn);
                }
                let Progress::Done(out) = progress else { unreachable!() };
                let pushed: HashSet<RobotId> = out.pushes.iter().map(|p| p.pushed).collect();
                prop_assert_eq!(pushed.len(), out.pushes.len(), "one push event per pushed robot");
            }
            no_overlap(&w)?;
            let after = w.robots.iter().filter(|r| r.pos.is_some()).count();
            prop_assert_eq!(before - after, removed(&w).len() - fallen_before, "robots lost without falling");
        }
    }

    #[test]
    fn conveyance_never_overlaps_and_never_pushes(mut w in world(), passes in prop::collection::vec(0u8..3, 1..6)) {
        for p in passes {
            let pass = [ConveyorPass::EXPRESS, ConveyorPass::NORMAL, ConveyorPass::ALL][p as usize];
            let before: Vec<(Option<Pos>, bool)> = w.robots.iter().map(|r| {
                let on_belt = r.pos.and_then(|p| w.board.tile(p)).is_some_and(|t| matches!(t, ToyTile::Belt(_)));
                (r.pos, on_belt)
            }).collect();
            prop_assert_eq!(pass.run(&mut w, 1), StepFlow::Continue);
            no_overlap(&w)?;
            for (i, r) in w.robots.iter().enumerate() {
                let (was, on_belt) = before[i];
                if !on_belt {
                    prop_assert_eq!(r.pos, was, "robot {} was not on a belt but moved (a push)", i);
                } else if let (Some(a), Some(b)) = (was, r.pos) {
                    prop_assert!(a.distance(b) <= 1);
                }
            }
        }
    }

    #[test]
    fn boards_print_and_parse_back(b in strategy::board(tile(), 9, 7)) {
        let text = b.print();
        let back: Board<ToyTile> = Board::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back, b);
    }

    #[test]
    fn damaged_board_text_parses_or_says_where(
        b in strategy::board(tile(), 6, 5),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..4, prop::sample::select(vec!['|', '+', '-', ' ', '.', '>', 'F', '9', 'x', '\n', '#', '\u{e9}'])), 1..6),
    ) {
        // Characters changed, dropped or added, and lines dropped: the text
        // gives a board or an error placed inside the text.
        let mut chars: Vec<char> = b.print().chars().collect();
        for (at, kind, c) in edits {
            if chars.is_empty() {
                break;
            }
            let i = at.index(chars.len());
            match kind {
                0 => chars[i] = c,
                1 => { chars.remove(i); }
                2 => chars.insert(i, c),
                _ => {
                    let start = chars[..i].iter().rposition(|&c| c == '\n').map_or(0, |k| k + 1);
                    let end = chars[i..].iter().position(|&c| c == '\n').map_or(chars.len(), |k| i + k + 1);
                    chars.drain(start..end);
                }
            }
        }
        let text: String = chars.into_iter().collect();
        if let Err(e) = Board::<ToyTile>::parse(&text) {
            let lines = text.lines().count().max(1);
            prop_assert!(e.line >= 1 && e.line <= lines + 1, "{} for {} lines:\n{}", e, lines, text);
            prop_assert!(e.column >= 1, "{}", e);
        }
    }

    #[test]
    fn four_quarter_turns_give_the_same_board_and_course(
        a in strategy::board(tile(), 5, 4), b in strategy::board(tile(), 4, 5), t in 0u8..4
    ) {
        prop_assert_eq!(a.rotated_cw().rotated_cw().rotated_cw().rotated_cw(), a.clone());
        let course = Course::new(vec![
            Placement { name: "a".into(), board: a.clone(), at: Pos::new(0, 0), turns: t },
            Placement { name: "b".into(), board: b, at: Pos::new(5, 0), turns: 0 },
        ]);
        let grid = course.assemble().map_err(|e| TestCaseError::fail(e.to_string()))?;
        let four = course.rotated_cw().rotated_cw().rotated_cw().rotated_cw();
        prop_assert_eq!(four.assemble().map_err(|e| TestCaseError::fail(e.to_string()))?, grid.clone());
        prop_assert_eq!(course.rotated_cw().assemble().map_err(|e| TestCaseError::fail(e.to_string()))?, grid.rotated_cw());
    }

    #[test]
    fn decks_never_gain_or_lose_cards(n in 0usize..40, ops in prop::collection::vec(0u8..5, 0..200), seed: u64) {
        let mut rng = Rng::from_seed(seed);
        let mut deck = Deck::shuffled((0..n).collect::<Vec<usize>>(), &mut rng);
        let mut hand: Vec<usize> = Vec::new();
        for op in ops {
            match op {
                0 | 1 => if let Some(c) = deck.draw(&mut rng) { hand.push(c) },
                2 => if let Some(c) = hand.pop() { deck.discard(c) },
                3 => deck.reshuffle(&mut rng),
                _ => deck.shuffle_all(&mut rng),
            }
            prop_assert_eq!(deck.len() + hand.len(), n);
        }
        let mut all: Vec<usize> = deck.draw_pile().chain(deck.discard_pile()).copied().chain(hand).collect();
        all.sort_unstable();
        prop_assert_eq!(all, (0..n).collect::<Vec<_>>());
    }

    #[test]
    fn the_same_seed_gives_the_same_shuffle(seed: u64, n in 0usize..60) {
        let a = Deck::shuffled((0..n).collect::<Vec<_>>(), &mut Rng::from_seed(seed));
        let b = Deck::shuffled((0..n).collect::<Vec<_>>(), &mut Rng::from_seed(seed));
        prop_assert_eq!(a, b);
    }

    #[test]
    fn conveyance_resolution_is_order_independent(mut w in world()) {
        // The resolver sees proposals in any order and keeps the same moves.
        let robots = (0..w.robots.len() as u8).map(RobotId).collect::<Vec<_>>();
        let plan = ConveyorPass::ALL.plan(&w, &robots);
        let mut reversed: Vec<RobotId> = robots.clone();
        reversed.reverse();
        let plan2 = ConveyorPass::ALL.plan(&w, &reversed);
        let a: HashSet<(RobotId, Pos)> = plan.iter().map(|m| (m.robot, m.to)).collect();
        let b: HashSet<(RobotId, Pos)> = plan2.iter().map(|m| (m.robot, m.to)).collect();
        prop_assert_eq!(a, b);
        ConveyorPass::apply(&mut w, &plan);
        no_overlap(&w)?;
    }
}

#[test]
fn resolve_keeps_a_lone_move() {
    let mut p: Proposals = [Proposal {
        robot: RobotId(0),
        from: Pos::new(0, 0),
        to: Pos::new(0, 1),
        turn: None,
    }]
    .into_iter()
    .collect();
    resolve(&mut p, |_| None);
    assert_eq!(p.len(), 1);
}
