//! A load test of the server on loopback: many 2023 races at once, each
//! with its seats played by WebSocket clients that answer what they are
//! asked after a think time. It prints the time from sending an action to
//! receiving its events (p50, p99, max), the actions per second, and the
//! server's memory per idle match (its resident set, measured with every
//! match created and every client connected and greeted, before anyone
//! acts; the connections' buffers count against the match).
//!
//! The server runs in a child process (this program started again with
//! `--serve`), so its memory is its own. Bounded in count and time; not
//! run in CI (CI only builds it).
//!
//! ```text
//! cargo run --release -p roborally-server --example load -- --matches 1000 --clients 4 --seconds 60
//! ```
//!
//! Flags: `--matches N` (default 50), `--clients N` per match (default
//! 4), `--seconds S` of play after everyone is connected (default 10),
//! `--think-ms MS` mean think time before each answer (default 1000).

use futures_util::{SinkExt, StreamExt};
use roborally::core::Rng;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::Message;

struct Args {
    matches: usize,
    clients: usize,
    seconds: u64,
    think_ms: u64,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        matches: 50,
        clients: 4,
        seconds: 10,
        think_ms: 1000,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || -> Result<u64, String> {
            it.next()
                .and_then(|v| v.parse().ok())
                .ok_or(format!("{flag} takes a number"))
        };
        match flag.as_str() {
            "--matches" => a.matches = value()? as usize,
            "--clients" => a.clients = (value()? as usize).clamp(2, 6),
            "--seconds" => a.seconds = value()?.min(3600),
            "--think-ms" => a.think_ms = value()?,
            other => return Err(format!("unknown flag {other}")),
        }
    }
    Ok(a)
}

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("--serve") {
        return serve();
    }
    let args = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("load: {e}");
            return ExitCode::from(2);
        }
    };
    let Ok(exe) = std::env::current_exe() else {
        return ExitCode::FAILURE;
    };
    let mut child = match Command::new(exe)
        .arg("--serve")
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            eprintln!("load: cannot start the server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut line = String::new();
    let read = child
        .stdout
        .take()
        .map(|out| BufReader::new(out).read_line(&mut line));
    let addr: Option<SocketAddr> = match read {
        Some(Ok(_)) => line.trim().parse().ok(),
        _ => None,
    };
    let code = match addr {
        Some(addr) => {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build();
            match runtime {
                Ok(rt) => rt.block_on(drive(addr, child.id(), &args)),
                Err(_) => ExitCode::FAILURE,
            }
        }
        None => {
            eprintln!("load: the server did not say where it listens");
            ExitCode::FAILURE
        }
    };
    let _ = child.kill();
    let _ = child.wait();
    code
}

/// The child: a server on a free loopback port, its data in a temporary
/// directory; prints its address.
fn serve() -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(_) => return ExitCode::FAILURE,
    };
    runtime.block_on(async {
        let data = std::env::temp_dir().join(format!("rr-load-{}", std::process::id()));
        // Every client comes from this one address: lift its quota.
        let limits = roborally_server::limits::Limits {
            matches_per_minute: u32::MAX,
            open_matches: usize::MAX,
            ..Default::default()
        };
        let config = roborally_server::config::Config {
            addr: ([127, 0, 0, 1], 0).into(),
            data: data.clone(),
            limits,
            ..Default::default()
        };
        let server = match roborally_server::start(config).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("load: {e}");
                return ExitCode::FAILURE;
            }
        };
        println!("{}", server.addr);
        server.stopped().await;
        let _ = std::fs::remove_dir_all(data);
        ExitCode::SUCCESS
    })
}

/// Resident memory of a process, in KB (Linux).
fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

async fn http_post(addr: SocketAddr, path: &str, body: &str) -> Option<Value> {
    let mut s = TcpStream::connect(addr).await.ok()?;
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.ok()?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.ok()?;
    let raw = String::from_utf8_lossy(&raw);
    let (_, body) = raw.split_once("\r\n\r\n")?;
    serde_json::from_str(body).ok()
}

#[derive(Default)]
struct Tally {
    latencies_us: Mutex<Vec<u64>>,
    refused: AtomicUsize,
    finished: AtomicUsize,
    failed: AtomicUsize,
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

async fn drive(addr: SocketAddr, server_pid: u32, args: &Args) -> ExitCode {
    let Some(base) = rss_kb(server_pid) else {
        eprintln!("load: cannot read the server's memory (/proc)");
        return ExitCode::FAILURE;
    };
    let seats: Vec<Value> = (0..args.clients)
        .map(|i| json!({"person": format!("p{i}")}))
        .collect();
    let body = json!({"edition": "2023", "course": "Milk Run", "seats": seats}).to_string();
    let started = Instant::now();
    // Connect everyone, a few at a time, and wait for their first state.
    let gate = Arc::new(Semaphore::new(64));
    let mut joins = Vec::new();
    for m in 0..args.matches {
        let Some(created) = http_post(addr, "/api/matches", &body).await else {
            eprintln!("load: match {m} was not created");
            return ExitCode::FAILURE;
        };
        let id = created["id"].as_str().unwrap_or_default().to_string();
        for t in created["tokens"].as_array().into_iter().flatten() {
            let token = t["token"].as_str().unwrap_or_default().to_string();
            let url = format!("ws://{addr}/api/matches/{id}/ws");
            let gate = gate.clone();
            joins.push(tokio::spawn(async move {
                let _permit = gate.acquire().await.ok()?;
                let (mut socket, _) = tokio_tungstenite::connect_async(url).await.ok()?;
                let hello = json!({"type": "hello", "token": token}).to_string();
                socket.send(Message::Text(hello.into())).await.ok()?;
                let state = next_state(&mut socket).await?;
                Some((socket, state))
            }));
        }
    }
    let mut clients = Vec::new();
    for j in joins {
        match j.await {
            Ok(Some(c)) => clients.push(c),
            _ => {
                eprintln!("load: a client could not connect");
                return ExitCode::FAILURE;
            }
        }
    }
    let connected_in = started.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let idle = rss_kb(server_pid).unwrap_or(base);
    let per_match = idle.saturating_sub(base) as f64 / args.matches as f64;
    println!(
        "{} matches x {} clients connected in {:.1} s; server memory {} KB before, {} KB idle: {:.1} KB per idle match (with its {} connections)",
        args.matches,
        args.clients,
        connected_in.as_secs_f64(),
        base,
        idle,
        per_match,
        args.clients
    );
    // Play for the time given.
    let tally = Arc::new(Tally::default());
    let until = Instant::now() + Duration::from_secs(args.seconds);
    let mut players = Vec::new();
    for (i, (socket, state)) in clients.into_iter().enumerate() {
        let tally = tally.clone();
        let think = args.think_ms;
        players.push(tokio::spawn(async move {
            play(socket, state, i as u64, think, until, &tally).await;
        }));
    }
    for p in players {
        let _ = p.await;
    }
    let played =
        Instant::now().saturating_duration_since(until - Duration::from_secs(args.seconds));
    let mut lat =
        std::mem::take(&mut *tally.latencies_us.lock().unwrap_or_else(|e| e.into_inner()));
    lat.sort_unstable();
    let pct = |p: f64| {
        if lat.is_empty() {
            0.0
        } else {
            lat[((lat.len() - 1) as f64 * p) as usize] as f64 / 1000.0
        }
    };
    println!(
        "{} actions in {:.1} s ({:.0}/s): action -> its events p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} refused, {} clients saw their game end, {} lost their connection; server memory now {} KB",
        lat.len(),
        played.as_secs_f64(),
        lat.len() as f64 / played.as_secs_f64(),
        pct(0.5),
        pct(0.99),
        pct(1.0),
        tally.refused.load(Ordering::Relaxed),
        tally.finished.load(Ordering::Relaxed),
        tally.failed.load(Ordering::Relaxed),
        rss_kb(server_pid).unwrap_or(0),
    );
    if tally.failed.load(Ordering::Relaxed) > 0 || lat.is_empty() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The next state frame.
async fn next_state(socket: &mut Socket) -> Option<Value> {
    loop {
        let Message::Text(t) = socket.next().await?.ok()? else {
            continue;
        };
        let v: Value = serde_json::from_str(&t).ok()?;
        if v["type"] == "state" {
            return Some(v);
        }
    }
}

/// What to answer: `Done` when offered (no upgrades bought), else a listed
/// action at random, else the server's suggestion (a whole program).
fn choose(state: &Value, rng: &mut Rng) -> Option<Value> {
    let asked = &state["asked"];
    if let Some(legal) = asked["legal"].as_array().filter(|l| !l.is_empty()) {
        let done = json!({"2023": "Done"});
        return Some(if legal.contains(&done) {
            done
        } else {
            legal[rng.index(legal.len())].clone()
        });
    }
    Some(asked["suggestion"].clone()).filter(|s| !s.is_null())
}

/// One seat: answers each question after a think time, and times each
/// answer until its events come back.
async fn play(
    mut socket: Socket,
    mut state: Value,
    n: u64,
    think_ms: u64,
    until: Instant,
    tally: &Tally,
) {
    let mut rng = Rng::from_seed(n);
    let mut mine = Vec::new();
    let mut answered_seq = None;
    // An answer on its way: when it was sent.
    let mut sent: Option<Instant> = None;
    loop {
        if state["finished"] == true {
            tally.finished.fetch_add(1, Ordering::Relaxed);
            break;
        }
        let seq = state["seq"].as_u64();
        let asked = !state["asked"].is_null() && answered_seq != seq && sent.is_none();
        let mut think = if asked {
            let ms = think_ms / 2 + rng.below(think_ms.max(1) as u32) as u64;
            Some(tokio::time::Instant::now() + Duration::from_millis(ms))
        } else {
            None
        };
        // Read (or think) until the next state frame.
        let next = loop {
            let wake = async {
                match think {
                    Some(t) => tokio::time::sleep_until(t).await,
                    _ => std::future::pending().await,
                }
            };
            let stop = tokio::time::sleep_until(until.into());
            tokio::select! {
                () = stop => break None,
                () = wake => {
                    let Some(action) = choose(&state, &mut rng) else { break None };
                    let msg = json!({"type": "action", "action": action}).to_string();
                    if socket.send(Message::Text(msg.into())).await.is_err() {
                        tally.failed.fetch_add(1, Ordering::Relaxed);
                        break None;
                    }
                    answered_seq = seq;
                    think = None;
                    sent = Some(Instant::now());
                }
                frame = socket.next() => {
                    let Some(Ok(frame)) = frame else {
                        tally.failed.fetch_add(1, Ordering::Relaxed);
                        break None;
                    };
                    let Message::Text(t) = frame else { continue };
                    let Ok(v) = serde_json::from_str::<Value>(&t) else { continue };
                    match v["type"].as_str() {
                        Some("events") if sent.is_some() && v["by"] == state["view"]["2023"]["you"] => {
                            if let Some(at) = sent.take() {
                                mine.push(at.elapsed().as_micros() as u64);
                            }
                        }
                        Some("error") => {
                            if tally.refused.fetch_add(1, Ordering::Relaxed) == 0 {
                                eprintln!("first refusal: {t}");
                            }
                            sent = None;
                        }
                        Some("state") => break Some(v),
                        _ => {}
                    }
                }
            }
        };
        match next {
            Some(v) => state = v,
            None => break,
        }
    }
    let _ = socket.close(None).await;
    tally
        .latencies_us
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .extend(mine);
}
