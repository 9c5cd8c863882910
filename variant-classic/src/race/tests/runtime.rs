//! The run-time and mandatory options of `race/options/{mandatory,runtime}.rs`:
//! Power Down Shield, Converter, Superior Archive Copy, Recompile, Abort
//! Switch, Reengineering Unit.

use super::{asked, first_options, scenario_race};
use crate::options::OptionCard;
use crate::race::{Action, Decision, Event, Loss, Power};
use robo_core::geom::Pos;
use robo_core::ids::PlayerId;
use robo_core::race::frame::GridRace as _;
use robo_core::Game;

const OPEN: &str = r#"["+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"]"#;

/// A race on open floor from `start`, with `robots` (file JSON), run on
/// to its first question.
fn race(start: &str, robots: &str) -> crate::Race {
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "{start}", "robots": [{robots}]}}"#
    );
    let (mut race, _) = scenario_race(&json);
    race.run_on();
    race
}

fn held(race: &crate::Race, p: usize) -> Vec<OptionCard> {
    race.robots()[p].options.iter().map(|h| h.card).collect()
}

fn legal(race: &crate::Race, p: u8) -> Vec<Action> {
    let mut out = Vec::new();
    race.legal_actions(PlayerId(p), &mut out);
    out
}

#[test]
fn power_down_shield_stops_one_token_per_side_per_register_while_down() {
    // Robot 0, powered down between two shooters (east and west), is hit
    // from both sides each register: both sides stop their token.
    let robots = r#"{"at": [2, 0], "facing": "N", "power": "down", "options": ["Power Down Shield"]},
        {"at": [5, 0], "facing": "W"}, {"at": [0, 0], "facing": "E"}"#;
    let r = race("register 1", robots);
    assert_eq!(
        asked(&r),
        Some((PlayerId(0), Decision::StayDown)),
        "the turn ran through to the end unasked"
    );
    assert_eq!(r.robots()[0].damage, 0);
    // Running, the shield does nothing: each shot asks (it holds an
    // option), and the first is taken.
    let robots = r#"{"at": [2, 0], "facing": "N", "options": ["Power Down Shield"]},
        {"at": [5, 0], "facing": "W"}"#;
    let mut r = race("register 1", robots);
    assert_eq!(asked(&r), Some((PlayerId(0), Decision::Prevent)));
    r.apply(PlayerId(0), Action::Prevent(None)).unwrap();
    assert_eq!(r.robots()[0].damage, 1);
    // Two tokens from one side (a Double-Barrel Laser): one is stopped,
    // the other comes on (asked, since the robot holds an option).
    let robots = r#"{"at": [2, 0], "facing": "N", "power": "down", "options": ["Power Down Shield"]},
        {"at": [5, 0], "facing": "W", "options": ["Double-Barrel Laser"]}"#;
    let mut r = race("register 1", robots);
    assert_eq!(asked(&r), Some((PlayerId(0), Decision::Prevent)));
    assert_eq!(r.register(), 1);
    r.apply(PlayerId(0), Action::Prevent(None)).unwrap();
    assert_eq!(r.robots()[0].damage, 1);
    assert_eq!(r.register(), 2, "register 2 asks again, its sides fresh");
}

#[test]
fn converter_turns_tokens_into_fuel_and_blows_up_at_the_third() {
    // Robot 0 is shot once a register by robot 1; robot 2 stands beside it.
    let robots = r#"{"at": [2, 0], "facing": "S", "options": ["Converter"]},
        {"at": [5, 0], "facing": "W"}, {"at": [2, 1], "facing": "E"}"#;
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1", "run": {{"registers": 2}}, "robots": [{robots}]}}"#
    );
    let (mut r, _) = scenario_race(&json);
    let _ = r.advance_to(robo_core::agenda::Milestone::RegisterEnd(2));
    assert_eq!(r.robots()[0].damage, 0, "two tokens became fuel");
    assert_eq!(r.robots()[0].options[0].payload, 2);
    let mut events = Vec::new();
    r.take_events(&mut events);
    r.run_on();
    r.take_events(&mut events);
    assert!(events.contains(&Event::OptionLost {
        player: PlayerId(0),
        option: OptionCard::Converter,
        why: Loss::Exploded
    }));
    // Register 3: the third token blew it up (2 tokens to its robot, 1 to
    // the robot beside it); registers 4 and 5 hit as usual.
    assert_eq!(r.robots()[0].damage, 2 + 2);
    assert_eq!(r.robots()[1].damage, 0, "three cells away: untouched");
    // Robot 2 was shot by robot 0 (facing south) each register too.
    assert_eq!(r.robots()[2].damage, 5 + 1);
}

#[test]
fn converter_fuel_adds_a_cell_to_the_next_move_card() {
    let robots = r#"{"at": [0, 1], "facing": "E", "options": ["Converter: 1"], "registers": ["Move 1", "Move 1"]},
        {"at": [5, 0], "facing": "N"}"#;
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1", "robots": [{robots}]}}"#
    );
    let (mut r, _) = scenario_race(&json);
    let _ = r.advance_to(robo_core::agenda::Milestone::RegisterEnd(1));
    assert_eq!(
        r.world().at(robo_core::ids::RobotId(0)).unwrap().0,
        Pos::new(2, 1)
    );
    assert_eq!(r.robots()[0].options[0].payload, 0);
    let _ = r.advance_to(robo_core::agenda::Milestone::RegisterEnd(2));
    assert_eq!(
        r.world().at(robo_core::ids::RobotId(0)).unwrap().0,
        Pos::new(3, 1)
    );
}

/// Robot 0 with nine tokens and `options` is shot in register 5 and takes
/// the token; the run stops at its first question after the destruction.
fn destroyed_with(options: &str) -> crate::Race {
    let robots = format!(
        r#"{{"at": [0, 0], "facing": "N", "damage": 9, "options": [{options}]}}, {{"at": [3, 0], "facing": "W"}}"#
    );
    let mut r = race("register 5", &robots);
    r.apply(PlayerId(0), Action::Prevent(None)).unwrap();
    r
}

#[test]
fn superior_archive_copy_is_offered_at_re_entry_even_when_it_was_lost() {
    // Its only option: lost to the destruction, still offered.
    let mut r = destroyed_with(r#""Superior Archive Copy""#);
    assert!(r.robots()[0].options.is_empty());
    let ask = Decision::UseOption(OptionCard::SuperiorArchiveCopy);
    assert_eq!(asked(&r), Some((PlayerId(0), ask)));
    assert_eq!(
        legal(&r, 0),
        [Action::UseOption(false), Action::UseOption(true)]
    );
    r.apply(PlayerId(0), Action::UseOption(true)).unwrap();
    assert_eq!(asked(&r), Some((PlayerId(0), Decision::ReEnter)));
    r.apply(PlayerId(0), legal(&r, 0)[0]).unwrap();
    assert_eq!(r.robots()[0].damage, 0);
    // Kept, it lost nothing: the robot re-enters with two tokens and the
    // copy stays held.
    let mut r = destroyed_with(r#""Superior Archive Copy", "Brakes""#);
    r.apply(PlayerId(0), Action::LoseOption(1)).unwrap();
    assert_eq!(asked(&r), Some((PlayerId(0), ask)));
    r.apply(PlayerId(0), Action::UseOption(false)).unwrap();
    r.apply(PlayerId(0), legal(&r, 0)[0]).unwrap();
    assert_eq!(r.robots()[0].damage, 2);
    assert_eq!(held(&r, 0), [OptionCard::SuperiorArchiveCopy]);
    // Used while held: discarded.
    let mut r = destroyed_with(r#""Superior Archive Copy", "Brakes""#);
    r.apply(PlayerId(0), Action::LoseOption(1)).unwrap();
    let events = r.apply(PlayerId(0), Action::UseOption(true)).unwrap();
    assert!(events.is_empty() || !events.iter().any(|e| matches!(e, Event::Reentered { .. })));
    let events = r.apply(PlayerId(0), legal(&r, 0)[0]).unwrap();
    assert!(events.contains(&Event::OptionLost {
        player: PlayerId(0),
        option: OptionCard::SuperiorArchiveCopy,
        why: Loss::Used
    }));
    assert_eq!(r.robots()[0].damage, 0);
    // A robot without it is not asked.
    let r = destroyed_with(r#""Brakes""#);
    assert_eq!(asked(&r), Some((PlayerId(0), Decision::ReEnter)));
}

#[test]
fn recompile_trades_the_hand_for_one_token_after_the_deal() {
    let robots =
        r#"{"at": [0, 0], "facing": "N", "options": ["Recompile"]}, {"at": [5, 1], "facing": "N"}"#;
    let mut r = race("register 5", robots);
    let ask = Decision::UseOption(OptionCard::Recompile);
    assert_eq!(asked(&r), Some((PlayerId(0), ask)), "after the deal");
    let before = r.robots()[0].hand.clone();
    assert_eq!(before.len(), 9);
    r.apply(PlayerId(0), Action::UseOption(true)).unwrap();
    // The token asks first (the robot holds an option); taken, the new
    // hand has the old one's size.
    assert_eq!(asked(&r), Some((PlayerId(0), Decision::Prevent)));
    r.apply(PlayerId(0), Action::Prevent(None)).unwrap();
    assert_eq!(r.robots()[0].damage, 1);
    let after = r.robots()[0].hand.clone();
    assert_eq!(after.len(), 9, "the token does not shrink the new hand");
    assert_ne!(after, before);
    assert!(matches!(
        r.pending(),
        robo_core::protocol::Pending::Simultaneous {
            decision: Decision::Program,
            ..
        }
    ));
    r.check_invariants().unwrap();
    // Declined: the hand stays.
    let mut r = race("register 5", robots);
    let before = r.robots()[0].hand.clone();
    r.apply(PlayerId(0), Action::UseOption(false)).unwrap();
    assert_eq!(r.robots()[0].hand, before);
    assert_eq!(r.robots()[0].damage, 0);
}

#[test]
fn abort_switch_is_asked_before_each_reveal_until_thrown() {
    // A wide floor, so the random cards keep the robot on it.
    let rows: Vec<String> = (0..25)
        .map(|y| {
            if y % 2 == 0 {
                format!("+{}", "   +".repeat(12))
            } else {
                format!("  .{}  ", "   .".repeat(11))
            }
        })
        .collect();
    let json = format!(
        r#"{{"edition": "classic", "board": {}, "start": "register 1", "robots": [
        {{"at": [6, 6], "facing": "E", "options": ["Abort Switch"],
          "registers": ["U-Turn", "U-Turn", "U-Turn", "U-Turn", "U-Turn"]}},
        {{"at": [0, 0], "facing": "N"}}]}}"#,
        serde_json::to_string(&rows).unwrap()
    );
    let (mut r, _) = scenario_race(&json);
    r.run_on();
    let ask = Decision::UseOption(OptionCard::AbortSwitch);
    assert_eq!(asked(&r), Some((PlayerId(0), ask)));
    assert_eq!(r.register(), 0, "before register 1 is revealed");
    r.apply(PlayerId(0), Action::UseOption(false)).unwrap();
    assert_eq!(asked(&r), Some((PlayerId(0), ask)));
    assert_eq!(r.register(), 1, "again before register 2");
    let events = r.apply(PlayerId(0), Action::UseOption(true)).unwrap();
    let random: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            Event::Randomized {
                player: PlayerId(0),
                register,
                ..
            } => Some(*register),
            _ => None,
        })
        .collect();
    assert_eq!(random, [2, 3, 4, 5], "this register and every later one");
    assert_ne!(asked(&r), Some((PlayerId(0), ask)));
    let _ = first_options(&mut r);
}

#[test]
fn reengineering_unit_swaps_for_an_option_of_the_pushed_robot() {
    let robots = r#"{"at": [0, 1], "facing": "E", "options": ["Reengineering Unit"], "registers": ["Move 1"]},
        {"at": [1, 1], "facing": "N", "options": ["Brakes", "Rear Laser"]}"#;
    let mut r = race("register 1", robots);
    assert_eq!(asked(&r), Some((PlayerId(0), Decision::Reengineer)));
    assert_eq!(
        legal(&r, 0),
        [
            Action::Reengineer(None),
            Action::Reengineer(Some(0)),
            Action::Reengineer(Some(1))
        ]
    );
    let events = r.apply(PlayerId(0), Action::Reengineer(Some(1))).unwrap();
    assert!(events.contains(&Event::OptionsSwapped {
        player: PlayerId(0),
        target: PlayerId(1),
        took: OptionCard::RearLaser
    }));
    assert_eq!(held(&r, 0), [OptionCard::RearLaser]);
    assert_eq!(
        held(&r, 1),
        [OptionCard::Brakes, OptionCard::ReengineeringUnit]
    );
    r.check_invariants().unwrap();
    // Kept: nothing changes.
    let mut r = race("register 1", robots);
    r.apply(PlayerId(0), Action::Reengineer(None)).unwrap();
    assert_eq!(held(&r, 0), [OptionCard::ReengineeringUnit]);
    // A pushed robot without options asks nothing.
    let robots = r#"{"at": [0, 1], "facing": "E", "options": ["Reengineering Unit"], "registers": ["Move 1"]},
        {"at": [1, 1], "facing": "N"}"#;
    let r = race("register 1", robots);
    assert_ne!(asked(&r), Some((PlayerId(0), Decision::Reengineer)));
    let _ = Power::On;
}

#[test]
fn fire_control_asks_per_hit_and_locks_or_destroys_instead_of_damage() {
    use crate::race::Aim;
    let robots = r#"{"at": [0, 0], "facing": "E", "options": ["Fire Control"]},
        {"at": [3, 0], "facing": "N", "options": ["Brakes"]}"#;
    let mut r = race("register 1", robots);
    assert_eq!(asked(&r), Some((PlayerId(0), Decision::FireControl)));
    assert_eq!(r.register(), 1);
    let mut expect: Vec<Action> = vec![Action::Aim(Aim::Damage)];
    expect.extend((1..=5).map(|g| Action::Aim(Aim::Lock(g))));
    expect.push(Action::Aim(Aim::Destroy(0)));
    assert_eq!(legal(&r, 0), expect);
    let events = r.apply(PlayerId(0), Action::Aim(Aim::Lock(3))).unwrap();
    assert!(events.contains(&Event::RegisterLocked {
        player: PlayerId(1),
        register: 3
    }));
    assert!(r.robots()[1].is_locked(3) && !r.robots()[1].is_locked(2));
    assert_eq!(r.robots()[1].damage, 0);
    // Register 2: a locked register is no longer offered.
    assert_eq!(asked(&r), Some((PlayerId(0), Decision::FireControl)));
    assert!(!legal(&r, 0).contains(&Action::Aim(Aim::Lock(3))));
    let events = r.apply(PlayerId(0), Action::Aim(Aim::Destroy(0))).unwrap();
    assert!(events.contains(&Event::OptionLost {
        player: PlayerId(1),
        option: OptionCard::Brakes,
        why: Loss::Shot
    }));
    // Register 3: the token (the target holds nothing to ask about).
    r.apply(PlayerId(0), Action::Aim(Aim::Damage)).unwrap();
    assert_eq!(r.robots()[1].damage, 1);
    r.apply(PlayerId(0), Action::Aim(Aim::Damage)).unwrap();
    r.apply(PlayerId(0), Action::Aim(Aim::Damage)).unwrap();
    // Next turn: the lock holds (no repair, power down or destruction),
    // so the deal fills register 3 and it keeps its card.
    assert!(r.robots()[1].is_locked(3));
    assert!(r.robots()[1].registers[2].is_some());
    assert_eq!(r.robots()[1].hand.len(), 9 - 3);
    r.check_invariants().unwrap();
}

/// Robot 0 programming with `options` and a hand of six cards (the other
/// robot is powered down); its five registers filled with the first five.
fn programmed(options: &str) -> (crate::Race, Vec<crate::cards::Card>) {
    let robots = format!(
        r#"{{"at": [2, 1], "facing": "E", "options": [{options}],
        "hand": ["U-Turn", "U-Turn", "U-Turn", "U-Turn", "Rotate Left", "Move 2"]}},
        {{"at": [5, 0], "facing": "N", "power": "down"}}"#
    );
    let mut r = race("programming", &robots);
    let hand = r.robots()[0].hand.clone();
    let turns: Vec<_> = hand
        .iter()
        .copied()
        .filter(|c| c.kind == crate::cards::Kind::UTurn)
        .collect();
    let left = hand
        .iter()
        .copied()
        .find(|c| c.kind == crate::cards::Kind::RotateLeft)
        .unwrap();
    for c in turns.iter().copied().chain([left]) {
        r.apply(PlayerId(0), Action::Program(c)).unwrap();
    }
    (r, hand)
}

#[test]
fn flywheel_keeps_a_leftover_movement_card_for_the_next_deal() {
    use crate::race::Reason;
    use robo_core::protocol::ActionError;
    let (mut r, hand) = programmed(r#""Flywheel""#);
    let move2 = *hand
        .iter()
        .find(|c| c.kind == crate::cards::Kind::Move2)
        .unwrap();
    let park = Action::Park {
        option: OptionCard::Flywheel,
        card: move2,
    };
    assert!(legal(&r, 0).contains(&park));
    let wrong = Action::Park {
        option: OptionCard::Conditional,
        card: move2,
    };
    let refused = |r: &mut crate::Race, a| match r.apply(PlayerId(0), a) {
        Err(ActionError::Illegal(why)) => why,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        refused(&mut r, wrong),
        Reason::OptionNotHeld(OptionCard::Conditional)
    );
    r.apply(PlayerId(0), park).unwrap();
    assert!(r.robots()[0].hand.is_empty());
    assert_eq!(
        refused(&mut r, park),
        Reason::AlreadyParked(OptionCard::Flywheel)
    );
    r.apply(PlayerId(0), Action::Announce(false)).unwrap();
    // The turn runs; the next deal adds the saved card to nine new ones.
    let _ = first_options(&mut r);
    assert_eq!(r.round(), 2);
    let hand = &r.robots()[0].hand;
    assert_eq!(hand.len(), 10);
    assert!(hand.contains(&move2));
    assert_eq!(r.robots()[0].marks.flywheel, None);
    r.check_invariants().unwrap();
    // Too early, or a card that is no movement card.
    let robots = r#"{"at": [2, 1], "facing": "E", "options": ["Flywheel"], "hand": ["U-Turn", "Move 1"]},
        {"at": [5, 0], "facing": "N", "power": "down"}"#;
    let mut r = race("programming", robots);
    let card = r.robots()[0].hand[0];
    let early = Action::Park {
        option: OptionCard::Flywheel,
        card,
    };
    assert_eq!(refused(&mut r, early), Reason::ParkTooEarly);
}

#[test]
fn conditional_may_replace_a_register_before_its_reveal() {
    let (mut r, hand) = programmed(r#""Conditional""#);
    let move2 = *hand
        .iter()
        .find(|c| c.kind == crate::cards::Kind::Move2)
        .unwrap();
    r.apply(
        PlayerId(0),
        Action::Park {
            option: OptionCard::Conditional,
            card: move2,
        },
    )
    .unwrap();
    r.apply(PlayerId(0), Action::Announce(false)).unwrap();
    let ask = Decision::UseOption(OptionCard::Conditional);
    assert_eq!(asked(&r), Some((PlayerId(0), ask)));
    r.apply(PlayerId(0), Action::UseOption(false)).unwrap();
    // Register 1 ran its U-Turn; before register 2 it is asked again.
    assert_eq!(asked(&r), Some((PlayerId(0), ask)));
    assert_eq!(r.register(), 1);
    let events = r.apply(PlayerId(0), Action::UseOption(true)).unwrap();
    assert!(events.contains(&Event::Revealed {
        player: PlayerId(0),
        register: 2,
        card: move2
    }));
    // Facing west after the U-Turn, the Move 2 took it two cells west.
    assert_eq!(
        r.world().at(robo_core::ids::RobotId(0)).unwrap().0,
        Pos::new(0, 1)
    );
    assert_ne!(
        asked(&r),
        Some((PlayerId(0), ask)),
        "nothing parked any more"
    );
    r.check_invariants().unwrap();
}

#[test]
fn interceptor_tags_then_swaps_hands_after_a_later_deal() {
    // Robot 1 has three damage tokens: it is dealt six cards, robot 0 nine.
    let robots = r#"{"at": [0, 0], "facing": "E", "options": ["Interceptor"]},
        {"at": [3, 0], "facing": "N", "damage": 3}"#;
    let mut r = race("register 5", robots);
    assert_eq!(asked(&r), Some((PlayerId(0), Decision::Weapon)));
    assert!(legal(&r, 0).contains(&Action::Fire(Some(OptionCard::Interceptor))));
    r.apply(PlayerId(0), Action::Fire(Some(OptionCard::Interceptor)))
        .unwrap();
    assert_eq!(r.robots()[1].damage, 3, "a tag, no token");
    assert_eq!(r.robots()[0].marks.tag, Some((PlayerId(1), 1)));
    // Next turn, after the deal.
    let ask = Decision::UseOption(OptionCard::Interceptor);
    assert_eq!(asked(&r), Some((PlayerId(0), ask)));
    let (mine, theirs) = (r.robots()[0].hand.clone(), r.robots()[1].hand.clone());
    assert_eq!((mine.len(), theirs.len()), (9, 6));
    r.apply(PlayerId(0), Action::UseOption(true)).unwrap();
    let (now_mine, now_theirs) = (&r.robots()[0].hand, &r.robots()[1].hand);
    assert_eq!((now_mine.len(), now_theirs.len()), (9, 6), "sizes kept");
    assert!(
        theirs.iter().all(|c| now_mine.contains(c)),
        "robot 0 has robot 1's six"
    );
    assert!(
        now_theirs.iter().all(|c| mine.contains(c)),
        "robot 1 has six of robot 0's"
    );
    assert_eq!(r.robots()[0].marks.tag, None, "the tag is taken back");
    r.check_invariants().unwrap();
}
