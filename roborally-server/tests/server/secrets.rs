//! Hidden information never leaves the server: every frame a seat (or a
//! spectator) receives over a whole game is read and checked against the
//! game played again from its replay.

use crate::support::{self, create, http_text, play, Client};
use roborally::core::protocol::Replay;
use roborally::core::{Game, PlayerId, Rng};
use roborally::AnyGame;
use roborally_server::protocol::ServerMessage;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Keys that would carry the generator or the seed.
const FORBIDDEN_KEYS: [&str; 4] = ["seed", "rng", "bot_seed", "token"];

fn keys_are_clean(v: &Value, path: &str) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                assert!(!FORBIDDEN_KEYS.contains(&k.as_str()), "{path}.{k} is sent");
                keys_are_clean(x, &format!("{path}.{k}"));
            }
        }
        Value::Array(xs) => xs.iter().for_each(|x| keys_are_clean(x, path)),
        _ => {}
    }
}

/// What a seat's frames may not show of the others, by the view's shape.
fn view_hides_the_others(view: &Value, seat: Option<u8>) {
    if let Some(v) = view.get("2023") {
        for (j, robot) in v["robots"].as_array().unwrap().iter().enumerate() {
            if seat == Some(j as u8) {
                continue;
            }
            assert!(
                robot["hand"].is_u64(),
                "another robot's hand is a count: {robot}"
            );
            assert!(
                robot["uninstalled"].is_u64(),
                "uninstalled upgrades are a count"
            );
            for reg in robot["registers"].as_array().unwrap() {
                assert!(
                    reg["under"].is_null(),
                    "a face-down Haywire is hidden: {reg}"
                );
                if reg["revealed"] == false {
                    assert_eq!(reg["cards"], json!([]), "face-down cards are hidden: {reg}");
                }
            }
        }
        if seat.is_none() {
            assert_eq!(v["hand"], json!([]));
        }
    }
    if let Some(v) = view.get("conquest") {
        for p in v["players"].as_array().unwrap() {
            assert!(p["hand"].is_u64(), "hands are counts: {p}");
        }
        if seat.is_none() {
            assert_eq!(v["hand"], json!([]));
        }
    }
}

/// Counts the cards other players drew that a seat's events showed
/// hidden; panics on one shown.
fn events_hide_the_others(events: &Value, seat: Option<u8>) -> usize {
    let mut hidden = 0;
    for e in events.as_array().unwrap() {
        if let Some(drawn) = e.get("conquest").and_then(|c| c.get("card-drawn")) {
            if seat.is_some_and(|s| drawn["player"] == json!(s)) {
                continue;
            }
            assert!(
                drawn["card"].is_null(),
                "another player's drawn card is shown: {drawn}"
            );
            hidden += 1;
        }
    }
    hidden
}

/// Checks every frame of every client against the game played again;
/// returns how many of the others' drawn cards came hidden, and how many
/// cards of the others' hands were looked for in state frames.
fn check_frames(replay: &Replay<AnyGame>, clients: &[(Option<u8>, Vec<String>)]) -> (usize, usize) {
    let mut hidden = 0;
    let mut looked = 0;
    let seed = replay.seed.to_string();
    // seq -> [(seat, frame)]
    let mut by_seq: BTreeMap<u64, Vec<(Option<u8>, ServerMessage)>> = BTreeMap::new();
    let mut frames = 0;
    for (seat, texts) in clients {
        for text in texts {
            frames += 1;
            assert!(
                !text.contains(&seed),
                "the seed {seed} is in a frame: {text}"
            );
            let value: Value = serde_json::from_str(text).unwrap();
            keys_are_clean(&value, "");
            let msg: ServerMessage = serde_json::from_value(value).unwrap();
            let seq = match &msg {
                ServerMessage::State(s) => {
                    let view = serde_json::to_value(&s.view).unwrap();
                    view_hides_the_others(&view, *seat);
                    s.seq
                }
                ServerMessage::Events { seq, events, .. } => {
                    hidden += events_hide_the_others(&serde_json::to_value(events).unwrap(), *seat);
                    *seq
                }
                _ => continue,
            };
            by_seq.entry(seq).or_default().push((*seat, msg));
        }
    }
    assert!(frames > 100, "a whole game's frames: {frames}");
    // The game again, action by action: each state frame is exactly the
    // engine's view of its seat, each events frame the engine's events as
    // that seat may see them.
    let mut game = AnyGame::new(replay.setup.clone(), replay.seed).unwrap();
    let mut events = Vec::new();
    for seq in 0..=replay.actions.len() as u64 {
        if seq > 0 {
            let (p, a) = &replay.actions[seq as usize - 1];
            events = game.apply(*p, a.clone()).unwrap();
        }
        for (seat, msg) in by_seq.get(&seq).map(Vec::as_slice).unwrap_or_default() {
            let viewer = seat.map(PlayerId);
            match msg {
                ServerMessage::State(s) => {
                    let truth = match viewer {
                        Some(p) => game.view(p),
                        None => game.public_view(),
                    };
                    assert_eq!(s.view, truth, "seq {seq}, seat {seat:?}");
                    let view = serde_json::to_value(&s.view).unwrap();
                    looked += no_other_hand_in(&view, &game, viewer);
                }
                ServerMessage::Events { events: got, .. } => {
                    let truth: Vec<_> = events.iter().map(|e| e.seen_by(viewer)).collect();
                    assert_eq!(got, &truth, "seq {seq}, seat {seat:?}");
                }
                _ => {}
            }
        }
    }
    (hidden, looked)
}

async fn play_and_check(name: &str, body: Value, seed: u64) -> (usize, usize) {
    let server = support::start(name).await;
    let addr = server.addr;
    let (id, tokens) = create(addr, body).await;
    let mut people = Vec::new();
    for (_, token) in &tokens {
        people.push(Client::join(addr, &id, Some(token), None).await);
    }
    let mut watcher = Client::join(addr, &id, None, None).await;
    play(&mut people, &mut Rng::from_seed(seed), None).await;
    let end = people[0].seq;
    watcher.until_seq(end).await;
    let (status, text) = http_text(addr, "GET", &format!("/api/matches/{id}/replay"), None).await;
    assert_eq!(status, 200);
    let replay: Replay<AnyGame> = serde_json::from_str(&text).unwrap();
    let mut clients = Vec::new();
    for c in people {
        let seat = c.seat;
        clients.push((seat, c.close().await));
    }
    clients.push((None, watcher.close().await));
    let found = check_frames(&replay, &clients);
    server.shutdown().await;
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_frame_of_a_2023_race_shows_a_secret() {
    let (_, looked) = play_and_check(
        "secrets-2023",
        json!({"edition":"2023","course":"Milk Run","max_rounds":5,
               "seats":[{"person":"Ann"},{"bot":"planner"},{"person":"Bob"}]}),
        3,
    )
    .await;
    assert!(looked > 0, "the others' hands were looked for");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_frame_of_a_conquest_match_shows_a_secret() {
    let (hidden, _) = play_and_check(
        "secrets-conquest",
        json!({"edition":"conquest","seats":[{"person":"Ann"},{"person":"Bob"},{"bot":"random"}]}),
        4,
    )
    .await;
    assert!(hidden > 0, "the game drew cards that others saw hidden");
}

/// Every value nested in `v` (itself included).
fn all_values(v: &Value, out: &mut Vec<Value>) {
    out.push(v.clone());
    match v {
        Value::Object(map) => map.values().for_each(|x| all_values(x, out)),
        Value::Array(xs) => xs.iter().for_each(|x| all_values(x, out)),
        _ => {}
    }
}

/// The cards of every seat's hand but `viewer`'s, as the engine holds
/// them now (a grid race's view lists its own hand under `hand`).
fn other_hands(game: &AnyGame, viewer: Option<PlayerId>) -> Vec<Value> {
    let mut cards = Vec::new();
    for p in 0..game.num_players() {
        let p = PlayerId(p as u8);
        if Some(p) == viewer {
            continue;
        }
        let view = serde_json::to_value(game.view(p)).unwrap();
        let Some((edition, v)) = view.as_object().and_then(|o| o.iter().next()) else {
            continue;
        };
        if edition == "conquest" {
            // Conquest's cards are kinds, not physical cards: two hands
            // can hold the same one.
            continue;
        }
        if let Some(hand) = v.get("hand").and_then(Value::as_array) {
            cards.extend(hand.iter().cloned());
        }
    }
    cards
}

/// No card of another seat's hand appears anywhere in a state frame's
/// view (a grid race's cards are physical: a card in a hand is nowhere
/// public at the same time). Returns how many hand cards were looked for.
fn no_other_hand_in(view: &Value, game: &AnyGame, viewer: Option<PlayerId>) -> usize {
    let hands = other_hands(game, viewer);
    let mut shown = Vec::new();
    all_values(view, &mut shown);
    for card in &hands {
        assert!(
            !shown.contains(card),
            "{viewer:?} sees {card} of another seat's hand in {view}"
        );
    }
    hands.len()
}

/// A match of bots alone, watched by a spectator from its first event
/// (`since: 0`) to its end: the match finishes through the server, and
/// no frame shows a hand, a face-down card or the seed. Returns how many
/// hand cards of the engine were looked for in the spectator's views.
async fn watch_bots_and_check(name: &str, body: Value) -> usize {
    let server = support::start(name).await;
    let addr = server.addr;
    let (id, tokens) = create(addr, body).await;
    assert!(tokens.is_empty(), "bots alone: no seat token");
    let mut watcher = Client::join(addr, &id, None, Some(0)).await;
    if !watcher.finished() {
        watcher
            .until(|m| matches!(m, ServerMessage::State(s) if s.finished))
            .await;
    }
    let end = watcher.state.clone().unwrap();
    assert!(end.finished && end.outcome.is_some(), "{end:?}");
    let (_, info) = support::http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(info["finished"], true, "{info}");
    assert_eq!(info["winners"], json!(end.winners));
    assert!(info["round"].as_u64().unwrap() >= 1, "{info}");
    let (status, text) = http_text(addr, "GET", &format!("/api/matches/{id}/replay"), None).await;
    assert_eq!(status, 200);
    let replay: Replay<AnyGame> = serde_json::from_str(&text).unwrap();
    assert_eq!(replay.actions.len() as u64, end.seq);
    let (status, html) =
        http_text(addr, "GET", &format!("/api/matches/{id}/replay.html"), None).await;
    assert!(status == 200 && html.contains("<html"), "{status}");
    let (_, looked) = check_frames(&replay, &[(None, watcher.close().await)]);
    server.shutdown().await;
    looked
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_classic_match_of_bots_plays_to_the_end_and_its_spectator_sees_no_hand() {
    let looked = watch_bots_and_check(
        "bots-classic",
        json!({"edition":"classic","max_rounds":6,
               "seats":[{"bot":"planner"},{"bot":"random"},{"bot":"random"}]}),
    )
    .await;
    assert!(looked > 0, "hands were dealt while the spectator watched");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_transformers_match_of_bots_plays_to_the_end_and_its_spectator_sees_no_hand() {
    let looked = watch_bots_and_check(
        "bots-transformers",
        json!({"edition":"transformers","max_rounds":4,
               "seats":[{"bot":"planner"},{"bot":"random"},{"bot":"random"}]}),
    )
    .await;
    assert!(looked > 0, "hands were dealt while the spectator watched");
}
