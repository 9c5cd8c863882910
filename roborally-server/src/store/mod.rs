//! Where matches live between restarts: one small trait, [`Store`], with
//! an embedded SQLite file as the default ([`SqliteStore`]) and
//! PostgreSQL for several server processes sharing matches
//! ([`PostgresStore`]).
//!
//! A match is its record (setup, seed, seats, status) and its log: one row
//! per accepted action, with the hash of the state after it. The server
//! appends each action before anyone hears of it, so the log is the truth;
//! a match is rebuilt by playing its log from the setup and seed, and the
//! last hash checks the result.
//!
//! A match is run by one process at a time, which holds its lease in the
//! store ([`Store::acquire`]); SQLite keeps its file to one process, so
//! there its leases always succeed.

mod postgres;
mod records;
mod sqlite;

pub use postgres::{test_url, PostgresStore};
pub use records::{Absentee, LoggedAction, MatchRecord, SeatRecord, Status};
pub use sqlite::SqliteStore;

use crate::ids::MatchId;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use thiserror::Error;

/// A store operation that failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database: {0}")]
    Database(String),
    /// A stored value could not be read back.
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    /// An action was appended out of order (another process wrote first).
    #[error("the log of match {id} already has action {seq}")]
    Conflict {
        /// The match.
        id: MatchId,
        /// The action's number.
        seq: u64,
    },
    /// The store is closed, or dropped the operation unrun.
    #[error("the store is closed or failed")]
    Closed,
}

/// What a store operation gives back, later.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// Matches and their logs, kept across restarts. Every method is one
/// small transaction.
pub trait Store: Send + Sync + 'static {
    /// Saves a new match.
    fn create<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()>;

    /// Appends one accepted action to a match's log and notes its round;
    /// refused with [`StoreError::Conflict`] when the log already has an
    /// action with that number.
    fn append<'a>(
        &'a self,
        id: &'a MatchId,
        action: &'a LoggedAction,
        round: u16,
    ) -> StoreFuture<'a, ()>;

    /// Saves a match's seats and status (joins, leaves, bots, the start,
    /// the end with its outcome).
    fn update<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()>;

    /// A match's record, without its log.
    fn record<'a>(&'a self, id: &'a MatchId) -> StoreFuture<'a, Option<MatchRecord>>;

    /// A match's log, in order.
    fn actions<'a>(&'a self, id: &'a MatchId) -> StoreFuture<'a, Vec<LoggedAction>>;

    /// Every match that is not finished, or every match with `all`.
    fn list(&self, all: bool) -> StoreFuture<'_, Vec<MatchRecord>>;

    /// Deletes unfinished matches untouched since `idle_before` and
    /// finished ones untouched since `finished_before` (Unix
    /// milliseconds); returns their ids.
    fn delete_stale(&self, idle_before: i64, finished_before: i64)
        -> StoreFuture<'_, Vec<MatchId>>;

    /// Takes or renews the lease on a match for `owner` until `until`
    /// (Unix milliseconds); `false` when another owner holds a lease that
    /// has not run out. `now` is the caller's clock.
    fn acquire<'a>(
        &'a self,
        id: &'a MatchId,
        owner: &'a str,
        now: i64,
        until: i64,
    ) -> StoreFuture<'a, bool>;

    /// Who holds an unexpired lease on the match, if anyone.
    fn owner<'a>(&'a self, id: &'a MatchId, now: i64) -> StoreFuture<'a, Option<String>>;

    /// Gives up `owner`'s lease on the match.
    fn release<'a>(&'a self, id: &'a MatchId, owner: &'a str) -> StoreFuture<'a, ()>;
}

/// A store shared by the server's tasks.
pub type SharedStore = Arc<dyn Store>;

/// Milliseconds since the Unix epoch, on the server's clock.
#[must_use]
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
pub(crate) mod contract;
