//! Property tests: random legal games, and random (mostly illegal) actions.

use proptest::prelude::*;
use robo_core::testing::cases;
use robo_core::{Game, Pending, PlayerId, Rng};
use variant_conquest::{Action, Card, Conquest, Leader, PieceId, Setup, Target, Victory, ZoneId};

fn setup() -> impl Strategy<Value = Setup> {
    use Leader::*;
    let seats = prop_oneof![
        Just(vec![OptimusPrime, Megatron]),
        Just(vec![Bumblebee, Barricade]),
        Just(vec![Megatron, Bumblebee]),
        Just(vec![OptimusPrime, Megatron, Barricade]),
        Just(vec![Barricade, Bumblebee, Megatron]),
        Just(vec![OptimusPrime, Megatron, Bumblebee, Barricade]),
        Just(vec![Barricade, OptimusPrime, Megatron, Bumblebee]),
    ];
    (
        seats,
        any::<bool>(),
        1u8..=6,
        prop_oneof![Just(50u8), Just(35u8)],
        any::<bool>(),
    )
        .prop_map(|(leaders, d8, rounds, robots, sides)| {
            let mut s = Setup::new(leaders);
            s.leader_d8 = d8;
            s.sides = sides && s.leaders.len() == 4;
            s.rounds = rounds;
            s.robots = robots;
            s
        })
}

fn card() -> impl Strategy<Value = Card> {
    (0..Card::ALL.len()).prop_map(|i| Card::ALL[i])
}

fn any_action() -> impl Strategy<Value = Action> {
    let zone = (0u8..50).prop_map(ZoneId);
    let target = prop_oneof![
        Just(Target::None),
        zone.clone().prop_map(Target::Zone),
        (0u8..6, 0u8..6).prop_map(|(p, position)| Target::Piece {
            piece: PieceId(p),
            position
        }),
    ];
    prop_oneof![
        zone.clone().prop_map(Action::Place),
        (card(), target).prop_map(|(card, target)| Action::Play { card, target }),
        Just(Action::Transform),
        (
            zone.clone(),
            zone.clone(),
            0u8..5,
            any::<bool>(),
            proptest::option::of(card())
        )
            .prop_map(|(from, to, dice, leader, card)| Action::Attack {
                from,
                to,
                dice,
                leader,
                card
            }),
        (0u8..4, any::<bool>(), proptest::option::of(card()))
            .prop_map(|(dice, leader, card)| Action::Defend { dice, leader, card }),
        (0u8..40, any::<bool>()).prop_map(|(robots, leader)| Action::MoveIn { robots, leader }),
        (zone.clone(), zone, 0u8..40, any::<bool>()).prop_map(|(from, to, robots, leader)| {
            Action::Backup {
                from,
                to,
                robots,
                leader,
            }
        }),
        Just(Action::Done),
    ]
}

/// Checks a finished game's outcome against the rules of the end.
fn check_end(game: &Conquest) -> Result<(), TestCaseError> {
    let Pending::Terminal(o) = game.pending() else {
        return Err(TestCaseError::fail("not over"));
    };
    prop_assert!(o.round >= 1 && o.round <= game.rules().rounds);
    // One winner, or with sides both players of the winning faction.
    if game.rules().sides {
        prop_assert_eq!(o.winners.len(), 2);
        let [a, b] = [o.winners[0], o.winners[1]];
        prop_assert!(game.same_side(a, b));
    } else {
        prop_assert_eq!(o.winners.len(), 1);
    }
    // Without an elimination the winners hold the most zones (per side).
    let side_zones = |p: PlayerId| -> u32 {
        (0..game.players().len())
            .map(|i| PlayerId(i as u8))
            .filter(|&q| game.same_side(p, q))
            .map(|q| u32::from(o.zones[q.index()]))
            .sum()
    };
    let best = (0..game.players().len())
        .map(|i| side_zones(PlayerId(i as u8)))
        .max()
        .unwrap_or(0);
    prop_assert_eq!(side_zones(o.winners[0]), best);
    match o.victory {
        Victory::Elimination => {
            // Everyone not among the winners holds nothing.
            for (i, p) in game.players().iter().enumerate() {
                if !o.winners.contains(&PlayerId(i as u8)) {
                    prop_assert!(p.held.is_empty());
                }
            }
        }
        _ => prop_assert_eq!(
            o.round,
            game.rules().rounds,
            "ended early without an elimination"
        ),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    #[test]
    fn random_legal_games_keep_every_rule(s in setup(), seed in any::<u64>()) {
        let mut game = Conquest::new(s, seed).unwrap();
        let mut rng = Rng::from_seed(seed ^ 0x5eed);
        let mut events = Vec::new();
        let mut steps = 0usize;
        while let Pending::Decision { player, .. } = game.pending() {
            let before = game.clone();
            let action = game.sample_action(player, &mut rng).unwrap();
            events.clear();
            game.apply_into(player, action, &mut events).unwrap();
            game.check_invariants().map_err(TestCaseError::fail)?;
            // Never move the last robot out of a zone: every zone the mover
            // held and still holds keeps a robot, and move sources keep one.
            if let Action::Backup { from, .. } = action {
                prop_assert!(game.strength(from) >= 1);
            }
            if let Action::MoveIn { .. } = action {
                if let variant_conquest::Stage::MoveIn { from, .. } = before.stage() {
                    prop_assert!(game.strength(*from) >= 1);
                }
            }
            for (i, z) in game.zones().iter().enumerate() {
                if z.owner.is_some() {
                    prop_assert!(game.strength(ZoneId(i as u8)) >= 1);
                }
            }
            steps += 1;
            prop_assert!(steps < 20_000, "the game does not end");
        }
        // Setup alone is dozens of placements.
        prop_assert!(steps > 50, "{steps} steps");
        check_end(&game)?;
    }

    #[test]
    fn random_actions_never_panic_and_refusals_change_nothing(
        s in setup(),
        seed in any::<u64>(),
        junk in proptest::collection::vec((0u8..5, any_action()), 200),
    ) {
        let mut game = Conquest::new(s, seed).unwrap();
        let mut rng = Rng::from_seed(seed);
        let mut events = Vec::new();
        for (i, (who, action)) in junk.into_iter().enumerate() {
            let Pending::Decision { player, .. } = game.pending() else { break };
            // Mostly junk, sometimes a legal move so the game goes on.
            let (who, action) = if i % 3 == 0 {
                (player, game.sample_action(player, &mut rng).unwrap())
            } else {
                (PlayerId(who), action)
            };
            let before = game.clone();
            events.clear();
            if game.apply_into(who, action, &mut events).is_err() {
                prop_assert_eq!(&game, &before);
                prop_assert!(events.is_empty());
            }
            game.check_invariants().map_err(TestCaseError::fail)?;
            let _ = game.view(who);
        }
    }

    #[test]
    fn edited_saves_are_refused_or_play_on_without_panicking(
        seed in any::<u64>(),
        steps in 0usize..600,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u64..70), 1..4),
    ) {
        let mut game = Conquest::new(Setup::for_players(2 + (seed % 3) as usize), seed).unwrap();
        let mut rng = Rng::from_seed(seed);
        for _ in 0..steps {
            let Pending::Decision { player, .. } = game.pending() else { break };
            let a = game.sample_action(player, &mut rng).unwrap();
            game.apply(player, a).unwrap();
        }
        let mut json = serde_json::to_value(&game).unwrap();
        for (at, value) in edits {
            let mut leaves = Vec::new();
            numbers(&mut json, &mut leaves);
            let n = leaves.len();
            if let Some(leaf) = leaves.into_iter().nth(at.index(n.max(1))) {
                *leaf = value.into();
            }
        }
        if let Ok(mut edited) = serde_json::from_value::<Conquest>(json) {
            edited.check_invariants().map_err(TestCaseError::fail)?;
            for _ in 0..50 {
                let Pending::Decision { player, .. } = edited.pending() else { break };
                let mut legal = Vec::new();
                edited.legal_actions(player, &mut legal);
                let _ = edited.view(player);
                let Some(a) = edited.sample_action(player, &mut rng) else { break };
                let _ = edited.apply(player, a);
            }
        }
    }
}

/// Every number in a JSON value (skipping the generator's state, whose
/// edits only change the dice).
fn numbers<'a>(v: &'a mut serde_json::Value, out: &mut Vec<&'a mut serde_json::Value>) {
    match v {
        serde_json::Value::Number(_) => out.push(v),
        serde_json::Value::Array(items) => items.iter_mut().for_each(|i| numbers(i, out)),
        serde_json::Value::Object(map) => {
            for (k, item) in map.iter_mut() {
                if k != "rng" {
                    numbers(item, out);
                }
            }
        }
        _ => {}
    }
}
