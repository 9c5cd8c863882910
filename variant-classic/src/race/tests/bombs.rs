//! Buzz Bomb (`race/devices/buzz.rs`): the bomb's cards dealt, programmed
//! and launched; the bomb running its cards at their priorities among the
//! robots'; its explosions; the program seen by its owner only.

use super::scenario_race;
use crate::cards::Card;
use crate::options::OptionCard;
use crate::race::{Action, DeviceKind, Event, Reason, BOMB_CARDS};
use robo_core::geom::{Dir, Pos};
use robo_core::ids::PlayerId;
use robo_core::protocol::ActionError;
use robo_core::Game;

const OPEN: &str = r#"["+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"]"#;

/// At programming: robot 0 on (0, 2) facing east holds a Buzz Bomb whose
/// cards are `bomb` (five U-Turns in its hand); robot 1 on (2, 2) facing
/// north has `hand`.
fn race(bomb: &str, hand: &str) -> crate::Race {
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "programming", "robots": [
        {{"at": [0, 2], "facing": "E", "options": ["Buzz Bomb"],
          "hand": ["U-Turn 10", "U-Turn 20", "U-Turn 30", "U-Turn 40", "U-Turn 50"],
          "bomb": [{bomb}]}},
        {{"at": [2, 2], "facing": "N", "hand": [{hand}]}}]}}"#
    );
    let (mut race, _) = scenario_race(&json);
    race.run_on();
    race
}

fn card(priority: u16) -> Card {
    crate::cards::card(priority).unwrap()
}

/// Each robot programs its hand in order; robot 0 puts the bomb cards
/// `bomb` (priorities) in the bomb's registers first.
fn program(race: &mut crate::Race, bomb: &[u16]) {
    for &p in bomb {
        race.apply(PlayerId(0), Action::Bomb(card(p))).unwrap();
    }
    for p in 0..2u8 {
        for c in race.robots()[usize::from(p)].hand.clone() {
            race.apply(PlayerId(p), Action::Program(c)).unwrap();
        }
    }
    race.apply(PlayerId(1), Action::Announce(false)).unwrap();
}

const ROBOT_1: &str =
    r#""Move 2 700", "Rotate Left 70", "Rotate Right 80", "Rotate Left 90", "Rotate Right 100""#;

#[test]
fn a_buzz_bomb_runs_its_card_at_the_cards_priority_among_the_robots() {
    // The bomb's Move 2 720 goes before robot 1's Move 2 700: it flies
    // into robot 1's cell and explodes for 4 there.
    let mut r = race(
        r#""Move 2 720", "Rotate Left 110", "Rotate Left 130", "Rotate Left 150", "Rotate Left 170""#,
        ROBOT_1,
    );
    assert_eq!(r.robots()[0].marks.bomb.unwrap().hand[0], Some(card(720)));
    program(&mut r, &[720]);
    let events = r.apply(PlayerId(0), Action::Announce(false)).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::DeviceLaid { device } if device.kind == DeviceKind::BuzzBomb && device.at == Pos::new(0, 2)
    )));
    assert!(events.contains(&Event::Exploded {
        at: Pos::new(2, 2),
        damage: 4,
        device: Some(0),
    }));
    assert_eq!(r.robots()[1].damage, 4);
    assert_eq!(r.robots()[0].options[0].payload, 2, "one bomb launched");
    assert!(r.devices().is_empty());
    r.check_invariants().unwrap();

    // Its Move 2 680 goes after robot 1's Move 2 700: robot 1 is gone
    // north, the bomb lands on (2, 2) and turns left four times (its
    // registers 2 to 5 filled from its hand, in the order dealt).
    let mut r = race(
        r#""Move 2 680", "Rotate Left 110", "Rotate Left 130", "Rotate Left 150", "Rotate Left 170""#,
        ROBOT_1,
    );
    program(&mut r, &[680]);
    let events = r.apply(PlayerId(0), Action::Announce(false)).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::Exploded { .. })));
    assert_eq!(r.robots()[1].damage, 0);
    let bomb = r.devices()[0];
    assert_eq!(
        (bomb.kind, bomb.at, bomb.facing),
        (DeviceKind::BuzzBomb, Pos::new(2, 2), Dir::E)
    );
    // The turn is over: the bomb's cards are discarded, the bomb flies on
    // and is dealt five new cards for the next turn.
    assert_eq!(r.round(), 2);
    let dealt = r.robots()[0].marks.bomb.unwrap();
    assert_eq!(dealt.hand.iter().flatten().count(), BOMB_CARDS);
    assert!(!dealt.is_on());
    r.check_invariants().unwrap();
}

#[test]
fn a_buzz_bomb_explodes_on_its_cell_at_a_wall() {
    // A wall between (2, 2) and (3, 2): the bomb's Move 3 east stops there
    // and it explodes on (2, 2); its robot, 2 squares away, takes 1.
    let board = OPEN.replace(
        r#""  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"]"#,
        r#""  .   .   . | .   .   .  ", "+   +   +   +   +   +   +"]"#,
    );
    let json = format!(
        r#"{{"edition": "classic", "board": {board}, "start": "programming", "robots": [
        {{"at": [0, 2], "facing": "E", "options": ["Buzz Bomb"],
          "hand": ["U-Turn 10", "U-Turn 20", "U-Turn 30", "U-Turn 40", "U-Turn 50"],
          "bomb": ["Move 3 800", "Move 1 500", "Move 1 510", "Move 1 520", "Move 1 530"]}},
        {{"at": [5, 0], "facing": "N", "power": "down"}}]}}"#
    );
    let (mut r, _) = scenario_race(&json);
    r.run_on();
    r.apply(PlayerId(0), Action::Bomb(card(800))).unwrap();
    for c in r.robots()[0].hand.clone() {
        r.apply(PlayerId(0), Action::Program(c)).unwrap();
    }
    let events = r.apply(PlayerId(0), Action::Announce(false)).unwrap();
    assert!(events.contains(&Event::Exploded {
        at: Pos::new(2, 2),
        damage: 4,
        device: Some(0),
    }));
    assert_eq!(
        super::asked(&r),
        Some((PlayerId(0), crate::race::Decision::Prevent)),
        "1 token comes to robot 0, which may give up its option"
    );
    r.apply(PlayerId(0), Action::Prevent(None)).unwrap();
    assert_eq!(r.robots()[0].damage, 1);
    assert!(r.devices().is_empty());
}

#[test]
fn bomb_cards_are_refused_with_a_reason_and_the_game_unchanged() {
    let mut r = race(
        r#""Move 2 720", "Rotate Left 110", "Rotate Left 130", "Rotate Left 150", "Rotate Left 170""#,
        ROBOT_1,
    );
    let refused = |r: &mut crate::Race, p: u8, a| {
        let before = r.clone();
        let why = match r.apply(PlayerId(p), a) {
            Err(ActionError::Illegal(why)) => why,
            other => panic!("{other:?}"),
        };
        assert_eq!(*r, before);
        why
    };
    // A card of its own hand, not the bomb's; a robot without bomb cards.
    assert_eq!(
        refused(&mut r, 0, Action::Bomb(card(10))),
        Reason::NotInBombHand(card(10))
    );
    assert_eq!(
        refused(&mut r, 1, Action::Bomb(card(720))),
        Reason::NoBombCards
    );
    let mut legal = Vec::new();
    r.legal_actions(PlayerId(0), &mut legal);
    assert!(legal.contains(&Action::Bomb(card(170))));
    for p in [720, 110, 130, 150, 170] {
        r.apply(PlayerId(0), Action::Bomb(card(p))).unwrap();
    }
    r.legal_actions(PlayerId(0), &mut legal);
    assert!(!legal.iter().any(|a| matches!(a, Action::Bomb(_))));
    assert_eq!(
        refused(&mut r, 0, Action::Bomb(card(720))),
        Reason::BombProgrammed
    );
}

#[test]
fn a_bomb_not_switched_on_is_not_launched_and_its_cards_are_hidden_from_the_others() {
    let mut r = race(
        r#""Move 2 720", "Rotate Left 110", "Rotate Left 130", "Rotate Left 150", "Rotate Left 170""#,
        ROBOT_1,
    );
    let mine = r.view(PlayerId(0));
    assert_eq!(mine.robots[0].bomb, r.robots()[0].marks.bomb);
    let theirs = serde_json::to_string(&r.view(PlayerId(1))).unwrap();
    for c in r.robots()[0].marks.bomb_cards() {
        let c = serde_json::to_string(&c).unwrap();
        assert!(!theirs.contains(&c), "player 1 sees {c}");
    }
    program(&mut r, &[]);
    let events = r.apply(PlayerId(0), Action::Announce(false)).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::DeviceLaid { .. })));
    assert_eq!(r.robots()[0].options[0].payload, 3);
    assert_eq!(r.round(), 2);
    // Dealt again (payload left), with new cards.
    assert!(r.robots()[0].marks.bomb.is_some());
    assert_eq!(r.robots()[0].options[0].card, OptionCard::BuzzBomb);
}

#[test]
fn a_bomb_launched_inside_an_option_damping_field_is_lost() {
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "programming", "robots": [
        {{"at": [0, 2], "facing": "E", "options": ["Buzz Bomb"],
          "hand": ["U-Turn 10", "U-Turn 20", "U-Turn 30", "U-Turn 40", "U-Turn 50"],
          "bomb": ["Move 2 720", "Rotate Left 110", "Rotate Left 130", "Rotate Left 150", "Rotate Left 170"]}},
        {{"at": [2, 2], "facing": "N", "options": ["Option Damping Field"], "hand": [{ROBOT_1}]}}]}}"#
    );
    let (mut r, _) = scenario_race(&json);
    r.run_on();
    r.apply(
        PlayerId(1),
        Action::Set {
            option: OptionCard::OptionDampingField,
            setting: crate::race::Setting::Switch(true),
        },
    )
    .unwrap();
    program(&mut r, &[720]);
    let events = r.apply(PlayerId(0), Action::Announce(false)).unwrap();
    assert!(events.contains(&Event::Damped {
        player: PlayerId(0),
        option: Some(OptionCard::BuzzBomb),
    }));
    assert!(!events.iter().any(|e| matches!(e, Event::DeviceLaid { .. })));
    assert_eq!(r.robots()[0].options[0].payload, 2, "the payload is spent");
    assert!(r.devices().is_empty());
}
