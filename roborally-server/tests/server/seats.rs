//! Seats are safe: nobody hands a present person's seat, nor the seat of
//! a person gone a moment ago or never come, to a bot; after the grace
//! period a bot plays it until the person's token takes it back.

use crate::support::{self, create, http, play, Client};
use roborally::core::Rng;
use roborally_server::protocol::{SeatInfo, SeatKind, ServerMessage};
use serde_json::json;
use std::time::Duration;

/// Seat `i` of a presence frame, if `m` is one.
fn seat(m: &ServerMessage, i: usize) -> Option<&SeatInfo> {
    match m {
        ServerMessage::Presence { seats } => seats.get(i),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_goes_to_a_bot_only_after_the_grace_period_and_its_token_takes_it_back() {
    let mut config = support::config("grace");
    config.grace = Duration::from_secs(3);
    let server = roborally_server::start(config).await.unwrap();
    let addr = server.addr;
    let (id, tokens) = create(
        addr,
        json!({"edition":"conquest","seed":3,
               "seats":[{"person":"Ann"},{"person":"Bob"},{"person":"Cy"}]}),
    )
    .await;
    let mut ann = Client::join(addr, &id, Some(&tokens[0].1), None).await;
    let bob = Client::join(addr, &id, Some(&tokens[1].1), None).await;
    bob.close().await;
    ann.until(|m| seat(m, 1).is_some_and(|s| !s.connected))
        .await;
    // The race of the issue: Bob's socket dropped a moment ago, Cy never
    // came. Neither seat may be taken from them yet.
    let bot = format!("/api/matches/{id}/bot");
    for s in [1, 2] {
        let hand = json!({"token": tokens[0].1, "seat": s}).to_string();
        let (status, refused) = http(addr, "POST", &bot, Some(&hand)).await;
        assert_eq!(
            (status, &refused["error"]),
            (409, &json!("conflict")),
            "seat {s}: {refused}"
        );
        assert!(
            refused["message"].as_str().unwrap().contains("away"),
            "{refused}"
        );
    }
    let (_, info) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(info["seats"][1]["kind"], "person");

    // After the grace period bots play both seats; presence says so.
    let taken = ann
        .until(|m| seat(m, 1).is_some_and(|s| s.stand_in) && seat(m, 2).is_some_and(|s| s.stand_in))
        .await;
    let bob_seat = seat(&taken, 1).unwrap();
    assert_eq!(bob_seat.kind, SeatKind::Bot);
    assert_eq!(bob_seat.name.as_deref(), Some("Bob"));
    assert!(bob_seat.bot.is_some());
    // Ann plays; the bots answer for Bob and Cy.
    let mut rng = Rng::from_seed(6);
    let start = ann.seq;
    let mut one = [ann];
    play(&mut one, &mut rng, Some(start + 6)).await;
    let [mut ann] = one;
    let by_bob = ann.frames.iter().any(|f| {
        matches!(serde_json::from_str(f).unwrap(), ServerMessage::Events { by: 1, seq, .. } if seq > start)
    });
    assert!(by_bob, "the bot played Bob's turns");
    // A bot's seat is not handed again, and no token but Bob's takes it.
    let hand = json!({"token": tokens[0].1, "seat": 1}).to_string();
    let (status, _) = http(addr, "POST", &bot, Some(&hand)).await;
    assert_eq!(status, 409);

    // Bob comes back with his token: the seat is his again.
    let bob = Client::join(addr, &id, Some(&tokens[1].1), None).await;
    assert_eq!(bob.seat, Some(1));
    ann.until(|m| {
        seat(m, 1).is_some_and(|s| s.kind == SeatKind::Person && !s.stand_in && s.connected)
    })
    .await;
    let (_, info) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(info["seats"][1]["kind"], "person", "{info}");
    assert_eq!(info["seats"][2]["stand_in"], true, "{info}");
    // And plays on with Ann (Cy's bot still answering for Cy).
    let now = ann.seq.max(bob.seq);
    let mut both = [ann, bob];
    play(&mut both, &mut rng, Some(now + 6)).await;
    server.shutdown().await;
}
