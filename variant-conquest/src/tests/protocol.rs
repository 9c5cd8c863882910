//! The protocol: refusals, views, saves, replays.

use super::*;
use crate::action::Action;
use crate::bots::RandomBot;
use robo_core::{ActionError, Pending, Policy, Recorded, Replay};

#[test]
fn refusals_name_the_problem_and_change_nothing() {
    let mut f = duel();
    f.stage(P0, Stage::Attack);
    assert_eq!(
        f.refused(PlayerId(7), Action::Done),
        ActionError::UnknownPlayer(PlayerId(7))
    );
    assert_eq!(f.refused(P1, Action::Done), ActionError::NotPending(P1));
    match f.refused(P0, Action::Transform) {
        ActionError::WrongDecision { expected } => {
            assert!(expected.contains("attack"), "{expected}")
        }
        e => panic!("{e}"),
    }
}

#[test]
fn views_hide_other_hands_the_deck_order_and_the_generator() {
    let mut f = duel();
    f.hand(P0, &[Card::Blitz])
        .hand(P1, &[Card::ForceField, Card::Transwarp]);
    let v = f.g.view(P0);
    assert_eq!(v.hand, vec![Card::Blitz]);
    assert_eq!(v.players[1].hand, 2);
    assert_eq!(v.draw_pile, Card::deck_size() - 3);
    let json = serde_json::to_string(&f.g.view(P0)).unwrap();
    assert!(
        !json.contains("force-field") && !json.contains("transwarp"),
        "{json}"
    );
    assert!(!json.contains("rng"));
    let spectator = f.g.view(PlayerId(9));
    assert!(spectator.hand.is_empty());
}

/// Plays a random game, saving and resuming through JSON at every pending
/// point, against an unsaved copy.
#[test]
fn json_saves_resume_to_the_same_game() {
    for seed in 0..3 {
        let mut game = Conquest::new(crate::Setup::for_players(2 + seed as usize), seed).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut steps = 0;
        while let Pending::Decision { player, .. } = game.pending() {
            let json = serde_json::to_string(&game).unwrap();
            let resumed: Conquest = serde_json::from_str(&json).unwrap();
            assert_eq!(resumed, game);
            let action = bot.choose(&game, player).unwrap();
            let mut copy = resumed;
            let a = game.apply(player, action).unwrap();
            let b = copy.apply(player, action).unwrap();
            assert_eq!((a, &copy), (b, &game));
            steps += 1;
        }
        assert!(steps > 100);
    }
}

#[test]
fn replays_reproduce_the_game() {
    let mut rec = Recorded::<Conquest>::new(crate::Setup::for_players(4), 42).unwrap();
    let mut bots: Vec<RandomBot> = (0..4).map(RandomBot::new).collect();
    while let Pending::Decision { player, .. } = rec.game.pending() {
        let a = bots[player.index()].choose(&rec.game, player).unwrap();
        rec.apply(player, a).unwrap();
    }
    let json = serde_json::to_string(&rec.replay).unwrap();
    let replay: Replay<Conquest> = serde_json::from_str(&json).unwrap();
    assert_eq!(replay.play().unwrap(), rec.game);
}

#[test]
fn broken_saves_are_refused() {
    let g = duel().g;
    let json = serde_json::to_value(&g).unwrap();
    let mutate = |path: &[&str], value: serde_json::Value| {
        let mut j = json.clone();
        let mut at = &mut j;
        for key in path {
            at = match key.parse::<usize>() {
                Ok(i) => &mut at[i],
                Err(_) => &mut at[*key],
            };
        }
        *at = value;
        serde_json::from_value::<Conquest>(j)
    };
    assert!(serde_json::from_value::<Conquest>(json.clone()).is_ok());
    let e = mutate(&["zones", "0", "robots"], 9.into()).unwrap_err();
    assert!(e.to_string().contains("robots"), "{e}");
    assert!(mutate(&["zones", "0", "owner"], 3.into()).is_err());
    assert!(mutate(&["pieces", "0"], 5.into()).is_err());
    assert!(mutate(&["turn"], 5.into()).is_err());
    assert!(mutate(&["players", "0", "leader_at"], 60.into()).is_err());
    assert!(
        mutate(&["players", "0", "hand"], serde_json::json!(["blitz"])).is_err(),
        "a card out of nowhere"
    );
    assert!(mutate(&["zones"], serde_json::json!([])).is_err());
    assert!(mutate(&["map"], "nowhere".into()).is_err());
    // A save stopped at a place phase with nothing to place refuses the
    // placement instead of going wrong.
    let mut j = json.clone();
    j["stage"] = "place".into();
    let mut g: Conquest = serde_json::from_value(j).unwrap();
    assert_eq!(
        g.apply(P0, Action::Place(z("A"))),
        Err(ActionError::Illegal(crate::Reason::NoRobots))
    );
}

#[test]
fn invariants_catch_broken_states() {
    let mut g = duel().g;
    g.check_invariants().unwrap();
    g.zones[0].robots += 1;
    assert!(g.check_invariants().unwrap_err().contains("robots"));
    let mut g = duel().g;
    g.zones[z("G").index()].robots = 0;
    g.players[0].supply += 1;
    assert!(g.check_invariants().unwrap_err().contains("empty"));
    let mut g = duel().g;
    g.players[0].held.remove(z("G"));
    assert!(g.check_invariants().is_err());
}

#[test]
fn legal_actions_are_sorted_and_samples_are_among_them() {
    let mut game = Conquest::new(crate::Setup::for_players(4), 5).unwrap();
    let mut rng = robo_core::Rng::from_seed(1);
    let mut legal = Vec::new();
    let mut counted = std::collections::BTreeMap::new();
    while let Pending::Decision { player, .. } = game.pending() {
        let complete = game.legal_actions(player, &mut legal);
        assert_eq!(complete, robo_core::Legal::Complete);
        assert!(legal.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(legal.len(), game.count_actions(player));
        let a = game.sample_action(player, &mut rng).unwrap();
        assert!(legal.binary_search(&a).is_ok(), "{a:?}");
        if legal.len() <= 4 {
            *counted.entry(legal.len()).or_insert(0) += 1;
        }
        for other in 0..4 {
            if PlayerId(other) != player {
                game.legal_actions(PlayerId(other), &mut legal);
                assert!(legal.is_empty());
            }
        }
        game.apply(player, a).unwrap();
    }
}

#[test]
fn samples_are_uniform_over_attacks() {
    let mut f = duel();
    f.g.zones[z("B").index()].robots = 4;
    f.sync();
    f.hand(P0, &[Card::IonBlaster]);
    f.stage(P0, Stage::Attack);
    let mut legal = Vec::new();
    f.g.legal_actions(P0, &mut legal);
    let mut rng = robo_core::Rng::from_seed(3);
    let mut hits = std::collections::BTreeMap::new();
    let n = 200 * legal.len();
    for _ in 0..n {
        *hits
            .entry(f.g.sample_action(P0, &mut rng).unwrap())
            .or_insert(0usize) += 1;
    }
    assert_eq!(hits.len(), legal.len(), "every legal action is sampled");
    assert!(hits.values().all(|&h| (100..300).contains(&h)), "{hits:?}");
}
