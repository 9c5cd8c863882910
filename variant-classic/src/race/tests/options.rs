//! The option deck, gaining and losing options, and the cards that just
//! apply.

use super::{asked, course, first_options, new_race, program_all, scenario_race};
use crate::options::{Held, OptionCard};
use crate::race::{Action, Chop, Decision, Event, Guard, Loss, Power, Setup, SetupError};
use robo_core::ids::PlayerId;
use robo_core::race::frame::GridRace as _;
use robo_core::Game;

const OPEN: &str = r#"["+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"]"#;

/// Two robots face to face on open floor from register 1, each shooting
/// the other every register (no cards); robot 0 holds `options` (file
/// words) and `damage` tokens.
fn duel(options: &str, damage: u8) -> crate::Race {
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 1",
        "robots": [{{"at": [0, 0], "facing": "E", "options": [{options}], "damage": {damage}}},
                   {{"at": [3, 0], "facing": "W"}}]}}"#
    );
    let (mut race, _) = scenario_race(&json);
    race.run_on();
    race
}

fn held(race: &crate::Race, p: usize) -> Vec<OptionCard> {
    race.robots()[p].options.iter().map(|h| h.card).collect()
}

#[test]
fn the_option_packages_deal_distinct_options_from_the_seeded_deck() {
    let mut setup = Setup::new(course(), 4);
    setup.options = 3;
    let race = new_race(setup.clone(), 11);
    let mut all: Vec<OptionCard> = (0..4).flat_map(|p| held(&race, p)).collect();
    // A Bio Option draws one more to carry.
    let bio = usize::from(all.contains(&OptionCard::BioOption));
    assert_eq!(all.len(), 12 + bio);
    assert_eq!(race.option_deck().len(), 52 - 12 - bio);
    all.extend(race.option_deck());
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 52, "every card once, held or in the deck");
    // Same seed, same options; another seed deals others.
    assert_eq!(new_race(setup.clone(), 11).robots(), race.robots());
    assert_ne!(held(&new_race(setup.clone(), 12), 0), held(&race, 0));
    // Payloads come full.
    let coat = Held::new(OptionCard::AblativeCoat);
    assert_eq!(coat.payload, 3);
    // 14 options for each of 4 robots is more than the deck.
    setup.options = 14;
    assert_eq!(Race::new(setup, 1).unwrap_err(), SetupError::Options(14));
}

use crate::Race;

#[test]
fn a_game_without_options_never_shuffles_an_option_deck() {
    let race = new_race(Setup::new(course(), 2), 5);
    assert!(race.option_deck().is_empty());
    assert!(race.robots().iter().all(|r| r.options.is_empty()));
}

#[test]
fn options_are_face_up_and_saved() {
    let mut setup = Setup::new(course(), 2);
    setup.options = 2;
    let race = new_race(setup, 3);
    let theirs = race.view(PlayerId(1)).robots[0].options.clone();
    assert_eq!(theirs.len(), 2);
    assert_eq!(theirs, race.robots()[0].options.to_vec());
    let json = serde_json::to_string(&race).unwrap();
    let back: Race = serde_json::from_str(&json).unwrap();
    assert_eq!(back, race);
    // A save where a card is both held and in the deck is refused.
    let twice = held(&race, 0)[0];
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["option_deck"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::to_value(twice).unwrap());
    let err = serde_json::from_value::<Race>(value).unwrap_err();
    assert!(err.to_string().contains("held"), "{err}");
}

#[test]
fn an_option_is_discarded_to_stop_a_damage_token_only_when_asked() {
    let mut race = duel(r#""Brakes""#, 0);
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Prevent)));
    let mut legal = Vec::new();
    race.legal_actions(PlayerId(0), &mut legal);
    assert_eq!(legal, [Action::Prevent(None), Action::Prevent(Some(0))]);
    let events = race.apply(PlayerId(0), Action::Prevent(Some(0))).unwrap();
    assert!(events.contains(&Event::Prevented {
        player: PlayerId(0),
        guard: Guard::Option(OptionCard::Brakes)
    }));
    assert!(race.robots()[0].options.is_empty());
    // No option left: the four later shots are taken without a question.
    assert_eq!(race.robots()[0].damage, 4);
    race.check_invariants().unwrap();
}

#[test]
fn a_destroyed_robot_loses_the_option_its_owner_picks() {
    // Nine tokens: the first shot destroys robot 0 (it takes the token).
    let mut race = duel(r#""Brakes", "Fourth Gear""#, 9);
    race.apply(PlayerId(0), Action::Prevent(None)).unwrap();
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::LoseOption)));
    let mut legal = Vec::new();
    race.legal_actions(PlayerId(0), &mut legal);
    assert_eq!(legal, [Action::LoseOption(0), Action::LoseOption(1)]);
    let events = race.apply(PlayerId(0), Action::LoseOption(1)).unwrap();
    assert!(events.contains(&Event::OptionLost {
        player: PlayerId(0),
        option: OptionCard::FourthGear,
        why: Loss::Destroyed
    }));
    assert_eq!(held(&race, 0), [OptionCard::Brakes]);
    // One option: lost without a question.
    let mut race = duel(r#""Brakes""#, 9);
    race.apply(PlayerId(0), Action::Prevent(None)).unwrap();
    assert_ne!(asked(&race), Some((PlayerId(0), Decision::LoseOption)));
    assert!(race.robots()[0].destroyed);
    assert!(race.robots()[0].options.is_empty());
}

#[test]
fn ablative_coat_takes_three_tokens_then_is_discarded() {
    let race = duel(r#""Ablative Coat""#, 0);
    // Five registers of one shot: three soaked up without a question,
    // then the coat is gone and the robot takes two.
    assert_eq!(asked(&race), None);
    assert_eq!(race.robots()[0].damage, 2);
    assert!(race.robots()[0].options.is_empty());
    // Part spent: a coat with one left takes one token.
    let race = duel(r#""Ablative Coat: 1""#, 0);
    assert_eq!(race.robots()[0].damage, 4);
}

#[test]
fn ablative_coat_goes_before_the_question() {
    let mut race = duel(r#""Ablative Coat: 1", "Brakes""#, 0);
    // Register 1: the coat takes the token and goes; register 2 asks.
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::Prevent)));
    assert_eq!(race.register(), 2);
    assert_eq!(held(&race, 0), [OptionCard::Brakes]);
    race.apply(PlayerId(0), Action::Prevent(None)).unwrap();
    assert_eq!(race.robots()[0].damage, 1);
}

#[test]
fn extra_memory_deals_one_more_card() {
    let json = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "register 5",
        "robots": [{{"at": [0, 0], "facing": "N", "options": ["Extra Memory"], "damage": 2}},
                   {{"at": [5, 1], "facing": "N", "damage": 2}}]}}"#
    );
    let (mut race, _) = scenario_race(&json);
    race.run_on();
    first_options(&mut race);
    assert_eq!(race.robots()[0].hand.len(), 8, "9 + 1 - 2 damage");
    assert_eq!(race.robots()[1].hand.len(), 7);
}

#[test]
fn circuit_breaker_powers_down_a_robot_ending_the_turn_with_three_damage() {
    let json = |damage: u8, option: &str| {
        format!(
            r#"{{"edition": "classic", "board": {OPEN}, "start": "register 5",
            "robots": [{{"at": [0, 0], "facing": "N", "options": [{option}], "damage": {damage}}},
                       {{"at": [5, 1], "facing": "N"}}]}}"#
        )
    };
    let run = |damage, option| {
        let (mut race, _) = scenario_race(&json(damage, option));
        race.run_on();
        race
    };
    // The run stops at the next turn's programming: the robot began it
    // powered down (its damage repaired, no cards dealt), unasked.
    let mut race = run(3, r#""Circuit Breaker""#);
    assert_eq!(race.robots()[0].power, Power::Down);
    assert_eq!(race.robots()[0].damage, 0);
    assert!(race.robots()[0].hand.is_empty());
    assert_eq!(run(2, r#""Circuit Breaker""#).robots()[0].power, Power::On);
    assert_eq!(run(3, "").robots()[0].power, Power::On);
    // Down with no damage at the end of that turn: its owner decides.
    program_all(&mut race);
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::StayDown)));
}

#[test]
fn a_double_tool_repair_site_deals_an_option_at_the_end_of_the_turn() {
    let json = r#"{"edition": "classic", "start": "register 5",
        "board": ["+   +   +   +", "  W   w   .  ", "+   +   +   +"],
        "robots": [{"at": [0, 0], "damage": 2}, {"at": [1, 0], "damage": 2}]}"#;
    let (mut race, _) = scenario_race(json);
    race.run_on();
    assert_eq!(race.robots()[0].options.len(), 1);
    assert!(race.robots()[1].options.is_empty());
    assert_eq!(race.robots()[0].damage, 1, "repaired too");
    assert_eq!(race.robots()[1].damage, 1);
}

#[test]
fn a_chop_shop_offers_a_draw_only_to_a_robot_without_options() {
    let json = |options: &str| {
        format!(
            r#"{{"edition": "classic", "start": "register 1",
            "board": ["+   +   +   +", "  $   .   .  ", "+   +   +   +"],
            "robots": [{{"at": [0, 0], "facing": "N", "options": [{options}]}},
                       {{"at": [2, 0], "facing": "N"}}]}}"#
        )
    };
    let mut legal = Vec::new();
    let (mut race, _) = scenario_race(&json(r#""Ablative Coat: 1", "Brakes""#));
    race.run_on();
    assert_eq!(asked(&race), Some((PlayerId(0), Decision::ChopShop)));
    race.legal_actions(PlayerId(0), &mut legal);
    assert_eq!(
        legal,
        [
            Action::Chop(Chop::Scrap(0)),
            Action::Chop(Chop::Scrap(1)),
            Action::Chop(Chop::Refill(0)),
            Action::Chop(Chop::Pass)
        ]
    );
    let mut refilled = race.clone();
    refilled
        .apply(PlayerId(0), Action::Chop(Chop::Refill(0)))
        .unwrap();
    assert_eq!(refilled.robots()[0].options[0].payload, 3);
    race.apply(PlayerId(0), Action::Chop(Chop::Scrap(1)))
        .unwrap();
    let now = held(&race, 0);
    assert_eq!(now.len(), 2);
    assert_eq!(now[0], OptionCard::AblativeCoat);
    assert!(!now.contains(&OptionCard::Brakes));
    race.check_invariants().unwrap();

    let (mut race, _) = scenario_race(&json(""));
    race.run_on();
    race.legal_actions(PlayerId(0), &mut legal);
    assert_eq!(legal, [Action::Chop(Chop::Draw), Action::Chop(Chop::Pass)]);
}

/// Robots on one open row from register 1, each `(x, facing, options,
/// power)`; runs to the end of register 1.
fn row(robots: &[(i16, &str, &str, &str)]) -> (crate::Race, Vec<Event>) {
    let list: Vec<String> = robots
        .iter()
        .map(|(x, f, o, p)| {
            format!(r#"{{"at": [{x}, 0], "facing": "{f}", "options": [{o}], "power": "{p}"}}"#)
        })
        .collect();
    let json = format!(
        r#"{{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"],
        "robots": [{}]}}"#,
        list.join(", ")
    );
    let (mut race, _) = scenario_race(&json);
    let _ = race.advance_to(robo_core::agenda::Milestone::RegisterEnd(1));
    let events = race.events_now();
    (race, events)
}

fn shots_by(events: &[Event], p: u8) -> usize {
    events
        .iter()
        .filter(|e| {
            matches!(e, Event::Grid(robo_core::event::GridEvent::Shot { from, .. })
                if from.0 == p)
        })
        .count()
}

#[test]
fn double_barrel_laser_fires_two_shots_in_the_robot_lasers_step() {
    let (race, events) = row(&[
        (0, "E", r#""Double-Barrel Laser""#, "on"),
        (3, "N", "", "on"),
    ]);
    assert_eq!(shots_by(&events, 0), 2);
    assert_eq!(race.robots()[1].damage, 2);
    // Powered down, it fires nothing.
    let (race, events) = row(&[
        (0, "E", r#""Double-Barrel Laser""#, "down"),
        (3, "N", "", "on"),
    ]);
    assert_eq!(shots_by(&events, 0), 0);
    assert_eq!(race.robots()[1].damage, 0);
}

#[test]
fn high_power_laser_goes_through_one_robot_only() {
    let (race, _) = row(&[
        (0, "E", r#""High Power Laser""#, "on"),
        (1, "N", "", "on"),
        (2, "N", "", "on"),
        (3, "N", "", "on"),
    ]);
    let damage: Vec<u8> = race.robots().iter().map(|r| r.damage).collect();
    assert_eq!(damage, [0, 1, 1, 0]);
    let (race, _) = row(&[(0, "E", "", "on"), (1, "N", "", "on"), (2, "N", "", "on")]);
    assert_eq!(
        race.robots()[2].damage,
        0,
        "without it the first robot shields"
    );
}

#[test]
fn rear_laser_fires_backwards_with_the_main_laser() {
    let (race, events) = row(&[
        (0, "N", "", "on"),
        (2, "E", r#""Rear Laser""#, "on"),
        (5, "N", "", "on"),
    ]);
    assert_eq!(shots_by(&events, 1), 2);
    assert_eq!(race.robots()[0].damage, 1);
    assert_eq!(race.robots()[2].damage, 1);
}

/// Robot 0 on (1, 0) facing east with `card` in register 1 and `option`;
/// robot 1 on (0, 1) facing east with a Move 3 of a higher priority
/// (it moves first). Run to the first question.
fn driver(card: &str, option: &str) -> crate::Race {
    let json = format!(
        r#"{{"edition": "classic", "start": "register 1",
        "board": ["+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"],
        "robots": [{{"at": [1, 0], "facing": "E", "options": ["{option}"], "registers": ["{card}"]}},
                   {{"at": [0, 1], "facing": "E", "registers": ["Move 3 840"]}}]}}"#
    );
    let (mut race, _) = scenario_race(&json);
    race.run_on();
    race
}

fn x_of(race: &crate::Race, p: u8) -> Option<i16> {
    race.world().at(robo_core::RobotId(p)).map(|(at, _)| at.x)
}

#[test]
fn brakes_fourth_gear_and_reverse_gears_ask_at_the_card_turn() {
    for (card, option, choices, pick, to) in [
        ("Move 1 490", "Brakes", [1, 0], 0, 1),
        ("Move 3 790", "Fourth Gear", [3, 4], 4, 5),
        ("Back Up 430", "Reverse Gears", [1, 2], 2, -1),
    ] {
        let mut race = driver(card, option);
        assert_eq!(
            asked(&race),
            Some((PlayerId(0), Decision::Distance)),
            "{option}"
        );
        // Robot 1's card came first (higher priority); robot 0 waits.
        assert_eq!(x_of(&race, 1), Some(3));
        assert_eq!(x_of(&race, 0), Some(1));
        let mut legal = Vec::new();
        race.legal_actions(PlayerId(0), &mut legal);
        let mut want: Vec<Action> = choices.into_iter().map(Action::Distance).collect();
        want.sort();
        assert_eq!(legal, want, "{option}");
        assert!(race.apply(PlayerId(0), Action::Distance(7)).is_err());
        race.apply(PlayerId(0), Action::Distance(pick)).unwrap();
        if to < 0 {
            assert_eq!(x_of(&race, 0), None, "{option}: backed off the board");
        } else {
            assert_eq!(x_of(&race, 0), Some(to), "{option}");
        }
    }
    // Without the option, or with another card, nothing is asked.
    assert_ne!(
        asked(&driver("Move 2 670", "Brakes")),
        Some((PlayerId(0), Decision::Distance))
    );
    assert_ne!(
        asked(&driver("Move 1 490", "Fourth Gear")),
        Some((PlayerId(0), Decision::Distance))
    );
}
