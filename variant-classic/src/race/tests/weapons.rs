//! The optional weapons: asked at the robot lasers' step, fired in the
//! main laser's place, their forced moves after the damage.

use super::{asked, scenario_race};
use crate::options::OptionCard;
use crate::race::{Action, Decision, Event};
use crate::Race;
use robo_core::agenda::Milestone;
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::race::frame::GridRace as _;
use robo_core::Game;

const OPEN: &str = r#"["+   +   +   +   +   +", "  .   .   .   .   .  ", "+   +   +   +   +   +", "  .   .   .   .   .  ", "+   +   +   +   +   +", "  .   .   .   .   .  ", "+   +   +   +   +   +"]"#;

/// Robot 0 at `(x0, 1)` facing east with `options`, robot 1 at `(x1, 1)`
/// facing `f1`, from register `start`; run until the first question or
/// the end of that register.
fn duel(x0: i16, options: &str, x1: i16, f1: &str, start: u8, regs: &str) -> Race {
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register {start}",
        "robots": [{{"at": [{x0}, 1], "facing": "E", "options": [{options}]}},
                   {{"at": [{x1}, 1], "facing": "{f1}", "registers": [{regs}]}}]}}"#
    );
    let (mut race, _) = scenario_race(&json);
    let _ = race.advance_to(Milestone::RegisterEnd(start));
    race
}

fn legal(race: &Race, p: u8) -> Vec<Action> {
    let mut out = Vec::new();
    race.legal_actions(PlayerId(p), &mut out);
    out
}

fn x_of(race: &Race, p: u8) -> Option<i16> {
    race.world()
        .at(robo_core::ids::RobotId(p))
        .map(|(at, _)| at.x)
}

#[test]
fn an_optional_weapon_is_offered_at_the_robot_lasers_step_only_with_a_target() {
    let race = duel(0, r#""Pressor Beam""#, 2, "N", 1, "");
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Weapon)));
    assert_eq!(
        legal(&race, 0),
        [
            Action::Fire(None),
            Action::Fire(Some(OptionCard::PressorBeam))
        ]
    );
    // No robot in line: no question, the register ends.
    let race = duel(0, r#""Pressor Beam""#, 2, "N", 1, "");
    let json = serde_json::to_string(&race).unwrap();
    assert!(
        serde_json::from_str::<Race>(&json).is_ok(),
        "saved mid-question"
    );
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1",
        "robots": [{{"at": [0, 1], "facing": "N", "options": ["Pressor Beam"]}},
                   {{"at": [2, 1], "facing": "N"}}]}}"#
    );
    let (mut race, _) = scenario_race(&json);
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    assert_eq!(asked(&race), None);
    assert_eq!(race.register(), 1);
}

#[test]
fn the_pressor_beam_pushes_after_the_damage_of_the_step() {
    // Robot 1 faces robot 0 and shoots it; robot 0 may discard its option
    // against that token: the push waits for the answer.
    let mut race = duel(0, r#""Pressor Beam""#, 2, "W", 1, "");
    let mut events = race
        .apply(PlayerId(0), Action::Fire(Some(OptionCard::PressorBeam)))
        .unwrap();
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Prevent)));
    assert_eq!(x_of(&race, 1), Some(2), "not pushed yet");
    events.extend(race.apply(PlayerId(0), Action::Prevent(None)).unwrap());
    assert_eq!(x_of(&race, 1), Some(3));
    assert_eq!(race.robots()[1].damage, 0, "a push, no token");
    assert_eq!(race.robots()[0].damage, 1);
    let token = events
        .iter()
        .position(|e| matches!(e, Event::Damaged { player, .. } if player.0 == 0))
        .unwrap();
    let push = events
        .iter()
        .position(|e| matches!(e, Event::Grid(GridEvent::Moved { robot, .. }) if robot.0 == 1))
        .unwrap();
    assert!(token < push, "damage first, then the forced move");
    assert!(events.contains(&Event::WeaponFired {
        player: PlayerId(0),
        option: OptionCard::PressorBeam,
        target: PlayerId(1)
    }));
    // The main laser instead: a token, no push.
    let mut race = duel(0, r#""Pressor Beam""#, 2, "N", 1, "");
    race.apply(PlayerId(0), Action::Fire(None)).unwrap();
    assert_eq!((x_of(&race, 1), race.robots()[1].damage), (Some(2), 1));
}

#[test]
fn the_tractor_beam_pulls_a_robot_that_is_not_beside_the_firer() {
    let mut race = duel(0, r#""Tractor Beam""#, 3, "N", 1, "");
    race.apply(PlayerId(0), Action::Fire(Some(OptionCard::TractorBeam)))
        .unwrap();
    assert_eq!(x_of(&race, 1), Some(2));
    // Beside it: not offered, and nothing else to ask.
    let race = duel(0, r#""Tractor Beam""#, 1, "N", 1, "");
    assert_eq!(asked(&race), None);
    assert_eq!(race.robots()[1].damage, 1, "the main laser fired");
}

#[test]
fn the_mini_howitzer_and_the_big_gun_spend_shells() {
    let mut race = duel(1, r#""Big Gun: 1", "Mini-Howitzer""#, 3, "N", 1, "");
    assert_eq!(
        legal(&race, 0),
        [
            Action::Fire(None),
            Action::Fire(Some(OptionCard::BigGun)),
            Action::Fire(Some(OptionCard::MiniHowitzer))
        ]
    );
    race.apply(PlayerId(0), Action::Fire(Some(OptionCard::BigGun)))
        .unwrap();
    assert_eq!(race.robots()[1].damage, 2);
    assert_eq!(x_of(&race, 0), Some(0), "the firer recoils");
    assert_eq!(x_of(&race, 1), Some(3));
    // Register 2: the Big Gun is empty (still held), the howitzer fires.
    assert_eq!(race.robots()[0].options[0].payload, 0);
    assert_eq!(
        legal(&race, 0),
        [
            Action::Fire(None),
            Action::Fire(Some(OptionCard::MiniHowitzer))
        ]
    );
    race.apply(PlayerId(0), Action::Fire(Some(OptionCard::MiniHowitzer)))
        .unwrap();
    assert_eq!(race.robots()[1].damage, 3);
    assert_eq!(x_of(&race, 1), Some(4));
    assert_eq!(race.robots()[0].options[1].payload, 4);
}

#[test]
fn the_scrambler_swaps_the_targets_next_card_before_the_last_register() {
    let mut race = duel(0, r#""Scrambler""#, 2, "N", 1, r#"null, "Move 2 670""#);
    race.apply(PlayerId(0), Action::Fire(Some(OptionCard::Scrambler)))
        .unwrap();
    let card = race.robots()[1].registers[1].unwrap();
    assert_ne!(card.priority, 670);
    assert_eq!(race.robots()[1].damage, 0);
    // Register 5 has no next card: not offered.
    let race = duel(0, r#""Scrambler""#, 2, "N", 5, "");
    assert_eq!(asked(&race), None);
    assert_eq!(race.robots()[1].damage, 1);
}

/// Runs `race` to the end of register `last`, firing main lasers.
fn lasers_to(race: &mut Race, last: u8) {
    while let Some((p, Decision::Weapon)) = {
        let _ = race.advance_to(Milestone::RegisterEnd(last));
        asked(race)
    } {
        race.answer(p, Action::Fire(None)).unwrap();
    }
}

#[test]
fn radio_control_makes_the_target_run_a_copy_of_the_program_just_after_the_shooter() {
    let board = r#"["+   +   +   +   +   +   +   +   +   +", "  .   .   .   .   .   .   .   .   .  ", "+   +   +   +   +   +   +   +   +   +", "  .   .   .   .   .   .   .   .   .  ", "+   +   +   +   +   +   +   +   +   +", "  .   .   .   .   .   .   .   .   .  ", "+   +   +   +   +   +   +   +   +   +"]"#;
    let json = |x: u8| {
        format!(
            r#"{{"edition": "classic", "start": "register 1", "board": {board},
            "robots": [{{"at": [0, 1], "facing": "N", "options": ["Radio Control"],
                         "registers": ["Rotate Right 80", "Move 1 500", "Rotate Left 70"]}},
                       {{"at": [{x}, 1], "facing": "N",
                         "registers": ["Rotate Right 100", "Move 2 700", "Move 2 710"]}}]}}"#
        )
    };
    // Six cells away: offered, and fired in register 1.
    let (mut race, _) = scenario_race(&json(6));
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Weapon)));
    let mut legal = Vec::new();
    race.legal_actions(PlayerId(0), &mut legal);
    let radio = Action::Fire(Some(OptionCard::RadioControl));
    assert!(legal.contains(&radio), "{legal:?}");
    race.answer(PlayerId(0), radio).unwrap();
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    assert_eq!(race.controller(PlayerId(1)), Some(PlayerId(0)));
    assert_eq!(race.robots()[1].damage, 0, "no laser shot");
    let _ = race.events_now();
    // Register 2: robot 1 runs the copy (Move 1 at 500), not its own
    // Move 2 at 700, just after robot 0.
    lasers_to(&mut race, 2);
    let at = |race: &Race, r: u8| race.world().at(RobotId(r));
    assert_eq!(at(&race, 0), Some((Pos::new(1, 1), Dir::E)));
    assert_eq!(at(&race, 1), Some((Pos::new(7, 1), Dir::E)));
    let moved: Vec<_> = race
        .events_now()
        .iter()
        .filter_map(|e| match e {
            Event::Grid(GridEvent::Moved { robot, .. }) => Some(robot.0),
            _ => None,
        })
        .collect();
    assert_eq!(moved, [0, 1], "the copy runs after its controller");
    lasers_to(&mut race, 3);
    assert_eq!(
        at(&race, 1),
        Some((Pos::new(7, 1), Dir::N)),
        "Rotate Left copied"
    );
    // The control ends with the turn.
    lasers_to(&mut race, 5);
    assert_eq!(race.controller(PlayerId(1)), Some(PlayerId(0)));
    let _ = race.advance_to(Milestone::RegisterStart(1));
    assert_eq!(race.controller(PlayerId(1)), None);
    assert_eq!(race.robots()[1].marks.radio, None);
    // Seven cells away: not offered; the main laser fires unasked.
    let (mut race, _) = scenario_race(&json(7));
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    assert_eq!(race.robots()[1].damage, 1);
    assert_eq!(race.controller(PlayerId(1)), None);
}
