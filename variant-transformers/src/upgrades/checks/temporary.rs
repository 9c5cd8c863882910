//! The 10 temporary upgrades: each leaves its slot once used (Minelayer
//! after its third mine).

use super::{race, run};
use crate::actions::{Action, Use};
use crate::upgrades::Upgrade;
use robo_core::geom::Pos;
use robo_core::PlayerId;
use serde_json::json;

#[test]
fn air_strike_deals_2_to_every_robot_in_a_square_and_is_used_up() {
    run(json!({
        "robots": [
            {"at": [0, 0], "facing": "S", "installed": ["Air Strike"], "registers": ["Power Up"],
             "answers": ["air strike 3,0"]},
            {"at": [3, 0], "facing": "S"},
            {"at": [4, 1], "facing": "S"},
            {"at": [5, 2], "facing": "N"}
        ],
        "checkpoints": [[2, 2]],
        "run": {"registers": 1},
        "expect": {"robots": [{"installed": []}, {"scrap": 2}, {"scrap": 2}, {"scrap": 0}]}
    }));
}

#[test]
fn counterstrike_deals_2_to_the_attacker_and_the_owner_still_takes_the_hit() {
    run(json!({
        "robots": [
            {"at": [0, 0], "facing": "S", "installed": ["Counterstrike"], "answers": ["counterstrike"]},
            {"at": [2, 0], "facing": "W"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"scrap": 1, "installed": []}, {"scrap": 2}]}
    }));
}

#[test]
fn dropship_moves_the_robot_next_to_a_checkpoint_another_robot_reached() {
    let mut r = race(json!({
        "start": "upgrade",
        "checkpoints": [[5, 2], [0, 2]],
        "robots": [
            {"at": [0, 0], "facing": "E", "installed": ["Dropship"]},
            {"at": [3, 0], "facing": "S", "checkpoint": 1}
        ]
    }));
    let p = PlayerId(0);
    let drop = Action::Use(Use::Dropship(Pos::new(5, 1)));
    assert!(r.legal(p).contains(&drop), "{:?}", r.legal(p));
    // Only next to checkpoint 1 (reached by P1, not P0).
    assert!(!r
        .legal(p)
        .contains(&Action::Use(Use::Dropship(Pos::new(1, 2)))));
    robo_core::Game::apply(&mut r, p, drop).unwrap();
    assert_eq!(r.robot(p).map(|x| x.0), Some(Pos::new(5, 1)));
    assert!(!r.players[0].has(Upgrade::Dropship));
}

#[test]
fn energon_heist_takes_up_to_2_from_each_adjacent_robot_after_the_card() {
    run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "installed": ["Energon Heist"], "registers": ["Move 1"],
             "answers": ["heist"]},
            {"at": [1, 0], "facing": "N", "energon": 3},
            {"at": [2, 1], "facing": "N", "energon": 1}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"energon": 8}, {"energon": 1}, {"energon": 0}]}
    }));
}

#[test]
fn jump_jets_add_a_space_and_fly_over_obstacles() {
    let b = super::board(&["S #^# . . . .", ". . . . . .", ". . . . . ."]);
    run(json!({
        "board": b,
        "robots": [
            {"at": [0, 0], "facing": "E", "installed": ["Jump Jets"], "registers": ["Move 1"],
             "answers": ["arm Jump Jets"]},
            {"at": [0, 2], "facing": "N"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [2, 0], "installed": []}, {}]}
    }));
}

#[test]
fn quick_change_swaps_the_coming_card_and_discards_it() {
    run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "installed": ["Quick Change"], "registers": ["Move 1"],
             "hand": ["Move 3"], "answers": ["Quick Change r1 Move 3"]},
            {"at": [0, 2], "facing": "N"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [3, 1], "hand": [], "installed": []}, {}]}
    }));
}

#[test]
fn minelayer_lays_a_mine_a_register_and_lasts_three_mines() {
    let mut r = race(json!({
        "robots": [
            {"at": [1, 1], "facing": "E", "installed": ["Minelayer"],
             "registers": ["Turn Left", "Turn Left", "Turn Right"]},
            {"at": [5, 0], "facing": "N"}
        ]
    }));
    let p = PlayerId(0);
    for (k, at) in [Pos::new(1, 0), Pos::new(0, 1), Pos::new(1, 2)]
        .into_iter()
        .enumerate()
    {
        super::step_until(&mut r, |r| r.legal(p).contains(&Action::Use(Use::Mine(at))));
        robo_core::Game::apply(&mut r, p, Action::Use(Use::Mine(at))).unwrap();
        assert!(r.mines.contains(&at));
        // Once a register: no second mine now.
        assert!(!r
            .legal(p)
            .iter()
            .any(|a| matches!(a, Action::Use(Use::Mine(_)))));
        assert_eq!(
            r.players[0].has(Upgrade::Minelayer),
            k < 2,
            "after mine {k}"
        );
    }
}

#[test]
fn mirage_moves_a_checkpoint_up_to_3_spaces_after_the_card() {
    let mut r = race(json!({
        "robots": [
            {"at": [0, 0], "facing": "S", "installed": ["Mirage"], "registers": ["Power Up"]},
            {"at": [5, 0], "facing": "N"}
        ],
        "checkpoints": [[3, 1]]
    }));
    let p = PlayerId(0);
    // The card first: the window after it offers the moves.
    super::step_until(&mut r, |r| {
        matches!(
            robo_core::Game::pending(r),
            robo_core::Pending::Decision {
                decision: crate::Decision::After,
                ..
            }
        )
    });
    let opts = r.legal(p);
    assert!(!opts.contains(&Action::Use(Use::Mirage {
        checkpoint: 0,
        to: Pos::new(3, 5)
    })));
    let to = Pos::new(4, 2);
    robo_core::Game::apply(&mut r, p, Action::Use(Use::Mirage { checkpoint: 0, to })).unwrap();
    assert_eq!(r.checkpoints(), &[to]);
    // Too far (4 spaces) is never offered.
    assert!(opts.iter().all(|a| match a {
        Action::Use(Use::Mirage { to, .. }) => to.distance(Pos::new(3, 1)) <= 3,
        _ => true,
    }));
}

#[test]
fn mirror_response_mode_borrows_another_robots_upgrade_for_a_register() {
    run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "installed": ["Mirror Response Mode"], "registers": ["Move 2"],
             "answers": ["mirror Don't Blink", "arm Don't Blink"]},
            {"at": [0, 2], "facing": "N", "character": "Blurr", "installed": ["Don't Blink"]}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [3, 1], "installed": []}, {}]}
    }));
}

#[test]
fn recycle_takes_up_to_3_cards_from_the_discard_pile_before_the_draw() {
    let mut r = race(json!({
        "start": "upgrade",
        "robots": [
            {"at": [0, 0], "facing": "E", "installed": ["Recycle"]},
            {"at": [3, 0], "facing": "S"}
        ]
    }));
    let p = PlayerId(0);
    let pl = &mut r.players[0];
    let moved = pl.deck.drain_draw(|c| c.card().is_move());
    for c in moved {
        pl.deck.discard(c);
    }
    for _ in 0..3 {
        let take = r
            .legal(p)
            .into_iter()
            .find(|a| matches!(a, Action::Use(Use::Recycle(_))))
            .expect("recycle offered");
        robo_core::Game::apply(&mut r, p, take).unwrap();
    }
    assert!(!r
        .legal(p)
        .iter()
        .any(|a| matches!(a, Action::Use(Use::Recycle(_)))));
    assert_eq!(r.players[0].hand.len(), 3);
    assert!(r.players[0].hand.iter().all(|c| c.card().is_move()));
    assert!(!r.players[0].has(Upgrade::Recycle));
}
