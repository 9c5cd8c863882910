//! Views at many points of random games show no other player's hand, no
//! face-down register and nothing of the deck.

use crate::cards::Card;
use crate::race::{FlagRule, Race, Setup, StartRule};
use robo_core::ids::PlayerId;
use robo_core::protocol::RandomPolicy;
use robo_core::{Game, Policy};

fn json(c: &Card) -> String {
    serde_json::to_string(c).unwrap()
}

/// Every card `me` must not see in `race`: the others' hands, their
/// face-down registers (and any extra cards), and the deck.
fn hidden_from(race: &Race, me: PlayerId) -> Vec<Card> {
    let mut hidden: Vec<Card> = race.deck.clone();
    for (i, r) in race.robots().iter().enumerate() {
        if i == me.index() {
            continue;
        }
        hidden.extend(r.hand.iter().copied());
        for reg in 1..=5u8 {
            let slot = usize::from(reg - 1);
            if reg > race.register() && !r.is_locked(reg) {
                hidden.extend(r.registers[slot]);
            }
            hidden.extend(r.extra[slot].iter().copied());
        }
    }
    hidden
}

fn check_views(race: &Race, looked: &mut usize) {
    for p in 0..race.num_players() {
        let me = PlayerId(p as u8);
        let view = race.view(me);
        assert_eq!(view.hand, race.robots()[p].hand, "{me} sees its own hand");
        let text = serde_json::to_string(&view).unwrap();
        for c in hidden_from(race, me) {
            assert!(
                !text.contains(&json(&c)),
                "{me} sees {c} at round {} register {}",
                race.round(),
                race.register()
            );
        }
        *looked += 1;
    }
}

#[test]
fn views_of_random_games_hide_hands_face_down_registers_and_the_deck() {
    let mut looked = 0;
    for seed in 0..7u64 {
        let players = 2 + (seed % 7) as u8;
        let mut setup = Setup::new(super::course(), players);
        setup.max_rounds = Some(4);
        setup.on_the_clock = seed % 2 == 0;
        setup.start = match seed % 3 {
            0 => StartRule::Docks,
            1 => StartRule::Gate,
            _ => StartRule::Shared(setup.course.checkpoints()[0]),
        };
        if seed % 4 == 3 {
            setup.flags = FlagRule::Random(3);
        }
        let mut race = Race::new(setup, seed).unwrap();
        let mut bots: Vec<RandomPolicy> = (0..race.num_players())
            .map(|i| RandomPolicy::new(seed * 31 + i as u64))
            .collect();
        check_views(&race, &mut looked);
        for _ in 0..5_000 {
            let pending = race.pending();
            assert!(
                !matches!(
                    pending,
                    robo_core::protocol::Pending::Decision {
                        decision: crate::race::Decision::Prevent,
                        ..
                    }
                ),
                "no guard in play, no damage question"
            );
            let Some(p) = pending.players().into_iter().next() else {
                break;
            };
            let a = bots[p.index()].choose(&race, p).unwrap();
            race.apply(p, a).unwrap();
            race.check_invariants().unwrap();
            check_views(&race, &mut looked);
        }
        assert!(race.outcome().is_some(), "seed {seed} ends");
    }
    assert!(looked > 1_000, "{looked} views looked at");
}
