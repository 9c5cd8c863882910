//! A line-based WebSocket client for trying the server by hand (like
//! `websocat`): each line of stdin is sent as a text frame, each frame
//! received is printed on its own line.
//!
//! ```text
//! cargo run -p roborally-server --example ws -- ws://127.0.0.1:8080/api/matches/ID/ws
//! {"type":"hello","token":"..."}
//! ```
//!
//! Once stdin ends it exits after two seconds without a frame, or with
//! `--until-finished`, once a state frame says the game is over (for
//! scripts).

use futures_util::{SinkExt, StreamExt};
use std::process::ExitCode;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio_tungstenite::tungstenite::Message;

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(url) = args.next().filter(|u| u.starts_with("ws")) else {
        eprintln!("usage: ws ws://HOST:PORT/api/matches/ID/ws [--until-finished] (stdin: one JSON message per line)");
        return ExitCode::from(2);
    };
    let until_finished = args.any(|a| a == "--until-finished");
    let (socket, _) = match tokio_tungstenite::connect_async(url.as_str()).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("ws: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (mut write, mut read) = socket.split();
    let mut stdin = BufReader::new(tokio::io::stdin()).lines();
    let mut stdin_open = true;
    let quiet = std::time::Duration::from_secs(2);
    loop {
        let wait = async {
            if stdin_open || until_finished {
                std::future::pending::<()>().await;
            }
            tokio::time::sleep(quiet).await;
        };
        tokio::select! {
            line = stdin.next_line(), if stdin_open => match line {
                Ok(Some(line)) if !line.trim().is_empty() => {
                    if write.send(Message::Text(line.into())).await.is_err() {
                        return ExitCode::FAILURE;
                    }
                }
                Ok(Some(_)) => {}
                _ => stdin_open = false,
            },
            frame = read.next() => match frame {
                Some(Ok(Message::Text(t))) => {
                    println!("{t}");
                    if until_finished && t.starts_with("{\"type\":\"state\"") && t.contains("\"finished\":true") {
                        return ExitCode::SUCCESS;
                    }
                }
                Some(Ok(Message::Close(_))) | None => return ExitCode::SUCCESS,
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    eprintln!("ws: {e}");
                    return ExitCode::FAILURE;
                }
            },
            () = wait => return ExitCode::SUCCESS,
        }
    }
}
