//! Entry points for the fuzz targets in `fuzz/` (the `fuzzing` feature):
//! what comes from outside (lobby bodies, WebSocket frames) through the
//! code the server runs on it. Each panics only where the server would
//! misbehave.

use crate::api::{CreateMatch, HandToBot, Join, Leave};
use crate::game::build;
use crate::game::{next_conn, Command, Connect, Outgoing};
use crate::hub::{Hub, HubConfig};
use crate::ids::MatchId;
use crate::limits::Limits;
use crate::protocol::ServerMessage;
use crate::store::SqliteStore;
use axum::extract::ws::Message;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// A lobby body, read as each route reads it; a match it asks for is
/// built (checked and set up, not stored).
///
/// ```
/// roborally_server::fuzzing::lobby_body(br#"{"edition":"2023","seats":[{"person":"a"},{"bot":"random"}]}"#);
/// roborally_server::fuzzing::lobby_body(b"\xff{");
/// ```
pub fn lobby_body(bytes: &[u8]) {
    if let Ok(req) = serde_json::from_slice::<CreateMatch>(bytes) {
        if crate::hub::check_names(&Limits::default(), &req).is_ok() {
            if let Ok(built) = build::create(&req, 0) {
                assert_eq!(
                    roborally::core::Game::num_players(&built.game),
                    built.record.seats.len(),
                    "a match has a seat per player"
                );
            }
        }
    }
    let _ = serde_json::from_slice::<Join>(bytes);
    let _ = serde_json::from_slice::<Leave>(bytes);
    let _ = serde_json::from_slice::<HandToBot>(bytes);
}

/// A WebSocket frame's bytes as the server reads them (a text frame when
/// they are UTF-8, else a binary one), before and after `hello`: a
/// refusal is an error frame of the protocol.
///
/// ```
/// roborally_server::fuzzing::client_frame(br#"{"type":"ping"}"#);
/// roborally_server::fuzzing::client_frame(b"\x00\xff");
/// ```
pub fn client_frame(bytes: &[u8]) {
    let msg = frame_of(bytes);
    for greeted in [false, true] {
        if let Err(reply) = crate::ws::read(&msg, greeted) {
            let Message::Text(text) = reply else {
                panic!("a refusal is a text frame")
            };
            let parsed: ServerMessage =
                serde_json::from_str(&text).expect("a frame of the protocol");
            assert!(matches!(parsed, ServerMessage::Error { .. }), "{text}");
        }
    }
}

fn frame_of(bytes: &[u8]) -> Message {
    match std::str::from_utf8(bytes) {
        Ok(text) => Message::Text(text.into()),
        Err(_) => Message::Binary(bytes.to_vec().into()),
    }
}

/// A server without a network: a lobby over an in-memory store, with a
/// running match of every edition (a person and a bot each), taking
/// whole frames through the path of a WebSocket.
pub struct Table {
    runtime: tokio::runtime::Runtime,
    hub: Arc<Hub>,
    /// Each edition's match and its person's token.
    matches: Vec<(MatchId, String)>,
}

/// Matches of bots and people the table plays, one per edition.
fn bodies() -> [serde_json::Value; 4] {
    [
        json!({"edition":"2023","course":"Milk Run","max_rounds":3,"seats":[{"person":"Ann"},{"bot":"random"}]}),
        json!({"edition":"classic","max_rounds":3,"seats":[{"person":"Ann"},{"bot":"random"}]}),
        json!({"edition":"transformers","max_rounds":3,"seats":[{"person":"Ann"},{"bot":"random"}]}),
        json!({"edition":"conquest","setup":{"robots":24,"setup_robots":23,"rounds":1},
               "seats":[{"person":"Ann"},{"bot":"random"}]}),
    ]
}

impl Table {
    /// A table with a new match of every edition.
    ///
    /// # Panics
    /// When the runtime or the store cannot start.
    #[must_use]
    pub fn new() -> Table {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let store = Arc::new(SqliteStore::in_memory().expect("an in-memory store"));
        let hub = Arc::new(Hub::new(
            store,
            HubConfig {
                node: "fuzz".into(),
                lease: Duration::from_secs(3600),
                stale_after: Duration::from_secs(3600),
                keep_finished: Duration::from_secs(3600),
                idle_unload: Duration::from_secs(3600),
                bot_threads: 1,
                grace: Duration::from_secs(3600),
                limits: Limits {
                    open_matches: usize::MAX,
                    ..Limits::default()
                },
            },
        ));
        let mut table = Table {
            runtime,
            hub,
            matches: Vec::new(),
        };
        for i in 0..bodies().len() {
            let m = table.new_match(i);
            table.matches.push(m);
        }
        table
    }

    fn new_match(&self, edition: usize) -> (MatchId, String) {
        let req: CreateMatch = serde_json::from_value(bodies()[edition].clone()).expect("a body");
        let created = self
            .runtime
            .block_on(self.hub.create(&req, None))
            .expect("a match");
        (created.id, created.tokens[0].token.clone())
    }

    /// One frame through a connection to a match (the first byte picks
    /// the match and whether the connection says `hello` with the
    /// person's token first): every frame the server sends back is a
    /// message of the protocol. A finished match is replaced.
    pub fn frame(&mut self, bytes: &[u8]) {
        let Some((&first, rest)) = bytes.split_first() else {
            return;
        };
        let which = usize::from(first) % self.matches.len();
        if self
            .runtime
            .block_on(self.hub.info(&self.matches[which].0))
            .map_or(true, |i| i.finished)
        {
            self.matches[which] = self.new_match(which);
        }
        let (id, token) = self.matches[which].clone();
        let greet = first & 0x80 != 0;
        let hub = self.hub.clone();
        self.runtime.block_on(async move {
            let conn = next_conn();
            let (tx, mut rx) = mpsc::channel(crate::game::CONNECTION_QUEUE);
            let mut joined = None;
            let mut bad_tokens = 0;
            let mut replies = Vec::new();
            if greet {
                let hello = json!({"type": "hello", "token": token}).to_string();
                let msg = frame_of(hello.as_bytes());
                if let Ok(Some(m)) = crate::ws::read(&msg, false) {
                    replies.extend(
                        crate::ws::handle(&hub, &id, conn, &tx, &mut joined, m, &mut bad_tokens)
                            .await,
                    );
                }
            }
            let msg = frame_of(rest);
            match crate::ws::read(&msg, joined.is_some()) {
                Err(reply) => replies.push(reply),
                Ok(None) => {}
                Ok(Some(m)) => replies.extend(
                    crate::ws::handle(&hub, &id, conn, &tx, &mut joined, m, &mut bad_tokens).await,
                ),
            }
            // A spectator's hello waits behind everything the frame asked
            // of the match's actor.
            barrier(&hub, &id).await;
            if let Some(h) = joined {
                let _ = h.tx.send(Command::Disconnect(conn)).await;
            }
            for reply in replies {
                let Message::Text(text) = reply else {
                    panic!("the server answers in text frames")
                };
                check(&text);
            }
            while let Ok(out) = rx.try_recv() {
                match out {
                    Outgoing::Text(text) => check(&text),
                    Outgoing::Batch(frames) => frames.iter().for_each(|t| check(t)),
                    Outgoing::Close => {}
                }
            }
        });
    }
}

impl Default for Table {
    fn default() -> Self {
        Table::new()
    }
}

/// Waits until the match's actor has taken every command sent before.
async fn barrier(hub: &Hub, id: &MatchId) {
    let Ok(h) = hub.handle(id).await else { return };
    let (tx, _rx) = mpsc::channel(crate::game::CONNECTION_QUEUE);
    let (reply, answer) = oneshot::channel();
    let conn = next_conn();
    let connect = Connect {
        conn,
        token: None,
        since: None,
        tx,
        reply,
    };
    if h.tx.send(Command::Connect(Box::new(connect))).await.is_ok() {
        let _ = answer.await;
        let _ = h.tx.send(Command::Disconnect(conn)).await;
    }
}

fn check(text: &str) {
    if let Err(e) = serde_json::from_str::<ServerMessage>(text) {
        panic!("a frame that is not a message of the protocol ({e}): {text}");
    }
}
