//! The server's clock: a 2023 programming timer plays the act fast rule
//! for late programs (around a player's draft); a conquest turn timer
//! plays the default action.

use crate::support::{self, create, http, play, Client};
use roborally::core::Rng;
use roborally_server::protocol::ServerMessage;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_program_is_filled_around_its_draft_when_the_time_runs_out() {
    let server = support::start("timer-2023").await;
    let addr = server.addr;
    let (id, tokens) = create(
        addr,
        json!({"edition":"2023","course":"Milk Run","timer":0.5,"seed":4,
               "seats":[{"person":"Ann"},{"person":"Bob"}]}),
    )
    .await;
    let mut both = vec![
        Client::join(addr, &id, Some(&tokens[0].1), None).await,
        Client::join(addr, &id, Some(&tokens[1].1), None).await,
    ];
    let mut rng = Rng::from_seed(1);
    // Starting spaces are not on the clock: chosen by the people.
    loop {
        let seq = both.iter().map(|c| c.seq).max().unwrap();
        for c in both.iter_mut() {
            c.until_seq(seq).await;
        }
        let s = both[0].state.as_ref().unwrap();
        if s.asked.as_ref().is_some_and(|a| a.legal.is_none()) {
            break;
        }
        play(&mut both, &mut rng, Some(seq + 1)).await;
    }
    let state = both[0].state.clone().unwrap();
    let clock = state.clock.expect("programming is on the clock");
    assert_eq!(clock.timer_ms, 500);
    assert!(clock.left_ms <= 500);
    let view = serde_json::to_value(&state.view).unwrap();
    let card = view["2023"]["hand"][0].clone();
    let draft = json!({"2023": {"Program": {"registers": ["Empty", {"Card": card["id"]}, "Empty", "Empty", "Empty"]}}});
    both[0]
        .send(json!({"type": "draft", "action": draft}))
        .await;
    let started = Instant::now();
    let before = both[0].seq;
    // Nobody sends a program: the timer does.
    let mut revealed: Option<Value> = None;
    let mut submitted = 0;
    while submitted < 2 || revealed.is_none() {
        let ServerMessage::Events { events, .. } = both[0]
            .until(|m| matches!(m, ServerMessage::Events { .. }))
            .await
        else {
            unreachable!()
        };
        for e in serde_json::to_value(&events).unwrap().as_array().unwrap() {
            let e = &e["2023"];
            if e.get("ProgramSubmitted").is_some() {
                submitted += 1;
            }
            if let Some(r) = e.get("CardRevealed") {
                if r["player"] == 0 && r["register"] == 2 {
                    revealed = Some(r["card"].clone());
                }
            }
        }
    }
    assert!(
        started.elapsed() >= Duration::from_millis(400),
        "{:?}",
        started.elapsed()
    );
    assert!(both[0].seq > before);
    assert_eq!(
        revealed,
        Some(card["card"].clone()),
        "the drafted card stayed in register 2"
    );
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conquest_turns_go_on_when_nobody_answers() {
    let server = support::start("timer-conquest").await;
    let addr = server.addr;
    let (id, tokens) = create(
        addr,
        json!({"edition":"conquest","timer":0.05,"seats":[{"person":"Ann"},{"person":"Bob"}]}),
    )
    .await;
    let mut ann = Client::join(addr, &id, Some(&tokens[0].1), None).await;
    assert_eq!(
        ann.state.as_ref().unwrap().clock.map(|c| c.timer_ms),
        Some(50)
    );
    ann.until_seq(10).await;
    let (_, info) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert!(info["seq"].as_u64().unwrap() >= 10, "{info}");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn classic_on_the_clock_deals_the_last_programmer_its_registers() {
    let server = support::start("timer-classic").await;
    let addr = server.addr;
    let (id, tokens) = create(
        addr,
        json!({"edition":"classic","timer":0.2,"seed":3,
               "seats":[{"person":"Ann"},{"bot":"random"}]}),
    )
    .await;
    let mut ann = Client::join(addr, &id, Some(&tokens[0].1), None).await;
    let mut rng = Rng::from_seed(2);
    // Ann chooses her dock and facing herself: those are not on the clock.
    loop {
        let state = ann.state.clone().unwrap();
        let programming = state.asked.as_ref().is_some_and(|a| {
            serde_json::to_string(&a.decision)
                .unwrap()
                .contains("Program")
        });
        if programming {
            break;
        }
        let seq = state.seq;
        if state.asked.is_some() {
            let action = support::choose(&state, &mut rng);
            ann.act(&action).await;
        }
        ann.until_seq(seq + 1).await;
    }
    // Ann never programs: once the bot is done, the clock deals for her.
    let started = Instant::now();
    let mut timed_out = false;
    while !timed_out {
        let ServerMessage::Events { events, by, .. } = ann
            .until(|m| matches!(m, ServerMessage::Events { .. }))
            .await
        else {
            unreachable!()
        };
        let text = serde_json::to_string(&events).unwrap();
        if text.contains("TimeUp") {
            assert_eq!(by, 0, "the late player is Ann: {text}");
            timed_out = true;
        }
    }
    assert!(started.elapsed() >= Duration::from_millis(150));
    // Then she keeps her power and the registers run.
    let ServerMessage::Events { events, .. } = ann
        .until(|m| matches!(m, ServerMessage::Events { .. }))
        .await
    else {
        unreachable!()
    };
    let text = serde_json::to_string(&events).unwrap();
    assert!(text.contains("RegisterStarted"), "{text}");
    server.shutdown().await;
}
