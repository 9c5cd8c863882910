//! What an online server asks of every playable edition: a public view,
//! events as each seat may see them, a timed rule, setups apart from
//! games and HTML replays.

use super::{InAny, NewGame, SPECTATOR};
use crate::any::{new_game, new_setup};
use crate::{AnyGame, Edition};
use robo_core::protocol::{Pending, Replay};
use robo_core::{Game, PlayerId, Rng};

fn race(game: &AnyGame) -> &crate::v2023::Race {
    <crate::v2023::Race as InAny>::in_any(game).expect("a 2023 game")
}

fn settings(players: u8, seed: u64) -> NewGame {
    NewGame {
        players,
        seed,
        max_rounds: Some(4),
        ..NewGame::default()
    }
}

/// Plays random actions (seat order at simultaneous decisions) until
/// `stop` says so or the game ends; returns every event.
fn play_until(
    game: &mut AnyGame,
    rng: &mut Rng,
    mut stop: impl FnMut(&AnyGame) -> bool,
) -> Vec<crate::any::AnyEvent> {
    let mut all = Vec::new();
    for _ in 0..20_000 {
        if stop(game) {
            break;
        }
        let Some(&p) = game.pending().players().first() else {
            break;
        };
        let a = game
            .sample_action(p, rng)
            .expect("a pending player can act");
        all.extend(game.apply(p, a).expect("a sampled action is legal"));
    }
    all
}

#[test]
fn new_setup_is_the_setup_new_game_starts_from() {
    for edition in Edition::playable() {
        let s = settings(3, 11);
        let setup = new_setup(edition, &s).unwrap();
        assert_eq!(setup.edition(), edition);
        assert_eq!(
            AnyGame::new(setup, 11).unwrap(),
            new_game(edition, &s).unwrap()
        );
    }
    let unknown = NewGame {
        course: Some("Nowhere".into()),
        ..settings(2, 1)
    };
    for edition in [Edition::V2023, Edition::Classic, Edition::Transformers] {
        assert!(new_setup(edition, &unknown).is_err(), "{edition}");
    }
}

#[test]
fn the_public_view_of_a_race_shows_no_hand_and_no_face_down_card() {
    let mut game = new_game(Edition::V2023, &settings(3, 5)).unwrap();
    let mut rng = Rng::from_seed(2);
    // Until seat 0 has handed in its program and others still write theirs.
    play_until(&mut game, &mut rng, |g| {
        let race = race(g);
        race.player(PlayerId(0))
            .is_some_and(|p| p.registers().iter().any(|r| !r.cards.is_empty()))
    });
    let race = race(&game);
    let public = serde_json::to_value(game.public_view()).unwrap();
    let seat0 = serde_json::to_value(game.view(PlayerId(0))).unwrap();
    assert_eq!(public["2023"]["hand"], serde_json::json!([]));
    assert!(!race.player(PlayerId(1)).unwrap().hand().is_empty());
    for robot in public["2023"]["robots"].as_array().unwrap() {
        for reg in robot["registers"].as_array().unwrap() {
            if reg["revealed"] == false {
                assert_eq!(reg["cards"], serde_json::json!([]), "{reg}");
                assert!(reg["under"].is_null(), "{reg}");
            }
        }
    }
    // Seat 0 sees its own face-down program; the public does not.
    let own = &seat0["2023"]["robots"][0]["registers"][0]["cards"];
    assert_ne!(own, &serde_json::json!([]));
    assert_eq!(
        public["2023"]["robots"][0]["registers"][0]["cards"],
        serde_json::json!([])
    );
    assert_eq!(game.public_view(), game.view(SPECTATOR));
}

#[test]
fn a_conquest_card_drawn_is_seen_by_its_drawer_alone() {
    let mut game = new_game(Edition::Conquest, &settings(2, 8)).unwrap();
    let mut rng = Rng::from_seed(8);
    let events = play_until(&mut game, &mut rng, |_| false);
    let drawn: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            crate::any::AnyEvent::Conquest(variant_conquest::Event::CardDrawn {
                player,
                card: Some(_),
            }) => Some((e, *player)),
            _ => None,
        })
        .collect();
    assert!(!drawn.is_empty(), "a whole game draws cards");
    for (e, player) in drawn {
        assert_eq!(&e.seen_by(Some(player)), e);
        let other = PlayerId(1 - player.0);
        for hidden in [e.seen_by(Some(other)), e.seen_by(None)] {
            let json = serde_json::to_value(&hidden).unwrap();
            assert!(json["conquest"]["card-drawn"]["card"].is_null(), "{json}");
        }
    }
    let public = serde_json::to_value(game.public_view()).unwrap();
    assert_eq!(public["conquest"]["hand"], serde_json::json!([]));
}

#[test]
fn a_timed_race_fills_late_programs_around_the_draft() {
    let mut setup = new_setup(Edition::V2023, &settings(2, 3)).unwrap();
    let untimed = AnyGame::new(setup.clone(), 3).unwrap();
    setup.timed().unwrap();
    let mut game = AnyGame::new(setup, 3).unwrap();
    let mut rng = Rng::from_seed(3);
    play_until(&mut game, &mut rng, |g| g.clock().is_some());
    let round = game.clock().expect("programming is on the clock");
    // The same moment without the timed rule has no clock and no time-up.
    let mut plain = untimed;
    play_until(&mut plain, &mut Rng::from_seed(3), |g| {
        matches!(g.pending(), Pending::Simultaneous { ref players, .. } if players.len() == 2)
            && race(g).phase() == variant_2023::events::Phase::Programming
    });
    assert_eq!(plain.clock(), None);
    assert_eq!(plain.time_up(PlayerId(0), None), None);
    // Seat 0 drafted one card in register 2; the time runs out.
    let hand = race(&game).player(PlayerId(0)).unwrap().hand().to_vec();
    let mut draft = variant_2023::actions::Program::default();
    draft.registers[1] = variant_2023::actions::Slot::Card(hand[0]);
    let draft = crate::AnyAction::V2023(variant_2023::actions::Action::Program(draft));
    let mut events = Vec::new();
    for p in game.pending().players() {
        let d = (p == PlayerId(0)).then_some(&draft);
        let a = game
            .time_up(p, d)
            .expect("a pending programmer has a time-up");
        assert!(matches!(
            a,
            crate::AnyAction::V2023(variant_2023::actions::Action::TimeUp(_))
        ));
        events.extend(game.apply(p, a).unwrap());
    }
    assert_ne!(game.clock(), Some(round), "the period is over");
    // The drafted card stayed in register 2: revealed there, or waiting.
    let revealed = events.iter().find_map(|e| match e {
        crate::any::AnyEvent::V2023(variant_2023::Event::CardRevealed {
            player: PlayerId(0),
            register: 2,
            card,
        }) => Some(*card),
        _ => None,
    });
    match revealed {
        Some(card) => assert_eq!(card, hand[0].card()),
        None => {
            let regs = race(&game).player(PlayerId(0)).unwrap().registers();
            assert!(regs[1].cards.contains(&hand[0]), "{regs:?}");
        }
    }
}

#[test]
fn conquest_turns_run_to_the_end_on_time_up_alone() {
    let mut game = new_game(Edition::Conquest, &settings(3, 4)).unwrap();
    let mut periods = std::collections::BTreeSet::new();
    for _ in 0..50_000 {
        let Some(clock) = game.clock() else { break };
        periods.insert(clock);
        let p = game.pending().players()[0];
        let a = game
            .time_up(p, None)
            .expect("every pending player has a default");
        game.apply(p, a).unwrap();
    }
    assert!(game.pending().is_terminal());
    assert_eq!(game.clock(), None);
    assert!(periods.len() > 10, "{periods:?}");
}

#[test]
fn an_html_replay_is_drawn_for_every_edition() {
    for edition in Edition::playable() {
        let replay = Replay::<AnyGame> {
            setup: new_setup(edition, &settings(2, 1)).unwrap(),
            seed: 1,
            actions: Vec::new(),
        };
        let html = crate::race::replay_html(&replay, &["Ann".into()]).unwrap();
        assert!(html.contains("Ann") && html.contains("P1"), "{edition}");
    }
    let wrong = Replay::<AnyGame> {
        setup: new_setup(Edition::V2023, &settings(2, 1)).unwrap(),
        seed: 1,
        actions: vec![(
            PlayerId(0),
            crate::AnyAction::Conquest(variant_conquest::Action::Done),
        )],
    };
    let err = crate::race::replay_html(&wrong, &[]).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("action 0 of the log is refused"),
        "{err}"
    );
}

#[test]
fn only_editions_with_a_timed_rule_take_a_timer() {
    for edition in Edition::playable() {
        let mut setup = new_setup(edition, &settings(2, 1)).unwrap();
        let before = setup.clone();
        let timed = setup.timed();
        match edition {
            Edition::V2023 | Edition::Conquest | Edition::Classic => {
                assert_eq!(timed, Ok(()));
            }
            // Transformers has no timed rule at all.
            Edition::Transformers => {
                assert_eq!(timed, Err(super::NewGameError::NoTimer(edition)));
                assert_eq!(setup, before, "a refused timer changes nothing");
                assert!(timed.unwrap_err().to_string().contains("no timed rule"));
            }
        }
    }
}
