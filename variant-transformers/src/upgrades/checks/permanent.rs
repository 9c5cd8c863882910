//! The 10 permanent upgrades.

use super::{board, race, run, used};
use crate::actions::{Action, Use};
use crate::upgrades::Upgrade;
use robo_core::PlayerId;
use serde_json::json;

#[test]
fn apex_armor_paid_before_the_card_keeps_step_c_damage_off() {
    let robots = |answers: serde_json::Value| {
        json!([{"at": [0, 0], "facing": "S", "energon": 2, "installed": ["Apex Armor"],
                "registers": ["Turn Left"], "answers": answers},
               {"at": [2, 0], "facing": "W"}])
    };
    run(
        json!({"robots": robots(json!(["arm Apex Armor"])), "run": {"registers": 1},
               "expect": {"robots": [{"scrap": 0, "energon": 1}, {}]}}),
    );
    run(json!({"robots": robots(json!([])), "run": {"registers": 1},
               "expect": {"robots": [{"scrap": 1, "energon": 2}, {}]}}));
}

#[test]
fn firewalker_skips_a_fire_pits_entry_but_not_its_burn_in_step_b() {
    let b = board(&["S ~~~ . . . .", ". . . . . .", ". . . . . ."]);
    let robots = |answers: serde_json::Value| {
        json!([{"at": [0, 0], "facing": "E", "installed": ["Firewalker"], "hand": ["Move 2"],
                "registers": ["Move 1", null, null, null, "Turn Left"], "answers": answers},
               {"at": [0, 2], "facing": "N"}])
    };
    run(
        json!({"board": b, "robots": robots(json!(["Firewalker discarding Move 2"])),
               "run": {"registers": 1},
               "expect": {"robots": [{"position": [1, 0], "scrap": 1,
                                      "registers": [["Move 1"], [], [], [], ["Turn Left"]]}, {}]}}),
    );
    run(
        json!({"board": b, "robots": robots(json!([])), "run": {"registers": 1},
               "expect": {"robots": [{"scrap": 2, "registers": [["Move 1"], [], [], [], []]}, {}]}}),
    );
}

#[test]
fn homefield_advantage_pays_1_for_ending_a_move_before_a_grandstands_front() {
    let b = board(&["S . . . . .", ". . #^# . . .", ". . . . . ."]);
    let s = run(json!({
        "board": b,
        "robots": [
            {"at": [0, 0], "facing": "E", "energon": 3, "installed": ["Homefield Advantage"],
             "registers": ["Move 2"]},
            {"at": [0, 2], "facing": "N"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [2, 0], "energon": 4}, {}]}
    }));
    assert!(used(&s, Upgrade::HomefieldAdvantage));
}

#[test]
fn lane_changer_drifts_before_a_move_1_for_1_energon() {
    run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "installed": ["Lane Changer"], "registers": ["Move 1"],
             "answers": ["Lane Changer N"]},
            {"at": [0, 2], "facing": "N"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [1, 0], "energon": 4}, {}]}
    }));
    // ... or after it.
    run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "installed": ["Lane Changer"], "registers": ["Move 1"],
             "answers": ["done", "Lane Changer S"]},
            {"at": [0, 0], "facing": "N"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [1, 2], "energon": 4}, {}]}
    }));
}

#[test]
fn more_than_meets_the_eye_converts_for_a_turn_card_and_draws_an_upgrade() {
    let mut r = race(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "installed": ["More Than Meets the Eye"],
             "registers": ["Move 1"], "hand": ["Turn Left"]},
            {"at": [0, 2], "facing": "N"}
        ]
    }));
    let p = PlayerId(0);
    let held = r.players[0].slots.uninstalled.len();
    let turn = r.players[0].hand[0];
    let use_it = Action::Use(Use::Discard(Upgrade::MoreThanMeetsTheEye, turn));
    assert!(r.legal(p).contains(&use_it), "{:?}", r.legal(p));
    robo_core::Game::apply(&mut r, p, use_it).unwrap();
    assert_eq!(r.mode(p), crate::Mode::Bot);
    assert_eq!(r.players[0].energon, 5);
    assert_eq!(r.players[0].slots.uninstalled.len(), held + 1);
    // Once a round: the window no longer offers it.
    assert!(!r
        .legal(p)
        .iter()
        .any(|a| matches!(a, Action::Use(Use::Discard(..)))));
}

#[test]
fn phase_shifter_moves_through_a_grandstand_once_a_round_for_1_energon() {
    let b = board(&["S #^# . . . .", ". . . . . .", ". . . . . ."]);
    run(json!({
        "board": b,
        "robots": [
            {"at": [0, 0], "facing": "E", "installed": ["Phase Shifter"], "registers": ["Move 2"],
             "answers": ["arm Phase Shifter"]},
            {"at": [0, 2], "facing": "N"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [2, 0], "energon": 4}, {}]}
    }));
}

#[test]
fn sideswipe_drifts_into_a_parallel_robot_after_a_move_pushing_it() {
    run(json!({
        "robots": [
            {"at": [0, 2], "facing": "E", "installed": ["Sideswipe"], "registers": ["Move 1"],
             "answers": ["Sideswipe N"]},
            {"at": [1, 1], "facing": "W"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [1, 1]}, {"position": [1, 0], "scrap": 0}]}
    }));
}

#[test]
fn tractor_beam_pulls_the_target_towards_the_shooter_for_energon() {
    run(json!({
        "robots": [
            {"at": [0, 0], "facing": "E", "installed": ["Tractor Beam"], "answers": ["tractor E 2"]},
            {"at": [4, 0], "facing": "S"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"energon": 3}, {"position": [2, 0], "scrap": 0}]}
    }));
}

#[test]
fn turbo_boost_buys_extra_spaces_once_a_round() {
    let s = run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "installed": ["Turbo Boost"], "registers": ["Move 1", "Move 1"],
             "answers": ["turbo 2"]},
            {"at": [0, 2], "facing": "N"}
        ],
        "run": {"registers": 2},
        "expect": {"robots": [{"position": [4, 1], "energon": 3}, {}]}
    }));
    assert_eq!(
        s.decisions.iter().filter(|d| d.contains("turbo")).count(),
        1
    );
}

#[test]
fn two_wheeling_passes_a_robot_instead_of_pushing_it() {
    run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "installed": ["Two-Wheeling"], "registers": ["Move 2"],
             "answers": ["arm Two-Wheeling"]},
            {"at": [1, 1], "facing": "N"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [2, 1]}, {"position": [1, 1], "scrap": 0}]}
    }));
}
