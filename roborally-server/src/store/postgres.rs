//! The same store over PostgreSQL, for operators whose players outgrow one
//! machine: several server processes share one database, each running the
//! matches it holds the lease of.
//!
//! One connection per process; tokio-postgres pipelines the queries of
//! every match over it. Each operation is one statement, so it is atomic
//! without a transaction on the shared connection.

use super::records::{LoggedAction, MatchRecord, Status};
use super::sqlite::{complete, seats_json};
use super::{Store, StoreError, StoreFuture};
use crate::ids::MatchId;
use tokio_postgres::{Client, NoTls, Row};

/// Matches in a PostgreSQL database.
pub struct PostgresStore {
    client: Client,
}

fn db(e: tokio_postgres::Error) -> StoreError {
    StoreError::Database(e.to_string())
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY, edition TEXT NOT NULL, setting TEXT NOT NULL,
    setup TEXT NOT NULL, seed BIGINT NOT NULL, bot_seed BIGINT NOT NULL,
    seeded BOOLEAN NOT NULL, seats TEXT NOT NULL, private BOOLEAN NOT NULL,
    timer_ms BIGINT, status TEXT NOT NULL, outcome TEXT,
    round INTEGER NOT NULL, seq BIGINT NOT NULL,
    created_ms BIGINT NOT NULL, updated_ms BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seq BIGINT NOT NULL, player SMALLINT NOT NULL,
    action TEXT NOT NULL, hash BIGINT NOT NULL,
    PRIMARY KEY (match_id, seq));
CREATE TABLE IF NOT EXISTS leases (
    match_id TEXT PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
    owner TEXT NOT NULL, until_ms BIGINT NOT NULL);
";

const COLUMNS: &str = "id, edition, setting, setup, seed, bot_seed, seeded, seats, private, \
    timer_ms, status, outcome, round, seq, created_ms, updated_ms";

/// The key of the advisory lock held while the tables are created, so
/// processes starting together do not race.
const SCHEMA_LOCK: i64 = 0x726f_626f;

impl PostgresStore {
    /// Connects to `url` (`postgres://user:pass@host/db`, or the
    /// `host=... dbname=...` form) and creates the tables in `schema`
    /// (the database's default when `None`) if they are missing.
    ///
    /// # Errors
    /// The database cannot be reached or refuses the tables.
    pub async fn connect(url: &str, schema: Option<&str>) -> Result<Self, StoreError> {
        let (client, connection) = tokio_postgres::connect(url, NoTls).await.map_err(db)?;
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                eprintln!("roborally-server: PostgreSQL connection lost: {e}");
            }
        });
        client
            .query_one("SELECT pg_advisory_lock($1)", &[&SCHEMA_LOCK])
            .await
            .map_err(db)?;
        let mut setup = String::new();
        if let Some(schema) = schema {
            if schema.is_empty()
                || !schema
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                return Err(StoreError::Database(format!(
                    "schema name `{schema}`: use letters, digits and _"
                )));
            }
            setup = format!("CREATE SCHEMA IF NOT EXISTS {schema}; SET search_path TO {schema};");
        }
        setup.push_str(SCHEMA);
        let created = client.batch_execute(&setup).await.map_err(db);
        client
            .query_one("SELECT pg_advisory_unlock($1)", &[&SCHEMA_LOCK])
            .await
            .map_err(db)?;
        created?;
        Ok(PostgresStore { client })
    }

    /// Drops `schema` and everything in it (tests clean up with it).
    ///
    /// # Errors
    /// The database refuses.
    pub async fn drop_schema(&self, schema: &str) -> Result<(), StoreError> {
        if !schema
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(StoreError::Database(format!("schema name `{schema}`")));
        }
        self.client
            .batch_execute(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
            .await
            .map_err(db)
    }
}

fn record_of(row: &Row) -> Result<MatchRecord, StoreError> {
    let get = |i: usize| -> Result<String, StoreError> { row.try_get(i).map_err(db) };
    let big = |i: usize| -> Result<i64, StoreError> { row.try_get(i).map_err(db) };
    let edition = get(1)?;
    let status = get(10)?;
    let round: i32 = row.try_get(12).map_err(db)?;
    let record = MatchRecord {
        id: MatchId(get(0)?),
        edition: roborally::Edition::V2023,
        setting: get(2)?,
        setup: get(3)?,
        seed: big(4)? as u64,
        bot_seed: big(5)? as u64,
        seeded: row.try_get(6).map_err(db)?,
        seats: Vec::new(),
        private: row.try_get(8).map_err(db)?,
        timer_ms: row
            .try_get::<_, Option<i64>>(9)
            .map_err(db)?
            .map(|t| t as u64),
        status: Status::Open,
        outcome: row.try_get(11).map_err(db)?,
        round: u16::try_from(round).map_err(|e| StoreError::Corrupt(e.to_string()))?,
        seq: big(13)? as u64,
        created_ms: big(14)?,
        updated_ms: big(15)?,
    };
    complete((record, edition, status, get(7)?))
}

impl Store for PostgresStore {
    fn create<'a>(&'a self, r: &'a MatchRecord) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let seats = seats_json(r)?;
            self.client
                .execute(
                    &format!("INSERT INTO matches ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)"),
                    &[
                        &r.id.0, &r.edition.name(), &r.setting, &r.setup, &(r.seed as i64),
                        &(r.bot_seed as i64), &r.seeded, &seats, &r.private,
                        &r.timer_ms.map(|t| t as i64), &r.status.name(), &r.outcome,
                        &i32::from(r.round), &(r.seq as i64), &r.created_ms, &r.updated_ms,
                    ],
                )
                .await
                .map_err(db)?;
            Ok(())
        })
    }

    fn append<'a>(
        &'a self,
        id: &'a MatchId,
        a: &'a LoggedAction,
        round: u16,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let rows = self
                .client
                .query(
                    "WITH ins AS (INSERT INTO actions (match_id, seq, player, action, hash) \
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING seq) \
                     UPDATE matches SET seq = $2, round = $6, updated_ms = $7 \
                     WHERE id = $1 AND EXISTS (SELECT 1 FROM ins) RETURNING id",
                    &[
                        &id.0,
                        &(a.seq as i64),
                        &i16::from(a.player),
                        &a.action,
                        &(a.hash as i64),
                        &i32::from(round),
                        &super::now_ms(),
                    ],
                )
                .await
                .map_err(db)?;
            if rows.is_empty() {
                return Err(StoreError::Conflict {
                    id: id.clone(),
                    seq: a.seq,
                });
            }
            Ok(())
        })
    }

    fn update<'a>(&'a self, r: &'a MatchRecord) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let seats = seats_json(r)?;
            self.client
                .execute(
                    "UPDATE matches SET seats = $2, status = $3, outcome = $4, updated_ms = $5 WHERE id = $1",
                    &[&r.id.0, &seats, &r.status.name(), &r.outcome, &super::now_ms()],
                )
                .await
                .map_err(db)?;
            Ok(())
        })
    }

    fn record<'a>(&'a self, id: &'a MatchId) -> StoreFuture<'a, Option<MatchRecord>> {
        Box::pin(async move {
            let row = self
                .client
                .query_opt(
                    &format!("SELECT {COLUMNS} FROM matches WHERE id = $1"),
                    &[&id.0],
                )
                .await
                .map_err(db)?;
            row.as_ref().map(record_of).transpose()
        })
    }

    fn actions<'a>(&'a self, id: &'a MatchId) -> StoreFuture<'a, Vec<LoggedAction>> {
        Box::pin(async move {
            let rows = self
                .client
                .query(
                    "SELECT seq, player, action, hash FROM actions WHERE match_id = $1 ORDER BY seq",
                    &[&id.0],
                )
                .await
                .map_err(db)?;
            rows.iter()
                .map(|r| {
                    let player: i16 = r.try_get(1).map_err(db)?;
                    Ok(LoggedAction {
                        seq: r.try_get::<_, i64>(0).map_err(db)? as u64,
                        player: u8::try_from(player)
                            .map_err(|e| StoreError::Corrupt(e.to_string()))?,
                        action: r.try_get(2).map_err(db)?,
                        hash: r.try_get::<_, i64>(3).map_err(db)? as u64,
                    })
                })
                .collect()
        })
    }

    fn list(&self, all: bool) -> StoreFuture<'_, Vec<MatchRecord>> {
        Box::pin(async move {
            let filter = if all {
                ""
            } else {
                "WHERE status <> 'finished'"
            };
            let rows = self
                .client
                .query(
                    &format!("SELECT {COLUMNS} FROM matches {filter} ORDER BY created_ms, id"),
                    &[],
                )
                .await
                .map_err(db)?;
            rows.iter().map(record_of).collect()
        })
    }

    fn delete_stale(
        &self,
        idle_before: i64,
        finished_before: i64,
    ) -> StoreFuture<'_, Vec<MatchId>> {
        Box::pin(async move {
            let rows = self
                .client
                .query(
                    "DELETE FROM matches WHERE (status <> 'finished' AND updated_ms < $1) \
                     OR (status = 'finished' AND updated_ms < $2) RETURNING id",
                    &[&idle_before, &finished_before],
                )
                .await
                .map_err(db)?;
            rows.iter()
                .map(|r| r.try_get(0).map(MatchId).map_err(db))
                .collect()
        })
    }

    fn acquire<'a>(
        &'a self,
        id: &'a MatchId,
        owner: &'a str,
        now: i64,
        until: i64,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let rows = self
                .client
                .query(
                    "INSERT INTO leases (match_id, owner, until_ms) VALUES ($1, $2, $4) \
                     ON CONFLICT (match_id) DO UPDATE SET owner = EXCLUDED.owner, until_ms = EXCLUDED.until_ms \
                     WHERE leases.owner = EXCLUDED.owner OR leases.until_ms < $3 RETURNING owner",
                    &[&id.0, &owner, &now, &until],
                )
                .await
                .map_err(db)?;
            Ok(!rows.is_empty())
        })
    }

    fn owner<'a>(&'a self, id: &'a MatchId, now: i64) -> StoreFuture<'a, Option<String>> {
        Box::pin(async move {
            let row = self
                .client
                .query_opt(
                    "SELECT owner FROM leases WHERE match_id = $1 AND until_ms >= $2",
                    &[&id.0, &now],
                )
                .await
                .map_err(db)?;
            row.map(|r| r.try_get(0).map_err(db)).transpose()
        })
    }

    fn release<'a>(&'a self, id: &'a MatchId, owner: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            self.client
                .execute(
                    "DELETE FROM leases WHERE match_id = $1 AND owner = $2",
                    &[&id.0, &owner],
                )
                .await
                .map_err(db)?;
            Ok(())
        })
    }
}

/// The PostgreSQL URL the tests run against (`ROBORALLY_PG_URL`), or
/// `None` after printing that those tests are skipped.
#[must_use]
pub fn test_url(test: &str) -> Option<String> {
    match std::env::var("ROBORALLY_PG_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            eprintln!(
                "SKIPPED {test}: ROBORALLY_PG_URL is not set (no PostgreSQL to test against)"
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_store_contract_holds_for_postgres() {
        let Some(url) = test_url("the_store_contract_holds_for_postgres") else {
            return;
        };
        let schema = format!("contract_{}", std::process::id());
        let store = PostgresStore::connect(&url, Some(&schema)).await.unwrap();
        super::super::contract::check(&store, true).await;
        store.drop_schema(&schema).await.unwrap();
    }
}
