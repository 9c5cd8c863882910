//! One WebSocket connection: `hello` first, then actions and drafts to the
//! match's actor and its frames back. A refused frame gets an error frame
//! and the connection stays open.

use crate::game::{next_conn, Command, Connect, MatchHandle, Outgoing, CONNECTION_QUEUE};
use crate::hub::Hub;
use crate::ids::MatchId;
use crate::protocol::{ClientMessage, ErrorCode, ServerMessage};
use axum::extract::ws::{Message, WebSocket};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// The longest text frame the server reads, in bytes (larger ones get a
/// `too_large` error frame). Frames beyond the WebSocket layer's own
/// limit ([`HARD_LIMIT`]) close the connection.
pub const MAX_FRAME: usize = 64 * 1024;

/// The WebSocket layer's limit on a message, in bytes.
pub const HARD_LIMIT: usize = 1 << 20;

fn frame(msg: &ServerMessage) -> Message {
    Message::Text(serde_json::to_string(msg).unwrap_or_default().into())
}

fn error(code: ErrorCode, message: impl Into<String>) -> Message {
    frame(&ServerMessage::Error {
        code,
        message: message.into(),
    })
}

/// The error frame for a frame the WebSocket layer could not read, if
/// it is one the protocol answers (text that is not UTF-8: `not_json`; a
/// frame over [`HARD_LIMIT`]: `too_large`). The connection closes after
/// it either way: the layer reads nothing more from it.
fn unreadable(e: axum::Error) -> Option<Message> {
    match e
        .into_inner()
        .downcast::<tungstenite::Error>()
        .ok()?
        .as_ref()
    {
        tungstenite::Error::Utf8(why) => Some(error(
            ErrorCode::NotJson,
            format!("a text frame that is not UTF-8 ({why}); the connection closes"),
        )),
        tungstenite::Error::Capacity(why) => Some(error(
            ErrorCode::TooLarge,
            format!("{why}: frames are at most {HARD_LIMIT} bytes; the connection closes"),
        )),
        _ => None,
    }
}

/// What a client's frame says, or the error frame that answers it.
/// `greeted`: the connection said hello (before it, an `action` or a
/// `draft` gets `hello_first` whether it reads or not).
pub(crate) fn read(msg: &Message, greeted: bool) -> Result<Option<ClientMessage>, Message> {
    let text = match msg {
        Message::Text(t) => t.as_str(),
        Message::Binary(_) => return Err(error(ErrorCode::NotJson, "frames are JSON text")),
        _ => return Ok(None),
    };
    if text.len() > MAX_FRAME {
        return Err(error(
            ErrorCode::TooLarge,
            format!(
                "a frame of {} bytes is over the limit of {MAX_FRAME}",
                text.len()
            ),
        ));
    }
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| error(ErrorCode::NotJson, format!("not JSON: {e}")))?;
    let early = !greeted && matches!(value.get("type"), Some(t) if t == "action" || t == "draft");
    serde_json::from_value(value).map(Some).map_err(|e| {
        if early {
            error(ErrorCode::HelloFirst, format!("say hello first ({e})"))
        } else {
            error(ErrorCode::BadMessage, e.to_string())
        }
    })
}

/// Serves one connection to match `id`.
pub async fn serve(hub: Arc<Hub>, id: MatchId, mut socket: WebSocket) {
    let conn = next_conn();
    let (tx, mut rx) = mpsc::channel::<Outgoing>(CONNECTION_QUEUE);
    // Until hello: which match, once joined.
    let mut joined: Option<MatchHandle> = None;
    // Hellos refused for their token; at the limit the socket closes.
    let mut bad_tokens = 0;
    let max_bad_tokens = hub.limits().bad_tokens;
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let msg = match incoming {
                    Some(Ok(msg)) => msg,
                    Some(Err(e)) => {
                        if let Some(reply) = unreadable(e) {
                            let _ = socket.send(reply).await;
                            let _ = socket.send(Message::Close(None)).await;
                        }
                        break;
                    }
                    None => break,
                };
                if matches!(msg, Message::Close(_)) {
                    break;
                }
                let reply = match read(&msg, joined.is_some()) {
                    Err(reply) => Some(reply),
                    Ok(None) => None,
                    Ok(Some(m)) => handle(&hub, &id, conn, &tx, &mut joined, m, &mut bad_tokens).await,
                };
                if let Some(reply) = reply {
                    if socket.send(reply).await.is_err() {
                        break;
                    }
                }
                if bad_tokens >= max_bad_tokens {
                    let _ = socket.send(Message::Close(None)).await;
                    break;
                }
            }
            out = rx.recv(), if joined.is_some() => {
                match out {
                    Some(Outgoing::Text(t)) => {
                        if socket.send(Message::Text(t)).await.is_err() {
                            break;
                        }
                    }
                    Some(Outgoing::Batch(frames)) => {
                        if !send_all(&mut socket, frames).await {
                            break;
                        }
                    }
                    Some(Outgoing::Close) | None => {
                        let _ = socket.send(Message::Close(None)).await;
                        break;
                    }
                }
            }
        }
    }
    if let Some(h) = joined {
        let _ = h.tx.send(Command::Disconnect(conn)).await;
    }
}

/// Sends `frames` in order; `false` when the connection failed.
async fn send_all(socket: &mut WebSocket, frames: Vec<axum::extract::ws::Utf8Bytes>) -> bool {
    for t in frames {
        if socket.send(Message::Text(t)).await.is_err() {
            return false;
        }
    }
    true
}

/// One message of the client; the frame to answer directly, if any
/// (the match's own frames come through the connection's queue).
pub(crate) async fn handle(
    hub: &Hub,
    id: &MatchId,
    conn: u64,
    tx: &mpsc::Sender<Outgoing>,
    joined: &mut Option<MatchHandle>,
    msg: ClientMessage,
    bad_tokens: &mut u32,
) -> Option<Message> {
    match (msg, joined.as_ref()) {
        (ClientMessage::Ping, _) => Some(frame(&ServerMessage::Pong)),
        (ClientMessage::Hello { .. }, Some(_)) => Some(error(
            ErrorCode::AlreadyGreeted,
            "this connection said hello already",
        )),
        (ClientMessage::Hello { token, since }, None) => {
            let h = match hub.handle(id).await {
                Ok(h) => h,
                Err(e) => return Some(error(e.code, e.message)),
            };
            let (reply, answer) = oneshot::channel();
            let connect = Connect {
                conn,
                token,
                since,
                tx: tx.clone(),
                reply,
            };
            if h.tx
                .send(Command::Connect(Box::new(connect)))
                .await
                .is_err()
            {
                return Some(error(ErrorCode::Internal, "the match stopped; try again"));
            }
            match answer.await {
                Ok(Ok(_)) => {
                    *joined = Some(h);
                    None
                }
                Ok(Err((code, message))) => {
                    if code == ErrorCode::BadToken {
                        *bad_tokens += 1;
                    }
                    Some(error(code, message))
                }
                Err(_) => Some(error(ErrorCode::Internal, "the match stopped; try again")),
            }
        }
        (_, None) => Some(error(ErrorCode::HelloFirst, "say hello first")),
        (ClientMessage::Action { action, seat }, Some(h)) => {
            let cmd = Command::Action { conn, action, seat };
            h.tx.send(cmd)
                .await
                .err()
                .map(|_| error(ErrorCode::Internal, "the match stopped"))
        }
        (ClientMessage::Draft { action }, Some(h)) => {
            let cmd = Command::Draft { conn, action };
            h.tx.send(cmd)
                .await
                .err()
                .map(|_| error(ErrorCode::Internal, "the match stopped"))
        }
    }
}
