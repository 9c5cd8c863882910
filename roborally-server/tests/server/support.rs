//! Test helpers: a server on a free port, a small HTTP client, a
//! WebSocket client that keeps every frame, and people who choose their
//! actions the way a simple front end would.

use futures_util::{SinkExt, StreamExt};
use roborally::core::Rng;
use roborally::AnyAction;
use roborally_server::config::Config;
use roborally_server::protocol::{ServerMessage, StateFrame};
use roborally_server::Server;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::process::{Child, Command};
use tokio_tungstenite::tungstenite::Message;

/// How long a test waits for any one frame.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A fresh data directory under the system's temporary directory.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "rr-server-{name}-{}-{}",
        std::process::id(),
        roborally_server::ids::MatchId::random().unwrap().0
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A test configuration: a free port and its own data directory.
pub fn config(name: &str) -> Config {
    Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        data: temp_dir(name),
        web: PathBuf::from("/nonexistent"),
        ..Config::default()
    }
}

/// A server in this process.
pub async fn start(name: &str) -> Server {
    roborally_server::start(config(name)).await.unwrap()
}

/// One HTTP request (HTTP/1.1, one connection each); the status and the
/// body (JSON, or a string for other bodies).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
    let (status, text) = http_text(addr, method, path, body).await;
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

/// One HTTP request; the status and the body as text.
pub async fn http_text(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, String) {
    let (status, _, body) = http_full(addr, method, path, body).await;
    (status, body)
}

/// One HTTP request; the status, the head (lower case) and the body.
pub async fn http_full(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let body = body.unwrap_or("");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(PATIENCE, s.read_to_end(&mut raw))
        .await
        .unwrap()
        .unwrap();
    let raw = String::from_utf8_lossy(&raw).to_string();
    let (head, rest) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let status: u16 = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let head = head.to_ascii_lowercase();
    let body = if head.contains("transfer-encoding: chunked") {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    (status, head, body)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// Creates a match; its id and its tokens by seat.
pub async fn create(addr: SocketAddr, body: Value) -> (String, Vec<(u8, String)>) {
    let (status, created) = http(addr, "POST", "/api/matches", Some(&body.to_string())).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = created["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["seat"].as_u64().unwrap() as u8,
                t["token"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (id, tokens)
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A WebSocket client that keeps every text frame it receives.
pub struct Client {
    socket: Socket,
    /// Every text frame received, in order.
    pub frames: Vec<String>,
    /// The last state frame.
    pub state: Option<StateFrame>,
    /// The last sequence number seen.
    pub seq: u64,
    /// The seat, once welcomed.
    pub seat: Option<u8>,
}

impl Client {
    /// Opens the match's WebSocket.
    pub async fn open(addr: SocketAddr, id: &str) -> Client {
        let url = format!("ws://{addr}/api/matches/{id}/ws");
        let (socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Client {
            socket,
            frames: Vec::new(),
            state: None,
            seq: 0,
            seat: None,
        }
    }

    /// Opens the WebSocket and says hello; waits for the first state.
    pub async fn join(
        addr: SocketAddr,
        id: &str,
        token: Option<&str>,
        since: Option<u64>,
    ) -> Client {
        let mut c = Client::open(addr, id).await;
        c.send(json!({"type": "hello", "token": token, "since": since}))
            .await;
        c.until(|m| matches!(m, ServerMessage::State(_))).await;
        c
    }

    /// Sends a JSON message.
    pub async fn send(&mut self, msg: Value) {
        self.send_raw(Message::Text(msg.to_string().into())).await;
    }

    /// Sends any frame.
    pub async fn send_raw(&mut self, msg: Message) {
        self.socket.send(msg).await.unwrap();
    }

    /// Sends an action.
    pub async fn act(&mut self, action: &AnyAction) {
        self.send(json!({"type": "action", "action": action})).await;
    }

    /// The next message (keeping track of the sequence and the state).
    pub async fn next(&mut self) -> ServerMessage {
        loop {
            let msg = tokio::time::timeout(PATIENCE, self.socket.next())
                .await
                .expect("a frame in time")
                .expect("the connection is open")
                .expect("a frame");
            let Message::Text(text) = msg else { continue };
            self.frames.push(text.to_string());
            let m: ServerMessage =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
            match &m {
                ServerMessage::Welcome { seat, seq, .. } => {
                    self.seat = *seat;
                    self.seq = *seq;
                }
                ServerMessage::Events { seq, .. } => self.seq = *seq,
                ServerMessage::State(s) => {
                    self.seq = s.seq;
                    self.state = Some((**s).clone());
                }
                _ => {}
            }
            return m;
        }
    }

    /// Reads until a message `pred` likes; returns it.
    pub async fn until(&mut self, mut pred: impl FnMut(&ServerMessage) -> bool) -> ServerMessage {
        loop {
            let m = self.next().await;
            if pred(&m) {
                return m;
            }
        }
    }

    /// Waits until this client's own `action` is accepted (its events
    /// come back; a bot may act first); a refusal panics.
    pub async fn accepted(&mut self, action: &AnyAction) {
        let me = self.seat;
        let answer = self
            .until(|m| match m {
                ServerMessage::Events { by, .. } => Some(*by) == me,
                ServerMessage::Error { .. } => true,
                _ => false,
            })
            .await;
        if let ServerMessage::Error { message, .. } = answer {
            panic!("refused {action:?}: {message}");
        }
    }

    /// Reads until a state frame at `seq` or later.
    pub async fn until_seq(&mut self, seq: u64) {
        if self.state.as_ref().is_some_and(|s| s.seq >= seq) {
            return;
        }
        self.until(|m| matches!(m, ServerMessage::State(s) if s.seq >= seq))
            .await;
    }

    /// The next error frame's code (other frames are kept on the way).
    pub async fn error(&mut self) -> String {
        match self
            .until(|m| matches!(m, ServerMessage::Error { .. }))
            .await
        {
            ServerMessage::Error { code, .. } => serde_json::to_value(code)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string(),
            _ => unreachable!(),
        }
    }

    /// The game waits for this client's seat.
    pub fn asked(&self) -> bool {
        self.state.as_ref().is_some_and(|s| s.asked.is_some())
    }

    /// The game is over.
    pub fn finished(&self) -> bool {
        self.state.as_ref().is_some_and(|s| s.finished)
    }

    /// Whether the server closes the connection (a close frame or the end
    /// of the stream) before any other frame.
    pub async fn closed(&mut self) -> bool {
        match tokio::time::timeout(PATIENCE, self.socket.next()).await {
            Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => true,
            Ok(Some(Ok(_))) | Err(_) => false,
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) -> Vec<String> {
        let _ = self.socket.close(None).await;
        self.frames
    }
}

/// What a simple front end would answer: the listed action `rng` picks
/// (`Done` first in a 2023 upgrade phase, so nobody buys upgrades), or
/// for a 2023 program the hand's first cards into the empty registers.
pub fn choose(state: &StateFrame, rng: &mut Rng) -> AnyAction {
    let asked = state.asked.as_ref().expect("asked");
    if let Some(legal) = &asked.legal {
        let done = legal
            .iter()
            .find(|a| serde_json::to_value(a).unwrap() == json!({"2023": "Done"}));
        if let Some(done) = done {
            return done.clone();
        }
        return legal[rng.index(legal.len())].clone();
    }
    let view = serde_json::to_value(&state.view).unwrap();
    let v = &view["2023"];
    let me = v["you"].as_u64().unwrap() as usize;
    let mut hand = v["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].clone());
    let registers: Vec<Value> = v["robots"][me]["registers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            if r["cards"].as_array().unwrap().is_empty() {
                hand.next().map_or(json!("Empty"), |id| json!({"Card": id}))
            } else {
                json!("Empty")
            }
        })
        .collect();
    serde_json::from_value(json!({"2023": {"Program": {"registers": registers}}})).unwrap()
}

/// Plays `clients` (people) until the game is over: at each step the
/// lowest seat the game asks acts and everyone reads up to its action.
/// `stop_after`: stop once this many actions are in the log.
pub async fn play(clients: &mut [Client], rng: &mut Rng, stop_after: Option<u64>) {
    loop {
        let seq = clients.iter().map(|c| c.seq).max().unwrap_or(0);
        for c in clients.iter_mut() {
            c.until_seq(seq).await;
        }
        if clients[0].finished() || stop_after.is_some_and(|s| seq >= s) {
            return;
        }
        match clients.iter().position(Client::asked) {
            Some(i) => {
                let action = choose(clients[i].state.as_ref().unwrap(), rng);
                clients[i].act(&action).await;
                let c = &mut clients[i];
                c.accepted(&action).await;
                let after = c.seq;
                c.until_seq(after).await;
            }
            // A bot (or the timer) is to act: wait for the next action.
            None => {
                clients[0].until_seq(seq + 1).await;
            }
        }
    }
}

/// The real server binary on a free port over `data`.
pub async fn spawn(data: &Path) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_roborally-server"))
        .args(["--addr", "127.0.0.1:0", "--data"])
        .arg(data)
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("the server binary starts");
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let first = tokio::time::timeout(PATIENCE, lines.next_line())
        .await
        .unwrap()
        .unwrap()
        .expect("the server says where it listens");
    let addr = first
        .strip_prefix("roborally-server listening on http://")
        .unwrap_or_else(|| panic!("{first}"))
        .parse()
        .unwrap();
    // Keep reading its output so it never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    (child, addr)
}
