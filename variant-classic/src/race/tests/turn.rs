//! The turn: On the Clock, and the order of choices the rules leave open.

use super::{asked, course, first_options, new_race, scenario_race};
use crate::race::{Action, Decision, Reason, Setup};
use robo_core::ids::PlayerId;
use robo_core::protocol::ActionError;
use robo_core::Game;

fn clocked(on: bool) -> crate::Race {
    let mut s = Setup::new(course(), 3);
    s.on_the_clock = on;
    let mut race = new_race(s, 11);
    first_options(&mut race);
    race
}

fn refuse(race: &mut crate::Race, p: PlayerId, a: Action, why: ActionError<Reason>) {
    let before = race.clone();
    assert_eq!(race.apply(p, a).unwrap_err(), why);
    assert_eq!(*race, before, "a refused action changes nothing");
}

/// `p` programs its first `n` cards and, if `done`, announces.
fn program(race: &mut crate::Race, p: PlayerId, n: usize, done: bool) {
    for _ in 0..n {
        let c = race.robot(p).unwrap().hand[0];
        race.apply(p, Action::Program(c)).unwrap();
    }
    if done {
        race.apply(p, Action::Announce(false)).unwrap();
    }
}

#[test]
fn time_up_needs_the_rule_and_the_last_programmer() {
    let mut race = clocked(false);
    refuse(
        &mut race,
        PlayerId(0),
        Action::TimeUp,
        ActionError::Illegal(Reason::NotOnTheClock),
    );
    let mut legal = Vec::new();
    race.legal_actions(PlayerId(0), &mut legal);
    assert!(!legal.contains(&Action::TimeUp));
    let mut race = clocked(true);
    refuse(
        &mut race,
        PlayerId(0),
        Action::TimeUp,
        ActionError::Illegal(Reason::NotLast),
    );
    race.legal_actions(PlayerId(0), &mut legal);
    assert!(
        !legal.contains(&Action::TimeUp),
        "the timer has not started"
    );
    program(&mut race, PlayerId(1), 5, true);
    program(&mut race, PlayerId(2), 5, true);
    refuse(
        &mut race,
        PlayerId(1),
        Action::TimeUp,
        ActionError::NotPending(PlayerId(1)),
    );
    race.legal_actions(PlayerId(0), &mut legal);
    assert!(legal.contains(&Action::TimeUp), "{legal:?}");
}

#[test]
fn time_up_deals_the_unused_cards_into_the_empty_registers_at_random() {
    let late = PlayerId(0);
    let fill = |seed_cards: usize| {
        let mut race = clocked(true);
        program(&mut race, PlayerId(1), 5, true);
        program(&mut race, PlayerId(2), 5, true);
        program(&mut race, late, seed_cards, false);
        let hand = race.robot(late).unwrap().hand.clone();
        let kept = race.robot(late).unwrap().registers;
        race.apply(late, Action::TimeUp).unwrap();
        let r = race.robot(late).unwrap().clone();
        assert!(r.registers.iter().all(Option::is_some), "all filled");
        assert_eq!(
            r.registers[..seed_cards],
            kept[..seed_cards],
            "placed cards stay"
        );
        for c in r.registers[seed_cards..].iter().flatten() {
            assert!(hand.contains(c), "{c} came from the hand");
        }
        assert_eq!(r.hand.len(), hand.len() - (5 - seed_cards));
        // The player still announces power down or not.
        assert_eq!(
            race.pending().players().into_iter().collect::<Vec<_>>(),
            [late]
        );
        let mut legal = Vec::new();
        race.legal_actions(late, &mut legal);
        assert_eq!(legal, [Action::Announce(false), Action::Announce(true)]);
        (race, r.registers)
    };
    let (_, a) = fill(2);
    let (_, b) = fill(2);
    assert_eq!(a, b, "the game's generator, not chance");
    let (mut race, _) = fill(0);
    race.apply(late, Action::Announce(false)).unwrap();
    assert!(race.register() > 0 || race.round() > 1);
}

/// Robots all destroyed (or all powered down) before register 5; who is
/// asked at the end of the turn, in order.
fn end_of_turn_order(seed: u64, destroyed: bool) -> Vec<PlayerId> {
    let robot = |x: i16| {
        if destroyed {
            format!(r#"{{"archive": [{x}, 0], "lives": 2}}"#)
        } else {
            format!(r#"{{"at": [{x}, 0], "power": "down"}}"#)
        }
    };
    let robots: Vec<String> = (0..5).map(|x| robot(x * 2)).collect();
    let json = format!(
        r#"{{"edition": "classic", "board": ["+   +   +   +   +   +   +   +   +   +   +", "  .   .   .   .   .   .   .   .   .   .  ", "+   +   +   +   +   +   +   +   +   +   +"],
        "seed": {seed}, "start": "register 5", "robots": [{}]}}"#,
        robots.join(",")
    );
    let (mut race, _) = scenario_race(&json);
    race.run_on();
    let want = if destroyed {
        Decision::ReEnter
    } else {
        Decision::StayDown
    };
    let mut order = Vec::new();
    let mut legal = Vec::new();
    while let Some((p, d)) = asked(&race) {
        assert_eq!(d, want);
        order.push(p);
        race.legal_actions(p, &mut legal);
        race.apply(p, legal[0]).unwrap();
    }
    order
}

#[test]
fn stay_down_and_re_entry_are_asked_in_an_order_drawn_from_the_seed() {
    for destroyed in [false, true] {
        let orders: Vec<Vec<PlayerId>> = (0..8).map(|s| end_of_turn_order(s, destroyed)).collect();
        for (seed, o) in orders.iter().enumerate() {
            let mut sorted = o.clone();
            sorted.sort();
            assert_eq!(sorted, (0..5).map(PlayerId).collect::<Vec<_>>());
            assert_eq!(o, &end_of_turn_order(seed as u64, destroyed), "same seed");
        }
        let seats: Vec<PlayerId> = (0..5).map(PlayerId).collect();
        assert!(orders.iter().any(|o| *o != seats), "not seat order");
        assert!(orders.iter().any(|o| *o != orders[0]), "{orders:?}");
    }
}
