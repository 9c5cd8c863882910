//! The lobby's side of the matches: creating them, finding (or
//! restoring) the actor that runs one, listing them, their replays, and
//! the chores (leases, stale matches).

use crate::api::{CreateMatch, Created, MatchInfo, SeatSpec, SeatToken};
use crate::error::ApiError;
use crate::game::build::{self, rebuild};
use crate::game::{self, Command, Ctx, MatchHandle};
use crate::ids::MatchId;
use crate::limits::{Limits, RateLimit};
use crate::protocol::ErrorCode;
use crate::store::{now_ms, MatchRecord, SeatRecord, SharedStore, Status};
use roborally::core::Game;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

/// How the lobby keeps its matches.
#[derive(Clone, Debug)]
pub struct HubConfig {
    /// This process's name in leases.
    pub node: String,
    /// How long a lease lasts (renewed every third of it).
    pub lease: Duration,
    /// An unfinished match untouched this long is deleted.
    pub stale_after: Duration,
    /// A finished match (and its replay) is kept this long.
    pub keep_finished: Duration,
    /// A finished match with nobody connected leaves memory after this.
    pub idle_unload: Duration,
    /// Bots thinking at once.
    pub bot_threads: usize,
    /// A person's seat passes to a bot once they have been away this long.
    pub grace: Duration,
    /// What one client may ask.
    pub limits: Limits,
}

/// The matches of this process, and the store behind them.
pub struct Hub {
    ctx: Arc<Ctx>,
    config: HubConfig,
    /// Held while a match is restored, so it is restored once.
    restoring: tokio::sync::Mutex<()>,
    /// Matches created by each client address this minute.
    rate: RateLimit,
}

/// Refuses a request whose people's names or seats' labels are over the
/// limit.
pub(crate) fn check_names(limits: &Limits, req: &CreateMatch) -> Result<(), ApiError> {
    for (i, seat) in req.seats.iter().enumerate() {
        match seat {
            SeatSpec::Person(name) | SeatSpec::Open(Some(name)) => {
                limits.check_name(&format!("the name of seat {i}"), name)?;
            }
            SeatSpec::Bot(_) | SeatSpec::Open(None) => {}
        }
    }
    Ok(())
}

fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl Hub {
    /// A lobby over `store`.
    pub fn new(store: SharedStore, config: HubConfig) -> Self {
        let ctx = Arc::new(Ctx {
            store,
            bots: Arc::new(tokio::sync::Semaphore::new(config.bot_threads.max(1))),
            registry: Arc::default(),
            node: config.node.clone(),
            idle_unload: config.idle_unload,
            grace: config.grace,
            spectators: config.limits.spectators,
        });
        Hub {
            ctx,
            config,
            restoring: tokio::sync::Mutex::new(()),
            rate: RateLimit::default(),
        }
    }

    pub(crate) fn store(&self) -> &SharedStore {
        &self.ctx.store
    }

    fn local(&self, id: &MatchId) -> Option<MatchHandle> {
        let registry = self.ctx.registry.lock().ok()?;
        registry.get(id).filter(|h| !h.tx.is_closed()).cloned()
    }

    /// Matches running in this process.
    pub fn running(&self) -> usize {
        self.ctx.registry.lock().map_or(0, |r| r.len())
    }

    /// Unfinished matches running in this process.
    pub fn unfinished(&self) -> usize {
        self.ctx.registry.lock().map_or(0, |r| {
            r.values().filter(|h| !h.info.borrow().finished).count()
        })
    }

    /// What one client may ask of this server.
    pub fn limits(&self) -> &Limits {
        &self.config.limits
    }

    /// Creates a match, saves it and starts it. `from`: the client's
    /// address, held to its quota of matches a minute (`None`: a caller
    /// in this process, not counted).
    ///
    /// # Errors
    /// A bad request (names over the limit too), the address's quota
    /// spent (`429 rate_limited`), as many unfinished matches as the
    /// process takes (`503 busy`), or a failing store.
    pub async fn create(
        &self,
        req: &CreateMatch,
        from: Option<IpAddr>,
    ) -> Result<Created, ApiError> {
        let limits = &self.config.limits;
        check_names(limits, req)?;
        let running = self.unfinished();
        if running >= limits.open_matches {
            return Err(ApiError::new(
                503,
                ErrorCode::Busy,
                format!(
                    "this server runs {running} unfinished matches, its limit; try again later"
                ),
            ));
        }
        if let Some(addr) = from {
            self.rate
                .allow(addr, std::time::Instant::now(), limits.matches_per_minute)?;
        }
        let now = now_ms();
        let built = build::create(req, now)?;
        self.store()
            .create(&built.record)
            .await
            .map_err(|e| ApiError::store(&e))?;
        let id = built.record.id.clone();
        self.store()
            .acquire(&id, &self.config.node, now, now + ms(self.config.lease))
            .await
            .map_err(|e| ApiError::store(&e))?;
        let tokens = built
            .record
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match s {
                SeatRecord::Person { name, token } => Some(SeatToken {
                    seat: i as u8,
                    name: name.clone(),
                    token: token.0.clone(),
                }),
                _ => None,
            })
            .collect();
        game::spawn(&self.ctx, built.record, built.game);
        Ok(Created {
            ws: format!("/api/matches/{id}/ws"),
            id,
            tokens,
        })
    }

    /// The actor running a match, restored from the store if this process
    /// does not run it yet.
    ///
    /// # Errors
    /// No such match, another process runs it, its log does not rebuild,
    /// or a failing store.
    pub async fn handle(&self, id: &MatchId) -> Result<MatchHandle, ApiError> {
        if let Some(h) = self.local(id) {
            return Ok(h);
        }
        let _one = self.restoring.lock().await;
        if let Some(h) = self.local(id) {
            return Ok(h);
        }
        let record = self.stored(id).await?;
        self.restore(record).await
    }

    /// The match's record in the store (`no_match` when there is none).
    async fn stored(&self, id: &MatchId) -> Result<MatchRecord, ApiError> {
        self.store()
            .record(id)
            .await
            .map_err(|e| ApiError::store(&e))?
            .ok_or_else(|| ApiError::no_match(id))
    }

    async fn restore(&self, mut record: MatchRecord) -> Result<MatchHandle, ApiError> {
        let id = record.id.clone();
        let now = now_ms();
        let store = self.store();
        let mine = store
            .acquire(&id, &self.config.node, now, now + ms(self.config.lease))
            .await
            .map_err(|e| ApiError::store(&e))?;
        if !mine {
            let owner = store
                .owner(&id, now)
                .await
                .ok()
                .flatten()
                .unwrap_or_default();
            return Err(ApiError::new(
                409,
                ErrorCode::Elsewhere,
                format!("match {id} is run by another server process ({owner})"),
            ));
        }
        let log = store.actions(&id).await.map_err(|e| ApiError::store(&e))?;
        let rebuilt = {
            let record = record.clone();
            tokio::task::spawn_blocking(move || rebuild(&record, &log, |_, _, _| {}))
                .await
                .map_err(|e| ApiError::internal(e.to_string()))?
        };
        let game = rebuilt.map_err(|e| ApiError::internal(e.to_string()))?;
        if let Some(outcome) = game.pending().outcome() {
            if record.status != Status::Finished {
                // The end was played but not yet noted when the server stopped.
                record.status = Status::Finished;
                record.outcome = serde_json::to_string(outcome).ok();
                store
                    .update(&record)
                    .await
                    .map_err(|e| ApiError::store(&e))?;
            }
        }
        Ok(game::spawn(&self.ctx, record, game))
    }

    /// Restores every unfinished match of the store that no other process
    /// runs (at start-up); returns how many, and the ones that failed.
    pub async fn restore_all(&self) -> (usize, Vec<String>) {
        let records = match self.store().list(false).await {
            Ok(r) => r,
            Err(e) => return (0, vec![e.to_string()]),
        };
        let mut restored = 0;
        let mut failed = Vec::new();
        for record in records {
            let _one = self.restoring.lock().await;
            if self.local(&record.id).is_some() {
                continue;
            }
            match self.restore(record).await {
                Ok(_) => restored += 1,
                Err(e) if e.code == ErrorCode::Elsewhere => {}
                Err(e) => failed.push(e.message),
            }
        }
        (restored, failed)
    }

    /// A match's public state.
    ///
    /// # Errors
    /// No such match, or a failing store.
    pub async fn info(&self, id: &MatchId) -> Result<MatchInfo, ApiError> {
        if let Some(h) = self.local(id) {
            return Ok(h.info.borrow().clone());
        }
        Ok(game::stored_info(&self.stored(id).await?))
    }

    /// A page of the open and running matches that are listed, oldest
    /// first: at most `limit` (at most the page setting) from `offset`;
    /// and how many are listed in all.
    ///
    /// # Errors
    /// A failing store.
    pub async fn list(
        &self,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<MatchInfo>, usize), ApiError> {
        let records = self
            .store()
            .list(false)
            .await
            .map_err(|e| ApiError::store(&e))?;
        let listed = records.iter().filter(|r| !r.private);
        let total = listed.clone().count();
        let page = listed
            .skip(offset)
            .take(limit.min(self.config.limits.page))
            .map(|r| match self.local(&r.id) {
                Some(h) => h.info.borrow().clone(),
                None => game::stored_info(r),
            })
            .collect();
        Ok((page, total))
    }

    /// Sends a command to a match's actor and waits for its answer.
    async fn ask<T>(
        &self,
        id: &MatchId,
        make: impl Fn(oneshot::Sender<Result<T, ApiError>>) -> Command,
    ) -> Result<T, ApiError> {
        // An actor that just stopped is restored once.
        for _ in 0..2 {
            let h = self.handle(id).await?;
            let (tx, rx) = oneshot::channel();
            if h.tx.send(make(tx)).await.is_err() {
                continue;
            }
            if let Ok(answer) = rx.await {
                return answer;
            }
        }
        Err(ApiError::internal(format!("match {id} stopped")))
    }

    /// A person takes an open seat.
    ///
    /// # Errors
    /// No open seat, a finished match, a failing store.
    pub async fn join(&self, id: &MatchId, req: crate::api::Join) -> Result<SeatToken, ApiError> {
        if let Some(name) = &req.name {
            self.config.limits.check_name("a name", name)?;
        }
        self.ask(id, |tx| Command::Join(req.clone(), tx)).await
    }

    /// A person leaves their seat.
    ///
    /// # Errors
    /// A bad token, a failing store.
    pub async fn leave(&self, id: &MatchId, token: &str) -> Result<(), ApiError> {
        self.ask(id, |tx| Command::Leave(token.to_string(), tx))
            .await
    }

    /// An abandoned seat goes to a bot.
    ///
    /// # Errors
    /// A bad token, a connected seat, an unknown bot, a failing store.
    pub async fn hand_to_bot(
        &self,
        id: &MatchId,
        req: crate::api::HandToBot,
    ) -> Result<(), ApiError> {
        self.ask(id, |tx| Command::HandToBot(req.clone(), tx)).await
    }

    /// A finished match's record and log, for its replay.
    ///
    /// # Errors
    /// No such match, a match not over, a failing store.
    pub async fn finished(
        &self,
        id: &MatchId,
    ) -> Result<(MatchRecord, Vec<crate::store::LoggedAction>), ApiError> {
        let record = self.stored(id).await?;
        if record.status != Status::Finished {
            return Err(ApiError::conflict(
                "the replay is given once the match is over (its seed is secret until then)",
            ));
        }
        let log = self
            .store()
            .actions(id)
            .await
            .map_err(|e| ApiError::store(&e))?;
        Ok((record, log))
    }

    /// Renews the leases of the running matches; a match whose lease
    /// another process took is stopped here.
    pub async fn renew_leases(&self) {
        let running: Vec<(MatchId, MatchHandle)> = match self.ctx.registry.lock() {
            Ok(r) => r.iter().map(|(id, h)| (id.clone(), h.clone())).collect(),
            Err(_) => return,
        };
        let now = now_ms();
        let until = now + ms(self.config.lease);
        for (id, h) in running {
            if let Ok(false) = self
                .store()
                .acquire(&id, &self.config.node, now, until)
                .await
            {
                let _ = h.tx.send(Command::Stop).await;
            }
        }
    }

    /// Deletes stale matches (stopping those running here); returns how
    /// many.
    pub async fn clean(&self) -> usize {
        let now = now_ms();
        let gone = self
            .store()
            .delete_stale(
                now - ms(self.config.stale_after),
                now - ms(self.config.keep_finished),
            )
            .await
            .unwrap_or_default();
        for id in &gone {
            if let Some(h) = self.local(id) {
                let _ = h.tx.send(Command::Stop).await;
            }
        }
        gone.len()
    }

    /// Stops every actor (the server shuts down).
    pub async fn stop_all(&self) {
        let handles: Vec<MatchHandle> = match self.ctx.registry.lock() {
            Ok(r) => r.values().cloned().collect(),
            Err(_) => return,
        };
        for h in handles {
            let _ = h.tx.send(Command::Stop).await;
        }
    }
}
