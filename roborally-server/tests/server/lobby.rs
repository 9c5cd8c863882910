//! The lobby: matches created as the issue writes them, listed, joined,
//! left, seats handed to bots, replays, stale matches cleaned.

use crate::support::{self, create, http, http_text, Client};
use roborally::core::protocol::Replay;
use roborally::core::{Game, Pending};
use roborally::AnyGame;
use serde_json::{json, Value};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_of_bots_alone_plays_itself_to_the_end_and_keeps_its_replay() {
    let server = support::start("bots").await;
    let addr = server.addr;
    let (status, created) = http(
        addr,
        "POST",
        "/api/matches",
        Some(r#"{"edition":"conquest","seats":[{"bot":"greedy"},{"bot":"random"}]}"#),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["tokens"], json!([]));
    let info = loop {
        let (status, info) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
        assert_eq!(status, 200);
        if info["finished"] == true {
            break info;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(info["status"], "finished");
    assert_eq!(info["edition"], "conquest");
    assert_eq!(info["winners"].as_array().unwrap().len(), 1, "{info}");
    assert!(info["outcome"]["conquest"].is_object(), "{info}");
    // The replay (setup, seed, actions) reproduces the game and its end.
    let (status, text) = http_text(addr, "GET", &format!("/api/matches/{id}/replay"), None).await;
    assert_eq!(status, 200);
    let replay: Replay<AnyGame> = serde_json::from_str(&text).unwrap();
    assert_eq!(replay.actions.len() as u64, info["seq"].as_u64().unwrap());
    let game = replay.play().unwrap();
    let Pending::Terminal(outcome) = game.pending() else {
        panic!("the replay ends the game")
    };
    assert_eq!(serde_json::to_value(outcome).unwrap(), info["outcome"]);
    let (status, html) =
        http_text(addr, "GET", &format!("/api/matches/{id}/replay.html"), None).await;
    assert_eq!(status, 200);
    assert!(
        html.starts_with("<!doctype html>") && html.contains("greedy"),
        "{}",
        &html[..200.min(html.len())]
    );
    // Finished matches are not listed.
    let (_, list) = http(addr, "GET", "/api/matches", None).await;
    assert!(!list
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["id"] == id.as_str()));
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_join_leave_and_hand_an_abandoned_seat_to_a_bot() {
    let server = support::start("seats").await;
    let addr = server.addr;
    let (id, tokens) = create(
        addr,
        json!({"edition":"2023","course":"Milk Run","seats":[{"person":"Ann"},{"open":"guest"},{"open":null}]}),
    )
    .await;
    assert_eq!(tokens.len(), 1);
    let (_, hidden) = http(
        addr,
        "POST",
        "/api/matches",
        Some(
            &json!({"edition":"2023","seats":[{"bot":"random"},{"open":null}],"private":true})
                .to_string(),
        ),
    )
    .await;
    let (_, list) = http(addr, "GET", "/api/matches", None).await;
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&id.as_str()), "{list}");
    assert!(
        !ids.contains(&hidden["id"].as_str().unwrap()),
        "a private match is unlisted"
    );
    let (status, info) = http(
        addr,
        "GET",
        &format!("/api/matches/{}", hidden["id"].as_str().unwrap()),
        None,
    )
    .await;
    assert_eq!(
        (status, &info["private"]),
        (200, &json!(true)),
        "reachable by its id"
    );

    let (_, info) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(info["status"], "open");
    assert_eq!(
        info["seats"][1],
        json!({"seat":1,"kind":"open","name":"guest","bot":null,"connected":false,"stand_in":false})
    );
    // Ann connects: presence is public.
    let mut ann = Client::join(addr, &id, Some(&tokens[0].1), None).await;
    assert!(!ann.asked(), "nothing is played while seats are open");
    let (_, info) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(info["seats"][0]["connected"], true);

    let (status, bob) = http(
        addr,
        "POST",
        &format!("/api/matches/{id}/join"),
        Some(r#"{"name":"Bob"}"#),
    )
    .await;
    assert_eq!(status, 200, "{bob}");
    assert_eq!(
        (bob["seat"].as_u64(), bob["name"].as_str()),
        (Some(1), Some("Bob"))
    );
    let bob_token = bob["token"].as_str().unwrap().to_string();
    assert_eq!(bob_token.len(), 32);
    let (status, cy) = http(addr, "POST", &format!("/api/matches/{id}/join"), Some("{}")).await;
    assert_eq!((status, cy["seat"].as_u64()), (200, Some(2)));
    let (status, full) = http(addr, "POST", &format!("/api/matches/{id}/join"), None).await;
    assert_eq!(
        (status, &full["error"]),
        (409, &json!("conflict")),
        "{full}"
    );
    let (_, info) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(
        info["status"], "running",
        "every seat is taken: the match starts"
    );
    ann.until(|m| matches!(m, roborally_server::protocol::ServerMessage::State(s) if s.asked.is_some() || !s.waiting.is_empty())).await;

    // Cy leaves: the seat is open; Ann hands it to a bot, which plays.
    let leave = json!({"token": cy["token"]}).to_string();
    let (status, info) = http(
        addr,
        "POST",
        &format!("/api/matches/{id}/leave"),
        Some(&leave),
    )
    .await;
    assert_eq!(
        (status, &info["seats"][2]["kind"]),
        (200, &json!("open")),
        "{info}"
    );
    let (status, again) = http(
        addr,
        "POST",
        &format!("/api/matches/{id}/leave"),
        Some(&leave),
    )
    .await;
    assert_eq!(
        (status, &again["error"]),
        (403, &json!("bad_token")),
        "the token no longer plays"
    );
    // Ann is connected: her seat is hers.
    let hand =
        |token: &str, seat: u8| json!({"token": token, "seat": seat, "bot": "random"}).to_string();
    let (status, refused) = http(
        addr,
        "POST",
        &format!("/api/matches/{id}/bot"),
        Some(&hand(&bob_token, 0)),
    )
    .await;
    assert_eq!(
        (status, &refused["error"]),
        (409, &json!("conflict")),
        "{refused}"
    );
    let (status, refused) = http(
        addr,
        "POST",
        &format!("/api/matches/{id}/bot"),
        Some(&hand("f00", 2)),
    )
    .await;
    assert_eq!((status, &refused["error"]), (403, &json!("bad_token")));
    let (status, info) = http(
        addr,
        "POST",
        &format!("/api/matches/{id}/bot"),
        Some(&hand(&tokens[0].1, 2)),
    )
    .await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(
        info["seats"][2],
        json!({"seat":2,"kind":"bot","name":null,"bot":"random","connected":false,"stand_in":false})
    );
    // Bob never connected, but his seat is his until the grace period
    // (minutes) has run out (see seats.rs).
    let (status, refused) = http(
        addr,
        "POST",
        &format!("/api/matches/{id}/bot"),
        Some(&hand(&tokens[0].1, 1)),
    )
    .await;
    assert_eq!((status, &refused["error"]), (409, &json!("conflict")));
    ann.close().await;
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_refuses_bad_requests_with_json_errors() {
    let server = support::start("refusals").await;
    let addr = server.addr;
    let cases: [(&str, &str, Option<&str>, u16, &str); 7] = [
        (
            "POST",
            "/api/matches",
            Some("{not json"),
            400,
            "bad_request",
        ),
        (
            "POST",
            "/api/matches",
            Some(r#"{"edition":"2023","seats":[{"robot":"x"}]}"#),
            400,
            "bad_request",
        ),
        (
            "POST",
            "/api/matches",
            Some(r#"{"edition":"classic","seats":[{"bot":"random"}]}"#),
            400,
            "bad_request",
        ),
        (
            "POST",
            "/api/matches",
            Some(
                r#"{"edition":"transformers","timer":30,"seats":[{"bot":"random"},{"bot":"random"}]}"#,
            ),
            400,
            "no_timer",
        ),
        ("GET", "/api/matches/nope", None, 404, "no_match"),
        ("POST", "/api/matches/nope/join", None, 404, "no_match"),
        ("GET", "/api/nothing", None, 404, "bad_request"),
    ];
    for (method, path, body, status, code) in cases {
        let (got, answer) = http(addr, method, path, body).await;
        assert_eq!(
            (got, answer["error"].as_str()),
            (status, Some(code)),
            "{method} {path}: {answer}"
        );
        assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let (id, _) = create(
        addr,
        json!({"edition":"2023","seats":[{"person":"a"},{"bot":"random"}]}),
    )
    .await;
    let (status, answer) = http(addr, "GET", &format!("/api/matches/{id}/replay"), None).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (409, Some("conflict")),
        "no replay (nor seed) before the end"
    );
    let (status, page) = http_text(addr, "GET", "/", None).await;
    assert!(
        status == 200 && page.contains("/web/app.js") && page.contains("/protocol.md"),
        "the browser client, with a link to the protocol: {page}"
    );
    let (status, doc) = http_text(addr, "GET", "/protocol.md", None).await;
    assert!(
        status == 200 && doc.contains("# "),
        "the protocol document is served"
    );
    let (_, editions) = http(addr, "GET", "/api/editions", None).await;
    let names: Vec<&Value> = editions
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["edition"])
        .collect();
    assert_eq!(
        names,
        [
            &json!("classic"),
            &json!("2023"),
            &json!("transformers"),
            &json!("conquest")
        ]
    );
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_matches_are_cleaned_after_the_configured_time() {
    let mut config = support::config("stale");
    config.stale_after = Duration::from_millis(300);
    config.clean_every = Duration::from_millis(100);
    let server = roborally_server::start(config).await.unwrap();
    let addr = server.addr;
    let (id, _) = create(
        addr,
        json!({"edition":"2023","seats":[{"person":"a"},{"open":null}]}),
    )
    .await;
    let (status, _) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(status, 200);
    tokio::time::sleep(Duration::from_millis(900)).await;
    let (status, _) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(status, 404);
    assert_eq!(server.hub.running(), 0);
    server.shutdown().await;
}
