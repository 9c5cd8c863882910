//! Views at many points of random games show no other player's hand, no
//! face-down register, no card another robot's options keep aside
//! (Robo-Copter's once the registers run excepted) and nothing of the
//! deck.

use crate::cards::Card;
use crate::race::{FlagRule, Race, Setup, StartRule};
use robo_core::ids::PlayerId;
use robo_core::protocol::RandomPolicy;
use robo_core::race::frame::GridRace as _;
use robo_core::{Game, Policy};

fn json(c: &Card) -> String {
    serde_json::to_string(c).unwrap()
}

/// Every card `me` must not see in `race`: the others' hands, their
/// face-down registers (with their second cards), the cards their options
/// keep aside (a Robo-Copter's only while programming), and the deck.
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
                hidden.extend(r.extra[slot].iter().copied());
            }
        }
        hidden.extend(r.marks.bomb_cards());
        hidden.extend(r.marks.flywheel);
        hidden.extend(r.marks.conditional);
        let programming = matches!(
            race.pending(),
            robo_core::protocol::Pending::Simultaneous {
                decision: crate::race::Decision::Program,
                ..
            }
        );
        if race.register() == 0 || programming {
            hidden.extend(r.marks.copter);
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

#[test]
fn views_of_random_games_with_options_hide_parked_cards() {
    let (mut looked, mut parked) = (0, 0);
    for seed in 0..6u64 {
        let mut setup = Setup::new(super::course(), 2 + seed as u8);
        setup.max_rounds = Some(5);
        setup.options = 4;
        let mut race = Race::new(setup, seed).unwrap();
        let mut bots: Vec<RandomPolicy> = (0..race.num_players())
            .map(|i| RandomPolicy::new(seed * 17 + i as u64))
            .collect();
        for _ in 0..20_000 {
            let Some(p) = race.pending().players().into_iter().next() else {
                break;
            };
            let a = bots[p.index()].choose(&race, p).unwrap();
            race.apply(p, a).unwrap();
            parked += usize::from(matches!(a, crate::race::Action::Park { .. }));
            check_views(&race, &mut looked);
        }
        assert!(race.outcome().is_some(), "seed {seed} ends");
    }
    assert!(
        looked > 1_000 && parked > 0,
        "{looked} views, {parked} parked"
    );
}

const OPEN: &str = r#"["+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +", "  .   .   .   .   .   .  ", "+   +   +   +   +   +   +"]"#;

#[test]
fn parked_cards_show_to_their_owner_and_face_down_to_the_others() {
    use crate::cards::Kind;
    use crate::options::OptionCard;
    use crate::race::{Action, ParkedCard};
    use robo_core::agenda::{Milestone, Reached};
    let file = format!(
        r#"{{"edition": "classic", "board": {OPEN}, "start": "programming",
        "robots": [{{"at": [2, 1], "facing": "E", "options": ["Flywheel", "Robo-Copter"],
          "hand": ["U-Turn", "U-Turn", "U-Turn", "U-Turn", "Rotate Left", "Move 2", "Move 1"]}},
          {{"at": [5, 0], "facing": "N", "power": "down"}}]}}"#
    );
    let (mut race, _) = super::scenario_race(&file);
    race.run_on();
    let me = PlayerId(0);
    let hand = race.robots()[0].hand.clone();
    let of = |k: Kind| *hand.iter().find(|c| c.kind == k).unwrap();
    let (move1, move2) = (of(Kind::Move1), of(Kind::Move2));
    for c in hand
        .iter()
        .filter(|c| !matches!(c.kind, Kind::Move1 | Kind::Move2))
    {
        race.apply(me, Action::Program(*c)).unwrap();
    }
    for (option, card) in [
        (OptionCard::Flywheel, move2),
        (OptionCard::RoboCopter, move1),
    ] {
        race.apply(me, Action::Park { option, card }).unwrap();
    }
    let face_up = [
        ParkedCard {
            option: OptionCard::Flywheel,
            card: Some(move2),
        },
        ParkedCard {
            option: OptionCard::RoboCopter,
            card: Some(move1),
        },
    ];
    assert_eq!(race.view(me).robots[0].parked, face_up);
    let theirs = race.view(PlayerId(1));
    let down = face_up.map(|p| ParkedCard { card: None, ..p });
    assert_eq!(theirs.robots[0].parked, down);
    let text = serde_json::to_string(&theirs).unwrap();
    for c in [move1, move2] {
        assert!(!text.contains(&json(&c)), "player 1 sees {c}: {text}");
    }
    // The registers run: the Robo-Copter's card, run in the open, is face
    // up to everyone; the Flywheel's stays face down.
    race.answer(me, Action::Announce(false)).unwrap();
    let reached = race.advance_to(Milestone::RegisterEnd(1));
    assert!(matches!(reached, Reached::Milestone(_)), "{reached:?}");
    assert_eq!(race.register(), 1);
    assert_eq!(
        race.view(PlayerId(1)).robots[0].parked,
        [down[0], face_up[1]]
    );
    let text = serde_json::to_string(&race.view(PlayerId(1))).unwrap();
    assert!(!text.contains(&json(&move2)), "{text}");
}
