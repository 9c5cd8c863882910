//! The hooks the option cards use: damage prevented by a decision, a
//! register holding more than one card, flying robots.

use super::{asked, scenario_race};
use crate::cards::{Card, Kind};
use crate::race::{Action, Decision, Event, Guard};
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::race::frame::GridRace as _;
use robo_core::Game;

const OPEN: &str = r#"["+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"]"#;

/// Two robots face to face on open floor (each shoots the other every
/// register); robot 0 holds `guards` spare parts.
fn duel(guards: usize) -> crate::Race {
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1",
        "robots": [{{"at": [0, 0], "facing": "E"}}, {{"at": [3, 0], "facing": "W"}}]}}"#
    );
    let (_, s) = scenario_race(&json);
    let mut position = s.position.clone();
    position.robots[0].robot.guards = std::iter::repeat_n(Guard::Spare, guards).collect();
    let mut race = crate::Race::at_position(position).unwrap();
    race.run_on();
    race
}

#[test]
fn a_robot_with_a_guard_is_asked_at_each_token_and_one_without_never() {
    let mut race = duel(1);
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Prevent)));
    let mut legal = Vec::new();
    race.legal_actions(PlayerId(0), &mut legal);
    assert_eq!(legal, [Action::Prevent(None), Action::Prevent(Some(0))]);
    // The shot at robot 1 is already counted; robot 0's waits.
    assert_eq!(race.robots()[1].damage, 1);
    assert_eq!(race.robots()[0].damage, 0);
    let events = race.apply(PlayerId(0), Action::Prevent(Some(0))).unwrap();
    assert!(events.contains(&Event::Prevented {
        player: PlayerId(0),
        guard: Guard::Spare
    }));
    assert!(race.robots()[0].guards.is_empty());
    // Without a guard it is never asked again: four more registers of
    // shots are taken as they come.
    assert_eq!(race.robots()[0].damage, 4);
    assert_eq!(race.robots()[1].damage, 5);

    let race = duel(0);
    assert_eq!(asked(&race), None, "no guard, no question");
    assert_eq!(race.robots()[0].damage, 5);
}

#[test]
fn taking_the_token_keeps_the_guard_for_the_next_one() {
    let mut race = duel(2);
    race.apply(PlayerId(0), Action::Prevent(None)).unwrap();
    assert_eq!(race.robots()[0].damage, 1);
    assert_eq!(race.robots()[0].guards.len(), 2);
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Prevent)));
    assert_eq!(race.register(), 2);
    race.apply(PlayerId(0), Action::Prevent(Some(1))).unwrap();
    race.apply(PlayerId(0), Action::Prevent(Some(0))).unwrap();
    assert!(race.robots()[0].guards.is_empty());
    assert_eq!(race.robots()[0].damage, 3, "registers 1, 4 and 5");
    race.check_invariants().unwrap();
    let json = serde_json::to_string(&race).unwrap();
    let back: crate::Race = serde_json::from_str(&json).unwrap();
    assert_eq!(back, race);
}

fn card(kind: Kind, priority: u16) -> Card {
    Card { kind, priority }
}

#[test]
fn a_register_runs_its_extra_cards_after_its_primary_at_the_primary_priority() {
    // Robot 0's register 1: Move 1 (priority 490) then Rotate Right;
    // robot 1's: Move 1 (priority 500), so robot 1 moves first.
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1",
        "robots": [{{"at": [0, 1], "facing": "E", "registers": ["Move 1 490"]}},
                   {{"at": [4, 0], "facing": "W", "registers": ["Move 1 500"]}}]}}"#
    );
    let (_, s) = scenario_race(&json);
    let mut position = s.position.clone();
    position.robots[0].robot.extra[0].push(card(Kind::RotateRight, 420));
    let mut race = crate::Race::at_position(position).unwrap();
    let events = {
        use robo_core::agenda::Milestone;
        let _ = race.advance_to(Milestone::RegisterEnd(1));
        race.events_now()
    };
    let moved: Vec<RobotId> = events
        .iter()
        .filter_map(|e| match e {
            Event::Grid(GridEvent::Moved { robot, .. }) => Some(*robot),
            _ => None,
        })
        .collect();
    assert_eq!(
        moved,
        [RobotId(1), RobotId(0)],
        "primary priorities: 500, 490"
    );
    assert_eq!(
        race.world().at(RobotId(0)),
        Some((Pos::new(1, 1), Dir::S)),
        "moved, then turned right"
    );
}

#[test]
fn extra_cards_stay_in_a_locked_register_and_leave_the_deck() {
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 5",
        "robots": [{{"at": [0, 1], "facing": "W", "damage": 5, "registers": [null, null, null, null, "U-Turn 10"]}},
                   {{"at": [4, 0], "facing": "S"}}]}}"#
    );
    let (_, s) = scenario_race(&json);
    let mut position = s.position.clone();
    let extra = card(Kind::Move3, 790);
    position.robots[0].robot.extra[4].push(extra);
    let mut race = crate::Race::at_position(position).unwrap();
    let mut legal = Vec::new();
    race.run_on();
    while let Some((p, _)) = asked(&race) {
        race.legal_actions(p, &mut legal);
        race.apply(p, legal[0]).unwrap();
    }
    // Next turn's deal: register 5 is still locked with both cards.
    assert_eq!(race.round(), 2);
    let r = &race.robots()[0];
    assert_eq!(r.registers[4], Some(card(Kind::UTurn, 10)));
    assert_eq!(r.extra[4].as_slice(), [extra]);
    for other in race.robots() {
        assert!(!other.hand.contains(&extra), "a held card is not dealt");
    }
    race.check_invariants().unwrap();
}

#[test]
fn a_high_flying_robot_passes_over_robots_and_pits_without_pushing() {
    let board = r#"["+   +   +   +   +   +", "  .   .  [ ]  .   .  ", "+   +   +   +   +   +"]"#;
    let json = format!(
        r#"{{"edition": "classic", "board": {board}, "start": "register 1",
        "robots": [{{"at": [0, 0], "facing": "E", "registers": ["Move 3 790"]}},
                   {{"at": [1, 0], "facing": "N"}}]}}"#
    );
    let (_, s) = scenario_race(&json);
    let ground = crate::Race::at_position(s.position.clone()).unwrap();
    let mut position = s.position.clone();
    position.robots[0].flying = true;
    position.high_flying = true;
    let mut race = crate::Race::at_position(position).unwrap();
    use robo_core::agenda::Milestone;
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    assert_eq!(
        race.world().at(RobotId(0)).map(|b| b.0),
        Some(Pos::new(3, 0))
    );
    assert_eq!(
        race.world().at(RobotId(1)).map(|b| b.0),
        Some(Pos::new(1, 0))
    );
    assert!(!race.robots()[0].destroyed);
    // On the floor the same card pushes robot 1 into the pit.
    let mut ground = ground;
    let _ = ground.advance_to(Milestone::RegisterEnd(1));
    assert!(ground.robots()[1].destroyed);
}
