//! # roborally-server
//!
//! An authoritative game server for every playable edition of the
//! `roborally` workspace, over the facade's [`roborally::AnyGame`]: an
//! edition that joins the facade plays online with no code here.
//!
//! - A lobby over HTTP, JSON in and out ([`http`], bodies in [`api`]):
//!   create a match with people and bots in its seats, list, join, leave,
//!   hand an abandoned seat to a bot, fetch a finished match's replay.
//! - A WebSocket per client ([`ws`], messages in [`protocol`]): the seat's
//!   view and what the game waits for, then the events of every action
//!   with a sequence number; a spectator sees the public view.
//! - One actor per match (`game`): every action goes through the engine,
//!   is written to the store's log, and only then is sent; bots think off
//!   the async threads; the edition's timed rule plays late players'
//!   actions when a timer runs out.
//! - Storage behind one trait ([`store::Store`]): an embedded SQLite file
//!   by default, PostgreSQL for several processes sharing matches (by
//!   leases). A restarted server rebuilds every match from its setup, seed
//!   and log, checked against the stored hash of the state.
//!
//! `docs/server-protocol.md` documents the protocol with an example of
//! every message.
//!
//! ```no_run
//! # async fn run() -> Result<(), roborally_server::StartError> {
//! let config = roborally_server::config::Config::default(); // 127.0.0.1:8080, ./roborally-data
//! let server = roborally_server::start(config).await?;
//! println!("listening on {}", server.addr);
//! server.stopped().await;
//! # Ok(())
//! # }
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod api;
pub mod config;
pub mod error;
mod game;
pub mod hash;
pub mod http;
pub mod hub;
pub mod ids;
pub mod protocol;
pub mod replay;
pub mod schema;
pub mod store;
pub mod web;
pub mod ws;

use crate::config::Config;
use crate::hub::{Hub, HubConfig};
use crate::store::{PostgresStore, SharedStore, SqliteStore, StoreError};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A server that could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The data directory cannot be made.
    #[error("data directory {path}: {error}")]
    Data {
        /// The directory.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// The store cannot be opened.
    #[error("store: {0}")]
    Store(#[from] StoreError),
    /// The address cannot be listened on.
    #[error("cannot listen on {addr}: {error}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// Why.
        error: std::io::Error,
    },
}

/// A running server.
pub struct Server {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its matches.
    pub hub: Arc<Hub>,
    /// Matches restored from the store at start-up.
    pub restored: usize,
    /// Matches whose log did not rebuild at start-up (with why).
    pub failed: Vec<String>,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
}

impl Server {
    /// Stops accepting requests, stops every match (their logs are
    /// already saved) and waits until the server is down.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = (&mut self.task).await;
        self.hub.stop_all().await;
        // Each actor gives its lease back as it stops: wait for them.
        for _ in 0..500 {
            if self.hub.running() == 0 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }

    /// Waits until the server's task ends (the binary waits here beside
    /// its Ctrl-C and SIGTERM handlers).
    pub async fn stopped(self) {
        let _ = self.task.await;
    }
}

/// Opens the store the configuration names.
///
/// # Errors
/// A [`StartError`].
pub async fn open_store(config: &Config) -> Result<SharedStore, StartError> {
    Ok(match &config.postgres {
        Some(url) => Arc::new(PostgresStore::connect(url, config.pg_schema.as_deref()).await?),
        None => {
            std::fs::create_dir_all(&config.data).map_err(|error| StartError::Data {
                path: config.data.display().to_string(),
                error,
            })?;
            Arc::new(SqliteStore::open(&config.data.join("roborally.db"))?)
        }
    })
}

/// Starts a server: opens the store, restores every unfinished match,
/// listens, and runs the chores (leases, stale matches) in the background.
///
/// # Errors
/// A [`StartError`].
pub async fn start(config: Config) -> Result<Server, StartError> {
    let store = open_store(&config).await?;
    let node = match &config.node {
        Some(n) => n.clone(),
        None => format!(
            "node-{}",
            ids::MatchId::random().map(|i| i.0).unwrap_or_default()
        ),
    };
    let hub = Arc::new(Hub::new(
        store,
        HubConfig {
            node,
            lease: config.lease,
            stale_after: config.stale_after,
            keep_finished: config.keep_finished,
            idle_unload: config.idle_unload,
            bot_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
        },
    ));
    let (restored, failed) = hub.restore_all().await;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|error| StartError::Listen {
            addr: config.addr,
            error,
        })?;
    let addr = listener.local_addr().map_err(|error| StartError::Listen {
        addr: config.addr,
        error,
    })?;
    let web = config
        .web
        .join("index.html")
        .is_file()
        .then(|| Arc::from(config.web.as_path()));
    let app = http::router(http::AppState {
        hub: hub.clone(),
        web,
        wasm: Arc::from(config.wasm.as_path()),
    });
    let chores = {
        let hub = hub.clone();
        let (lease, clean) = (config.lease, config.clean_every);
        tokio::spawn(async move {
            let mut renew = tokio::time::interval(lease / 3);
            let mut sweep = tokio::time::interval(clean);
            loop {
                tokio::select! {
                    _ = renew.tick() => hub.renew_leases().await,
                    _ = sweep.tick() => { hub.clean().await; }
                }
            }
        })
    };
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let served = axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                let _ = stopped.await;
            })
            .await;
        if let Err(e) = served {
            eprintln!("roborally-server: {e}");
        }
        chores.abort();
    });
    Ok(Server {
        addr,
        hub,
        restored,
        failed,
        stop: Some(stop),
        task,
    })
}
