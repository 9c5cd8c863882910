//! Phase-programmed options placed in a register, acting before the card
//! at its priority: Mine Layer, Big Jet.

use super::scenario_race;
use crate::options::OptionCard;
use crate::race::{DeviceKind, Event};
use robo_core::agenda::Milestone;
use robo_core::geom::Pos;
use robo_core::ids::{PlayerId, RobotId};
use robo_core::race::frame::GridRace as _;

/// The race of scenario `json` with robot 0's `option` placed in
/// register 1, at rest before register 1.
fn placed(json: &str, option: OptionCard) -> crate::Race {
    let (_, s) = scenario_race(json);
    let mut position = s.position.clone();
    position.robots[0].robot.program.placed.push((1, option));
    crate::Race::at_position(position).unwrap()
}

#[test]
fn mine_layer_drops_a_mine_before_the_card_and_a_robot_crossing_it_sets_it_off() {
    let json = r#"{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +", "  .   .   .   .  ", "+   +   +   +   +",
                  "  .   .   .   .  ", "+   +   +   +   +"],
        "robots": [{"at": [0, 1], "facing": "E", "options": ["Mine Layer"], "registers": ["Move 2 670"]},
                   {"at": [0, 0], "facing": "S", "registers": ["Rotate Left 70", "Move 1 500"]}]}"#;
    let mut race = placed(json, OptionCard::MineLayer);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    let events = race.events_now();
    // Laid on (0, 1) before the Move 2 (which then leaves it behind).
    let laid = events
        .iter()
        .position(|e| matches!(e, Event::DeviceLaid { .. }));
    let moved = events.iter().position(|e| {
        matches!(e, Event::Grid(robo_core::event::GridEvent::Moved { robot, .. }) if *robot == RobotId(0))
    });
    assert!(laid.is_some() && laid < moved, "{events:?}");
    let d = race.devices()[0];
    assert_eq!(
        (d.kind, d.at, d.owner),
        (DeviceKind::Mine, Pos::new(0, 1), PlayerId(0))
    );
    assert_eq!(race.robots()[0].options[0].payload, 2);
    // Register 2 holds no Mine Layer: no second mine. (Robots setting
    // mines off: race::tests::devices.)
    let _ = race.advance_to(Milestone::RegisterEnd(2));
    assert_eq!(race.devices().len(), 1);
}

#[test]
fn big_jet_flies_eight_over_walls_and_robots_lands_on_the_next_free_cell_and_hurts() {
    let json = r#"{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +   +   +   +   +   +   +   +",
                  "  .   . | .   .   .   .   .   .   .   .   .  ",
                  "+   +   +   +   +   +   +   +   +   +   +   +"],
        "robots": [{"at": [0, 0], "facing": "E", "options": ["Big Jet"], "registers": ["Rotate Left 70"]},
                   {"at": [8, 0], "facing": "N"}]}"#;
    let mut race = placed(json, OptionCard::BigJet);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    // The landing's tokens come to a robot holding an option: asked.
    for _ in 0..2 {
        assert_eq!(
            super::asked(&race),
            Some((PlayerId(0), crate::race::Decision::Prevent))
        );
        robo_core::Game::apply(&mut race, PlayerId(0), crate::race::Action::Prevent(None)).unwrap();
    }
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    // Over the wall and robot 1's cell (8, 0) to (9, 0), then its card.
    assert_eq!(
        race.world().at(RobotId(0)),
        Some((Pos::new(9, 0), robo_core::geom::Dir::N))
    );
    assert!(!race.world().is_flying(RobotId(0)));
    assert_eq!(race.robots()[0].damage, 2);
    assert_eq!(race.robots()[0].options[0].payload, 0);
    assert_eq!(
        race.world().at(RobotId(1)).map(|b| b.0),
        Some(Pos::new(8, 0))
    );
}

#[test]
fn retro_rockets_fly_back_two_cells_a_token_before_the_card_over_walls_and_robots() {
    let json = r#"{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +   +   +   +   +",
                  "  .   .   .   . | .   .   .   .  ",
                  "+   +   +   +   +   +   +   +   +"],
        "robots": [{"at": [6, 0], "facing": "E", "options": ["Retro-Rockets"],
                    "placed": ["Retro-Rockets in 1", "Retro-Rockets in 1"],
                    "registers": ["Move 1 500"]},
                   {"at": [2, 0], "facing": "N"}]}"#;
    let (mut race, _) = scenario_race(json);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    let events = race.events_now();
    let took_off = events
        .iter()
        .position(|e| matches!(e, Event::TookOff { .. }));
    let moved = events.iter().position(|e| {
        matches!(e, Event::Grid(robo_core::event::GridEvent::Moved { robot, .. }) if *robot == RobotId(0))
    });
    // Two tokens: 4 cells back over the wall and robot 1 to (2, 0), taken:
    // on to (1, 0); then the Move 1 (to (2, 0), pushing robot 1 to (3, 0)).
    assert!(took_off.is_some() && took_off < moved, "{events:?}");
    assert_eq!(
        race.world().at(RobotId(0)).map(|b| b.0),
        Some(Pos::new(2, 0))
    );
    assert_eq!(
        race.world().at(RobotId(1)).map(|b| b.0),
        Some(Pos::new(3, 0))
    );
    assert!(!race.world().is_flying(RobotId(0)));
    assert_eq!(race.robots()[0].options[0].payload, 1);
    assert_eq!(race.robots()[0].damage, 0, "no landing damage");
    // Register 2 holds no Retro-Rockets: the robot stays.
    let _ = race.advance_to(Milestone::RegisterEnd(2));
    assert_eq!(race.robots()[0].options[0].payload, 1);
    // A booster lost with fuel left explodes, 2 a token.
    assert_eq!(
        crate::race::option_blasts(OptionCard::RetroRockets, 1),
        (1, 2)
    );
}
