//! Two cards in a register: Crab Legs, Dual Processor, Overload Override
//! (the effect, the primary card's priority, the damage of the override).

use super::scenario_race;
use crate::cards::{Card, Kind};
use crate::options::OptionCard as O;
use crate::race::{Action, Decision};
use crate::Race;
use robo_core::agenda::{Milestone, Reached};
use robo_core::geom::{Dir, Pos};
use robo_core::ids::{PlayerId, RobotId};
use robo_core::race::frame::GridRace as _;

const BOARD: &str = r#"["+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"]"#;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

/// Robot 0 at (2,3) facing north holds `options` and the hand `hand`;
/// robot 1 at (5,0) facing east holds `other` (it shoots off the board).
/// `program` programs robot 0 (robot 1 fills its registers in hand
/// order); then register 1 runs, every damage token taken.
fn register_one(options: &str, hand: &str, other: &str, program: impl FnOnce(&mut Race)) -> Race {
    let (mut race, _) = scenario_race(&format!(
        r#"{{"edition": "classic", "board": {BOARD}, "start": "programming",
        "robots": [{{"at": [2, 3], "facing": "N", "options": [{options}], "hand": [{hand}]}},
                   {{"at": [5, 0], "facing": "E", "hand": [{other}]}}]}}"#
    ));
    race.run_on();
    program(&mut race);
    fill(&mut race, P0);
    fill(&mut race, P1);
    loop {
        match race.advance_to(Milestone::RegisterEnd(1)) {
            Reached::Decision {
                player: Some(p),
                decision: Decision::Prevent,
            } => race.answer(p, Action::Prevent(None)).unwrap(),
            Reached::Decision { decision, .. } => panic!("{decision:?} asked"),
            _ => return race,
        }
    }
}

/// `p` fills its open registers from its hand in order and announces.
fn fill(race: &mut Race, p: PlayerId) {
    while race.robots()[p.index()].next_open().is_some()
        && !race.robots()[p.index()].hand.is_empty()
    {
        let c = race.robots()[p.index()].hand[0];
        race.answer(p, Action::Program(c)).unwrap();
    }
    race.answer(p, Action::Announce(false)).unwrap();
}

/// The first card of robot 0's hand of kind `kind`.
fn card(race: &Race, kind: Kind) -> Card {
    *race.robots()[0]
        .hand
        .iter()
        .find(|c| c.kind == kind)
        .unwrap()
}

/// Robot 0 programs `primary` in register 1 and stacks `second` on it
/// with `option`.
fn stack(race: &mut Race, primary: Kind, second: Kind, option: O) {
    let (a, b) = (card(race, primary), card(race, second));
    race.answer(P0, Action::Program(a)).unwrap();
    race.answer(
        P0,
        Action::Stack {
            register: 1,
            card: b,
            option,
        },
    )
    .unwrap();
}

fn at(race: &Race, p: u8) -> Option<(Pos, Dir)> {
    race.world().at(RobotId(p))
}

const REST: &str = r#""U-Turn", "U-Turn", "U-Turn", "U-Turn""#;
const OTHER: &str = r#""Rotate Left", "Rotate Left", "Rotate Left", "Rotate Left", "Rotate Left""#;

#[test]
fn crab_legs_step_sideways_without_turning() {
    let hand = format!(r#""Move 1", "Rotate Left", {REST}"#);
    let race = register_one(r#""Crab Legs""#, &hand, OTHER, |race| {
        stack(race, Kind::Move1, Kind::RotateLeft, O::CrabLegs);
    });
    assert_eq!(at(&race, 0), Some((Pos::new(1, 3), Dir::N)));
    // The rotation as the primary card: the same step, to the right.
    let hand = format!(r#""Move 1", "Rotate Right", {REST}"#);
    let race = register_one(r#""Crab Legs""#, &hand, OTHER, |race| {
        stack(race, Kind::RotateRight, Kind::Move1, O::CrabLegs);
    });
    assert_eq!(at(&race, 0), Some((Pos::new(3, 3), Dir::N)));
}

#[test]
fn dual_processor_moves_less_then_turns() {
    let hand = r#""Move 3", "U-Turn", "Move 2", "Rotate Right", "U-Turn""#;
    let race = register_one(r#""Dual Processor""#, hand, OTHER, |race| {
        stack(race, Kind::Move3, Kind::UTurn, O::DualProcessor);
    });
    assert_eq!(
        at(&race, 0),
        Some((Pos::new(2, 2), Dir::S)),
        "1 cell, then about"
    );
    let race = register_one(r#""Dual Processor""#, hand, OTHER, |race| {
        stack(race, Kind::RotateRight, Kind::Move2, O::DualProcessor);
    });
    assert_eq!(
        at(&race, 0),
        Some((Pos::new(2, 2), Dir::E)),
        "the move first, whichever card is primary"
    );
}

#[test]
fn overload_override_runs_both_cards_for_a_damage_token() {
    let hand = format!(r#""Move 1", "Move 2", {REST}"#);
    let race = register_one(r#""Overload Override""#, &hand, OTHER, |race| {
        stack(race, Kind::Move1, Kind::Move2, O::OverloadOverride);
    });
    assert_eq!(at(&race, 0), Some((Pos::new(2, 0), Dir::N)));
    assert_eq!(race.robots()[0].damage, 1);
    // A register left empty: no card, and the token.
    let race = register_one(r#""Overload Override""#, &hand, OTHER, |race| {
        race.answer(
            P0,
            Action::Gadget {
                register: 1,
                option: O::OverloadOverride,
            },
        )
        .unwrap();
    });
    assert_eq!(at(&race, 0), Some((Pos::new(2, 3), Dir::N)));
    assert_eq!(race.robots()[0].damage, 1);
    assert_eq!(race.robots()[0].registers[0], None);
}

#[test]
fn the_primary_card_sets_the_registers_priority() {
    // Robot 0: a Move 1 (priority 490-650) under a Move 3 (790-840);
    // robot 1: a Move 2 (670-780) goes between: after the Move 3's
    // priority, before the Move 1's, so robot 1 moves first.
    let hand = format!(r#""Move 1", "Move 3", {REST}"#);
    let other = r#""Move 2", "Rotate Left", "Rotate Left", "Rotate Left", "Rotate Left""#;
    let (mut race, _) = scenario_race(&format!(
        r#"{{"edition": "classic", "board": {BOARD}, "start": "programming",
        "robots": [{{"at": [2, 3], "facing": "N", "options": ["Overload Override"], "hand": [{hand}]}},
                   {{"at": [5, 0], "facing": "S", "hand": [{other}]}}]}}"#
    ));
    race.run_on();
    stack(&mut race, Kind::Move1, Kind::Move3, O::OverloadOverride);
    fill(&mut race, P0);
    fill(&mut race, P1);
    let _ = race.advance_to(Milestone::RegisterStart(1));
    race.reveal(1);
    assert_eq!(race.order.as_slice(), &[P1, P0]);
}
