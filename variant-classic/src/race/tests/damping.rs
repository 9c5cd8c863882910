//! Option Damping Field: the options of robots within 3 squares of a
//! robot whose field is on are off (its own robot's too, the field
//! excepted), measured at each register's start; programmed tokens of a
//! damped register are lost; the turn's wipe ends it.

use super::scenario_race;
use crate::options::OptionCard;
use crate::race::{Action, Decision, Event};
use crate::Race;
use robo_core::agenda::{Milestone, Reached};
use robo_core::ids::PlayerId;
use robo_core::race::frame::GridRace as _;

const ROW: &str = r#"["+   +   +   +   +   +   +   +", "  .   .   .   .   .   .   .  ", "+   +   +   +   +   +   +   +"]"#;

/// Runs `race` to the end of register `last`, taking every damage token
/// and firing main lasers.
fn play_to(race: &mut Race, last: u8) {
    while let Reached::Decision {
        player: Some(p),
        decision,
    } = race.advance_to(Milestone::RegisterEnd(last))
    {
        let a = match decision {
            Decision::Prevent => Action::Prevent(None),
            Decision::Weapon => Action::Fire(None),
            d => panic!("{d:?} asked"),
        };
        race.answer(p, a).unwrap();
    }
}

/// Robot 0 on (0, 0) facing east holds a field (`on` or `off`) and
/// `more`; robot 1 on `(x, 0)` faces west with a Double-Barrel Laser and
/// runs `card` in register 1.
fn duel(on: &str, more: &str, x: u8, card: &str) -> Race {
    let (race, _) = scenario_race(&format!(
        r#"{{"edition": "classic", "board": {ROW}, "start": "register 1",
        "robots": [{{"at": [0, 0], "facing": "E", "options": ["Option Damping Field"{more}],
                     "settings": ["Option Damping Field {on}"]}},
                   {{"at": [{x}, 0], "facing": "W", "options": ["Double-Barrel Laser"], "registers": [{card}]}}]}}"#
    ));
    race
}

#[test]
fn a_field_switched_on_turns_off_the_options_in_range_its_own_robots_too() {
    let mut race = duel("off", "", 3, "null");
    play_to(&mut race, 2);
    assert_eq!(race.robots()[0].damage, 4, "two shots a register");
    let mut race = duel("on", "", 3, "null");
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    assert!(race.robots()[0].damped() && race.robots()[1].damped());
    assert!(race.active(PlayerId(0), OptionCard::OptionDampingField));
    assert!(!race.active(PlayerId(1), OptionCard::DoubleBarrelLaser));
    play_to(&mut race, 2);
    assert_eq!(race.robots()[0].damage, 2, "a plain laser within 3 squares");
    // Four squares away: out of range, robot 1 fires both barrels; its own
    // robot's Shield is off (field on) or stops one (field off).
    let shield = r#", "Shield""#;
    for (on, damage) in [("on", 4), ("off", 2)] {
        let mut race = duel(on, shield, 4, "null");
        play_to(&mut race, 2);
        assert_eq!(race.robots()[0].damage, damage, "field {on}");
        assert!(!race.robots()[1].damped());
    }
}

#[test]
fn the_range_is_measured_at_each_registers_start() {
    // Robot 1 starts 5 squares away and moves to 3 in register 1: its
    // options are on for register 1's lasers, off from register 2.
    let mut race = duel("on", "", 5, r#""Move 2 670""#);
    play_to(&mut race, 1);
    assert_eq!(race.robots()[0].damage, 2);
    assert!(!race.robots()[1].damped());
    play_to(&mut race, 2);
    assert_eq!(race.robots()[0].damage, 3);
    let events = race.events_now();
    let damped: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, Event::Damped { option: None, .. }))
        .collect();
    assert_eq!(damped.len(), 1, "reported when its options go off");
    // The turn's wipe switches the field off: no robot is damped.
    play_to(&mut race, 5);
    assert!(race.robots()[1].damped(), "until the wipe");
    let _ = race.advance_to(Milestone::RegisterStart(1));
    assert_eq!(race.round(), 2);
    assert!(race.robots().iter().all(|r| !r.damped()));
}

#[test]
fn a_gadget_programmed_in_a_damped_register_is_lost_and_devices_out_work_on() {
    let (mut race, _) = scenario_race(&format!(
        r#"{{"edition": "classic", "board": {ROW}, "start": "register 1",
        "devices": [{{"kind": "Mine", "at": [3, 0], "owner": 1}}],
        "robots": [{{"at": [0, 0], "facing": "N", "options": ["Option Damping Field"],
                     "settings": ["Option Damping Field on"]}},
                   {{"at": [2, 0], "facing": "E", "options": ["Mine Layer"], "placed": ["Mine Layer in 1"],
                     "registers": ["Move 1 500"]}}]}}"#
    ));
    play_to(&mut race, 1);
    let events = race.events_now();
    assert!(events.contains(&Event::Damped {
        player: PlayerId(1),
        option: Some(OptionCard::MineLayer)
    }));
    assert!(!events.iter().any(|e| matches!(e, Event::DeviceLaid { .. })));
    assert_eq!(race.robots()[1].options[0].payload, 2, "its token is spent");
    // The mine already on the board still goes off under it.
    assert!(race.devices().is_empty());
    assert_eq!(race.robots()[1].damage, 4);
}
