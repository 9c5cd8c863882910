//! The device gadgets: Goo Dropper, Bridge Layer, Proximity Mine,
//! Portable Teleporter, Scrambler Bomb, The Big One, Self-Destruct; and
//! what the board's elements do to the devices lying on it.

use super::scenario_race;
use crate::race::DeviceKind;
use crate::tiles::Tile;
use robo_core::agenda::Milestone;
use robo_core::geom::Pos;
use robo_core::ids::{PlayerId, RobotId};
use robo_core::race::frame::GridRace as _;

/// An open board of `w` x `h` cells (`rows`: the middle text of each
/// row, `None` for plain floor).
fn open_board(w: usize, h: usize) -> String {
    let edge = format!("\"{}+\"", "+   ".repeat(w));
    let row = format!("\"{} \"", "  . ".repeat(w));
    let mut lines = vec![edge.clone()];
    for _ in 0..h {
        lines.push(row.clone());
        lines.push(edge.clone());
    }
    lines.join(", ")
}

/// Runs to the end of register `n`, taking every damage token rather
/// than giving an option up.
fn to_end_of(race: &mut crate::Race, n: u8) {
    loop {
        let _ = race.advance_to(Milestone::RegisterEnd(n));
        match super::asked(race) {
            Some((p, crate::race::Decision::Prevent)) => {
                race.answer(p, crate::race::Action::Prevent(None)).unwrap();
            }
            _ => return,
        }
    }
}

/// Where robot `p` stands.
fn at(race: &crate::Race, p: u8) -> Option<Pos> {
    race.world().at(RobotId(p)).map(|b| b.0)
}

#[test]
fn goo_holds_a_robot_until_it_has_tried_four_squares_and_not_its_own_robot() {
    let json = format!(
        r#"{{"edition": "classic", "start": "register 1", "board": [{}],
        "robots": [{{"at": [2, 0], "facing": "S", "options": ["Goo Dropper"],
                     "placed": ["Goo Dropper in 1"], "registers": ["Move 3 840"]}},
                   {{"at": [0, 0], "facing": "E",
                     "registers": ["Move 3 830", "Move 2 780", "Move 2 770"]}}]}}"#,
        open_board(7, 4)
    );
    let (mut race, _) = scenario_race(&json);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    // Dropped on (2, 0) before robot 0's card, which leaves it freely.
    let d = race.devices()[0];
    assert_eq!(
        (d.kind, d.at, d.owner),
        (DeviceKind::Goo, Pos::new(2, 0), PlayerId(0))
    );
    assert_eq!(at(&race, 0), Some(Pos::new(2, 3)));
    assert_eq!(race.robots()[0].options[0].payload, 2);
    // Robot 1's Move 3 is caught on its second square: one square left
    // of the card is spent on the goo (3 more to try).
    assert_eq!(at(&race, 1), Some(Pos::new(2, 0)));
    assert_eq!(race.world().bodies().get(RobotId(1)).unwrap().extra.goo, 3);
    let _ = race.advance_to(Milestone::RegisterEnd(2));
    assert_eq!(at(&race, 1), Some(Pos::new(2, 0)), "Move 2: both spent");
    let _ = race.advance_to(Milestone::RegisterEnd(3));
    // The last square tried frees it: the Move 2's other square moves it.
    assert_eq!(at(&race, 1), Some(Pos::new(3, 0)));
    assert_eq!(race.devices().len(), 1, "the goo stays");
}

#[test]
fn goo_holds_against_pushes_and_a_push_counts_and_flying_robots_pass() {
    let json = format!(
        r#"{{"edition": "classic", "start": "register 1", "board": [{}],
        "devices": [{{"kind": "Goo", "at": [3, 0], "owner": 2}}, {{"kind": "Goo", "at": [1, 2], "owner": 1}}],
        "robots": [{{"at": [2, 0], "facing": "E", "registers": ["Move 1 600", "Move 1 590"]}},
                   {{"at": [1, 0], "facing": "E", "registers": ["Move 2 700", "Move 1 500"]}},
                   {{"at": [0, 2], "facing": "E", "flying": true, "registers": ["Move 3 800"]}}]}}"#,
        open_board(7, 3)
    );
    let (mut race, _) = scenario_race(&json);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    // Robot 1 pushes robot 0 onto the goo (its move stops there too);
    // robot 0's own Move 1 is then spent on the goo.
    assert_eq!(at(&race, 0), Some(Pos::new(3, 0)));
    assert_eq!(at(&race, 1), Some(Pos::new(2, 0)));
    assert_eq!(race.world().bodies().get(RobotId(0)).unwrap().extra.goo, 3);
    // The flying robot passes over the goo on (1, 2).
    assert_eq!(at(&race, 2), Some(Pos::new(3, 2)));
    // Register 2: robot 0 tries one more (2 left), robot 1's push is
    // refused by the goo and counts (1 left); robot 1 stays.
    let _ = race.advance_to(Milestone::RegisterEnd(2));
    assert_eq!(at(&race, 0), Some(Pos::new(3, 0)));
    assert_eq!(at(&race, 1), Some(Pos::new(2, 0)));
    assert_eq!(race.world().bodies().get(RobotId(0)).unwrap().extra.goo, 1);
}

#[test]
fn bridge_layer_lays_floor_in_front_for_good_and_a_wall_blocks_it() {
    let json = r#"{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +   +", "  .  [ ]  .   . | .  ", "+   +   +   +   +   +",
                  "  .   .   .   .   .  ", "+   +   +   +   +   +"],
        "robots": [{"at": [0, 0], "facing": "E", "options": ["Bridge Layer"],
                    "placed": ["Bridge Layer in 1", "Bridge Layer in 3"],
                    "registers": ["Move 3 800", "Rotate Left 70", "Rotate Right 80"]},
                   {"at": [0, 1], "facing": "S"}]}"#;
    let (mut race, _) = scenario_race(json);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    // The bridge over the pit on (1, 0): the Move 3 crosses it to (3, 0).
    let d = race.devices()[0];
    assert_eq!((d.kind, d.at), (DeviceKind::Bridge, Pos::new(1, 0)));
    assert_eq!(race.world().tile(Pos::new(1, 0)), Some(Tile::Floor));
    assert_eq!(at(&race, 0), Some(Pos::new(3, 0)));
    assert_eq!(race.robots()[0].options[0].payload, 1);
    // A save keeps the bridge (the course itself changed).
    let saved = serde_json::to_string(race.world()).unwrap();
    let back: crate::world::World = serde_json::from_str(&saved).unwrap();
    assert_eq!(back.tile(Pos::new(1, 0)), Some(Tile::Floor));
    // Register 3: facing east again, a wall in front: no bridge, and
    // the payload is kept.
    let _ = race.advance_to(Milestone::RegisterEnd(3));
    assert_eq!(race.devices().len(), 1);
    assert_eq!(race.robots()[0].options[0].payload, 1);
}

#[test]
fn a_proximity_mine_goes_off_for_a_robot_coming_beside_it_but_not_across_a_wall() {
    // Robot 0 drops the mine on (1, 1) and backs away; robot 1 walks to
    // (2, 0), beside the mine's row-0 neighbour, then onto (1, 0),
    // beside the mine: it goes off on (1, 1): robot 1 takes 2. Robot 2
    // came to (2, 1) just before, beyond the wall east of (1, 1): that
    // did not set it off.
    let json = r#"{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +   +", "  .   .   .   .   .  ", "+   +   +   +   +   +",
                  "  .   . | .   .   .  ", "+   +   +   +   +   +",
                  "  .   .   .   .   .  ", "+   +   +   +   +   +"],
        "robots": [{"at": [1, 1], "facing": "N", "options": ["Proximity Mine"],
                    "placed": ["Proximity Mine in 1"], "registers": ["Back Up 480"]},
                   {"at": [4, 0], "facing": "W", "registers": ["Move 2 700", "Move 1 500"]},
                   {"at": [4, 1], "facing": "N", "registers": ["Rotate Left 90", "Move 2 690"]}]}"#;
    let (mut race, _) = scenario_race(json);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    let d = race.devices()[0];
    assert_eq!(
        (d.kind, d.at, d.owner),
        (DeviceKind::ProximityMine, Pos::new(1, 1), PlayerId(0))
    );
    // Robot 0 left it behind (its own mine is not live for it yet).
    assert_eq!(at(&race, 0), Some(Pos::new(1, 2)));
    to_end_of(&mut race, 2);
    assert_eq!(at(&race, 2), Some(Pos::new(2, 1)));
    assert!(race.devices().is_empty());
    // Robot 1 on (1, 0), one square away: 2 (and 1 of robot 0's laser);
    // robot 0 on (1, 2): 2; robot 2 behind the wall (3 squares round
    // it): 0.
    let dmg: Vec<u8> = race.robots().iter().map(|r| r.damage).collect();
    assert_eq!(dmg, [2, 3, 0]);
}

#[test]
fn a_portable_teleporter_makes_a_move_card_started_on_it_a_jump_but_not_for_its_robot_at_once() {
    let json = format!(
        r#"{{"edition": "classic", "start": "register 1", "board": [{}],
        "robots": [{{"at": [0, 0], "facing": "E", "options": ["Portable Teleporter"],
                     "placed": ["Portable Teleporter in 1"], "registers": ["Move 1 600"]}},
                   {{"at": [0, 1], "facing": "N",
                     "registers": ["Move 1 500", "Rotate Right 80", "Move 1 490"]}}]}}"#,
        open_board(6, 2)
    );
    let (mut race, _) = scenario_race(&json);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    let d = race.devices()[0];
    assert_eq!(
        (d.kind, d.at),
        (DeviceKind::PortableTeleporter, Pos::new(0, 0))
    );
    // Its own robot's card, right after the drop, is a plain Move 1.
    assert_eq!(at(&race, 0), Some(Pos::new(1, 0)));
    assert_eq!(race.robots()[0].options[0].payload, 0);
    // Robot 1 walked onto it (crossing does nothing) ...
    assert_eq!(at(&race, 1), Some(Pos::new(0, 0)));
    // (Robot 0 takes robot 1's shots.)
    to_end_of(&mut race, 2);
    to_end_of(&mut race, 3);
    // ... and its Move 1 started on it jumps 3 cells over robot 0.
    assert_eq!(at(&race, 1), Some(Pos::new(3, 0)));
    assert_eq!(at(&race, 0), Some(Pos::new(1, 0)));
}

/// Robot 0 with Self-Destruct placed in register 2 on (2, 1) of a 7 x 3
/// board; robots 1 and 2 one and two squares east; `more`: more robots.
fn self_destruct(more: &str) -> crate::Race {
    let json = format!(
        r#"{{"edition": "classic", "start": "register 1", "board": [{}],
        "robots": [{{"at": [2, 1], "facing": "N", "options": ["Self-Destruct"],
                     "placed": ["Self-Destruct in 2"], "registers": ["Rotate Left 70", "Move 1 500"]}},
                   {{"at": [3, 1], "facing": "S"}}, {{"at": [4, 1], "facing": "S"}}{more}]}}"#,
        open_board(7, 3)
    );
    scenario_race(&json).0
}

#[test]
fn self_destruct_goes_off_at_its_register_start_for_16_and_not_when_damped() {
    let mut race = self_destruct("");
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    assert_eq!(race.robots()[0].options.len(), 1, "not yet");
    let _ = race.advance_to(Milestone::RegisterEnd(2));
    // Gone before its Move 1 ran: destroyed by its own 16; beside it 8,
    // two squares away 4.
    assert!(race.robots()[0].options.is_empty());
    assert!(race.robots()[0].destroyed);
    let dmg: Vec<u8> = race.robots()[1..].iter().map(|r| r.damage).collect();
    assert_eq!(dmg, [8, 4]);
    // Lost any other way, it explodes too.
    assert_eq!(
        crate::race::option_blasts(crate::options::OptionCard::SelfDestruct, 0),
        (1, 16)
    );
    // In an Option Damping Field: nothing happens, the card stays.
    let mut race = self_destruct(
        r#", {"at": [0, 0], "facing": "N", "options": ["Option Damping Field"],
              "settings": ["Option Damping Field on"]}"#,
    );
    let _ = race.advance_to(Milestone::RegisterEnd(2));
    assert_eq!(race.robots()[0].options.len(), 1);
    assert!(!race.robots()[0].destroyed);
    assert_eq!(at(&race, 0), Some(Pos::new(1, 1)), "its cards ran");
}

#[test]
fn the_big_one_and_a_scrambler_bomb_go_off_at_the_next_turn_start() {
    let json = format!(
        r#"{{"edition": "classic", "start": "register 1", "board": [{}],
        "robots": [{{"at": [0, 1], "facing": "E", "options": ["The Big One"],
                     "placed": ["The Big One in 1"], "registers": ["Move 3 800"]}},
                   {{"at": [14, 0], "facing": "S", "options": ["Scrambler Bomb"],
                     "placed": ["Scrambler Bomb in 1"], "registers": ["Rotate Left 70"]}},
                   {{"at": [10, 2], "facing": "S"}}]}}"#,
        open_board(15, 3)
    );
    let (mut race, _) = scenario_race(&json);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    let kinds: Vec<(DeviceKind, Pos)> = race.devices().iter().map(|d| (d.kind, d.at)).collect();
    assert_eq!(
        kinds,
        [
            (DeviceKind::BigOne, Pos::new(0, 1)),
            (DeviceKind::ScramblerBomb, Pos::new(14, 0))
        ]
    );
    let _ = race.advance_to(Milestone::RoundEnd);
    assert_eq!(race.devices().len(), 2, "nothing before the turn's end");
    assert_eq!(race.robots()[0].damage, 0);
    // The next turn's start: both go off before the deal (robot 0 takes
    // every token of the blast).
    loop {
        let _ = race.advance_to(Milestone::RegisterStart(1));
        match super::asked(&race) {
            Some((p, crate::race::Decision::Prevent)) => {
                race.answer(p, crate::race::Action::Prevent(None)).unwrap();
            }
            _ => break,
        }
    }
    assert!(race.devices().is_empty());
    // 64 halved per square: robot 0 three squares away takes 8 (and is
    // dealt one card less per token); robot 2 is 10 squares away.
    assert_eq!(race.robots()[0].damage, 8);
    assert_eq!(race.robots()[0].hand.len(), 1);
    assert_eq!(race.robots()[2].damage, 0);
    // Robots 1 and 2 (6 squares away) are scrambled for this turn, robot 0 not.
    let round = race.round();
    let scrambled: Vec<bool> = race
        .robots()
        .iter()
        .map(|r| r.marks.aborted == round)
        .collect();
    assert_eq!(scrambled, [false, true, true]);
}

#[test]
fn belts_carry_flat_devices_pushers_push_only_the_big_one_and_crushers_remove_them() {
    let json = r#"{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +", " y>   .  X1   .  ", "+   +   +   +   +",
                  " p>1  .   .   .  ", "+   +   +   +   +", "  .   .   .   .  ",
                  "+   +   +   +   +"],
        "devices": [{"kind": "Goo", "at": [0, 0], "owner": 0}, {"kind": "Mine", "at": [2, 0], "owner": 0},
                    {"kind": "BigOne", "at": [0, 1], "owner": 1}, {"kind": "Mine", "at": [0, 1], "owner": 1}],
        "robots": [{"at": [0, 2], "facing": "S"}, {"at": [3, 2], "facing": "S"}]}"#;
    let (mut race, _) = scenario_race(json);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    let left: Vec<(DeviceKind, Pos)> = race.devices().iter().map(|d| (d.kind, d.at)).collect();
    assert_eq!(
        left,
        [
            (DeviceKind::Goo, Pos::new(1, 0)),
            (DeviceKind::BigOne, Pos::new(1, 1)),
            (DeviceKind::Mine, Pos::new(0, 1))
        ]
    );
}
