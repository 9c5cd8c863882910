//! Every bad input over the WebSocket gets a typed error frame, changes
//! nothing, and leaves the connection usable.

use crate::support::{self, choose, create, http, Client};
use roborally::core::Rng;
use roborally_server::protocol::ServerMessage;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_frames_are_refused_and_the_connection_goes_on() {
    let server = support::start("errors").await;
    let addr = server.addr;
    let (id, tokens) = create(
        addr,
        json!({"edition":"conquest","seats":[{"person":"Ann"},{"person":"Bob"}]}),
    )
    .await;
    let seq = |info: &serde_json::Value| info["seq"].as_u64().unwrap();
    let (_, before) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;

    // Before hello.
    let mut c = Client::open(addr, &id).await;
    c.send(json!({"type":"action","action":{"conquest":"done"}}))
        .await;
    assert_eq!(c.error().await, "hello_first");
    c.send(json!({"type":"hello","token":"0123456789abcdef0123456789abcdef"}))
        .await;
    assert_eq!(c.error().await, "bad_token");
    c.send(json!({"type":"ping"})).await;
    assert!(
        matches!(c.next().await, ServerMessage::Pong),
        "still usable"
    );
    c.send_raw(Message::Text("hello?".into())).await;
    assert_eq!(c.error().await, "not_json");
    c.send_raw(Message::Binary(vec![1, 2, 3].into())).await;
    assert_eq!(c.error().await, "not_json");
    c.send(json!({"type":"shout"})).await;
    assert_eq!(c.error().await, "bad_message");
    let big = "x".repeat(70 * 1024);
    c.send(json!({"type":"ping","pad":big})).await;
    assert_eq!(c.error().await, "too_large");

    // Seated now: the connection that was refused takes its token.
    c.send(json!({"type":"hello","token":tokens[0].1})).await;
    c.until(|m| matches!(m, ServerMessage::State(_))).await;
    assert_eq!(c.seat, Some(0));
    c.send(json!({"type":"hello","token":tokens[0].1})).await;
    assert_eq!(c.error().await, "already_greeted");
    let mut bob = Client::join(addr, &id, Some(&tokens[1].1), None).await;
    let (ann_asked, asked) = if c.asked() {
        (true, &mut c)
    } else {
        (false, &mut bob)
    };
    let right = choose(asked.state.as_ref().unwrap(), &mut Rng::from_seed(1));
    // Malformed: not an action of any edition; then one of another edition.
    asked
        .send(json!({"type":"action","action":{"conquest":{"fly":3}}}))
        .await;
    assert_eq!(asked.error().await, "bad_message");
    asked
        .send(json!({"type":"action","action":{"2023":"Done"}}))
        .await;
    assert_eq!(asked.error().await, "illegal");
    // Illegal: a zone that is not on the map.
    asked
        .send(json!({"type":"action","action":{"conquest":{"place":250}}}))
        .await;
    assert_eq!(asked.error().await, "illegal");
    // Another seat's action.
    let other = if ann_asked { 1 } else { 0 };
    asked
        .send(json!({"type":"action","action":right,"seat":other}))
        .await;
    assert_eq!(asked.error().await, "wrong_seat");
    // The seat that is not pending.
    let (waiting, _) = if ann_asked {
        (&mut bob, 0)
    } else {
        (&mut c, 1)
    };
    waiting.act(&right).await;
    assert_eq!(waiting.error().await, "not_pending");
    // A spectator.
    let mut watcher = Client::join(addr, &id, None, None).await;
    watcher.act(&right).await;
    assert_eq!(watcher.error().await, "spectator");
    watcher.send(json!({"type":"draft","action":right})).await;
    assert_eq!(watcher.error().await, "spectator");

    // Nothing changed, and the right action still goes through.
    let (_, after) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(seq(&after), seq(&before));
    let asked = if ann_asked { &mut c } else { &mut bob };
    asked.act(&right).await;
    asked.until_seq(seq(&before) + 1).await;
    let (_, after) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(seq(&after), seq(&before) + 1);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_that_is_not_utf8_gets_not_json_and_a_bad_action_before_hello_gets_hello_first() {
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    let server = support::start("utf8").await;
    let addr = server.addr;
    let (id, _) = create(
        addr,
        json!({"edition":"conquest","seats":[{"person":"Ann"},{"person":"Bob"}]}),
    )
    .await;
    let mut c = Client::open(addr, &id).await;
    // An action that is not one, before hello: hello first, not bad_message.
    c.send(json!({"type":"action","action":{"conquest":{"fly":3}}}))
        .await;
    assert_eq!(c.error().await, "hello_first");
    c.send(json!({"type":"draft"})).await;
    assert_eq!(c.error().await, "hello_first");
    // A hello that does not read is still a bad message.
    c.send(json!({"type":"hello","since":"yesterday"})).await;
    assert_eq!(c.error().await, "bad_message");
    // A text frame whose bytes are not UTF-8: not_json, then the close.
    let bytes: &[u8] = b"{\"type\":\"ping\xff\"}";
    c.send_raw(Message::Frame(Frame::message(
        bytes.to_vec(),
        OpCode::Data(Data::Text),
        true,
    )))
    .await;
    assert_eq!(c.error().await, "not_json");
    assert!(c.closed().await, "the connection closes after it");
    server.shutdown().await;
}
