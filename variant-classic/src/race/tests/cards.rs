//! The option cards of part 2: each card's effect and its moment.

use super::scenario_race;
use crate::race::Event;
use crate::Race;
use robo_core::agenda::Milestone;
use robo_core::ids::PlayerId;
use robo_core::race::frame::GridRace as _;

const OPEN: &str = r#"["+   +   +   +   +   +", "  .   .   .   .   .  ", "+   +   +   +   +   +", "  .   .   .   .   .  ", "+   +   +   +   +   +", "  .   .   .   .   .  ", "+   +   +   +   +   +"]"#;

/// The race of `robots` (scenario robot objects) on the open 5x3 floor
/// with `extra` file fields, from register 1, run to the end of register
/// `to`; with the events.
fn run(robots: &str, extra: &str, to: u8) -> (Race, Vec<Event>) {
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1", {extra}
        "robots": [{robots}]}}"#
    );
    let (mut race, _) = scenario_race(&json);
    let _ = race.advance_to(Milestone::RegisterEnd(to));
    let events = race.events_now();
    (race, events)
}

/// The index of the first event `pick` finds.
fn first(events: &[Event], pick: impl Fn(&Event) -> bool) -> Option<usize> {
    events.iter().position(pick)
}

fn damaged(p: u8) -> impl Fn(&Event) -> bool {
    move |e| matches!(e, Event::Damaged { player, .. } if player.0 == p)
}

#[test]
fn ramming_gear_damages_the_pushed_robot_right_after_the_card() {
    // Robot 0 (priority 480) backs into robot 1; robot 2 (Back Up 470)
    // moves after it. Robot 1's token comes between the two cards.
    let robots = |option: &str| {
        format!(
            r#"{{"at": [2, 0], "facing": "E", "options": [{option}], "registers": ["Back Up 480"]}},
               {{"at": [1, 0], "facing": "S"}},
               {{"at": [4, 1], "facing": "S", "registers": ["Back Up 470"]}}"#
        )
    };
    let (race, events) = run(&robots(r#""Ramming Gear""#), "", 1);
    assert_eq!(race.robots()[1].damage, 1);
    assert_eq!(race.robots()[0].damage, 0, "the rammer takes nothing");
    let token = first(&events, damaged(1)).unwrap();
    let second_card = first(&events, |e| {
        matches!(e, Event::Grid(robo_core::event::GridEvent::Moved { robot, .. }) if robot.0 == 2)
    })
    .unwrap();
    assert!(token < second_card, "the token is counted after the card");
    // Without the gear the push does no harm.
    let (race, _) = run(&robots(""), "", 1);
    assert_eq!(race.robots()[1].damage, 0);
    // A robot that only turns pushes nobody.
    let (race, _) = run(
        r#"{"at": [2, 0], "facing": "E", "options": ["Ramming Gear"], "registers": ["Rotate Left"]},
           {"at": [1, 0], "facing": "S"}"#,
        "",
        1,
    );
    assert_eq!(race.robots()[1].damage, 0);
}

#[test]
fn ramming_gear_hits_only_the_robot_in_contact() {
    // A line of two pushed robots: the first takes the token.
    let (race, _) = run(
        r#"{"at": [3, 0], "facing": "E", "options": ["Ramming Gear"], "registers": ["Back Up"]},
           {"at": [2, 0], "facing": "S"}, {"at": [1, 0], "facing": "S"}"#,
        "",
        1,
    );
    assert_eq!(race.robots()[1].damage, 1);
    assert_eq!(race.robots()[2].damage, 0);
}

#[test]
fn mechanical_arm_tags_the_next_flag_at_the_end_of_the_register() {
    let flags = r#""flags": [[2, 1], [4, 2]],"#;
    // Ends beside flag 1: tagged at the end of the register.
    let arm = |x: i16, card: &str| {
        format!(
            r#"{{"at": [{x}, 1], "facing": "E", "options": ["Mechanical Arm"], "registers": ["{card}"]}},
               {{"at": [0, 2], "facing": "S"}}"#
        )
    };
    let (race, events) = run(&arm(0, "Move 1"), flags, 1);
    assert_eq!(race.robots()[0].flags, 1);
    assert_eq!(race.robots()[0].archive.x, 2, "the marker goes to the flag");
    assert!(events.contains(&Event::FlagTouched {
        player: PlayerId(0),
        flag: 1
    }));
    // Passing beside it during the move and ending elsewhere: no tag.
    let (race, _) = run(
        r#"{"at": [1, 0], "facing": "E", "options": ["Mechanical Arm"], "registers": ["Move 2"]},
           {"at": [0, 2], "facing": "S"}"#,
        flags,
        1,
    );
    assert_eq!(race.robots()[0].flags, 0);
    // Beside flag 2 while flag 1 is next: no tag (flags in order).
    let (race, _) = run(
        r#"{"at": [4, 0], "facing": "S", "options": ["Mechanical Arm"], "registers": ["Move 1"]},
           {"at": [0, 2], "facing": "S"}"#,
        flags,
        1,
    );
    assert_eq!(race.robots()[0].flags, 0);
    // Diagonal to the flag: not one of the four cells beside it.
    let (race, _) = run(
        r#"{"at": [1, 2], "facing": "N", "options": ["Mechanical Arm"], "registers": ["U-Turn"]},
           {"at": [0, 0], "facing": "S"}"#,
        r#""flags": [[2, 1], [4, 2]],"#,
        1,
    );
    assert_eq!(race.robots()[0].flags, 0);
    // Without the arm: nothing.
    let (race, _) = run(
        r#"{"at": [0, 1], "facing": "E", "registers": ["Move 1"]}, {"at": [0, 2], "facing": "S"}"#,
        flags,
        1,
    );
    assert_eq!(race.robots()[0].flags, 0);
}
