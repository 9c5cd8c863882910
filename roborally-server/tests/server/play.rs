//! Whole games over WebSockets: two people and a bot race in 2023; two
//! people and a bot play conquest; a spectator follows.

use crate::support::{self, create, http, play, Client};
use roborally::core::Rng;
use roborally_server::protocol::ServerMessage;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_a_bot_race_in_2023_to_the_end() {
    let server = support::start("race").await;
    let addr = server.addr;
    let (id, tokens) = create(
        addr,
        json!({"edition":"2023","course":"Milk Run","max_rounds":6,
               "seats":[{"person":"Ann"},{"person":"Bob"},{"bot":"planner"}]}),
    )
    .await;
    let mut people = vec![
        Client::join(addr, &id, Some(&tokens[0].1), None).await,
        Client::join(addr, &id, Some(&tokens[1].1), None).await,
    ];
    assert_eq!((people[0].seat, people[1].seat), (Some(0), Some(1)));
    let mut watcher = Client::join(addr, &id, None, None).await;
    assert_eq!(watcher.seat, None);
    play(&mut people, &mut Rng::from_seed(1), None).await;
    let last = people[0].state.clone().unwrap();
    assert!(last.finished && last.outcome.is_some());
    watcher.until_seq(last.seq).await;
    assert!(watcher.finished());
    // Every seq from 1 to the end came once to every connection, in order.
    for c in people.iter().chain([&watcher]) {
        let seqs: Vec<u64> = c
            .frames
            .iter()
            .filter_map(|f| match serde_json::from_str(f).unwrap() {
                ServerMessage::Events { seq, .. } => Some(seq),
                _ => None,
            })
            .collect();
        assert_eq!(seqs, (1..=last.seq).collect::<Vec<_>>());
    }
    let (_, info) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(info["finished"], true);
    assert_eq!(info["seq"].as_u64(), Some(last.seq));
    assert!(info["round"].as_u64().unwrap() >= 1);
    let (status, html) =
        support::http_text(addr, "GET", &format!("/api/matches/{id}/replay.html"), None).await;
    assert!(status == 200 && html.contains("Ann") && html.contains("Milk Run"));
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conquest_match_is_played_to_the_end() {
    let server = support::start("conquest").await;
    let addr = server.addr;
    let (id, tokens) = create(
        addr,
        json!({"edition":"conquest","seats":[{"person":"Ann"},{"bot":"greedy"},{"person":"Bob"}]}),
    )
    .await;
    let mut people = vec![
        Client::join(addr, &id, Some(&tokens[0].1), None).await,
        Client::join(addr, &id, Some(&tokens[1].1), None).await,
    ];
    assert_eq!(people[1].seat, Some(2));
    play(&mut people, &mut Rng::from_seed(2), None).await;
    let end = people[0].state.clone().unwrap();
    assert!(end.finished);
    assert_eq!(end.winners.len(), 1, "{:?}", end.outcome);
    let (_, info) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(info["winners"], json!(end.winners));
    server.shutdown().await;
}
