//! An action through the engine, into the log, out to everyone; the bots'
//! turns and the timer.

use super::frames::text;
use super::{BotTask, ConnId, Match, Period, Refusal};
use crate::hash::state_hash;
use crate::protocol::ErrorCode;
use crate::store::{LoggedAction, SeatRecord, Status};
use roborally::core::protocol::seat_seed;
use roborally::core::{ActionError, Game, PlayerId, Rng};
use roborally::editions::Milestone;
use roborally::{bots, AnyAction};
use std::time::Duration;
use tokio::time::Instant;

/// Default actions the timer may play in one period before it gives up.
const TIME_UP_LIMIT: usize = 10_000;

/// What stops the actor after a failed action.
#[derive(Debug)]
pub(super) struct Broken(pub String);

/// An action the engine refused, as an error frame.
fn refusal(e: &ActionError<roborally::any::AnyReason>) -> Refusal {
    let code = match e {
        ActionError::GameOver => ErrorCode::GameOver,
        ActionError::UnknownPlayer(_) => ErrorCode::WrongSeat,
        ActionError::NotPending(_) => ErrorCode::NotPending,
        ActionError::WrongDecision { .. } | ActionError::Illegal(_) => ErrorCode::Illegal,
    };
    (code, e.to_string())
}

impl Match {
    /// Plays `action` for `player`: through the engine, into the log, and
    /// only then out to every connection.
    ///
    /// # Errors
    /// `Ok(Err(refusal))` when refused (nothing changed); `Err(Broken)`
    /// when the log could not be written: the actor must stop, and the
    /// match is rebuilt from its log when next asked for.
    pub(super) async fn act(
        &mut self,
        player: PlayerId,
        action: AnyAction,
    ) -> Result<Result<(), Refusal>, Broken> {
        match self.record.status {
            Status::Open => {
                return Ok(Err((
                    ErrorCode::NotStarted,
                    "the match waits for its open seats to be taken".into(),
                )))
            }
            Status::Finished => return Ok(Err((ErrorCode::GameOver, "the game is over".into()))),
            Status::Running => {}
        }
        let json = match serde_json::to_string(&action) {
            Ok(json) => json,
            Err(e) => return Ok(Err((ErrorCode::Internal, e.to_string()))),
        };
        let mut events = Vec::new();
        if let Err(e) = self.game.apply_into(player, action, &mut events) {
            return Ok(Err(refusal(&e)));
        }
        let seq = self.record.seq + 1;
        let logged = LoggedAction {
            seq,
            player: player.0,
            action: json,
            hash: state_hash(&self.game),
        };
        let mut round = self.record.round;
        for e in &events {
            if let Some(Milestone::RoundStarted(r)) = e.milestone() {
                round = r;
            }
        }
        // The log first: nobody hears of an action that could be lost.
        if let Err(e) = self.ctx.store.append(&self.record.id, &logged, round).await {
            return Err(Broken(format!("action {seq} could not be saved: {e}")));
        }
        self.record.seq = seq;
        self.record.round = round;
        if let Some(d) = self.drafts.get_mut(player.index()) {
            *d = None;
        }
        if let Some(outcome) = self.game.pending().outcome() {
            self.record.status = Status::Finished;
            self.record.outcome = serde_json::to_string(outcome).ok();
            if let Err(e) = self.ctx.store.update(&self.record).await {
                return Err(Broken(format!("the end could not be saved: {e}")));
            }
        }
        self.refresh_clock();
        self.broadcast(|m, seat| {
            vec![
                text(&Match::events(seq, player, &events, seat)),
                text(&m.state(seat)),
            ]
        });
        self.publish();
        Ok(Ok(()))
    }

    /// A connection's action: refused, put off until the bots have
    /// answered, or played.
    pub(super) async fn conn_action(
        &mut self,
        conn: ConnId,
        action: AnyAction,
        named: Option<u8>,
    ) -> Result<(), Broken> {
        let Some(seat) = self.conns.iter().find(|c| c.id == conn).map(|c| c.seat) else {
            return Ok(());
        };
        let Some(player) = seat else {
            self.refuse(conn, ErrorCode::Spectator, "a spectator cannot act".into());
            return Ok(());
        };
        if named.is_some_and(|n| n != player.0) {
            self.refuse(
                conn,
                ErrorCode::WrongSeat,
                format!(
                    "this connection plays seat {}, not seat {}",
                    player.0,
                    named.unwrap_or(0)
                ),
            );
            return Ok(());
        }
        if self.bot.is_some() || self.next_bot().is_some() {
            // A bot answers first, as it would had it been quicker.
            self.deferred.push_back((conn, action, named));
            return Ok(());
        }
        if let Err((code, message)) = self.act(player, action).await? {
            self.refuse(conn, code, message);
        }
        Ok(())
    }

    /// People's actions put off while bots answered, in the order they
    /// came, until a bot must answer again.
    pub(super) async fn play_deferred(&mut self) -> Result<(), Broken> {
        while self.bot.is_none() && self.next_bot().is_none() {
            let Some((conn, action, named)) = self.deferred.pop_front() else {
                break;
            };
            self.conn_action(conn, action, named).await?;
        }
        Ok(())
    }

    /// The first bot seat the game waits for.
    pub(super) fn next_bot(&self) -> Option<(PlayerId, String)> {
        if self.record.status != Status::Running {
            return None;
        }
        self.waiting()
            .into_iter()
            .find_map(|p| match self.record.seats.get(p.index()) {
                Some(SeatRecord::Bot { bot, .. }) => Some((p, bot.clone())),
                _ => None,
            })
    }

    /// Sets a bot to work on the game as it is now, off the async threads
    /// (one bot per core at a time across the server). Its seed follows
    /// from the match's bot seed, the seat and the point of the log, so a
    /// match rebuilt after a restart gets the same answers.
    pub(super) fn start_bot(&mut self) {
        if self.bot.is_some() {
            return;
        }
        let Some((player, name)) = self.next_bot() else {
            return;
        };
        let seq = self.record.seq;
        let seed = seat_seed(
            self.record.bot_seed ^ seq.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            player,
        );
        let game = self.game.clone();
        let edition = self.record.edition;
        let permits = self.ctx.bots.clone();
        let answer = Box::pin(async move {
            let _permit = permits.acquire_owned().await.ok()?;
            tokio::task::spawn_blocking(move || {
                let mut bot = bots::by_name(edition, &name, seed).ok()?;
                bot.choose(&game, player)
            })
            .await
            .ok()
            .flatten()
        });
        self.bot = Some(BotTask {
            player,
            seq,
            seed,
            answer,
        });
    }

    /// A bot's answer came: played if the game still waits for it (a bot
    /// that gives up, or answers wrongly, plays a random legal action).
    pub(super) async fn bot_answered(&mut self, answer: Option<AnyAction>) -> Result<(), Broken> {
        let Some(task) = self.bot.take() else {
            return Ok(());
        };
        let still_a_bot = matches!(
            self.record.seats.get(task.player.index()),
            Some(SeatRecord::Bot { .. })
        );
        if task.seq != self.record.seq || !self.is_pending(task.player) || !still_a_bot {
            return Ok(());
        }
        let mut rng = Rng::from_seed(task.seed);
        let mut tries = 0;
        let mut action = answer;
        while tries < 3 {
            tries += 1;
            let Some(a) = action
                .take()
                .or_else(|| self.game.sample_action(task.player, &mut rng))
            else {
                break;
            };
            match self.act(task.player, a).await? {
                Ok(()) => return Ok(()),
                Err((_, message)) => {
                    eprintln!(
                        "roborally-server: match {}: a bot's action was refused: {message}",
                        self.record.id
                    );
                }
            }
        }
        Ok(())
    }

    /// Starts a new period when the edition's clock moved on.
    pub(super) fn refresh_clock(&mut self) {
        let Some(timer_ms) = self.record.timer_ms else {
            return;
        };
        let key = match self.record.status {
            Status::Running => self.game.clock(),
            _ => None,
        };
        self.period = match (self.period, key) {
            (Some(p), Some(k)) if p.key == k => Some(p),
            (_, Some(key)) => Some(Period {
                key,
                ends: Instant::now() + Duration::from_millis(timer_ms),
            }),
            (_, None) => None,
        };
    }

    /// The time ran out: the edition's time-up action for every person the
    /// game still waits for in this period (a player's draft first).
    pub(super) async fn time_up(&mut self) -> Result<(), Broken> {
        let Some(period) = self.period else {
            return Ok(());
        };
        for _ in 0..TIME_UP_LIMIT {
            if self.game.clock() != Some(period.key) {
                break;
            }
            let late = self.waiting().into_iter().find(|p| {
                !matches!(
                    self.record.seats.get(p.index()),
                    Some(SeatRecord::Bot { .. })
                )
            });
            let Some(p) = late else { break };
            let draft = self.drafts.get(p.index()).cloned().flatten();
            let mut played = false;
            for d in [draft.as_ref(), None] {
                let Some(action) = self.game.time_up(p, d) else {
                    continue;
                };
                if self.act(p, action).await?.is_ok() {
                    played = true;
                    break;
                }
            }
            if !played {
                break;
            }
        }
        if self.game.clock() == Some(period.key) {
            // Still waiting (for a bot, or with nothing to play): try
            // again after another period.
            self.period = None;
        }
        self.refresh_clock();
        Ok(())
    }
}
