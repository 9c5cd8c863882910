//! Flying robots: Frog Legs (a run-time choice at the card's turn),
//! landing, what a flying robot passes over, and the High-Flying rule.

use super::{asked, scenario_race};
use crate::options::OptionCard;
use crate::race::{Action, Decision, Event};
use robo_core::agenda::Milestone;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::race::frame::GridRace as _;
use robo_core::Game;

/// Robot 0 on (0, 0) facing east holding `options` with `card` in
/// register 1, a pit on (1, 0) and (3, 0), robot 1 on `other` facing
/// north; run to the first question.
fn hopper(card: &str, options: &str, other: (i16, i16)) -> crate::Race {
    let json = format!(
        r#"{{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +   +   +", "  .  [ ]  .  [ ]  .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"],
        "robots": [{{"at": [0, 0], "facing": "E", "options": [{options}], "registers": ["{card}"]}},
                   {{"at": [{}, {}], "facing": "N", "registers": ["Rotate Right 400"]}}]}}"#,
        other.0, other.1
    );
    let (mut race, _) = scenario_race(&json);
    race.run_on();
    race
}

fn pos(race: &crate::Race, p: u8) -> Option<Pos> {
    race.world().at(RobotId(p)).map(|(at, _)| at)
}

#[test]
fn frog_legs_asks_at_the_card_turn_and_flies_over_a_pit() {
    let mut race = hopper("Move 2 700", r#""Frog Legs""#, (5, 1));
    // Asked at robot 0's card (priority 700 before robot 1's 400): robot 1
    // has not moved yet.
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Hop)));
    assert_eq!(pos(&race, 1), Some(Pos::new(5, 1)));
    let mut legal = Vec::new();
    race.legal_actions(PlayerId(0), &mut legal);
    assert_eq!(legal, [Action::Hop(false), Action::Hop(true)]);
    let events = race.apply(PlayerId(0), Action::Hop(true)).unwrap();
    assert!(events.contains(&Event::TookOff {
        player: PlayerId(0)
    }));
    assert!(events.contains(&Event::Landed {
        player: PlayerId(0)
    }));
    assert_eq!(pos(&race, 0), Some(Pos::new(2, 0)));
    assert!(!race.world().is_flying(RobotId(0)), "it landed");
    assert!(!race.robots()[0].hop && !race.robots()[0].destroyed);
    race.check_invariants().unwrap();
    // Running it on the floor, the robot falls into the pit.
    let mut race = hopper("Move 2 700", r#""Frog Legs""#, (5, 1));
    race.apply(PlayerId(0), Action::Hop(false)).unwrap();
    assert!(race.robots()[0].destroyed);
}

#[test]
fn frog_legs_is_not_offered_for_other_cards_or_without_the_option() {
    for (card, options) in [
        ("Move 1 490", r#""Frog Legs""#),
        ("Back Up 430", r#""Frog Legs""#),
        ("Rotate Left 70", r#""Frog Legs""#),
        ("Move 2 700", r#""Brakes""#),
    ] {
        let race = hopper(card, options, (5, 1));
        assert_ne!(asked(&race), Some((PlayerId(0), Decision::Hop)), "{card}");
    }
    // A Move 3 is offered; with Fourth Gear too, the distance comes next.
    let mut race = hopper("Move 3 790", r#""Frog Legs", "Fourth Gear""#, (5, 1));
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Hop)));
    race.apply(PlayerId(0), Action::Hop(true)).unwrap();
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Distance)));
    assert!(
        race.world().is_flying(RobotId(0)),
        "it flies while it chooses"
    );
    race.apply(PlayerId(0), Action::Distance(4)).unwrap();
    assert_eq!(pos(&race, 0), Some(Pos::new(4, 0)));
    assert!(!race.world().is_flying(RobotId(0)));
}

#[test]
fn a_frog_legs_flight_lands_on_its_last_cell_and_a_pit_there_destroys_it() {
    let mut race = hopper("Move 3 790", r#""Frog Legs""#, (5, 1));
    race.apply(PlayerId(0), Action::Hop(true)).unwrap();
    assert_eq!(race.robots()[0].lives, 2, "landed on the pit at (3, 0)");
    assert!(race.robots()[0].destroyed);
}

#[test]
fn a_flying_robot_pushes_robots_on_the_floor() {
    // Robot 1 on (2, 0): the flying robot pushes it into the pit at (3, 0).
    let mut race = hopper("Move 2 700", r#""Frog Legs""#, (2, 0));
    race.apply(PlayerId(0), Action::Hop(true)).unwrap();
    assert!(race.robots()[1].destroyed, "pushed into the pit");
    assert_eq!(pos(&race, 0), Some(Pos::new(2, 0)));
    assert!(!race.robots()[0].destroyed);
}

#[test]
fn the_planner_flies_over_a_pit_and_walks_on_open_floor() {
    let race = hopper("Move 2 700", r#""Frog Legs""#, (5, 1));
    assert!(race.hop_helps(PlayerId(0)));
    let json = r#"{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +", "  .   .   .   .  ", "+   +   +   +   +"],
        "robots": [{"at": [0, 0], "facing": "E", "options": ["Frog Legs"], "registers": ["Move 2 700"]},
                   {"at": [3, 0], "facing": "N"}]}"#;
    let (mut race, _) = scenario_race(json);
    race.run_on();
    assert!(!race.hop_helps(PlayerId(0)));
}

/// A robot flying all along (as the scenario files set one up) on a
/// belt, with and without High-Flying, and a wall in its way.
fn flyer(high: bool) -> crate::Race {
    let json = r#"{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +   +", "  .   .  y< | .   .  ", "+   +   +   +   +   +"],
        "robots": [{"at": [0, 0], "facing": "E", "flying": true, "registers": ["Move 3 790"]},
                   {"at": [4, 0], "facing": "N"}]}"#;
    let (_, s) = scenario_race(json);
    let mut position = s.position.clone();
    position.high_flying = high;
    crate::Race::at_position(position).unwrap()
}

#[test]
fn a_flying_robot_is_not_conveyed_and_high_flying_passes_walls() {
    let mut race = flyer(false);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    // The wall east of (2, 0) stops it; the belt under it leaves it alone.
    assert_eq!(pos(&race, 0), Some(Pos::new(2, 0)));
    let mut race = flyer(true);
    assert!(race.world().high_flying());
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    assert_eq!(pos(&race, 0), Some(Pos::new(3, 0)), "over the wall");
}

/// Robot 0 on (1, 1) facing east holds a Robo-Copter with the card of
/// priority `card` parked
/// on it and runs `registers`; a pit lies on (3, 1); robot 1 stands on
/// `other` facing west.
fn copter(card: u16, registers: &str, other: (i16, i16)) -> crate::Race {
    let (_, s) = scenario_race(&format!(
        r#"{{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +   +   +   +", "  .   .   .   .   .   .   .  ",
                  "+   +   +   +   +   +   +   +", "  .   .   .  [ ]  .   .   .  ",
                  "+   +   +   +   +   +   +   +"],
        "robots": [{{"at": [1, 1], "facing": "E", "options": ["Robo-Copter"], "registers": [{registers}]}},
                   {{"at": [{}, {}], "facing": "W"}}]}}"#,
        other.0, other.1
    ));
    let mut position = s.position.clone();
    position.robots[0].robot.marks.copter = crate::cards::card(card);
    crate::Race::at_position(position).unwrap()
}

#[test]
fn a_robo_copter_flies_all_turn_running_its_card_before_each_register_card() {
    // Register 1: the copter's Move 1, then the Move 1 card, to the pit on
    // (3, 1), flying; register 2: the copter's Move 1, then a Rotate Right.
    let mut race = copter(490, r#""Move 1 500", "Rotate Right 80""#, (6, 0));
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    let r = RobotId(0);
    assert!(race.world().is_flying(r));
    assert_eq!(
        race.world().at(r).map(|b| b.0),
        Some(Pos::new(3, 1)),
        "over the pit"
    );
    let _ = race.advance_to(Milestone::RegisterEnd(2));
    assert_eq!(race.world().at(r), Some((Pos::new(4, 1), Dir::S)));
    // The turn ends: the card is discarded and the robot lands.
    let _ = race.advance_to(Milestone::RoundEnd);
    assert!(!race.world().is_flying(r));
    assert_eq!(race.robots()[0].marks.copter, None);
    assert_eq!(race.robots()[0].damage, 0);
}

#[test]
fn a_robo_copter_is_given_up_for_the_first_damage_token_and_the_robot_lands() {
    // Robot 1's laser along row 1 hits robot 0 in register 1.
    let mut race = copter(490, r#""Rotate Left 70""#, (6, 1));
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    let events = race.events_now();
    assert!(events.contains(&Event::Absorbed {
        player: PlayerId(0),
        option: OptionCard::RoboCopter,
        tokens: 1
    }));
    assert!(race.robots()[0].options.is_empty());
    assert_eq!(race.robots()[0].damage, 0);
    assert!(!race.world().is_flying(RobotId(0)));
    assert_eq!(race.robots()[0].marks.copter, None);
    assert_eq!(
        race.world().at(RobotId(0)).map(|b| b.0),
        Some(Pos::new(2, 1))
    );
}

#[test]
fn a_robot_landing_over_a_robot_on_the_floor_takes_the_next_free_cell() {
    // High-Flying: robot 0 hops its Move 2 over the pit and over robot 1
    // (flying robots meet only flyers), ending above it on (2, 0); it
    // lands on the next free cell the way it faces, (3, 0).
    let json = r#"{"edition": "classic", "start": "register 1", "options": ["high-flying"],
        "board": ["+   +   +   +   +   +   +", "  .  [ ]  .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"],
        "robots": [{"at": [0, 0], "facing": "E", "options": ["Frog Legs"], "registers": ["Move 2 700"]},
                   {"at": [2, 0], "facing": "N", "registers": ["Rotate Right 400"]}]}"#;
    let (mut race, _) = scenario_race(json);
    race.run_on();
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Hop)));
    race.apply(PlayerId(0), Action::Hop(true)).unwrap();
    assert_eq!(pos(&race, 0), Some(Pos::new(3, 0)));
    assert_eq!(pos(&race, 1), Some(Pos::new(2, 0)), "not pushed");
    assert!(!race.world().is_flying(RobotId(0)));
    race.check_invariants().unwrap();
}

#[test]
fn a_robot_destroyed_in_flight_re_enters_on_the_floor() {
    let (mut race, _) = scenario_race(
        r#"{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +", "  .   .   .  ", "+   +   +   +"],
        "robots": [{"at": [0, 0], "facing": "E"}, {"at": [2, 0], "facing": "N"}]}"#,
    );
    let r = RobotId(0);
    race.world.set_flying(r, true);
    race.world.remove(r);
    race.robots[0].destroyed = true;
    race.re_enter(PlayerId(0), Dir::S, false);
    assert_eq!(race.world().at(r), Some((Pos::new(0, 0), Dir::S)));
    assert!(!race.world().is_flying(r), "it re-enters on the floor");
}
