//! The limits on what one client may ask: each refused with its own
//! error (as `docs/server-protocol.md` lists them), each a setting.

use crate::support::{self, create, http, http_full, Client};
use roborally_server::config::Config;
use roborally_server::limits::Limits;
use roborally_server::protocol::ServerMessage;
use roborally_server::Server;
use serde_json::{json, Value};

async fn start(name: &str, limits: Limits) -> Server {
    let config = Config {
        limits,
        ..support::config(name)
    };
    roborally_server::start(config).await.unwrap()
}

fn two_people(a: &str, b: Value) -> String {
    json!({"edition":"conquest","seats":[{"person":a},b]}).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_and_bodies_have_their_limits() {
    let server = start("names", Limits::default()).await;
    let addr = server.addr;
    let long = "é".repeat(65);
    let just = "é".repeat(64);
    for body in [
        two_people(&long, json!({"person":"Bob"})),
        two_people("Ann", json!({"open": long})),
    ] {
        let (status, e) = http(addr, "POST", "/api/matches", Some(&body)).await;
        assert_eq!((status, &e["error"]), (400, &json!("bad_request")), "{e}");
        assert!(e["message"].as_str().unwrap().contains("64"), "{e}");
    }
    let (status, _) = http(
        addr,
        "POST",
        "/api/matches",
        Some(&two_people(&just, json!({"open": just}))),
    )
    .await;
    assert_eq!(status, 201, "64 characters are fine");
    let (id, _) = create(
        addr,
        json!({"edition":"conquest","seats":[{"person":"Ann"},{"open":null}]}),
    )
    .await;
    let join = format!("/api/matches/{id}/join");
    let (status, e) = http(
        addr,
        "POST",
        &join,
        Some(&json!({ "name": long }).to_string()),
    )
    .await;
    assert_eq!((status, &e["error"]), (400, &json!("bad_request")), "{e}");
    // A body over 16 KiB, however well formed.
    let padded = json!({"name": "Bob", "pad": "x".repeat(17 * 1024)}).to_string();
    for path in ["/api/matches", join.as_str()] {
        let (status, e) = http(addr, "POST", path, Some(&padded)).await;
        assert_eq!(
            (status, &e["error"]),
            (413, &json!("too_large")),
            "{path}: {e}"
        );
    }
    let (status, _) = http(addr, "POST", &join, Some(r#"{"name":"Bob"}"#)).await;
    assert_eq!(status, 200, "the seat is still open");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_creates_its_quota_a_minute_and_a_process_its_matches() {
    let limits = Limits {
        matches_per_minute: 3,
        ..Limits::default()
    };
    let server = start("rate", limits).await;
    let addr = server.addr;
    let body = two_people("Ann", json!({"bot":"random"}));
    for _ in 0..3 {
        let (status, _) = http(addr, "POST", "/api/matches", Some(&body)).await;
        assert_eq!(status, 201);
    }
    let (status, e) = http(addr, "POST", "/api/matches", Some(&body)).await;
    assert_eq!((status, &e["error"]), (429, &json!("rate_limited")), "{e}");
    server.shutdown().await;

    let limits = Limits {
        open_matches: 2,
        ..Limits::default()
    };
    let server = start("busy", limits).await;
    let addr = server.addr;
    for _ in 0..2 {
        let (status, _) = http(addr, "POST", "/api/matches", Some(&body)).await;
        assert_eq!(status, 201);
    }
    let (status, e) = http(addr, "POST", "/api/matches", Some(&body)).await;
    assert_eq!((status, &e["error"]), (503, &json!("busy")), "{e}");
    assert_eq!(server.hub.unfinished(), 2);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_and_bad_tokens_have_their_limits() {
    let limits = Limits {
        spectators: 2,
        bad_tokens: 3,
        ..Limits::default()
    };
    let server = start("watchers", limits).await;
    let addr = server.addr;
    let (id, tokens) = create(
        addr,
        json!({"edition":"conquest","seats":[{"person":"Ann"},{"bot":"random"}]}),
    )
    .await;
    let _one = Client::join(addr, &id, None, None).await;
    let two = Client::join(addr, &id, None, None).await;
    let mut three = Client::open(addr, &id).await;
    three.send(json!({"type":"hello"})).await;
    assert_eq!(three.error().await, "full");
    // A seat's own connection is never counted among them.
    let ann = Client::join(addr, &id, Some(&tokens[0].1), None).await;
    assert_eq!(ann.seat, Some(0));
    // A spectator leaves: there is room again.
    two.close().await;
    let mut again = false;
    for _ in 0..100 {
        three.send(json!({"type":"hello"})).await;
        match three
            .until(|m| {
                matches!(
                    m,
                    ServerMessage::Error { .. } | ServerMessage::Welcome { .. }
                )
            })
            .await
        {
            ServerMessage::Welcome { .. } => {
                again = true;
                break;
            }
            _ => tokio::time::sleep(std::time::Duration::from_millis(20)).await,
        }
    }
    assert!(again, "a place left by a spectator is taken");

    // Three bad tokens on one socket: three errors, then the close.
    let mut guesser = Client::open(addr, &id).await;
    for _ in 0..3 {
        guesser
            .send(json!({"type":"hello","token":"0123456789abcdef0123456789abcdef"}))
            .await;
        assert_eq!(guesser.error().await, "bad_token");
    }
    assert!(guesser.closed().await, "the socket is closed");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_list_comes_in_pages() {
    let limits = Limits {
        page: 2,
        ..Limits::default()
    };
    let server = start("pages", limits).await;
    let addr = server.addr;
    let mut ids = Vec::new();
    for _ in 0..5 {
        let (id, _) = create(
            addr,
            json!({"edition":"conquest","seats":[{"person":"Ann"},{"open":null}]}),
        )
        .await;
        ids.push(id);
    }
    let page = |path: &'static str| async move {
        let (status, head, body) = http_full(addr, "GET", path, None).await;
        assert_eq!(status, 200, "{path}: {body}");
        assert!(head.contains("x-total-count: 5"), "{path}: {head}");
        let list: Value = serde_json::from_str(&body).unwrap();
        list.as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_str().unwrap().to_string())
            .collect::<Vec<String>>()
    };
    // Oldest first (matches created in one millisecond in id order).
    let first = page("/api/matches").await;
    assert_eq!(first.len(), 2, "a page");
    let mut all = first.clone();
    all.extend(page("/api/matches?offset=2").await);
    all.extend(page("/api/matches?offset=4&limit=2").await);
    let (mut sorted, mut want) = (all.clone(), ids.clone());
    sorted.sort();
    want.sort();
    assert_eq!(sorted, want, "every match once: {all:?}");
    assert_eq!(
        page("/api/matches?limit=100").await,
        first,
        "at most a page"
    );
    assert_eq!(page("/api/matches?offset=1&limit=1").await, all[1..2]);
    let (status, e) = http(addr, "GET", "/api/matches?offset=many", None).await;
    assert_eq!((status, &e["error"]), (400, &json!("bad_request")), "{e}");
    server.shutdown().await;
}
