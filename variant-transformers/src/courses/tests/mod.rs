//! Tests of the built-in boards and courses.

mod docs;

use super::*;
use crate::tiles::{kind, Tile};
use robo_core::board::Board;
use robo_core::geom::{Dir, Pos};
use robo_core::race::course::CourseTile;

#[test]
fn every_board_parses_prints_back_and_every_course_builds() {
    for name in board_names() {
        let b = board(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(Board::parse(&b.print()).as_ref(), Ok(&b), "{name}");
    }
    for name in course_names() {
        let c = course(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let spec = course_spec(name).unwrap();
        let m = c.extras();
        assert!(
            c.free_starts().count() >= usize::from(m.players.max),
            "{name}: {} free starts for {} players",
            c.free_starts().count(),
            m.players.max
        );
        assert_eq!(m.energon.len(), spec.extras.energon.len());
    }
}

/// Openings of a building space: sides without a wall that lead to floor.
fn openings(b: &Board<Tile>, p: Pos) -> usize {
    Dir::ALL
        .into_iter()
        .filter(|&d| !b.blocks(p, d) && b.contains(p.step(d)))
        .count()
}

#[test]
fn the_maps_follow_the_element_rules_they_are_drawn_with() {
    for name in board_names() {
        let b = board(name).unwrap();
        for (p, &t) in b.cells() {
            match t {
                Tile::Building { arrow } => {
                    let n = openings(&b, p);
                    if arrow {
                        assert_eq!(n, 2, "{name} {p}: a curved arrow joins two doorways");
                    } else {
                        assert!(
                            (1..=4).contains(&n),
                            "{name} {p}: a building space needs a way in"
                        );
                    }
                    // Every open side of a building leads to a building or
                    // to a space a bot robot can stand on.
                    for d in Dir::ALL {
                        if let (false, Some(n)) = (b.blocks(p, d), b.tile(p.step(d))) {
                            assert!(n.can_stand(), "{name} {p}: a door onto {n:?}");
                        }
                    }
                }
                Tile::Pusher(panel) => {
                    assert!(
                        b.blocks(p, panel.dir.opposite()),
                        "{name} {p}: a pusher is housed in a wall behind it"
                    );
                }
                Tile::Ramp(d) => {
                    let behind = p.step(d.opposite());
                    assert!(
                        b.tile(behind).is_some_and(|t| !t.is_solid()) && !b.blocks(p, d.opposite()),
                        "{name} {p}: a ramp can be driven onto along its arrow"
                    );
                }
                _ => {}
            }
        }
    }
}

#[test]
fn the_maps_together_use_every_element() {
    let mut kinds = 0u16;
    let mut walls = false;
    let mut arrows = false;
    let mut doorways = false;
    let mut starts = 0;
    for name in board_names() {
        let b = board(name).unwrap();
        for (p, &t) in b.cells() {
            kinds |= t.kinds();
            arrows |= t == Tile::Building { arrow: true };
            starts += usize::from(t.is_start());
            walls |= Dir::ALL
                .into_iter()
                .any(|d| b.blocks(p, d) && !t.is_building());
            doorways |= t.is_building()
                && Dir::ALL
                    .into_iter()
                    .any(|d| !b.blocks(p, d) && b.tile(p.step(d)).is_some_and(|n| n.is_building()));
        }
    }
    let every = kind::WALKWAY
        | kind::PUSHER
        | kind::FIRE_PIT
        | kind::PIT_STOP
        | kind::ROAD
        | kind::BUILDING
        | kind::RAMP
        | kind::OIL
        | kind::SOLID;
    assert_eq!(kinds & every, every);
    assert!(walls && arrows && doorways && starts >= 14);
    let corners = board_names()
        .filter_map(|n| board(n).ok())
        .flat_map(|b| b.cells().map(|(_, t)| *t).collect::<Vec<_>>())
        .filter(|t| matches!(t, Tile::Corner { .. }))
        .count();
    let turrets = board_names()
        .filter_map(|n| board(n).ok())
        .flat_map(|b| b.cells().map(|(_, t)| *t).collect::<Vec<_>>())
        .filter(|t| matches!(t, Tile::Turret(_)))
        .count();
    assert!(corners > 0 && turrets > 0);
}

#[test]
fn the_courses_keep_the_rulebook_counts() {
    // name, checkpoints, cubes, bridges, mines, boards, difficulty
    let expected = [
        ("Twin Loop Warm-Up Lap", 2, 5, 0, 0, 2, Difficulty::Beginner),
        (
            "Burning Bot Challenge",
            3,
            6,
            0,
            0,
            2,
            Difficulty::Intermediate,
        ),
        ("Switchback Trials", 3, 6, 0, 0, 2, Difficulty::Intermediate),
        ("Spiral Mesa", 3, 6, 0, 0, 2, Difficulty::Intermediate),
        ("Longhaul Speedway", 4, 6, 2, 0, 3, Difficulty::Intermediate),
        ("Chaos Junction", 3, 6, 0, 0, 2, Difficulty::Intermediate),
        ("Circle of Death", 3, 6, 0, 0, 2, Difficulty::Intermediate),
        (
            "Triple Threat Grand Prix",
            3,
            7,
            3,
            4,
            4,
            Difficulty::Advanced,
        ),
    ];
    let names: Vec<_> = course_names().collect();
    assert_eq!(names, expected.map(|e| e.0));
    for (name, cps, cubes, bridges, mines, boards, difficulty) in expected {
        let c = course(name).unwrap();
        let spec = course_spec(name).unwrap();
        let m = c.extras();
        assert_eq!(
            (
                c.checkpoints().len(),
                m.energon.len(),
                m.bridges.len(),
                m.mines.len()
            ),
            (cps, cubes, bridges, mines),
            "{name}"
        );
        assert_eq!(
            (c.board_names().len(), spec.difficulty),
            (boards, difficulty)
        );
        if bridges > 0 {
            assert!(m.bridges.iter().all(|b| b.colour == m.bridges[0].colour));
        }
    }
    let gp = course("Triple Threat Grand Prix").unwrap();
    assert_eq!(gp.extras().barred_starts.len(), 2);
    for p in &gp.extras().barred_starts {
        assert_eq!(gp.board().tile(*p), Some(&Tile::Start { barred: true }));
    }
}

#[test]
fn markers_that_do_not_fit_are_refused_with_a_reason() {
    let base = course_spec("Longhaul Speedway").unwrap();
    let mut lone = base.clone();
    lone.extras.bridges.pop();
    assert!(matches!(
        build(&lone),
        Err(CourseError::Extra(MarkerError::LoneBridge(_)))
    ));
    let mut on_fire = course_spec("Burning Bot Challenge").unwrap();
    on_fire
        .extras
        .mines
        .push(Spot::new("Dirt Boss Derby", 3, 0));
    assert!(matches!(
        build(&on_fire),
        Err(CourseError::Extra(MarkerError::BadTokenCell {
            what: "mine",
            ..
        }))
    ));
    let mut on_cp = base.clone();
    on_cp.extras.mines.push(on_cp.checkpoints[0].clone());
    assert!(matches!(
        build(&on_cp),
        Err(CourseError::Extra(MarkerError::TokenOnCheckpoint { .. }))
    ));
    let mut many = base.clone();
    for _ in 0..4 {
        many.extras.energon.push(Spot::new("Diablo Desert", 0, 0));
    }
    assert!(matches!(
        build(&many),
        Err(CourseError::Extra(MarkerError::TooManyCubes(10)))
    ));
    let mut not_start = base.clone();
    not_start
        .extras
        .barred_starts
        .push(Spot::new("Diablo Desert", 0, 0));
    assert!(matches!(
        build(&not_start),
        Err(CourseError::Extra(MarkerError::NotAStartSpace(_)))
    ));
    let mut players = base;
    players.extras.players.max = 7;
    assert!(matches!(
        build(&players),
        Err(CourseError::Extra(MarkerError::BadPlayers(_)))
    ));
}
