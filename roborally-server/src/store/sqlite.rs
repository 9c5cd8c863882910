//! The default store: one SQLite file (the library is built in, nothing
//! to install). One thread owns the connection; the operations queued
//! while it commits go into the next transaction together (group commit),
//! and nobody is answered before their transaction is on disk.
//!
//! The file is opened in WAL mode with `synchronous = NORMAL`: a commit
//! survives the server being killed (it is in the log file the moment
//! the call returns) though not the machine losing power, and with an
//! exclusive lock, so one process at a time runs a data directory.

use super::records::{LoggedAction, MatchRecord, SeatRecord, Status};
use super::{Store, StoreError, StoreFuture};
use crate::ids::MatchId;
use rusqlite::{params, Connection, OptionalExtension, Row};
use std::path::Path;
use std::sync::mpsc;
use std::sync::Mutex;

/// What one queued operation hands back after the commit.
type Deliver = Box<dyn FnOnce(Result<(), StoreError>) + Send>;
/// One queued operation.
type Job = Box<dyn FnOnce(&Connection) -> Deliver + Send>;

/// Operations in one transaction at most.
const BATCH: usize = 512;

/// Matches in an SQLite file.
pub struct SqliteStore {
    jobs: Mutex<mpsc::Sender<Job>>,
}

fn db(e: rusqlite::Error) -> StoreError {
    StoreError::Database(e.to_string())
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY, edition TEXT NOT NULL, setting TEXT NOT NULL,
    setup TEXT NOT NULL, seed INTEGER NOT NULL, bot_seed INTEGER NOT NULL,
    seeded INTEGER NOT NULL, seats TEXT NOT NULL, private INTEGER NOT NULL,
    timer_ms INTEGER, status TEXT NOT NULL, outcome TEXT,
    round INTEGER NOT NULL, seq INTEGER NOT NULL,
    created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
    match_id TEXT NOT NULL, seq INTEGER NOT NULL, player INTEGER NOT NULL,
    action TEXT NOT NULL, hash INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq)) WITHOUT ROWID;
";

impl SqliteStore {
    /// Opens (or creates) the store in `path`.
    ///
    /// # Errors
    /// The file cannot be opened, is not a store, or another process has
    /// it open.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let conn = Connection::open(path).map_err(db)?;
        Self::start(conn)
    }

    /// A store in memory, gone with the process (tests).
    ///
    /// # Errors
    /// SQLite cannot start.
    pub fn in_memory() -> Result<Self, StoreError> {
        Self::start(Connection::open_in_memory().map_err(db)?)
    }

    fn start(conn: Connection) -> Result<Self, StoreError> {
        let busy = |e: rusqlite::Error| match e {
            rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::DatabaseBusy => {
                StoreError::Database("the data file is in use by another server process".into())
            }
            e => db(e),
        };
        conn.pragma_update(None, "locking_mode", "EXCLUSIVE")
            .map_err(busy)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(busy)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(busy)?;
        // Creating the tables takes the exclusive lock now, so a second
        // process on the same file is refused at once.
        conn.execute_batch(SCHEMA).map_err(busy)?;
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("sqlite-store".into())
            .spawn(move || run(&conn, &rx))
            .map_err(|e| StoreError::Database(e.to_string()))?;
        Ok(SqliteStore {
            jobs: Mutex::new(tx),
        })
    }

    /// Queues `f` and answers once its transaction is committed.
    fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> StoreFuture<'static, T> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move |conn| {
            let result = match conn.execute_batch("SAVEPOINT job") {
                Ok(()) => {
                    let r = f(conn);
                    let end = if r.is_ok() {
                        "RELEASE job"
                    } else {
                        "ROLLBACK TO job; RELEASE job"
                    };
                    r.and_then(|v| conn.execute_batch(end).map(|()| v).map_err(db))
                }
                Err(e) => Err(db(e)),
            };
            Box::new(move |committed: Result<(), StoreError>| {
                let _ = tx.send(committed.and(result));
            })
        });
        let sent = self
            .jobs
            .lock()
            .map_err(|_| StoreError::Closed)
            .and_then(|jobs| jobs.send(job).map_err(|_| StoreError::Closed));
        Box::pin(async move {
            sent?;
            rx.await.map_err(|_| StoreError::Closed)?
        })
    }
}

/// The store's thread: takes what is queued, runs it in one transaction,
/// commits, then answers everyone.
fn run(conn: &Connection, jobs: &mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        if conn.execute_batch("BEGIN IMMEDIATE").is_err() {
            // Dropped unrun: each caller hears that the store failed.
            continue;
        }
        let delivers: Vec<Deliver> = batch.into_iter().map(|job| job(conn)).collect();
        let committed = conn.execute_batch("COMMIT").map_err(db);
        if committed.is_err() {
            let _ = conn.execute_batch("ROLLBACK");
        }
        for d in delivers {
            d(committed.clone());
        }
    }
}

/// A record read from a row, and its edition, status and seats as
/// stored (read into their types by [`complete`]).
pub(super) type Columns = (MatchRecord, String, String, String);

fn record_of(row: &Row<'_>) -> rusqlite::Result<Columns> {
    let edition: String = row.get(1)?;
    let seats: String = row.get(7)?;
    let status: String = row.get(10)?;
    Ok((
        MatchRecord {
            id: MatchId(row.get(0)?),
            // Placeholders, read below where errors are typed.
            edition: roborally::Edition::V2023,
            setting: row.get(2)?,
            setup: row.get(3)?,
            seed: row.get::<_, i64>(4)? as u64,
            bot_seed: row.get::<_, i64>(5)? as u64,
            seeded: row.get(6)?,
            seats: Vec::new(),
            private: row.get(8)?,
            timer_ms: row.get::<_, Option<i64>>(9)?.map(|t| t as u64),
            status: Status::Open,
            outcome: row.get(11)?,
            round: row.get(12)?,
            seq: row.get::<_, i64>(13)? as u64,
            created_ms: row.get(14)?,
            updated_ms: row.get(15)?,
        },
        edition,
        status,
        seats,
    ))
}

/// Finishes a record read by [`record_of`]: its edition, status and seats.
pub(super) fn complete(
    (mut r, edition, status, seats): Columns,
) -> Result<MatchRecord, StoreError> {
    r.edition = edition
        .parse()
        .map_err(|e| StoreError::Corrupt(format!("match {}: {e}", r.id)))?;
    r.status = Status::from_name(&status)
        .ok_or_else(|| StoreError::Corrupt(format!("match {}: status `{status}`", r.id)))?;
    r.seats = serde_json::from_str::<Vec<SeatRecord>>(&seats)
        .map_err(|e| StoreError::Corrupt(format!("match {}: seats: {e}", r.id)))?;
    Ok(r)
}

pub(super) fn seats_json(r: &MatchRecord) -> Result<String, StoreError> {
    serde_json::to_string(&r.seats).map_err(|e| StoreError::Corrupt(e.to_string()))
}

const COLUMNS: &str = "id, edition, setting, setup, seed, bot_seed, seeded, seats, private, \
    timer_ms, status, outcome, round, seq, created_ms, updated_ms";

impl Store for SqliteStore {
    fn create<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()> {
        let r = record.clone();
        self.call(move |c| {
            let seats = seats_json(&r)?;
            c.execute(
                &format!("INSERT INTO matches ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)"),
                params![
                    r.id.0, r.edition.name(), r.setting, r.setup, r.seed as i64,
                    r.bot_seed as i64, r.seeded, seats, r.private,
                    r.timer_ms.map(|t| t as i64), r.status.name(), r.outcome,
                    r.round, r.seq as i64, r.created_ms, r.updated_ms
                ],
            )
            .map_err(db)?;
            Ok(())
        })
    }

    fn append<'a>(
        &'a self,
        id: &'a MatchId,
        action: &'a LoggedAction,
        round: u16,
    ) -> StoreFuture<'a, ()> {
        let (id, a) = (id.clone(), action.clone());
        self.call(move |c| {
            let inserted = c.execute(
                "INSERT OR IGNORE INTO actions (match_id, seq, player, action, hash) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id.0, a.seq as i64, a.player, a.action, a.hash as i64],
            )
            .map_err(db)?;
            if inserted == 0 {
                return Err(StoreError::Conflict { id, seq: a.seq });
            }
            c.execute(
                "UPDATE matches SET seq = ?2, round = ?3, updated_ms = ?4 WHERE id = ?1",
                params![id.0, a.seq as i64, round, super::now_ms()],
            )
            .map_err(db)?;
            Ok(())
        })
    }

    fn update<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()> {
        let r = record.clone();
        self.call(move |c| {
            let seats = seats_json(&r)?;
            c.execute(
                "UPDATE matches SET seats = ?2, status = ?3, outcome = ?4, updated_ms = ?5 WHERE id = ?1",
                params![r.id.0, seats, r.status.name(), r.outcome, super::now_ms()],
            )
            .map_err(db)?;
            Ok(())
        })
    }

    fn record<'a>(&'a self, id: &'a MatchId) -> StoreFuture<'a, Option<MatchRecord>> {
        let id = id.clone();
        self.call(move |c| {
            c.query_row(
                &format!("SELECT {COLUMNS} FROM matches WHERE id = ?1"),
                [&id.0],
                record_of,
            )
            .optional()
            .map_err(db)?
            .map(complete)
            .transpose()
        })
    }

    fn actions<'a>(&'a self, id: &'a MatchId) -> StoreFuture<'a, Vec<LoggedAction>> {
        let id = id.clone();
        self.call(move |c| {
            let mut stmt = c
                .prepare_cached(
                    "SELECT seq, player, action, hash FROM actions WHERE match_id = ?1 ORDER BY seq",
                )
                .map_err(db)?;
            let rows = stmt
                .query_map([&id.0], |row| {
                    Ok(LoggedAction {
                        seq: row.get::<_, i64>(0)? as u64,
                        player: row.get(1)?,
                        action: row.get(2)?,
                        hash: row.get::<_, i64>(3)? as u64,
                    })
                })
                .map_err(db)?;
            rows.collect::<Result<Vec<_>, _>>().map_err(db)
        })
    }

    fn list(&self, all: bool) -> StoreFuture<'_, Vec<MatchRecord>> {
        self.call(move |c| {
            let filter = if all {
                ""
            } else {
                "WHERE status <> 'finished'"
            };
            let mut stmt = c
                .prepare(&format!(
                    "SELECT {COLUMNS} FROM matches {filter} ORDER BY created_ms, id"
                ))
                .map_err(db)?;
            let rows = stmt.query_map([], record_of).map_err(db)?;
            rows.map(|r| r.map_err(db).and_then(complete)).collect()
        })
    }

    fn delete_stale(
        &self,
        idle_before: i64,
        finished_before: i64,
    ) -> StoreFuture<'_, Vec<MatchId>> {
        self.call(move |c| {
            let mut stmt = c
                .prepare(
                    "SELECT id FROM matches WHERE (status <> 'finished' AND updated_ms < ?1) \
                     OR (status = 'finished' AND updated_ms < ?2)",
                )
                .map_err(db)?;
            let ids = stmt
                .query_map(params![idle_before, finished_before], |r| {
                    r.get::<_, String>(0)
                })
                .map_err(db)?
                .collect::<Result<Vec<_>, _>>()
                .map_err(db)?;
            for id in &ids {
                c.execute("DELETE FROM actions WHERE match_id = ?1", [id])
                    .map_err(db)?;
                c.execute("DELETE FROM matches WHERE id = ?1", [id])
                    .map_err(db)?;
            }
            Ok(ids.into_iter().map(MatchId).collect())
        })
    }

    /// One process holds the file, so it holds every lease.
    fn acquire<'a>(&'a self, _: &'a MatchId, _: &'a str, _: i64, _: i64) -> StoreFuture<'a, bool> {
        Box::pin(async { Ok(true) })
    }

    fn owner<'a>(&'a self, _: &'a MatchId, _: i64) -> StoreFuture<'a, Option<String>> {
        Box::pin(async { Ok(None) })
    }

    fn release<'a>(&'a self, _: &'a MatchId, _: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async { Ok(()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_store_contract_holds_for_sqlite() {
        let store = SqliteStore::in_memory().unwrap();
        super::super::contract::check(&store, false).await;
    }

    #[test]
    fn a_second_process_is_refused_the_file() {
        let dir = std::env::temp_dir().join(format!("rr-sqlite-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("lock.db");
        let _first = SqliteStore::open(&path).unwrap();
        let second = SqliteStore::open(&path).err().expect("the file is locked");
        assert!(
            second.to_string().contains("another server process"),
            "{second}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
