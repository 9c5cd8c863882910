//! The real binary SIGKILLed twice in a match of every edition, once
//! between two actions and once just after a person sent one: after each
//! restart the person reconnects (sending again an action the log did not
//! keep), and the finished match's replay is the uninterrupted run's,
//! action for action.

use crate::support::{http_text, spawn, temp_dir, Client};
use roborally::any::AnyView;
use roborally::core::protocol::Replay;
use roborally::core::Rng;
use roborally::{AnyAction, AnyGame};
use roborally_server::protocol::{ServerMessage, StateFrame};
use serde_json::{json, Value};
use std::net::SocketAddr;

/// A person playing one seat: the choices follow from the state frames
/// and the person's own generator only, so two runs of one match choose
/// alike.
struct Person {
    token: String,
    rng: Rng,
    /// The action sent and not yet seen accepted, with the sequence
    /// number of the state it answered.
    sent: Option<(u64, AnyAction)>,
}

/// What to play up to.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Until {
    /// The end of the game.
    End,
    /// A state at this sequence number or later, read and not answered
    /// (between two actions).
    Rest(u64),
    /// The first action sent at this sequence number or later: return
    /// at once, its answer unread.
    Sent(u64),
}

/// A listed action picked by the person's generator; when there are too
/// many to list, a 2023 program of the hand's first cards, or the
/// server's suggestion (the same for one point of the log). Nothing
/// depends on when a bot answering the same decision did.
fn choose(state: &StateFrame, rng: &mut Rng) -> AnyAction {
    let asked = state.asked.as_ref().expect("asked");
    match &asked.legal {
        Some(legal) => legal[rng.index(legal.len())].clone(),
        None if matches!(state.view, AnyView::V2023(_)) => crate::support::choose(state, rng),
        None => asked.suggestion.clone().expect("a suggestion"),
    }
}

/// Whether `c` saw its seat's events after sequence number `seq`.
fn played_after(c: &Client, seq: u64) -> bool {
    c.frames.iter().any(|f| {
        matches!(serde_json::from_str(f).unwrap(),
            ServerMessage::Events { seq: s, by, .. } if s > seq && Some(by) == c.seat)
    })
}

/// Connects `p` (catching up after `since`) and sends again an action
/// the log did not keep.
async fn connect(addr: SocketAddr, id: &str, p: &mut Person, since: Option<u64>) -> Client {
    let mut c = Client::join(addr, id, Some(&p.token), since).await;
    if let Some((seq, action)) = p.sent.take() {
        let kept = played_after(&c, seq);
        println!(
            "after the restart, the action sent last was {}",
            if kept { "kept" } else { "lost: sent again" }
        );
        if !kept {
            c.act(&action).await;
            c.accepted(&action).await;
            let after = c.seq;
            c.until_seq(after).await;
        }
    }
    c
}

/// Plays `p`'s seat on `c` until `until`.
async fn drive(c: &mut Client, p: &mut Person, until: Until) {
    loop {
        let state = c.state.clone().expect("a state");
        if state.finished {
            assert_eq!(until, Until::End, "the game ended early");
            return;
        }
        if matches!(until, Until::Rest(n) if state.seq >= n) {
            return;
        }
        if state.asked.is_none() {
            // A bot is to act.
            c.until_seq(state.seq + 1).await;
            continue;
        }
        let action = choose(&state, &mut p.rng);
        c.act(&action).await;
        p.sent = Some((state.seq, action.clone()));
        if matches!(until, Until::Sent(n) if state.seq >= n) {
            return;
        }
        c.accepted(&action).await;
        p.sent = None;
        let after = c.seq;
        c.until_seq(after).await;
    }
}

async fn replay_of(addr: SocketAddr, id: &str) -> Replay<AnyGame> {
    let (status, text) = http_text(addr, "GET", &format!("/api/matches/{id}/replay"), None).await;
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

async fn create(addr: SocketAddr, body: &Value) -> (String, String) {
    let (id, tokens) = crate::support::create(addr, body.clone()).await;
    (id, tokens[0].1.clone())
}

/// One edition: the uninterrupted run, then the run killed twice.
async fn killed_twice(name: &str, body: Value) {
    let data = temp_dir(&format!("kill-{name}-whole"));
    let (mut server, addr) = spawn(&data).await;
    let (id, token) = create(addr, &body).await;
    let mut ann = Person {
        token,
        rng: Rng::from_seed(21),
        sent: None,
    };
    let mut c = connect(addr, &id, &mut ann, None).await;
    drive(&mut c, &mut ann, Until::End).await;
    let expected = replay_of(addr, &id).await;
    server.kill().await.unwrap();
    let total = expected.actions.len() as u64;
    assert!(total >= 6, "{name}: {total} actions");

    let data = temp_dir(&format!("kill-{name}"));
    let (mut server, addr) = spawn(&data).await;
    let (id, token) = create(addr, &body).await;
    let mut ann = Person {
        token,
        rng: Rng::from_seed(21),
        sent: None,
    };
    let mut c = connect(addr, &id, &mut ann, None).await;
    // Between two actions.
    drive(&mut c, &mut ann, Until::Rest(total / 3)).await;
    let seen = c.seq;
    server.kill().await.unwrap();
    drop(c);
    let (mut server, addr) = spawn(&data).await;
    let mut c = connect(addr, &id, &mut ann, Some(seen)).await;
    assert!(
        c.seq >= seen,
        "{name}: an action a client saw is never lost"
    );
    // Just after an action is sent: kept or not, it is played once.
    drive(&mut c, &mut ann, Until::Sent(2 * total / 3)).await;
    let seen = c.seq;
    server.kill().await.unwrap();
    drop(c);
    let (mut server, addr) = spawn(&data).await;
    let mut c = connect(addr, &id, &mut ann, Some(seen)).await;
    drive(&mut c, &mut ann, Until::End).await;
    let resumed = replay_of(addr, &id).await;
    assert_eq!(
        (resumed.seed, &resumed.setup),
        (expected.seed, &expected.setup),
        "{name}"
    );
    assert_eq!(
        resumed.actions, expected.actions,
        "{name}: the same game, action for action"
    );
    assert_eq!(resumed.play().unwrap(), expected.play().unwrap(), "{name}");
    server.kill().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_classic_match_resumes_as_if_never_interrupted() {
    killed_twice(
        "classic",
        json!({"edition":"classic","max_rounds":2,"seed":31,
               "seats":[{"person":"Ann"},{"bot":"random"}]}),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_2023_match_resumes_as_if_never_interrupted() {
    killed_twice(
        "2023",
        json!({"edition":"2023","course":"Milk Run","max_rounds":2,"seed":32,
               "seats":[{"person":"Ann"},{"bot":"random"}]}),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_transformers_match_resumes_as_if_never_interrupted() {
    killed_twice(
        "transformers",
        json!({"edition":"transformers","max_rounds":2,"seed":33,
               "seats":[{"person":"Ann"},{"bot":"random"}]}),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_conquest_match_resumes_as_if_never_interrupted() {
    killed_twice(
        "conquest",
        json!({"edition":"conquest","seed":34,
               "setup":{"robots":24,"setup_robots":23,"rounds":1},
               "seats":[{"person":"Ann"},{"bot":"random"}]}),
    )
    .await;
}
