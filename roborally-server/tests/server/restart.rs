//! Durability and reconnection: a client that drops catches up by
//! sequence number; the real binary killed with SIGKILL between two
//! actions comes back and finishes the match exactly as an uninterrupted
//! run of the same seed and actions.

use crate::support::{self, create, http, http_text, play, spawn, temp_dir, Client};
use roborally::core::protocol::Replay;
use roborally::core::Rng;
use roborally::AnyGame;
use roborally_server::protocol::ServerMessage;
use serde_json::{json, Value};
use std::net::SocketAddr;

fn body() -> Value {
    json!({"edition":"2023","course":"Milk Run","max_rounds":4,"seed":77,
           "seats":[{"person":"Ann"},{"person":"Bob"},{"bot":"planner"}]})
}

async fn replay_of(addr: SocketAddr, id: &str) -> Replay<AnyGame> {
    let (status, text) = http_text(addr, "GET", &format!("/api/matches/{id}/replay"), None).await;
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

async fn people(
    addr: SocketAddr,
    id: &str,
    tokens: &[(u8, String)],
    since: Option<u64>,
) -> Vec<Client> {
    let mut out = Vec::new();
    for (_, token) in tokens {
        out.push(Client::join(addr, id, Some(token), since).await);
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_mid_game_resumes_every_match_exactly() {
    // The uninterrupted run.
    let data = temp_dir("whole");
    let (mut whole, addr) = spawn(&data).await;
    let (id, tokens) = create(addr, body()).await;
    let mut clients = people(addr, &id, &tokens, None).await;
    play(&mut clients, &mut Rng::from_seed(5), None).await;
    let expected = replay_of(addr, &id).await;
    whole.kill().await.unwrap();
    let total = expected.actions.len() as u64;
    assert!(total > 20, "{total} actions");

    // The same match, killed half way (between two actions), restarted.
    let data = temp_dir("killed");
    let (mut first, addr) = spawn(&data).await;
    let (id, tokens) = create(addr, body()).await;
    // A bots-only match runs beside it and must come back too.
    let (bots, _) = create(
        addr,
        json!({"edition":"conquest","seats":[{"bot":"random"},{"bot":"random"}]}),
    )
    .await;
    let mut clients = people(addr, &id, &tokens, None).await;
    let mut rng = Rng::from_seed(5);
    play(&mut clients, &mut rng, Some(total / 2)).await;
    let seen = clients.iter().map(|c| c.seq).max().unwrap();
    first.kill().await.unwrap(); // SIGKILL: no chance to save anything more
    drop(clients);

    let (mut second, addr) = spawn(&data).await;
    let mut clients = people(addr, &id, &tokens, Some(seen)).await;
    for c in &clients {
        let welcome = c
            .frames
            .iter()
            .find_map(|f| match serde_json::from_str(f).unwrap() {
                ServerMessage::Welcome { seq, .. } => Some(seq),
                _ => None,
            });
        assert!(
            welcome.unwrap() >= seen,
            "an action a client saw is never lost"
        );
    }
    play(&mut clients, &mut rng, None).await;
    let resumed = replay_of(addr, &id).await;
    assert_eq!(resumed.seed, expected.seed);
    assert_eq!(resumed.setup, expected.setup);
    assert_eq!(
        resumed.actions, expected.actions,
        "the same game, action for action"
    );
    assert_eq!(resumed.play().unwrap(), expected.play().unwrap());
    // The bots' match was resumed and goes on to its end.
    let mut done = false;
    for _ in 0..600 {
        let (_, info) = http(addr, "GET", &format!("/api/matches/{bots}"), None).await;
        if info["finished"] == true {
            done = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(done, "the bots' match finished after the restart");
    second.kill().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_drops_catches_up_by_sequence_number() {
    let server = support::start("catch-up").await;
    let addr = server.addr;
    let (id, tokens) = create(
        addr,
        json!({"edition":"2023","course":"Milk Run","seed":3,"seats":[{"person":"Ann"},{"person":"Bob"}]}),
    )
    .await;
    let mut both = people(addr, &id, &tokens, None).await;
    let mut rng = Rng::from_seed(9);
    // Up to the first program Ann is asked for.
    loop {
        let seq = both.iter().map(|c| c.seq).max().unwrap();
        for c in both.iter_mut() {
            c.until_seq(seq).await;
        }
        if both[0].asked()
            && both[0]
                .state
                .as_ref()
                .unwrap()
                .asked
                .as_ref()
                .unwrap()
                .legal
                .is_none()
        {
            break;
        }
        play(&mut both, &mut rng, Some(seq + 1)).await;
    }
    let program = support::choose(both[0].state.as_ref().unwrap(), &mut rng);
    let before = both[0].seq;
    both[0].act(&program).await;
    both[0].until_seq(before + 1).await;
    let since = both[0].seq;
    let ann = both.remove(0);
    ann.close().await;
    let mut bob = both.remove(0);
    bob.until_seq(since).await;
    // Presence is public (once the server has seen the close).
    let mut gone = false;
    for _ in 0..500 {
        let (_, info) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
        if info["seats"][0]["connected"] == false {
            gone = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert!(gone, "presence is public");
    // Bob programs: the registers run while Ann is away.
    let program = support::choose(bob.state.as_ref().unwrap(), &mut rng);
    bob.act(&program).await;
    bob.until_seq(since + 1).await;
    let now = bob.seq;
    assert!(now > since);
    let mut ann = Client::join(addr, &id, Some(&tokens[0].1), Some(since)).await;
    let caught: Vec<ServerMessage> = ann
        .frames
        .iter()
        .map(|f| serde_json::from_str(f).unwrap())
        .filter(|m| matches!(m, ServerMessage::Events { .. }))
        .collect();
    let bob_saw: Vec<ServerMessage> = bob
        .frames
        .iter()
        .map(|f| serde_json::from_str(f).unwrap())
        .filter(|m| matches!(m, ServerMessage::Events { seq, .. } if *seq > since))
        .collect();
    assert_eq!(
        caught, bob_saw,
        "the events Ann missed, as Bob saw them (all public)"
    );
    assert!(!caught.is_empty());
    assert_eq!(ann.seq, now);
    let (_, info) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(info["seats"][0]["connected"], true);
    // Ann goes on from here.
    ann.until_seq(now).await;
    let mut both = vec![ann, bob];
    play(&mut both, &mut rng, Some(now + 3)).await;
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnect_after_a_thousand_actions_gets_every_frame_and_plays_on() {
    let server = support::start("thousand").await;
    let addr = server.addr;
    // Four seats placing 254 robots each, one at a time: over 1,000
    // actions before the first attack, far more than a connection's queue
    // of frames holds.
    let (id, tokens) = create(
        addr,
        json!({"edition":"conquest","seed":8,"setup":{"robots":255,"setup_robots":254},
               "seats":[{"person":"Ann"},{"bot":"random"},{"bot":"random"},{"bot":"random"}]}),
    )
    .await;
    let mut ann = vec![Client::join(addr, &id, Some(&tokens[0].1), None).await];
    let mut rng = Rng::from_seed(4);
    play(&mut ann, &mut rng, Some(1000)).await;
    let gone = ann.pop().unwrap();
    assert!(!gone.finished(), "the match goes on past 1,000 actions");
    gone.close().await;
    let (_, info) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    let now = info["seq"].as_u64().unwrap();
    assert!(now >= 1000, "{now}");

    // Ann comes back having seen nothing: every events frame, then her state.
    let back = Client::join(addr, &id, Some(&tokens[0].1), Some(0)).await;
    let kinds: Vec<ServerMessage> = back
        .frames
        .iter()
        .map(|f| serde_json::from_str(f).unwrap())
        .collect();
    assert!(matches!(kinds[0], ServerMessage::Welcome { seq, .. } if seq >= now));
    let seqs: Vec<u64> = kinds
        .iter()
        .filter_map(|m| match m {
            ServerMessage::Events { seq, .. } => Some(*seq),
            _ => None,
        })
        .collect();
    let welcome = back.seq;
    assert_eq!(seqs, (1..=welcome).collect::<Vec<_>>(), "every action once");
    assert!(matches!(kinds.last(), Some(ServerMessage::State(s)) if s.seq == welcome));
    // And she plays on: her actions are heard and answered.
    play(&mut [back], &mut rng, Some(welcome + 10)).await;
    server.shutdown().await;
}
