//! "Adjacent" (the rulebook's key term): orthogonally next to the robot
//! and not through a wall. One predicate (`Race::adjacent`) serves every
//! rule that says adjacent; each test here puts a wall between two robots
//! (or a robot and a cell) that would otherwise be adjacent.

use super::{race, run, walled};
use crate::actions::{Action, Use};
use robo_core::geom::{Dir, Pos};
use robo_core::PlayerId;
use serde_json::json;

/// A 6 x 3 floor with a wall on the south side of (1, 0) and on the east
/// side of (2, 1).
fn walls() -> serde_json::Value {
    walled(
        &["S . . . . .", ". . . . . .", ". . . . . ."],
        &[(1, 0, 'S'), (2, 1, 'E')],
    )
}

#[test]
fn the_adjacent_spaces_leave_out_those_behind_a_wall_and_a_buildings_closed_sides() {
    let r = race(json!({
        "board": walls(),
        "robots": [{"at": [1, 0], "facing": "E"}, {"at": [5, 2], "facing": "N"}]
    }));
    let around = |at: Pos| {
        let mut v: Vec<Pos> = r.adjacent(at).map(|(_, c)| c).collect();
        v.sort();
        v
    };
    // (1, 1) is below (1, 0), behind the wall.
    assert!(!around(Pos::new(1, 0)).contains(&Pos::new(1, 1)));
    assert!(around(Pos::new(1, 0)).contains(&Pos::new(2, 0)));
    assert!(!around(Pos::new(2, 1)).contains(&Pos::new(3, 1)));
    assert_eq!(around(Pos::new(2, 1)).len(), 3);
    assert_eq!(r.side_of(Pos::new(1, 0), Pos::new(1, 1)), None);
    assert_eq!(r.side_of(Pos::new(1, 1), Pos::new(2, 1)), Some(Dir::E));
    // A building's side without a door is a wall too.
    let b = race(json!({
        "board": ["+---+---+---+", "| S   .   . |", "+   +---+   +", "| .  [B]  . |", "+---+   +---+", "| .   .   . |", "+---+---+---+"],
        "checkpoints": [[2, 2]],
        "robots": [{"at": [1, 1], "facing": "S", "mode": "bot"}, {"at": [0, 1], "facing": "E"}]
    }));
    let mut inside: Vec<Pos> = b.adjacent(Pos::new(1, 1)).map(|(_, c)| c).collect();
    inside.sort();
    assert_eq!(inside, [Pos::new(0, 1), Pos::new(1, 2), Pos::new(2, 1)]);
}

#[test]
fn double_trouble_offers_only_robots_not_behind_a_wall() {
    let r = race(json!({
        "board": walls(),
        "robots": [
            {"character": "Arcee", "at": [1, 0], "facing": "E", "mode": "bot", "energon": 0,
             "installed": ["Double Trouble"], "registers": ["Power Up"]},
            {"character": "Optimus Prime", "at": [1, 1], "facing": "W"},
            {"character": "Blurr", "at": [2, 0], "facing": "N"}
        ]
    }));
    let doubles: Vec<u8> = r
        .legal(PlayerId(0))
        .into_iter()
        .filter_map(|a| match a {
            Action::Use(Use::Double(m)) => Some(m),
            _ => None,
        })
        .collect();
    assert_eq!(doubles, [0b100], "only Blurr (seat 2) is adjacent");
}

#[test]
fn minelayer_offers_only_adjacent_cells_not_behind_a_wall() {
    let r = race(json!({
        "board": walls(),
        "robots": [
            {"at": [1, 0], "facing": "E", "energon": 0, "installed": ["Minelayer"], "registers": ["Turn Left"]},
            {"at": [5, 2], "facing": "N"}
        ]
    }));
    let mut cells: Vec<Pos> = r
        .legal(PlayerId(0))
        .into_iter()
        .filter_map(|a| match a {
            Action::Use(Use::Mine(at)) => Some(at),
            _ => None,
        })
        .collect();
    cells.sort();
    assert_eq!(cells, [Pos::new(0, 0), Pos::new(2, 0)]);
}

#[test]
fn sideswipe_is_not_offered_towards_a_robot_behind_a_wall() {
    // Beside a parallel robot with a wall between: nothing to offer.
    let s = run(json!({
        "board": walls(),
        "robots": [
            {"at": [1, 1], "facing": "N", "energon": 0, "installed": ["Sideswipe"], "registers": ["Move 1"]},
            {"at": [2, 0], "facing": "S"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [1, 1]}, {"position": [2, 0]}]}
    }));
    assert!(
        s.decisions.iter().all(|d| !d.contains("Sideswipe")),
        "{:?}",
        s.decisions
    );
    // Without the wall it is offered and pushes.
    run(json!({
        "robots": [
            {"at": [1, 1], "facing": "N", "energon": 0, "installed": ["Sideswipe"], "registers": ["Move 1"],
             "answers": ["Sideswipe E"]},
            {"at": [2, 0], "facing": "S"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [2, 0]}, {"position": [3, 0]}]}
    }));
}

#[test]
fn dropship_lands_only_on_cells_adjacent_to_the_checkpoint() {
    let r = race(json!({
        "board": walled(&["S . . . . .", ". . . . . .", ". . . . . ."], &[(2, 1, 'E'), (2, 0, 'S')]),
        "checkpoints": [[2, 1], [5, 2]],
        "start": "upgrade",
        "robots": [
            {"at": [0, 2], "facing": "E", "installed": ["Dropship"]},
            {"at": [5, 0], "facing": "N", "checkpoint": 1}
        ]
    }));
    let mut cells: Vec<Pos> = r
        .legal(PlayerId(0))
        .into_iter()
        .filter_map(|a| match a {
            Action::Use(Use::Dropship(at)) => Some(at),
            _ => None,
        })
        .collect();
    cells.sort();
    assert_eq!(cells, [Pos::new(1, 1), Pos::new(2, 2)]);
}
