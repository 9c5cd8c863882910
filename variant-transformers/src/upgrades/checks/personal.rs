//! The 18 personal upgrades.

use super::{board, run, used};
use crate::upgrades::Upgrade;
use serde_json::json;

#[test]
fn blasted_adds_a_damage_to_the_shot_and_may_push_an_adjacent_target_for_a_move_card() {
    let s = run(json!({
        "robots": [
            {"at": [0, 0], "facing": "E", "mode": "bot", "installed": ["Blasted"],
             "hand": ["Move 1"], "answers": ["fire E", "Blasted discarding Move 1"]},
            {"at": [1, 0], "facing": "S"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"hand": []}, {"position": [2, 0], "scrap": 2}]}
    }));
    assert!(used(&s, Upgrade::Blasted));
}

#[test]
fn king_of_the_road_is_not_pushed_by_a_move_1_and_damages_the_robots_it_pushes() {
    // Blurr's Move 1 cannot push Optimus (alt mode, King of the Road).
    run(json!({
        "robots": [
            {"at": [1, 1], "facing": "E", "installed": ["King of the Road"]},
            {"at": [0, 1], "facing": "E", "registers": ["Move 1"]}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [1, 1]}, {"position": [0, 1]}]}
    }));
    // A Move 2 pushes it.
    run(json!({
        "robots": [
            {"at": [1, 1], "facing": "E", "installed": ["King of the Road"]},
            {"at": [0, 1], "facing": "E", "registers": ["Move 2"]}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [3, 1]}, {"position": [2, 1]}]}
    }));
    // Optimus pushing takes nothing itself; the pushed robot takes 1.
    run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "installed": ["King of the Road"], "registers": ["Move 1"]},
            {"at": [1, 1], "facing": "N"}
        ],
        "run": {"registers": 1},
        // 1 for the push, 1 from Optimus's shot ahead.
        "expect": {"robots": [{"position": [1, 1], "scrap": 0}, {"position": [2, 1], "scrap": 2}]}
    }));
}

#[test]
fn up_and_over_crosses_a_grandstand_for_a_discarded_move_card() {
    let b = board(&["S #^# . . . .", ". . . . . .", ". . . . . ."]);
    run(json!({
        "board": b,
        "robots": [
            {"at": [0, 0], "facing": "E", "mode": "bot", "installed": ["Up and Over"],
             "registers": ["Move 2"], "hand": ["Move 1"], "answers": ["Up and Over discarding Move 1"]},
            {"at": [0, 2], "facing": "N"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [2, 0], "hand": []}, {}]}
    }));
    run(json!({
        "board": b,
        "robots": [
            {"at": [0, 0], "facing": "E", "mode": "bot", "installed": ["Up and Over"],
             "registers": ["Move 2"], "hand": ["Move 1"]},
            {"at": [0, 2], "facing": "N"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [0, 0]}, {}]}
    }));
}

#[test]
fn dont_blink_takes_a_move_2_one_space_further_when_armed() {
    let s = run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "character": "Blurr", "installed": ["Don't Blink"],
             "registers": ["Move 2"], "answers": ["arm Don't Blink"]},
            {"at": [0, 2], "facing": "N", "character": "Optimus Prime"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [3, 1]}, {}]}
    }));
    assert!(used(&s, Upgrade::DontBlink));
}

#[test]
fn eat_my_dust_empties_the_fifth_register_of_robots_next_to_the_mover() {
    let s = run(json!({
        "robots": [
            {"at": [1, 1], "facing": "E", "character": "Blurr", "installed": ["Eat My Dust"],
             "registers": ["Move 1"]},
            {"at": [1, 0], "facing": "N", "character": "Optimus Prime",
             "registers": [null, null, null, null, "Turn Left"]},
            {"at": [4, 2], "facing": "N", "registers": [null, null, null, null, "Turn Left"]}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [2, 1]}, {"registers": [[], [], [], [], []]},
                              {"registers": [[], [], [], [], ["Turn Left"]]}]}
    }));
    assert!(used(&s, Upgrade::EatMyDust));
}

#[test]
fn lucky_duck_cancels_an_attack_for_a_discarded_turn_card() {
    let robots = |answers: serde_json::Value| {
        json!([
            {"at": [0, 0], "facing": "S", "mode": "bot", "character": "Blurr",
             "installed": ["Lucky Duck"], "hand": ["Turn Left"], "answers": answers},
            {"at": [2, 0], "facing": "W", "character": "Optimus Prime"}
        ])
    };
    run(json!({
        "robots": robots(json!(["fire S", "Lucky Duck discarding Turn Left"])),
        "run": {"registers": 1},
        "expect": {"robots": [{"scrap": 0, "hand": []}, {}]}
    }));
    run(json!({
        "robots": robots(json!(["fire S", "done"])),
        "run": {"registers": 1},
        "expect": {"robots": [{"scrap": 1, "hand": ["Turn Left", "SCRAP"]}, {}]}
    }));
}

#[test]
fn double_trouble_deals_2_to_each_adjacent_robot_picked_instead_of_the_shot() {
    run(json!({
        "robots": [
            {"at": [1, 1], "facing": "N", "mode": "bot", "character": "Arcee",
             "installed": ["Double Trouble"], "answers": ["double trouble P1 P2"]},
            {"at": [1, 0], "facing": "N", "character": "Optimus Prime"},
            {"at": [2, 1], "facing": "E", "character": "Blurr"},
            {"at": [0, 1], "facing": "W", "character": "Megatron"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{}, {"scrap": 2}, {"scrap": 2}, {"scrap": 0}]}
    }));
}

#[test]
fn fly_girl_jumps_one_space_further_off_a_ramp() {
    let b = board(&["S . J> . . .", ". . . . . .", ". . . . . ."]);
    let robot = |installed: &[&str]| {
        json!([{"at": [0, 0], "facing": "E", "character": "Arcee", "installed": installed,
                "registers": ["Move 2"]}, {"at": [0, 2], "facing": "N"}])
    };
    run(
        json!({"board": b, "robots": robot(&["Fly Girl"]), "run": {"registers": 1},
               "expect": {"robots": [{"position": [5, 0]}, {}]}}),
    );
    run(
        json!({"board": b, "robots": robot(&[]), "run": {"registers": 1},
               "expect": {"robots": [{"position": [4, 0]}, {}]}}),
    );
}

#[test]
fn style_points_steps_towards_the_facing_before_a_turn_card() {
    run(json!({
        "robots": [
            {"at": [1, 1], "facing": "E", "character": "Arcee", "installed": ["Style Points"],
             "registers": ["Turn Left"], "answers": ["Style Points E"]},
            {"at": [0, 2], "facing": "N"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [2, 1], "facing": "N"}, {}]}
    }));
}

#[test]
fn fire_in_the_hole_shoots_through_two_robots() {
    run(json!({
        "robots": [
            {"at": [0, 0], "facing": "N", "character": "Megatron", "installed": ["Fire in the Hole"],
             "answers": ["fire in the hole E"]},
            {"at": [2, 0], "facing": "S"},
            {"at": [4, 0], "facing": "S"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{}, {"scrap": 1}, {"scrap": 1}]}
    }));
}

#[test]
fn rolling_thunder_drives_over_a_robot_dealing_it_1() {
    run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "character": "Megatron", "installed": ["Rolling Thunder"],
             "registers": ["Move 1"], "answers": ["arm Rolling Thunder"]},
            {"at": [1, 1], "facing": "N"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [2, 1]}, {"position": [1, 1], "scrap": 1}]}
    }));
}

#[test]
fn rulebreaker_exchanges_a_face_down_register_with_a_hand_card() {
    run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "character": "Megatron", "installed": ["Rulebreaker"],
             "registers": ["Power Up", "Move 1"], "hand": ["Move 3"],
             "answers": ["Rulebreaker r2 Move 3"]},
            {"at": [0, 2], "facing": "W"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"registers": [["Power Up"], ["Move 3"], [], [], []], "hand": ["Move 1"]}, {}]}
    }));
}

#[test]
fn catch_my_drift_puts_a_drift_card_beside_another_card_in_one_register() {
    run(json!({
        "start": "planning",
        "robots": [
            {"at": [0, 0], "facing": "E", "character": "Drag Strip", "installed": ["Catch My Drift"],
             "hand": ["Move 1", "Drift Right", "Turn Left", "Turn Right", "U-Turn", "Turn Left"],
             "answers": [{"program": ["Move 1", "Turn Left", "Turn Right", "U-Turn", "Turn Left"],
                          "pair": {"register": 1, "card": "Drift Right"}}]},
            {"at": [5, 0], "facing": "S", "hand": ["Turn Left", "Turn Left", "Turn Left", "Turn Right", "Turn Right"]}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [1, 1], "registers": [["Move 1", "Drift Right"], ["Turn Left"], ["Turn Right"], ["U-Turn"], ["Turn Left"]]}, {}]}
    }));
}

#[test]
fn fast_start_adds_a_space_to_the_first_move_card_of_the_round_only() {
    let s = run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "character": "Drag Strip", "installed": ["Fast Start"],
             "registers": ["Move 1", "Move 1"], "answers": ["arm Fast Start"]},
            {"at": [0, 2], "facing": "N"}
        ],
        "run": {"registers": 2},
        "expect": {"robots": [{"position": [3, 1]}, {}]}
    }));
    // Offered once: register 2's Move 1 was asked nothing.
    assert_eq!(
        s.decisions
            .iter()
            .filter(|d| d.contains("Fast Start"))
            .count(),
        1
    );
}

#[test]
fn pit_crew_takes_a_third_pit_stop_action_of_the_other_kind() {
    let b = board(&["S (P) . . . .", ". . . . . .", ". . . . . ."]);
    let robots = |installed: &[&str]| {
        json!([{"at": [1, 0], "facing": "E", "character": "Drag Strip", "installed": installed,
                "energon": 3, "hand": ["SCRAP"], "answers": ["gain", "gain"]},
               {"at": [0, 2], "facing": "W"}])
    };
    // Two gains; the third action can only be the other kind (taken
    // without asking, as the only option).
    run(
        json!({"board": b, "robots": robots(&["Pit Crew"]), "run": {"registers": 1},
               "expect": {"robots": [{"energon": 5, "scrap": 0}, {}]}}),
    );
    run(
        json!({"board": b, "robots": robots(&[]), "run": {"registers": 1},
               "expect": {"robots": [{"energon": 5, "scrap": 1}, {}]}}),
    );
}

#[test]
fn bike_lane_lets_an_alt_mode_move_1_onto_a_walkway() {
    let b = board(&["S w> . . . .", ". . . . . .", ". . . . . ."]);
    let robots = |answers: serde_json::Value| {
        json!([{"at": [0, 0], "facing": "E", "character": "Flamewar", "installed": ["Bike Lane"],
                "registers": ["Move 1"], "answers": answers}, {"at": [0, 2], "facing": "N"}])
    };
    run(
        json!({"board": b, "robots": robots(json!(["arm Bike Lane"])), "run": {"registers": 1},
               "expect": {"robots": [{"position": [2, 0]}, {}]}}),
    );
    run(
        json!({"board": b, "robots": robots(json!([])), "run": {"registers": 1},
               "expect": {"robots": [{"position": [0, 0]}, {}]}}),
    );
}

#[test]
fn bullseye_hits_any_robot_in_line_past_the_nearest() {
    run(json!({
        "robots": [
            {"at": [0, 0], "facing": "E", "mode": "bot", "character": "Flamewar",
             "installed": ["Bullseye"], "answers": ["bullseye P2"]},
            {"at": [1, 0], "facing": "S"},
            {"at": [3, 0], "facing": "S"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{}, {"scrap": 0}, {"scrap": 1}]}
    }));
}

#[test]
fn bumper_jumper_uses_an_alt_robot_ahead_as_a_ramp() {
    run(json!({
        "robots": [
            {"at": [0, 1], "facing": "E", "character": "Flamewar", "installed": ["Bumper Jumper"],
             "registers": ["Move 2"], "answers": ["arm Bumper Jumper"]},
            {"at": [1, 1], "facing": "E"}
        ],
        "run": {"registers": 1},
        "expect": {"robots": [{"position": [2, 1]}, {"position": [1, 1]}]}
    }));
}
