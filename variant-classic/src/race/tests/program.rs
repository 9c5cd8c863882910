//! The program action's option part: settings, second cards, options
//! placed in registers; their typed refusals (the game unchanged), the
//! legal list, what the others see, and the new turn.

use super::scenario_race;
use crate::cards::Kind;
use crate::options::OptionCard as O;
use crate::race::{Action, Decision, Reason, Setting};
use crate::Race;
use robo_core::agenda::Milestone;
use robo_core::geom::Rel;
use robo_core::ids::PlayerId;
use robo_core::protocol::{ActionError, Game, Pending};
use robo_core::race::frame::GridRace as _;

const OPEN: &str = r#"["+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"]"#;
const HAND: &str = r#""Move 1", "Move 2", "Move 3", "Rotate Left", "Rotate Right", "U-Turn", "Back Up", "Move 1", "Move 2""#;

/// Robot 0 programming with `options` (file words), `damage` tokens and a
/// hand of nine; robot 1 programming a hand of nine too.
fn programming(options: &str, damage: u8) -> Race {
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "programming",
        "robots": [{{"at": [0, 0], "facing": "E", "options": [{options}], "damage": {damage},
                     "hand": [{HAND}]}},
                   {{"at": [5, 1], "facing": "W", "hand": [{HAND}]}}]}}"#
    );
    let (mut race, _) = scenario_race(&json);
    race.run_on();
    assert!(matches!(
        race.pending(),
        Pending::Simultaneous {
            decision: Decision::Program,
            ..
        }
    ));
    race
}

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

/// The first card of robot 0's hand of kind `kind`.
fn card(race: &Race, kind: Kind) -> crate::cards::Card {
    *race.robots()[0]
        .hand
        .iter()
        .find(|c| c.kind == kind)
        .unwrap()
}

/// `action` is refused for `reason` and the game is unchanged.
fn refused(race: &mut Race, action: Action, reason: Reason) {
    let before = race.clone();
    assert_eq!(
        race.apply(P0, action),
        Err(ActionError::Illegal(reason)),
        "{action:?}"
    );
    assert_eq!(*race, before, "{action:?} changed the game");
}

#[test]
fn a_turn_programmed_option_takes_a_setting_of_its_kind() {
    let mut race = programming(r#""Shield", "Gyroscopic Stabilizer", "Brakes""#, 0);
    let left = Setting::Side(Rel::Left);
    assert_eq!(race.robots()[0].program.side(O::Shield), Rel::Forward);
    race.apply(
        P0,
        Action::Set {
            option: O::Shield,
            setting: left,
        },
    )
    .unwrap();
    assert_eq!(race.robots()[0].program.side(O::Shield), Rel::Left);
    // Set again: the last setting stands, one entry.
    let back = Setting::Side(Rel::Back);
    race.apply(
        P0,
        Action::Set {
            option: O::Shield,
            setting: back,
        },
    )
    .unwrap();
    assert_eq!(race.robots()[0].program.settings, vec![(O::Shield, back)]);
    let on = Setting::Switch(true);
    assert!(!race.robots()[0].program.is_on(O::GyroscopicStabilizer));
    race.apply(
        P0,
        Action::Set {
            option: O::GyroscopicStabilizer,
            setting: on,
        },
    )
    .unwrap();
    assert!(race.robots()[0].program.is_on(O::GyroscopicStabilizer));
    let set = |option, setting| Action::Set { option, setting };
    refused(&mut race, set(O::Turret, left), Reason::NotHeld(O::Turret));
    refused(
        &mut race,
        set(O::Brakes, on),
        Reason::NotProgrammedThisWay(O::Brakes),
    );
    refused(
        &mut race,
        set(O::Shield, on),
        Reason::WrongSetting(O::Shield, on),
    );
    refused(
        &mut race,
        set(O::GyroscopicStabilizer, left),
        Reason::WrongSetting(O::GyroscopicStabilizer, left),
    );
}

#[test]
fn a_second_card_goes_in_a_register_as_its_option_allows() {
    let mut race = programming(r#""Crab Legs", "Dual Processor""#, 0);
    let (m1, m2, rl) = (
        card(&race, Kind::Move1),
        card(&race, Kind::Move2),
        card(&race, Kind::RotateLeft),
    );
    let stack = |register, card, option| Action::Stack {
        register,
        card,
        option,
    };
    refused(
        &mut race,
        stack(1, rl, O::CrabLegs),
        Reason::NoPrimaryCard(1),
    );
    race.apply(P0, Action::Program(m1)).unwrap();
    race.apply(P0, Action::Program(m2)).unwrap();
    refused(
        &mut race,
        stack(2, rl, O::CrabLegs),
        Reason::DoNotStack {
            option: O::CrabLegs,
            primary: m2,
            card: rl,
        },
    );
    refused(
        &mut race,
        stack(1, rl, O::OverloadOverride),
        Reason::NotHeld(O::OverloadOverride),
    );
    refused(
        &mut race,
        stack(6, rl, O::CrabLegs),
        Reason::NoSuchRegister(6),
    );
    refused(
        &mut race,
        stack(0, rl, O::CrabLegs),
        Reason::NoSuchRegister(0),
    );
    race.apply(P0, stack(1, rl, O::CrabLegs)).unwrap();
    let robot = &race.robots()[0];
    assert_eq!(robot.registers[0], Some(m1), "the primary card stays");
    assert_eq!(robot.extra[0].as_slice(), &[rl]);
    assert!(!robot.hand.contains(&rl));
    assert_eq!(robot.program.stacked_by(1), Some(O::CrabLegs));
    let rr = card(&race, Kind::RotateRight);
    refused(
        &mut race,
        stack(1, rr, O::DualProcessor),
        Reason::AlreadyStacked(1),
    );
    refused(
        &mut race,
        stack(2, rl, O::DualProcessor),
        Reason::NotInHand(rl),
    );
    race.apply(P0, stack(2, rr, O::DualProcessor)).unwrap();
    assert_eq!(
        race.robots()[0].program.stacked_by(2),
        Some(O::DualProcessor)
    );
}

#[test]
fn a_locked_register_takes_no_second_card_and_no_gadget() {
    // Five damage tokens lock register 5, which keeps its card.
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "programming",
        "robots": [{{"at": [0, 0], "facing": "E", "options": ["Overload Override", "Mine Layer"],
                     "damage": 5, "registers": [null, null, null, null, "Move 3"],
                     "hand": ["Move 1", "Move 2", "Rotate Left", "Back Up"]}},
                   {{"at": [5, 1], "facing": "W", "hand": [{HAND}]}}]}}"#
    );
    let (mut race, _) = scenario_race(&json);
    race.run_on();
    let m1 = card(&race, Kind::Move1);
    let stack = Action::Stack {
        register: 5,
        card: m1,
        option: O::OverloadOverride,
    };
    refused(&mut race, stack, Reason::Locked(5));
    let place = Action::Gadget {
        register: 5,
        option: O::MineLayer,
    };
    refused(&mut race, place, Reason::Locked(5));
}

#[test]
fn gadgets_go_one_to_a_register_within_their_payload() {
    let mut race = programming(r#""Mine Layer", "Bridge Layer: 1", "Big Jet""#, 0);
    let place = |register, option| Action::Gadget { register, option };
    race.apply(P0, place(1, O::MineLayer)).unwrap();
    refused(
        &mut race,
        place(1, O::MineLayer),
        Reason::AlreadyPlaced(1, O::MineLayer),
    );
    refused(
        &mut race,
        place(1, O::BridgeLayer),
        Reason::RegisterTaken(1, O::MineLayer),
    );
    // A movement option is no gadget: it shares the register.
    race.apply(P0, place(1, O::BigJet)).unwrap();
    refused(&mut race, place(2, O::BigJet), Reason::NoPayload(O::BigJet));
    race.apply(P0, place(2, O::MineLayer)).unwrap();
    race.apply(P0, place(3, O::MineLayer)).unwrap();
    refused(
        &mut race,
        place(4, O::MineLayer),
        Reason::NoPayload(O::MineLayer),
    );
    race.apply(P0, place(4, O::BridgeLayer)).unwrap();
    refused(
        &mut race,
        place(5, O::BridgeLayer),
        Reason::NoPayload(O::BridgeLayer),
    );
    refused(
        &mut race,
        place(5, O::CrabLegs),
        Reason::NotHeld(O::CrabLegs),
    );
    let program = &race.robots()[0].program;
    assert_eq!(
        program.in_register(1).collect::<Vec<_>>(),
        [O::MineLayer, O::BigJet]
    );
    assert_eq!(program.uses(O::MineLayer), 3);
}

#[test]
fn overload_override_leaves_an_empty_register_empty() {
    let mut race = programming(r#""Overload Override""#, 0);
    let leave = |register| Action::Gadget {
        register,
        option: O::OverloadOverride,
    };
    race.apply(P0, leave(1)).unwrap();
    refused(
        &mut race,
        leave(1),
        Reason::AlreadyPlaced(1, O::OverloadOverride),
    );
    assert!(race.robots()[0].left_empty(1));
    let m1 = card(&race, Kind::Move1);
    race.apply(P0, Action::Program(m1)).unwrap();
    let robot = &race.robots()[0];
    assert_eq!(robot.registers[0], None);
    assert_eq!(robot.registers[1], Some(m1), "the card goes to register 2");
    refused(&mut race, leave(2), Reason::RegisterFilled(2));
    // Four cards fill the rest; then the robot announces.
    for _ in 0..3 {
        let c = race.robots()[0].hand[0];
        race.apply(P0, Action::Program(c)).unwrap();
    }
    assert_eq!(race.robots()[0].next_open(), None);
    race.apply(P0, Action::Announce(false)).unwrap();
    let before = race.clone();
    assert_eq!(race.apply(P0, leave(3)), Err(ActionError::NotPending(P0)));
    assert_eq!(race, before);
}

#[test]
fn every_listed_option_action_is_accepted_and_the_list_is_sorted() {
    let mut race = programming(
        r#""Shield", "Homing Device", "Crab Legs", "Overload Override", "Mine Layer""#,
        0,
    );
    let m1 = card(&race, Kind::Move1);
    race.apply(P0, Action::Program(m1)).unwrap();
    let mut legal = Vec::new();
    race.legal_actions(P0, &mut legal);
    assert!(matches!(legal[0], Action::Program(_)), "cards come first");
    let options: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::Program(_) | Action::Announce(_)))
        .collect();
    assert!(options.windows(2).all(|w| w[0] < w[1]), "{options:?}");
    let rl = card(&race, Kind::RotateLeft);
    for expected in [
        Action::Set {
            option: O::Shield,
            setting: Setting::Side(Rel::Right),
        },
        Action::Set {
            option: O::HomingDevice,
            setting: Setting::Switch(true),
        },
        Action::Stack {
            register: 1,
            card: rl,
            option: O::CrabLegs,
        },
        Action::Gadget {
            register: 2,
            option: O::OverloadOverride,
        },
        Action::Gadget {
            register: 5,
            option: O::MineLayer,
        },
    ] {
        assert!(options.contains(&expected), "{expected:?} in {options:?}");
    }
    for a in options {
        let mut copy = race.clone();
        copy.apply(P0, a)
            .unwrap_or_else(|e| panic!("{a:?} listed but refused: {e}"));
    }
    // The other robot holds no option: no option action for it.
    race.legal_actions(P1, &mut legal);
    assert!(legal.iter().all(|a| matches!(a, Action::Program(_))));
}

#[test]
fn the_owner_sees_its_option_program_and_the_others_see_it_as_the_rules_show_it() {
    let mut race = programming(r#""Shield", "Crab Legs", "Mine Layer""#, 0);
    let (m1, rr) = (card(&race, Kind::Move1), card(&race, Kind::RotateRight));
    race.apply(
        P0,
        Action::Set {
            option: O::Shield,
            setting: Setting::Side(Rel::Back),
        },
    )
    .unwrap();
    race.apply(P0, Action::Program(m1)).unwrap();
    race.apply(
        P0,
        Action::Stack {
            register: 1,
            card: rr,
            option: O::CrabLegs,
        },
    )
    .unwrap();
    race.apply(
        P0,
        Action::Gadget {
            register: 2,
            option: O::MineLayer,
        },
    )
    .unwrap();
    let own = race.view(P0);
    assert_eq!(
        own.robots[0].program.settings,
        [(O::Shield, Setting::Side(Rel::Back))]
    );
    assert_eq!(own.robots[0].stacked, [(1, rr)]);
    assert_eq!(
        own.robots[0].program.placed,
        [(1, O::CrabLegs), (2, O::MineLayer)]
    );
    // While programming, the other player sees none of it.
    let other = race.view(P1);
    assert!(other.robots[0].program.is_empty(), "{other:?}");
    assert!(other.robots[0].stacked.is_empty());
    // Programming over, register 1 revealed (the robot steps south): the setting, the second card
    // of register 1 and its option show; register 2's gadget does not yet.
    for p in [P0, P1] {
        while race.robots()[p.index()].next_open().is_some() {
            let c = race.robots()[p.index()].hand[0];
            race.answer(p, Action::Program(c)).unwrap();
        }
        race.answer(p, Action::Announce(false)).unwrap();
    }
    let _ = race.advance_to(Milestone::RegisterEnd(1));
    assert_eq!(race.register(), 1);
    let other = race.view(P1);
    assert_eq!(
        other.robots[0].program.settings,
        [(O::Shield, Setting::Side(Rel::Back))]
    );
    assert_eq!(other.robots[0].stacked, [(1, rr)]);
    assert_eq!(other.robots[0].program.placed, [(1, O::CrabLegs)]);
}

#[test]
fn a_new_turn_forgets_the_settings_and_the_placed_options() {
    let mut race = programming(r#""Shield", "Mine Layer""#, 0);
    race.apply(
        P0,
        Action::Set {
            option: O::Shield,
            setting: Setting::Side(Rel::Left),
        },
    )
    .unwrap();
    race.apply(
        P0,
        Action::Gadget {
            register: 3,
            option: O::MineLayer,
        },
    )
    .unwrap();
    for p in [P0, P1] {
        while race.robots()[p.index()].next_open().is_some() {
            let c = race.robots()[p.index()].hand[0];
            race.apply(p, Action::Program(c)).unwrap();
        }
        race.apply(p, Action::Announce(false)).unwrap();
    }
    // The turn runs to the next programming.
    while race.round() == 1 && race.outcome().is_none() {
        let Some(p) = race.pending().players().first().copied() else {
            break;
        };
        let mut legal = Vec::new();
        race.legal_actions(p, &mut legal);
        race.apply(p, legal[0]).unwrap();
    }
    assert_eq!(race.round(), 2);
    assert!(race.robots()[0].program.is_empty());
}
