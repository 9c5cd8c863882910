//! The turn-programmed options on the grid: Shield, Reflector, Turret,
//! Gyroscopic Stabilizer; their effect and their timing (the settings of
//! the turn, a Shield once a register, only for a running robot).

use super::scenario_race;
use crate::race::{Action, Decision, Event};
use crate::Race;
use robo_core::agenda::{Milestone, Reached};
use robo_core::geom::Dir;
use robo_core::ids::PlayerId;
use robo_core::race::frame::GridRace as _;

const OPEN: &str = r#"["+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"]"#;

/// Runs `race` to the end of register `last`, taking every damage token
/// (no option is discarded) and firing main lasers.
fn play_to(race: &mut Race, last: u8) {
    loop {
        match race.advance_to(Milestone::RegisterEnd(last)) {
            Reached::Decision {
                player: Some(p),
                decision,
            } => {
                let a = match decision {
                    Decision::Prevent => Action::Prevent(None),
                    Decision::Weapon => Action::Fire(None),
                    d => panic!("{d:?} asked"),
                };
                race.answer(p, a).unwrap();
            }
            _ => return,
        }
    }
}

fn damage(race: &Race, p: usize) -> u8 {
    race.robots()[p].damage
}

/// Robot 0 at (0,0) facing east holds `options` set `settings`; robot 1
/// at (3,0) faces west, holding `other`: they shoot each other for the
/// five registers of a turn.
fn duel(options: &str, settings: &str, other: &str) -> Race {
    let (mut race, _) = scenario_race(&format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1",
        "robots": [{{"at": [0, 0], "facing": "E", "options": [{options}], "settings": [{settings}]}},
                   {{"at": [3, 0], "facing": "W", "options": [{other}]}}]}}"#
    ));
    play_to(&mut race, 5);
    race
}

#[test]
fn a_shield_stops_one_token_a_register_from_the_side_it_faces() {
    // Facing front (the default): robot 1's shot from ahead is stopped,
    // in every register of the turn.
    let race = duel(r#""Shield""#, "", "");
    assert_eq!(race.register(), 5, "the turn ran");
    assert_eq!(damage(&race, 0), 0);
    assert_eq!(damage(&race, 1), 5);
    // Facing back: the shot from ahead hurts.
    let race = duel(r#""Shield""#, r#""Shield back""#, "");
    assert_eq!(damage(&race, 0), 5);
    // One token a register: of the Double-Barrel Laser's two, one comes.
    let race = duel(r#""Shield""#, "", r#""Double-Barrel Laser""#);
    assert_eq!(damage(&race, 0), 5);
}

#[test]
fn a_shield_reports_the_token_it_stops_and_a_powered_down_robot_has_none() {
    let (mut race, _) = scenario_race(&format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1",
        "robots": [{{"at": [0, 0], "facing": "E", "options": ["Shield"], "power": "down"}},
                   {{"at": [3, 0], "facing": "W"}}]}}"#
    ));
    play_to(&mut race, 5);
    assert_eq!(damage(&race, 0), 5, "powered down: the shield is not set");
    let (mut race2, _) = scenario_race(&format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1",
        "robots": [{{"at": [0, 0], "facing": "E", "options": ["Shield"]}},
                   {{"at": [3, 0], "facing": "W"}}]}}"#
    ));
    play_to(&mut race2, 1);
    let events = race2.events_now();
    assert!(events.contains(&Event::Absorbed {
        player: PlayerId(0),
        option: crate::options::OptionCard::Shield,
        tokens: 1
    }));
    assert_eq!(race2.robots()[0].program.shield_spent, 1);
}

#[test]
fn a_reflector_sends_the_laser_back_and_the_robot_still_takes_it() {
    let race = duel(r#""Reflector""#, "", "");
    assert_eq!(damage(&race, 0), 5, "hit as usual");
    assert_eq!(damage(&race, 1), 10, "its own hit and the reflection");
    // Facing another side, nothing comes back.
    let race = duel(r#""Reflector""#, r#""Reflector left""#, "");
    assert_eq!(damage(&race, 1), 5);
}

#[test]
fn a_turret_turns_the_main_laser_and_not_the_rear_laser() {
    // Robot 0 at (2,0) facing east; robot 1 ahead at (5,0) facing north,
    // robot 2 behind at (0,0) facing north, robot 3 below at (2,1) facing
    // east: the turret faces right (south).
    let (mut race, _) = scenario_race(&format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1",
        "run": {{"registers": 1}},
        "robots": [{{"at": [2, 0], "facing": "E", "options": ["Turret", "Rear Laser"], "settings": ["Turret right"]}},
                   {{"at": [5, 0], "facing": "N"}}, {{"at": [0, 0], "facing": "N"}},
                   {{"at": [2, 1], "facing": "E"}}]}}"#
    ));
    play_to(&mut race, 1);
    assert_eq!(damage(&race, 1), 0, "not ahead");
    assert_eq!(damage(&race, 2), 1, "the rear laser fires backwards");
    assert_eq!(damage(&race, 3), 1, "the turret's side");
}

#[test]
fn a_gyroscopic_stabilizer_switched_on_keeps_gears_from_turning_the_robot() {
    let board =
        r#"["+   +   +   +", " (R)  .   .  ", "+   +   +   +", "  .   .   .  ", "+   +   +   +"]"#;
    let game = |settings: &str| {
        let (mut race, _) = scenario_race(&format!(
            r#"{{"edition": "classic", "board": {board}, "start": "register 1",
            "robots": [{{"at": [0, 0], "facing": "N", "options": ["Gyroscopic Stabilizer"], "settings": [{settings}]}},
                       {{"at": [2, 1], "facing": "N"}}]}}"#
        ));
        play_to(&mut race, 1);
        race.world().at(robo_core::RobotId(0)).map(|(_, f)| f)
    };
    assert_eq!(game(r#""Gyroscopic Stabilizer on""#), Some(Dir::N));
    assert_eq!(game(""), Some(Dir::E), "off: the gear turns it");
    assert_eq!(game(r#""Gyroscopic Stabilizer off""#), Some(Dir::E));
}

#[test]
fn a_homing_device_tags_the_would_be_target_in_place_of_the_laser() {
    let (mut race, _) = scenario_race(&format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1",
        "robots": [{{"at": [0, 0], "facing": "E", "options": ["Homing Device"]}},
                   {{"at": [3, 0], "facing": "N"}}]}}"#
    ));
    let reached = race.advance_to(Milestone::RegisterEnd(1));
    assert!(matches!(
        reached,
        Reached::Decision {
            decision: Decision::Weapon,
            ..
        }
    ));
    race.answer(
        PlayerId(0),
        Action::Fire(Some(crate::options::OptionCard::HomingDevice)),
    )
    .unwrap();
    play_to(&mut race, 1);
    assert_eq!(race.robots()[0].homing, Some(PlayerId(1)));
    assert_eq!(damage(&race, 1), 0, "the tag replaces the laser's shot");
    // The tag is seen by every player.
    for viewer in [0, 1] {
        let view = robo_core::Game::view(&race, PlayerId(viewer));
        assert_eq!(view.robots[0].homing, Some(PlayerId(1)));
        assert_eq!(view.robots[1].homing, None);
    }
}

#[test]
fn a_homing_device_switched_on_heads_for_the_target_before_the_cards() {
    let game = |facing: &str, on: &str| {
        let (mut race, _) = scenario_race(&format!(
            r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1",
            "robots": [{{"at": [0, 1], "facing": "{facing}", "options": ["Homing Device"], "settings": [{on}]}},
                       {{"at": [5, 0], "facing": "N"}}]}}"#
        ));
        race.robots[0].homing = Some(PlayerId(1));
        play_to(&mut race, 1);
        race.world().at(robo_core::RobotId(0))
    };
    let on = r#""Homing Device on""#;
    assert_eq!(
        game("E", on),
        Some((robo_core::geom::Pos::new(3, 1), Dir::E))
    );
    // Facing away: it turns left, a quarter a register.
    assert_eq!(
        game("W", on),
        Some((robo_core::geom::Pos::new(0, 1), Dir::S))
    );
    // Switched off: it stays.
    assert_eq!(
        game("E", ""),
        Some((robo_core::geom::Pos::new(0, 1), Dir::E))
    );
}
