//! Devices on the board and explosions: the blast's arithmetic, mines,
//! missiles, and explosive launchers destroyed with devices left.

use super::{asked, scenario_race};
use crate::race::{blast_damage, Action, Decision, DeviceKind, Event};
use robo_core::agenda::Milestone;
use robo_core::geom::Pos;
use robo_core::ids::{PlayerId, RobotId};
use robo_core::race::frame::GridRace as _;
use robo_core::Game;

/// Robots on an open 7 x 3 board with a wall east of (3, 1) and the
/// `devices` (JSON), each robot `(x, y, facing, options, registers)`.
fn board(robots: &[(i16, i16, &str, &str, &str)], devices: &str) -> crate::Race {
    let list: Vec<String> = robots
        .iter()
        .map(|(x, y, f, o, r)| {
            format!(
                r#"{{"at": [{x}, {y}], "facing": "{f}", "options": [{o}], "registers": [{r}]}}"#
            )
        })
        .collect();
    let json = format!(
        r#"{{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +   +   +   +", "  .   .   .   .   .   .   .  ",
                  "+   +   +   +   +   +   +   +", "  .   .   .   . | .   .   .  ",
                  "+   +   +   +   +   +   +   +", "  .   .   .   .   .   .   .  ",
                  "+   +   +   +   +   +   +   +"],
        "robots": [{}], "devices": [{devices}]}}"#,
        list.join(", ")
    );
    let (mut race, _) = scenario_race(&json);
    race.run_on();
    race
}

fn damage(race: &crate::Race, p: usize) -> u8 {
    race.robots()[p].damage
}

#[test]
fn a_blast_halves_per_square_and_walls_lengthen_the_path() {
    let race = board(
        &[
            (0, 1, "N", "", ""),
            (1, 1, "N", "", ""),
            (2, 1, "N", "", ""),
            (4, 1, "N", "", ""),
            (3, 2, "N", "", ""),
        ],
        "",
    );
    let hits = blast_damage(race.world(), Pos::new(3, 1), 8);
    let of = |r: u8| hits.iter().find(|h| h.0 == RobotId(r)).map(|h| h.1);
    // 3 squares west, 2, 1; beside it beyond the wall (path of 3); below.
    assert_eq!(
        [of(0), of(1), of(2), of(3), of(4)],
        [Some(1), Some(2), Some(4), Some(1), Some(4)]
    );
    // A 1-point blast reaches only its cell; a 64-point one 6 squares
    // (robot 0 is 7 away from (6, 0)).
    assert_eq!(blast_damage(race.world(), Pos::new(0, 1), 1).len(), 1);
    assert_eq!(blast_damage(race.world(), Pos::new(6, 0), 64).len(), 4);
}

#[test]
fn a_robot_crossing_a_mine_sets_it_off_and_a_flying_one_does_not() {
    // Robot 0 runs a Move 2 over the mine on (1, 1); robot 1 stands beside it.
    let mine = r#"{"kind": "Mine", "at": [1, 1], "owner": 1}"#;
    let mut race = board(
        &[(0, 1, "E", "", r#""Move 2 700""#), (1, 0, "N", "", "")],
        mine,
    );
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    let events = race.events_now();
    assert!(events.contains(&Event::Exploded {
        at: Pos::new(1, 1),
        damage: 4,
        device: Some(0)
    }));
    assert!(race.devices().is_empty(), "the mine is gone");
    // Robot 0 was on the mine (4); robot 1 one square away (2).
    assert_eq!((damage(&race, 0), damage(&race, 1)), (4, 2));
    // Flying with its Frog Legs, robot 0 passes over it.
    let mut race = board(
        &[
            (0, 1, "E", r#""Frog Legs""#, r#""Move 2 700""#),
            (1, 0, "N", "", ""),
        ],
        mine,
    );
    race.apply(PlayerId(0), Action::Hop(true)).unwrap();
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    assert_eq!(race.devices().len(), 1);
    assert_eq!((damage(&race, 0), damage(&race, 1)), (0, 0));
}

#[test]
fn a_missile_is_launched_in_place_of_the_laser_and_flies_two_cells_a_register() {
    // Robot 0 faces robot 1 five cells east; robot 2 is out of the way.
    let mut race = board(
        &[
            (0, 0, "E", r#""Missile Launcher: 2""#, ""),
            (5, 0, "N", "", ""),
            (6, 2, "N", "", ""),
        ],
        "",
    );
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Weapon)));
    let launcher = crate::options::OptionCard::MissileLauncher;
    race.apply(PlayerId(0), Action::Fire(Some(launcher)))
        .unwrap();
    // Register 2's weapon question: the missile flew 2 cells at the start
    // of the cards; no laser hit robot 1 in register 1.
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Weapon)));
    assert_eq!(race.register(), 2);
    let d = race.devices();
    assert_eq!(d.len(), 1);
    assert_eq!(
        (d[0].kind, d[0].at, d[0].owner),
        (DeviceKind::Missile, Pos::new(2, 0), PlayerId(0))
    );
    assert_eq!(damage(&race, 1), 0, "no laser fired");
    assert_eq!(race.robots()[0].options[0].payload, 1);
    race.apply(PlayerId(0), Action::Fire(None)).unwrap();
    // Register 3: (4, 0), one laser token so far.
    assert_eq!(race.register(), 3);
    assert_eq!(race.devices()[0].at, Pos::new(4, 0));
    assert_eq!(damage(&race, 1), 1);
    race.apply(PlayerId(0), Action::Fire(None)).unwrap();
    // Register 4: it reaches robot 1 on (5, 0) and explodes.
    assert_eq!(race.register(), 4);
    assert!(race.devices().is_empty());
    assert_eq!(damage(&race, 1), 2 + 4);
}

#[test]
fn a_missile_explodes_at_a_wall_on_its_own_cell() {
    let missile = r#"{"kind": "Missile", "at": [2, 1], "facing": "E", "owner": 0}"#;
    let mut race = board(&[(0, 0, "S", "", ""), (5, 2, "N", "", "")], missile);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    let events = race.events_now();
    assert!(events.contains(&Event::Exploded {
        at: Pos::new(3, 1),
        damage: 4,
        device: Some(0)
    }));
    assert!(race.devices().is_empty());
}

#[test]
fn an_explosive_launcher_destroyed_with_devices_left_explodes() {
    // Robot 0 (9 damage) holds a Missile Launcher with 2 missiles; robot
    // 1 stands below it; robot 2 shoots robot 0.
    let json = r#"{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +   +", "  .   .   .   .   .  ", "+   +   +   +   +   +",
                  "  .   .   .   .   .  ", "+   +   +   +   +   +"],
        "robots": [{"at": [1, 0], "facing": "N", "damage": 9, "options": ["Missile Launcher: 2"]},
                   {"at": [1, 1], "facing": "W"},
                   {"at": [0, 0], "facing": "E"}]}"#;
    let (mut race, _) = scenario_race(json);
    race.run_on();
    // Asked whether to discard the launcher for the laser's token: no.
    let mut steps = 0;
    let mut all = race.events_now();
    while let Some((p, d)) = asked(&race) {
        let a = match d {
            Decision::Prevent => Action::Prevent(None),
            Decision::Weapon => Action::Fire(None),
            _ => break,
        };
        all.extend(race.apply(p, a).unwrap());
        steps += 1;
        assert!(steps < 10);
        if race.robots()[0].destroyed {
            break;
        }
    }
    all.extend(race.events_now());
    assert!(race.robots()[0].destroyed);
    let blasts = all
        .iter()
        .filter(|e| matches!(e, Event::Exploded { at, damage: 4, device: None } if *at == Pos::new(1, 0)))
        .count();
    assert_eq!(blasts, 2);
    // Two 4-point explosions on (1, 0): 2 + 2 one square away.
    assert_eq!((damage(&race, 1), damage(&race, 2)), (4, 4));
}

#[test]
fn a_drone_hunts_its_mark_explodes_on_the_robot_and_pushes_it() {
    // Robot 0 launches a drone at robot 1, 5 cells east: the mark is
    // robot 1's cell; robot 1 stays.
    let mut race = board(
        &[(0, 0, "E", r#""Drone Launcher""#, ""), (5, 0, "N", "", "")],
        "",
    );
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Weapon)));
    let launcher = crate::options::OptionCard::DroneLauncher;
    race.apply(PlayerId(0), Action::Fire(Some(launcher)))
        .unwrap();
    // Register 2: 3 cells towards (5, 0).
    assert_eq!(race.register(), 2);
    let d = race.devices()[0];
    assert_eq!(
        (d.kind, d.at, d.mark),
        (DeviceKind::Drone, Pos::new(3, 0), Some(Pos::new(5, 0)))
    );
    race.apply(PlayerId(0), Action::Fire(None)).unwrap();
    // Register 3: it reaches robot 1, explodes for 2 and pushes it east.
    assert!(race.devices().is_empty());
    assert_eq!(
        race.world().at(RobotId(1)).map(|b| b.0),
        Some(Pos::new(6, 0))
    );
    // One laser token (register 2), the blast's 2 (register 3, before the
    // lasers: robot 0 is asked again).
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Weapon)));
    assert_eq!(damage(&race, 1), 3);
}

#[test]
fn an_idle_drone_turns_left_and_marks_the_first_robot_it_sees() {
    // A drone on (3, 2) facing north without a mark; robot 1 on (1, 2).
    let drone = r#"{"kind": "Drone", "at": [3, 2], "facing": "N", "owner": 0}"#;
    let mut race = board(&[(6, 0, "S", "", ""), (1, 2, "N", "", "")], drone);
    // Nothing asks: the turn ran. Register 1: it turned to face west and
    // saw robot 1 at the lasers' step; register 2: it flew 2 cells into
    // robot 1, blew up and pushed it west.
    let events = race.events_now();
    let moved: Vec<Pos> = events
        .iter()
        .filter_map(|e| match e {
            Event::DeviceMoved { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    assert_eq!(moved, [Pos::new(2, 2), Pos::new(1, 2)]);
    assert!(events.contains(&Event::Exploded {
        at: Pos::new(1, 2),
        damage: 2,
        device: Some(0)
    }));
    assert!(race.devices().is_empty());
    assert_eq!(damage(&race, 1), 2);
    assert_eq!(
        race.world().at(RobotId(1)).map(|b| b.0),
        Some(Pos::new(0, 2))
    );
}
