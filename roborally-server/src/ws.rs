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

/// What a client's frame says, or the error frame that answers it.
fn read(msg: &Message) -> Result<Option<ClientMessage>, Message> {
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
    serde_json::from_value(value)
        .map(Some)
        .map_err(|e| error(ErrorCode::BadMessage, e.to_string()))
}

/// Serves one connection to match `id`.
pub async fn serve(hub: Arc<Hub>, id: MatchId, mut socket: WebSocket) {
    let conn = next_conn();
    let (tx, mut rx) = mpsc::channel::<Outgoing>(CONNECTION_QUEUE);
    // Until hello: which match, once joined.
    let mut joined: Option<MatchHandle> = None;
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(msg)) = incoming else { break };
                if matches!(msg, Message::Close(_)) {
                    break;
                }
                let reply = match read(&msg) {
                    Err(reply) => Some(reply),
                    Ok(None) => None,
                    Ok(Some(m)) => handle(&hub, &id, conn, &tx, &mut joined, m).await,
                };
                if let Some(reply) = reply {
                    if socket.send(reply).await.is_err() {
                        break;
                    }
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
async fn handle(
    hub: &Hub,
    id: &MatchId,
    conn: u64,
    tx: &mpsc::Sender<Outgoing>,
    joined: &mut Option<MatchHandle>,
    msg: ClientMessage,
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
                Ok(Err((code, message))) => Some(error(code, message)),
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
