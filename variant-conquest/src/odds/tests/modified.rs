//! The odds with modifiers, against counts made by hand and published
//! values.

use crate::battle::Fighter;
use crate::card::Card;
use crate::faction::{Leader, Mode};
use crate::odds::{battle, one_roll, CaptureTable, Modifiers, OddsCache, OddsError};

fn robot(l: Leader) -> Option<Fighter> {
    Some(Fighter::new(l, Mode::Robot))
}

fn vehicle(l: Leader) -> Option<Fighter> {
    Some(Fighter::new(l, Mode::Vehicle))
}

#[test]
fn the_published_values() {
    // Osborne (2003), attackers not counting the one left behind.
    for (a, d, p) in [
        (3, 3, 0.470),
        (5, 5, 0.506),
        (10, 10, 0.568),
        (2, 1, 0.754),
        (1, 2, 0.106),
    ] {
        let got = battle(a, d).capture;
        assert!((got - p).abs() < 0.0005, "{a} v {d}: {got}");
        let cached = OddsCache::new().capture(a, d, &Modifiers::NONE);
        assert!((cached - got).abs() < 1e-12, "{a} v {d}");
    }
    let roll = one_roll(3, 2);
    assert_eq!((roll.ways(0, 2), roll.total), (2890, 7776));
    assert_eq!(Modifiers::NONE.one_roll(3, 2), roll);
}

#[test]
fn leader_effects_in_one_roll_counted_by_hand() {
    // Megatron defending in robot mode: the attacker's die -1. One die
    // each: the attacker wins when x - 1 > y: 1 + 2 + 3 + 4 = 10 of 36.
    let m = Modifiers {
        defender_leader: robot(Leader::Megatron),
        ..Modifiers::NONE
    };
    assert_eq!(m.one_roll(1, 1).ways(0, 1), 10);
    // The same leader in vehicle mode changes nothing...
    let m = Modifiers {
        defender_leader: vehicle(Leader::Megatron),
        ..Modifiers::NONE
    };
    assert_eq!(m.one_roll(1, 1), one_roll(1, 1));
    // ...but with the eight-sided option its die has eight faces:
    // the attacker wins when x > y: 15 of 48.
    let m = Modifiers {
        leader_d8: true,
        ..m
    };
    assert_eq!(
        (m.one_roll(1, 1).ways(0, 1), m.one_roll(1, 1).total),
        (15, 48)
    );
    // Roadblock: three dice are two; Blitz: two defending dice are one.
    let m = Modifiers {
        defender_leader: vehicle(Leader::Barricade),
        attack_card: Some(Card::Blitz),
        ..Modifiers::NONE
    };
    let r = m.one_roll(3, 2);
    assert_eq!((r.attacker_dice, r.defender_dice), (2, 1));
    assert_eq!(r, one_roll(2, 1));
    assert_eq!((m.max_attack_dice(), m.max_defence_dice()), (2, 1));
}

#[test]
fn a_lone_fighting_leader_falls_when_the_attack_fails() {
    // Optimus Prime alone (+1): captures 1 v 1 when x + 1 > y, 21 of 36.
    let m = Modifiers {
        attacker_leader: robot(Leader::OptimusPrime),
        ..Modifiers::NONE
    };
    let b = m.battle(1, 1);
    assert!((b.capture - 21.0 / 36.0).abs() < 1e-12);
    assert!((b.attacker_leader_falls - 15.0 / 36.0).abs() < 1e-12);
    assert_eq!(b.defender_leader_falls, 0.0);
    let c = OddsCache::new().chances(1, 1, &m);
    assert!((c.capture - b.capture).abs() < 1e-12);
    assert!((c.attacker_leader_falls - b.attacker_leader_falls).abs() < 1e-12);
    // From 3 v 1 it falls only by losing three rolls in a row (3, 2, then
    // 1 die): ordinary robots go first.
    let lose = |dice| m.one_roll(dice, 1).probability(1, 0);
    let by_hand = lose(3) * lose(2) * lose(1);
    assert!((m.battle(3, 1).attacker_leader_falls - by_hand).abs() < 1e-12);
    // Against a Roadblock two dice can both lose, so it can.
    let m = Modifiers {
        defender_leader: vehicle(Leader::Barricade),
        ..m
    };
    assert!(m.battle(3, 2).attacker_leader_falls > 0.0);
}

#[test]
fn a_card_goes_with_the_first_roll_only() {
    // Armor Plating, 1 v 1: the attacker's first win is cancelled, then the
    // battle goes on with plain dice: captured with (15/36)^2.
    let m = Modifiers {
        defence_card: Some(Card::ArmorPlating),
        ..Modifiers::NONE
    };
    let p = (15.0f64 / 36.0).powi(2);
    assert!((m.battle(1, 1).capture - p).abs() < 1e-12);
    assert!((OddsCache::new().capture(1, 1, &m) - p).abs() < 1e-12);
    // Ion Blaster on the first roll of 1 v 2, then plain: by hand from
    // the one-roll tables.
    let ion = Modifiers {
        attack_card: Some(Card::IonBlaster),
        ..Modifiers::NONE
    };
    let first = ion.one_roll(1, 2);
    let after = battle(1, 1).capture;
    let by_hand = first.probability(0, 1) * after;
    assert!((ion.battle(1, 2).capture - by_hand).abs() < 1e-12);
}

#[test]
fn distributions_add_up_with_modifiers() {
    let m = Modifiers {
        attacker_leader: robot(Leader::Bumblebee),
        defender_leader: vehicle(Leader::Barricade),
        leader_d8: true,
        attack_card: Some(Card::TargetingScanner),
        defence_card: Some(Card::ForceField),
    };
    let mut cache = OddsCache::new();
    for (a, d) in [(1, 1), (3, 2), (7, 5), (12, 9)] {
        let b = cache.battle(a, d, &m);
        let sa: f64 = b.attackers_left.iter().sum();
        let sd: f64 = b.defenders_left.iter().sum();
        assert!((sa - 1.0).abs() < 1e-12 && (sd - 1.0).abs() < 1e-12);
        assert!((b.capture - cache.capture(a, d, &m)).abs() < 1e-12);
        let c = cache.chances(a, d, &m);
        assert!((c.attacker_leader_falls - b.attacker_leader_falls).abs() < 1e-12);
        // A captured zone has lost its leader; a failed attack has lost the attacker's.
        assert!(b.defender_leader_falls >= b.capture - 1e-12);
        assert!(b.attacker_leader_falls >= 1.0 - b.capture - 1e-12);
    }
}

#[test]
fn a_cache_answers_the_same_whatever_it_was_asked_before() {
    let m = Modifiers {
        attacker_leader: robot(Leader::Megatron),
        defender_leader: robot(Leader::OptimusPrime),
        ..Modifiers::NONE
    };
    let mut cache = OddsCache::new();
    let small = cache.capture(3, 3, &m);
    let big = cache.capture(40, 30, &m);
    assert_eq!(cache.capture(3, 3, &m), small);
    assert_eq!(OddsCache::new().capture(40, 30, &m), big);
    assert!((m.battle(3, 3).capture - small).abs() < 1e-12);
    // Plain modifiers give the plain table.
    let table = CaptureTable::new(12);
    for a in 1..=12 {
        for d in 1..=12 {
            let p = cache.capture(a, d, &Modifiers::NONE);
            assert!((table.get(a, d).unwrap() - p).abs() < 1e-12);
        }
    }
}

#[test]
fn impossible_modifiers_are_refused() {
    let m = Modifiers {
        attack_card: Some(Card::ForceField),
        ..Modifiers::NONE
    };
    assert_eq!(m.check(), Err(OddsError::NotAnAttackCard(Card::ForceField)));
    let m = Modifiers {
        defence_card: Some(Card::Blitz),
        ..Modifiers::NONE
    };
    assert_eq!(m.check(), Err(OddsError::NotADefenceCard(Card::Blitz)));
    let m = Modifiers {
        attacker_leader: robot(Leader::Megatron),
        defender_leader: vehicle(Leader::Megatron),
        ..Modifiers::NONE
    };
    assert_eq!(m.check(), Err(OddsError::SameLeader(Leader::Megatron)));
}
