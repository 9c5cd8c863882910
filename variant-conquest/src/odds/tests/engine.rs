//! The exact odds with modifiers against the engine's own battles: seeded
//! games fight the same battle thousands of times, and the counts must lie
//! within statistical bounds of the chain's probabilities.

use super::within_bounds;
use crate::action::Action;
use crate::battle::{max_attack_dice, max_defence_dice, Fighter};
use crate::card::Card;
use crate::faction::{Leader, Mode};
use crate::odds::Modifiers;
use crate::state::{Conquest, Stage};
use crate::tests::{z, Fix, P0, P1};
use robo_core::{testing::cases, Game, Rng};

/// One battle set up in the arena: seat 0 attacks from B, seat 1 defends C.
struct Case {
    leaders: [Leader; 2],
    /// The attacker's leader fights, in this mode.
    attacker: Option<Mode>,
    /// The defender's leader stands in C (and fights), in this mode.
    defender: Option<Mode>,
    d8: bool,
    attack_card: Option<Card>,
    defence_card: Option<Card>,
    /// Robots able to attack, defenders (leaders included).
    a: u8,
    d: u8,
}

impl Case {
    fn modifiers(&self) -> Modifiers {
        Modifiers {
            attacker_leader: self.attacker.map(|m| Fighter::new(self.leaders[0], m)),
            defender_leader: self.defender.map(|m| Fighter::new(self.leaders[1], m)),
            leader_d8: self.d8,
            attack_card: self.attack_card,
            defence_card: self.defence_card,
        }
    }

    fn position(&self) -> Conquest {
        // With its leader fighting, B keeps one ordinary robot behind.
        let b = if self.attacker.is_some() {
            self.a
        } else {
            self.a + 1
        };
        let c = self.d - u8::from(self.defender.is_some());
        let mut f = Fix::new(
            &self.leaders,
            &[
                ("A", 0, 1),
                ("B", 0, b),
                ("C", 1, c),
                ("D", 0, 1),
                ("E", 1, 1),
                ("F", 1, 1),
                ("G", 0, 1),
                ("H", 1, 1),
            ],
        );
        f.g.rules.leader_d8 = self.d8;
        f.leader(
            P0,
            self.attacker.map(|_| "B"),
            self.attacker.unwrap_or_default(),
        );
        f.leader(
            P1,
            self.defender.map(|_| "C"),
            self.defender.unwrap_or_default(),
        );
        f.hand(P0, &self.attack_card.into_iter().collect::<Vec<_>>());
        f.hand(P1, &self.defence_card.into_iter().collect::<Vec<_>>());
        f.stage(P0, Stage::Attack);
        f.g
    }
}

/// Counts (captures, attacker's leader fell, defender's leader fell) over
/// `n` battles fought by the engine, both sides playing as the odds assume.
fn engine_battles(case: &Case, n: u32, seed: u64) -> (u64, u64, u64) {
    let base = case.position();
    let (b, c) = (z("B"), z("C"));
    let mut rng = Rng::from_seed(seed);
    let (mut captured, mut a_fell, mut d_fell) = (0, 0, 0);
    for _ in 0..n {
        let mut g = base.clone();
        g.rng = rng.clone();
        let mut first = true;
        loop {
            let able = g.strength(b) - 1;
            if able == 0 {
                break;
            }
            let leader = g.players[0].leader_at == Some(b);
            let card = case.attack_card.filter(|_| first);
            let dice = able.min(3).min(max_attack_dice(g.fighter_in(c)));
            g.apply(
                P0,
                Action::Attack {
                    from: b,
                    to: c,
                    dice,
                    leader,
                    card,
                },
            )
            .unwrap();
            let leader = g.leader_in(c);
            let dice = g.strength(c).min(max_defence_dice(card));
            let card = case.defence_card.filter(|_| first);
            g.apply(P1, Action::Defend { dice, leader, card }).unwrap();
            first = false;
            if matches!(g.stage, Stage::MoveIn { .. }) {
                captured += 1;
                break;
            }
        }
        a_fell += u64::from(case.attacker.is_some() && g.players[0].leader_at.is_none());
        d_fell += u64::from(case.defender.is_some() && g.players[1].leader_at.is_none());
        rng = g.rng.clone();
    }
    (captured, a_fell, d_fell)
}

#[test]
fn modified_odds_agree_with_the_engines_own_battles() {
    use Leader::*;
    let plain = |leaders, a, d| Case {
        leaders,
        attacker: None,
        defender: None,
        d8: false,
        attack_card: None,
        defence_card: None,
        a,
        d,
    };
    let cases_ = [
        Case {
            attacker: Some(Mode::Robot),
            ..plain([OptimusPrime, Megatron], 4, 3)
        },
        Case {
            attacker: Some(Mode::Robot),
            defender: Some(Mode::Robot),
            d8: true,
            ..plain([Bumblebee, Barricade], 5, 4)
        },
        Case {
            attacker: Some(Mode::Robot),
            defender: Some(Mode::Robot),
            d8: true,
            ..plain([Megatron, OptimusPrime], 3, 3)
        },
        // Roadblock: two dice, and the attacking leader may fall early.
        Case {
            attacker: Some(Mode::Robot),
            defender: Some(Mode::Vehicle),
            ..plain([OptimusPrime, Barricade], 5, 3)
        },
        Case {
            attacker: Some(Mode::Robot),
            defender: Some(Mode::Vehicle),
            d8: true,
            attack_card: Some(Card::IonBlaster),
            defence_card: Some(Card::ArmorPlating),
            ..plain([Barricade, Bumblebee], 4, 4)
        },
        Case {
            attack_card: Some(Card::Blitz),
            defence_card: Some(Card::ForceField),
            ..plain([OptimusPrime, Megatron], 3, 4)
        },
        Case {
            attacker: Some(Mode::Vehicle),
            d8: true,
            attack_card: Some(Card::TargetingScanner),
            defence_card: Some(Card::Smokescreen),
            ..plain([Megatron, Bumblebee], 2, 3)
        },
    ];
    let n = cases(3000).max(500);
    for (i, case) in cases_.iter().enumerate() {
        let m = case.modifiers();
        m.check().unwrap();
        let exact = m.battle(case.a, case.d);
        let (captured, a_fell, d_fell) = engine_battles(case, n, 40 + i as u64);
        let n = u64::from(n);
        assert!(
            within_bounds(captured, n, exact.capture),
            "case {i} ({m}): {captured} of {n} captured, exact {}",
            exact.capture
        );
        assert!(
            within_bounds(a_fell, n, exact.attacker_leader_falls),
            "case {i} ({m}): the attacking leader fell {a_fell} of {n}, exact {}",
            exact.attacker_leader_falls
        );
        assert!(
            within_bounds(d_fell, n, exact.defender_leader_falls),
            "case {i} ({m}): the defending leader fell {d_fell} of {n}, exact {}",
            exact.defender_leader_falls
        );
    }
}

#[test]
fn the_simulation_can_tell_a_modifier_apart() {
    // The bounds are tight enough to notice a missing leader effect: the
    // engine's battles with Optimus Prime fighting do not fit the plain
    // odds.
    let case = Case {
        leaders: [Leader::OptimusPrime, Leader::Megatron],
        attacker: Some(Mode::Robot),
        defender: None,
        d8: false,
        attack_card: None,
        defence_card: None,
        a: 4,
        d: 3,
    };
    let n = 3000;
    let (captured, _, _) = engine_battles(&case, n, 7);
    let plain = crate::odds::battle(4, 3).capture;
    assert!(!within_bounds(captured, u64::from(n), plain));
}
