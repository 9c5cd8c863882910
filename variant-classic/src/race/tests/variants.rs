//! The variant rules of the setup's option table: the Option Packages,
//! Turbo Wrenches, the first edition's double-tool site, Bio-Bots (and the
//! Bio Option card), Immortality.

use super::{asked, course, new_race, scenario_race};
use crate::options::OptionCard;
use crate::race::{Action, Decision, Event, Guard, Loss, Power, Setup};
use robo_core::ids::PlayerId;
use robo_core::Game;

fn setup(options: &[&str]) -> Setup {
    let mut s = Setup::new(course(), 3);
    for o in options {
        s.choose(o).unwrap();
    }
    s
}

#[test]
fn the_standard_package_deals_one_option_and_the_deluxe_keeps_one_of_three() {
    let race = new_race(setup(&["standard-options"]), 4);
    assert!(race.robots().iter().all(|r| r.options.len() == 1));
    let mut race = new_race(setup(&["deluxe-options"]), 4);
    assert!(race.robots().iter().all(|r| r.options.len() == 3));
    // Asked before anything else, seat by seat.
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::KeepOption)));
    let mut legal = Vec::new();
    race.legal_actions(PlayerId(0), &mut legal);
    assert_eq!(legal, (0..3).map(Action::KeepOption).collect::<Vec<_>>());
    let second = race.robots()[0].options[1].card;
    let events = race.apply(PlayerId(0), Action::KeepOption(1)).unwrap();
    let dropped = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::OptionLost {
                    why: Loss::NotKept,
                    ..
                }
            )
        })
        .count();
    assert_eq!(dropped, 2);
    assert_eq!(race.robots()[0].options.len(), 1);
    assert_eq!(race.robots()[0].options[0].card, second);
    assert_eq!(asked(&race), Some((PlayerId(1), Decision::KeepOption)));
    race.check_invariants().unwrap();
}

/// A robot with two damage tokens on `tile` at the last register, with the
/// file's setup `options`; run on to its first question.
fn on_site(tile: char, options: &str) -> crate::Race {
    let json = format!(
        r#"{{"edition": "classic", "start": "register 5", "options": [{options}],
        "board": ["+   +   +   +", "  {tile}   .   .  ", "+   +   +   +"],
        "robots": [{{"at": [0, 0], "damage": 2}}, {{"at": [2, 0]}}]}}"#
    );
    let (mut race, _) = scenario_race(&json);
    race.run_on();
    race
}

#[test]
fn turbo_wrenches_offer_an_option_instead_of_a_one_wrench_repair() {
    let mut race = on_site('w', r#""turbo-wrenches""#);
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Wrench)));
    race.apply(PlayerId(0), Action::TakeOption(true)).unwrap();
    assert_eq!(race.robots()[0].options.len(), 1);
    assert_eq!(race.robots()[0].damage, 2, "no repair");
    let mut race = on_site('w', r#""turbo-wrenches""#);
    race.apply(PlayerId(0), Action::TakeOption(false)).unwrap();
    assert!(race.robots()[0].options.is_empty());
    assert_eq!(race.robots()[0].damage, 1);
    // Without the rule, the repair and no question.
    let race = on_site('w', "");
    assert_ne!(asked(&race), Some((PlayerId(0), Decision::Wrench)));
    assert_eq!(race.robots()[0].damage, 1);
    // The rule leaves double-tool sites alone.
    let race = on_site('W', r#""turbo-wrenches""#);
    assert_ne!(asked(&race), Some((PlayerId(0), Decision::Wrench)));
    assert_eq!(race.robots()[0].options.len(), 1);
}

#[test]
fn the_first_edition_double_tool_site_gives_two_repairs_or_an_option() {
    let mut race = on_site('W', r#""first-edition-double-tool""#);
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Wrench)));
    race.apply(PlayerId(0), Action::TakeOption(false)).unwrap();
    assert_eq!(race.robots()[0].damage, 0, "two repairs");
    assert!(race.robots()[0].options.is_empty());
    let mut race = on_site('W', r#""first-edition-double-tool""#);
    race.apply(PlayerId(0), Action::TakeOption(true)).unwrap();
    assert_eq!(race.robots()[0].damage, 2);
    assert_eq!(race.robots()[0].options.len(), 1);
    // Today's site: a repair and an option, unasked.
    let race = on_site('W', "");
    assert_eq!(race.robots()[0].damage, 1);
    assert_eq!(race.robots()[0].options.len(), 1);
}

#[test]
fn immortality_keeps_every_life() {
    let json = |options: &str| {
        format!(
            r#"{{"edition": "classic", "start": "register 5", "options": [{options}],
            "board": ["+   +   +   +   +", "  .   .   .   .  ", "+   +   +   +   +"],
            "robots": [{{"at": [0, 0], "facing": "E", "damage": 9}}, {{"at": [3, 0], "facing": "W"}}]}}"#
        )
    };
    let (mut race, _) = scenario_race(&json(r#""immortality""#));
    race.run_on();
    assert!(race.robots()[0].destroyed);
    assert_eq!(race.robots()[0].lives, 3);
    let (mut race, _) = scenario_race(&json(""));
    race.run_on();
    assert_eq!(race.robots()[0].lives, 2);
    let race = new_race(setup(&["immortality"]), 1);
    assert!(race.variants().immortality);
}

#[test]
fn a_bio_option_carries_an_option_swapped_at_each_power_down() {
    let json = r#"{"edition": "classic", "start": "register 5",
        "board": ["+   +   +   +   +", "  .   .   .   .  ", "+   +   +   +   +"],
        "robots": [{"at": [0, 0], "facing": "N", "power": "announced", "options": ["Bio Option"]},
                   {"at": [3, 0], "facing": "N"}]}"#;
    let (mut race, _) = scenario_race(json);
    race.run_on();
    // The next turn began with robot 0 powered down: its Bio Option drew.
    let r = &race.robots()[0];
    assert_eq!(r.power, Power::Down);
    assert_eq!(r.options.len(), 2);
    let carried = r.options[1].card;
    assert_eq!(r.marks.bio, Some(carried));
    // Discarding the Bio Option to stop a token loses both.
    let mut r2 = race.clone();
    let p = PlayerId(0);
    r2.robots[0].power = Power::On;
    r2.world
        .harm
        .push(crate::world::Harm::Damage(robo_core::ids::RobotId(0), 1));
    let _ = r2.count_harm();
    r2.prevent(p, 1, Some(0));
    assert!(r2.robots()[0].options.is_empty());
    assert_eq!(r2.robots()[0].marks.bio, None);
    // Powered down again: the carried option is replaced by a fresh draw.
    race.robots[0].power = Power::Announced;
    race.begin_turn();
    let r = &race.robots()[0];
    assert_eq!(r.options.len(), 2);
    assert_eq!(r.options[0].card, OptionCard::BioOption);
    assert_ne!(r.options[1].card, carried);
    assert_eq!(r.marks.bio, Some(r.options[1].card));
    let _ = Guard::Spare;
}

#[test]
fn bio_bots_carry_an_option_each_and_the_card_leaves_the_deck() {
    let race = new_race(setup(&["bio-bots"]), 9);
    for r in race.robots() {
        assert_eq!(r.options.len(), 1);
        assert_eq!(r.marks.bio, Some(r.options[0].card));
    }
    assert!(!race.option_deck().contains(&OptionCard::BioOption));
    assert!(race.robots().iter().all(|r| !r.has(OptionCard::BioOption)));
    race.check_invariants().unwrap();
}
