//! One match on the server: an actor (a task) that owns the game, its
//! seats and its connections, and takes one command at a time, so every
//! action goes through the engine in one order.
//!
//! - `build`: a new match from a request; a stored match rebuilt from its
//!   log.
//! - `actor`: the task's loop (commands, the bot's answer, the timer).
//! - `play`: an action through the engine, into the log, out to everyone;
//!   bots and the timer.
//! - `seats`: connections, joins, leaves, seats handed to bots.
//! - `frames`: what each connection is sent.

mod actor;
pub mod build;
mod frames;
mod play;
mod seats;

pub(crate) use actor::spawn;

use crate::api::{HandToBot, Join, MatchInfo, SeatToken};
use crate::error::ApiError;
use crate::ids::MatchId;
use crate::protocol::{ErrorCode, SeatInfo, SeatKind};
use crate::store::{MatchRecord, SeatRecord, SharedStore, Status};
use axum::extract::ws::Utf8Bytes;
use roborally::any::AnyOutcome;
use roborally::core::protocol::Outcome as _;
use roborally::core::{Game, Pending, PlayerId};
use roborally::{AnyAction, AnyGame};
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch, Semaphore};
use tokio::time::Instant;

/// A connection's number, unique in the process.
pub type ConnId = u64;

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// A new connection number.
pub fn next_conn() -> ConnId {
    NEXT_CONN.fetch_add(1, Ordering::Relaxed)
}

/// What the actor sends a connection's writer.
#[derive(Clone, Debug)]
pub enum Outgoing {
    /// A JSON text frame.
    Text(Utf8Bytes),
    /// Text frames sent in order, held in one slot of the queue: a
    /// connection's catch-up (its welcome, every events frame it missed,
    /// its state), however long, never depends on the queue's capacity.
    Batch(Vec<Utf8Bytes>),
    /// Close the connection (after the frames before it).
    Close,
}

/// Frames waiting for a slow connection before it is dropped (it can come
/// back and catch up by sequence number).
pub const CONNECTION_QUEUE: usize = 256;

/// A refusal sent back as an error frame.
pub type Refusal = (ErrorCode, String);

/// A request to connect to the match.
pub struct Connect {
    /// The connection.
    pub conn: ConnId,
    /// The seat's token; `None` for a spectator.
    pub token: Option<String>,
    /// The last sequence number the client saw.
    pub since: Option<u64>,
    /// Where its frames go.
    pub tx: mpsc::Sender<Outgoing>,
    /// The answer: the seat (`None`: a spectator), or why not.
    pub reply: oneshot::Sender<Result<Option<u8>, Refusal>>,
}

/// What a match's actor is asked to do.
pub enum Command {
    /// A connection says hello.
    Connect(Box<Connect>),
    /// A connection closed.
    Disconnect(ConnId),
    /// A connection's action.
    Action {
        /// Whose.
        conn: ConnId,
        /// The action.
        action: AnyAction,
        /// The seat it names, if any.
        seat: Option<u8>,
    },
    /// A connection's draft for the timer.
    Draft {
        /// Whose.
        conn: ConnId,
        /// The draft.
        action: AnyAction,
    },
    /// A person takes an open seat.
    Join(Join, oneshot::Sender<Result<SeatToken, ApiError>>),
    /// A person gives up their seat.
    Leave(String, oneshot::Sender<Result<(), ApiError>>),
    /// An abandoned seat goes to a bot.
    HandToBot(HandToBot, oneshot::Sender<Result<(), ApiError>>),
    /// Stop the actor (the server shuts down, or the lease is lost).
    Stop,
}

/// What the lobby holds of a match in memory: how to reach its actor, and
/// its public state without asking it.
#[derive(Clone)]
pub struct MatchHandle {
    /// The actor's commands.
    pub tx: mpsc::Sender<Command>,
    /// Its public state, as the actor last published it.
    pub info: watch::Receiver<MatchInfo>,
}

/// The matches this process runs.
pub type Registry = Arc<Mutex<HashMap<MatchId, MatchHandle>>>;

/// What every actor shares.
pub struct Ctx {
    /// The store.
    pub store: SharedStore,
    /// Bots thinking at once (one per core).
    pub bots: Arc<Semaphore>,
    /// The running matches.
    pub registry: Registry,
    /// This process's name in leases.
    pub node: String,
    /// A finished match with nobody connected leaves memory after this.
    pub idle_unload: Duration,
    /// A person's seat passes to a bot once they have been away this long.
    pub grace: Duration,
    /// Spectators a match takes at once.
    pub spectators: usize,
}

/// The answer of a bot thinking off the async threads.
type BotFuture = Pin<Box<dyn Future<Output = Option<AnyAction>> + Send>>;

/// A bot at work: whose turn, at which point of the log, its answer.
struct BotTask {
    player: PlayerId,
    seq: u64,
    seed: u64,
    answer: BotFuture,
}

/// A connection of the match.
struct Conn {
    id: ConnId,
    seat: Option<PlayerId>,
    tx: mpsc::Sender<Outgoing>,
}

/// The timer's period now: the edition's period number and its end.
#[derive(Clone, Copy, Debug)]
struct Period {
    key: u64,
    ends: Instant,
}

/// The state an actor owns.
pub(crate) struct Match {
    ctx: Arc<Ctx>,
    /// The record (its setup text dropped: it is read from the store when
    /// a replay needs it).
    record: MatchRecord,
    game: AnyGame,
    conns: Vec<Conn>,
    /// Since when each person's seat has had no connection (`None` for a
    /// connected person, a bot or an open seat).
    away: Vec<Option<Instant>>,
    drafts: Vec<Option<AnyAction>>,
    /// People's actions that came while a bot had to answer first.
    deferred: VecDeque<(ConnId, AnyAction, Option<u8>)>,
    period: Option<Period>,
    bot: Option<BotTask>,
    info: watch::Sender<MatchInfo>,
}

impl Match {
    fn seat_info(&self) -> Vec<SeatInfo> {
        seat_infos(&self.record.seats, |i| {
            self.conns.iter().any(|c| c.seat == Some(PlayerId(i as u8)))
        })
    }

    /// The public state now.
    fn public_info(&self) -> MatchInfo {
        info_from(
            &self.record,
            self.game.pending().outcome().cloned(),
            self.seat_info(),
        )
    }

    fn publish(&self) {
        self.info.send_replace(self.public_info());
    }

    /// The seat a token plays (a person's, or one a bot plays while its
    /// person is away).
    fn seat_of_token(&self, token: &str) -> Option<PlayerId> {
        self.record
            .seats
            .iter()
            .position(|s| s.token().is_some_and(|t| t.matches(token)))
            .map(|i| PlayerId(i as u8))
    }

    fn is_pending(&self, p: PlayerId) -> bool {
        self.game.pending().is_waiting_for(p)
    }

    fn waiting(&self) -> Vec<PlayerId> {
        match self.game.pending() {
            Pending::Terminal(_) => Vec::new(),
            p => p.players().to_vec(),
        }
    }
}

/// Every seat as everyone may see it; `connected(i)`: a client of seat
/// `i` is connected.
fn seat_infos(seats: &[SeatRecord], connected: impl Fn(usize) -> bool) -> Vec<SeatInfo> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (kind, name, bot) = match s {
                SeatRecord::Person { name, .. } => (SeatKind::Person, Some(name.clone()), None),
                SeatRecord::Bot { bot, stands_in_for } => (
                    SeatKind::Bot,
                    stands_in_for.as_ref().map(|a| a.name.clone()),
                    Some(bot.clone()),
                ),
                SeatRecord::Open { name } => (SeatKind::Open, name.clone(), None),
            };
            SeatInfo {
                seat: i as u8,
                kind,
                name,
                bot,
                connected: connected(i),
                stand_in: matches!(
                    s,
                    SeatRecord::Bot {
                        stands_in_for: Some(_),
                        ..
                    }
                ),
            }
        })
        .collect()
}

fn info_from(record: &MatchRecord, outcome: Option<AnyOutcome>, seats: Vec<SeatInfo>) -> MatchInfo {
    let winners = outcome
        .as_ref()
        .map(|o| o.winners().iter().map(|p| p.0).collect())
        .unwrap_or_default();
    MatchInfo {
        id: record.id.clone(),
        edition: record.edition,
        setting: record.setting.clone(),
        status: record.status,
        finished: record.status == Status::Finished,
        private: record.private,
        seeded: record.seeded,
        timer_ms: record.timer_ms,
        seats,
        round: record.round,
        seq: record.seq,
        outcome,
        winners,
        created_ms: record.created_ms,
    }
}

/// The public state of a stored match that no actor of this process runs
/// (nobody's presence is known here).
pub fn stored_info(record: &MatchRecord) -> MatchInfo {
    let outcome = record
        .outcome
        .as_deref()
        .and_then(|o| serde_json::from_str(o).ok());
    info_from(record, outcome, seat_infos(&record.seats, |_| false))
}
