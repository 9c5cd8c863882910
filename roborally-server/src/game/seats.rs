//! Who is at the table: connections (with catch-up by sequence number),
//! joins, leaves and seats handed to bots.

use super::build::rebuild;
use super::frames::{json, text};
use super::play::Broken;
use super::{Conn, ConnId, Connect, Match, Outgoing};
use crate::api::{HandToBot, Join, SeatToken};
use crate::error::ApiError;
use crate::ids::Token;
use crate::protocol::{ErrorCode, ServerMessage};
use crate::store::{Absentee, SeatRecord, Status};
use axum::extract::ws::Utf8Bytes;
use roborally::core::PlayerId;
use roborally::{bots, AnyAction};
use std::time::Duration;
use tokio::time::Instant;

impl Match {
    /// A connection said hello: its seat, then the events it missed, its
    /// view, and everyone's presence.
    pub(super) async fn connect(&mut self, c: Connect) -> Result<(), Broken> {
        let seat = match &c.token {
            None => None,
            Some(token) => match self.seat_of_token(token) {
                Some(seat) => Some(seat),
                None => {
                    let _ = c.reply.send(Err((
                        ErrorCode::BadToken,
                        "no seat of this match has that token".into(),
                    )));
                    return Ok(());
                }
            },
        };
        let watching = self.conns.iter().filter(|c| c.seat.is_none()).count();
        if seat.is_none() && watching >= self.ctx.spectators {
            let _ = c.reply.send(Err((
                ErrorCode::Full,
                format!(
                    "the match has {watching} spectators, as many as it takes; try again later"
                ),
            )));
            return Ok(());
        }
        if let Some(p) = seat {
            if let Err(e) = self.take_back(p).await {
                let _ = c.reply.send(Err((e.code, e.message)));
                return Ok(());
            }
        }
        let welcome = json(&ServerMessage::Welcome {
            match_id: self.record.id.clone(),
            edition: self.record.edition,
            seat: seat.map(|p| p.0),
            seq: self.record.seq,
        });
        let mut frames = vec![welcome];
        if let Some(since) = c.since.filter(|&s| s < self.record.seq) {
            frames.extend(self.missed(since, seat).await);
        }
        frames.push(json(&self.state(seat)));
        // The whole catch-up takes one slot of the connection's queue, so
        // a long absence never overflows it; a writer already gone, or a
        // connection that stopped waiting for its answer, is not
        // registered (never a connection that hears nothing).
        if c.tx.try_send(Outgoing::Batch(frames)).is_err()
            || c.reply.send(Ok(seat.map(|p| p.0))).is_err()
        {
            return Ok(());
        }
        self.conns.push(Conn {
            id: c.conn,
            seat,
            tx: c.tx,
        });
        self.broadcast_presence();
        Ok(())
    }

    /// The events frames after `since`, played again from the log (the
    /// match keeps no events in memory), as `seat` may see them.
    async fn missed(&mut self, since: u64, seat: Option<PlayerId>) -> Vec<Utf8Bytes> {
        let store = &self.ctx.store;
        let (record, log) = match (
            store.record(&self.record.id).await,
            store.actions(&self.record.id).await,
        ) {
            (Ok(Some(r)), Ok(log)) => (r, log),
            _ => return Vec::new(),
        };
        let upto = self.record.seq as usize;
        let rebuilt = tokio::task::spawn_blocking(move || {
            let mut frames = Vec::new();
            let log = &log[..upto.min(log.len())];
            let game = rebuild(&record, log, |seq, by, events| {
                if seq > since {
                    frames.push(json(&Match::events(seq, by, events, seat)));
                }
            });
            game.map(|_| frames)
        })
        .await;
        match rebuilt {
            Ok(Ok(frames)) => frames,
            _ => Vec::new(),
        }
    }

    /// A connection closed.
    pub(super) fn disconnect(&mut self, conn: ConnId) {
        let before = self.conns.len();
        self.conns.retain(|c| c.id != conn);
        if self.conns.len() != before {
            self.broadcast_presence();
        }
    }

    /// A connection's draft.
    pub(super) fn draft(&mut self, conn: ConnId, action: AnyAction) {
        match self.conns.iter().find(|c| c.id == conn).map(|c| c.seat) {
            Some(Some(p)) => {
                if let Some(d) = self.drafts.get_mut(p.index()) {
                    *d = Some(action);
                }
            }
            Some(None) => self.refuse(
                conn,
                ErrorCode::Spectator,
                "a spectator cannot draft".into(),
            ),
            None => {}
        }
    }

    /// Saves the seats; the match starts when no seat is open any more.
    async fn seats_changed(&mut self) -> Result<(), ApiError> {
        if self.record.status == Status::Open
            && !self
                .record
                .seats
                .iter()
                .any(|s| matches!(s, SeatRecord::Open { .. }))
        {
            self.record.status = Status::Running;
            self.refresh_clock();
        }
        self.ctx
            .store
            .update(&self.record)
            .await
            .map_err(|e| ApiError::store(&e))?;
        self.broadcast_presence();
        // Everyone's waiting list may have changed (the start).
        self.broadcast(|m, seat| vec![text(&m.state(seat))]);
        Ok(())
    }

    /// A person takes an open seat.
    pub(super) async fn join(&mut self, req: Join) -> Result<SeatToken, ApiError> {
        if self.record.status == Status::Finished {
            return Err(ApiError::conflict("the match is over"));
        }
        let open = |s: &SeatRecord| matches!(s, SeatRecord::Open { .. });
        let seat = match req.seat {
            Some(s) if self.record.seats.get(usize::from(s)).is_some_and(open) => usize::from(s),
            Some(s) => return Err(ApiError::conflict(format!("seat {s} is not open"))),
            None => self
                .record
                .seats
                .iter()
                .position(open)
                .ok_or_else(|| ApiError::conflict("no seat is open"))?,
        };
        let label = match &self.record.seats[seat] {
            SeatRecord::Open { name } => name.clone(),
            _ => None,
        };
        let name = req
            .name
            .or(label)
            .unwrap_or_else(|| format!("seat {}", seat + 1));
        let token = Token::random().map_err(|e| ApiError::internal(e.to_string()))?;
        self.set_seat(
            seat,
            SeatRecord::Person {
                name: name.clone(),
                token: token.clone(),
            },
        )
        .await?;
        Ok(SeatToken {
            seat: seat as u8,
            name,
            token: token.0,
        })
    }

    /// A person gives up their seat: their token stops working, their
    /// connections are closed, and the seat is open to join or to hand to
    /// a bot.
    pub(super) async fn leave(&mut self, token: &str) -> Result<(), ApiError> {
        let seat = self.seat_of_token(token).ok_or_else(ApiError::bad_token)?;
        let name = match &self.record.seats[seat.index()] {
            SeatRecord::Person { name, .. } => Some(name.clone()),
            _ => None,
        };
        self.record.seats[seat.index()] = SeatRecord::Open { name };
        let leaving: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|c| c.seat == Some(seat))
            .map(|c| c.id)
            .collect();
        for id in leaving {
            self.refuse(
                id,
                ErrorCode::SeatLeft,
                "the seat was left; its token no longer plays it".into(),
            );
            self.send_to(id, Outgoing::Close);
            self.conns.retain(|c| c.id != id);
        }
        if let Some(d) = self.drafts.get_mut(seat.index()) {
            *d = None;
        }
        self.seats_changed().await
    }

    /// Notes who is away: a person's seat with no connection is away from
    /// the first time it is seen so (any other seat is not).
    fn note_away(&mut self) {
        let now = Instant::now();
        for (i, s) in self.record.seats.iter().enumerate() {
            let person = matches!(s, SeatRecord::Person { .. });
            let connected = self.conns.iter().any(|c| c.seat == Some(PlayerId(i as u8)));
            if let Some(away) = self.away.get_mut(i) {
                *away = match (person && !connected, *away) {
                    (true, since) => Some(since.unwrap_or(now)),
                    (false, _) => None,
                };
            }
        }
    }

    /// How long the person of `seat` has been away, if they are.
    fn away_for(&self, seat: usize) -> Option<Duration> {
        self.away
            .get(seat)
            .copied()
            .flatten()
            .map(|since| since.elapsed())
    }

    /// When the next away person's grace period ends (a running match
    /// only).
    pub(super) fn next_takeover(&mut self) -> Option<Instant> {
        self.note_away();
        if self.record.status != Status::Running {
            return None;
        }
        self.away
            .iter()
            .flatten()
            .min()
            .map(|t| *t + self.ctx.grace)
    }

    /// Every person away for the grace period or longer: a bot (the
    /// edition's default) plays their seat until they come back.
    pub(super) async fn take_over_abandoned(&mut self) {
        let grace = self.ctx.grace;
        let gone: Vec<usize> = (0..self.record.seats.len())
            .filter(|&i| self.away_for(i).is_some_and(|d| d >= grace))
            .collect();
        for seat in gone {
            if let Err(e) = self.stand_in(seat, None).await {
                eprintln!(
                    "roborally-server: match {}: seat {seat} stays with its person: {e}",
                    self.record.id
                );
                // Tried again after another grace period.
                if let Some(a) = self.away.get_mut(seat) {
                    *a = Some(Instant::now());
                }
            }
        }
    }

    /// A bot (`bot`, or the edition's default) takes the seat of a person
    /// who is away; their token keeps playing it.
    async fn stand_in(&mut self, seat: usize, bot: Option<&str>) -> Result<(), ApiError> {
        let SeatRecord::Person { name, token } = self.record.seats[seat].clone() else {
            return Err(ApiError::conflict(format!("seat {seat} has no person")));
        };
        let bot = self.bot_name(bot)?;
        self.set_seat(
            seat,
            SeatRecord::Bot {
                bot,
                stands_in_for: Some(Absentee { name, token }),
            },
        )
        .await
    }

    /// The person whose seat a bot plays while they were away takes it
    /// back (nothing to do for any other seat).
    async fn take_back(&mut self, seat: PlayerId) -> Result<(), ApiError> {
        let Some(SeatRecord::Bot {
            stands_in_for: Some(person),
            ..
        }) = self.record.seats.get(seat.index()).cloned()
        else {
            return Ok(());
        };
        // A bot still thinking for the seat is not heard any more.
        if self.bot.as_ref().is_some_and(|b| b.player == seat) {
            self.bot = None;
        }
        self.set_seat(
            seat.index(),
            SeatRecord::Person {
                name: person.name,
                token: person.token,
            },
        )
        .await
    }

    /// The registry name of `bot`, or the edition's default bot.
    fn bot_name(&self, bot: Option<&str>) -> Result<String, ApiError> {
        let edition = self.record.edition;
        match bot {
            Some(name) => bots::canonical(edition, name)
                .map(str::to_string)
                .map_err(|e| ApiError::bad_request(e.to_string())),
            None => bots::default_name(edition)
                .map(str::to_string)
                .ok_or_else(|| ApiError::internal("the edition has no bot")),
        }
    }

    /// Gives seat `seat` to `to` and saves it (undone if the store fails).
    async fn set_seat(&mut self, seat: usize, to: SeatRecord) -> Result<(), ApiError> {
        let before = std::mem::replace(&mut self.record.seats[seat], to);
        let status = self.record.status;
        if let Err(e) = self.seats_changed().await {
            self.record.seats[seat] = before;
            self.record.status = status;
            return Err(e);
        }
        Ok(())
    }

    /// A seated person hands an open seat to a bot for good, or a seat
    /// whose person has been away for the grace period to a bot that plays
    /// it until they come back. No one changes a present person's seat, nor
    /// that of a person away for less than the grace period.
    pub(super) async fn hand_to_bot(&mut self, req: HandToBot) -> Result<(), ApiError> {
        if self.record.status == Status::Finished {
            return Err(ApiError::conflict("the match is over"));
        }
        self.seat_of_token(&req.token)
            .ok_or_else(ApiError::bad_token)?;
        let seat = usize::from(req.seat);
        let target = self
            .record
            .seats
            .get(seat)
            .ok_or_else(|| ApiError::bad_request(format!("no seat {}", req.seat)))?;
        match target {
            SeatRecord::Bot { .. } => Err(ApiError::conflict(format!(
                "seat {} is a bot already",
                req.seat
            ))),
            SeatRecord::Open { .. } => {
                let bot = self.bot_name(req.bot.as_deref())?;
                self.set_seat(
                    seat,
                    SeatRecord::Bot {
                        bot,
                        stands_in_for: None,
                    },
                )
                .await
            }
            SeatRecord::Person { .. } => {
                self.note_away();
                let grace = self.ctx.grace;
                match self.away_for(seat) {
                    None => Err(ApiError::conflict(format!(
                        "seat {} is connected: only an abandoned seat goes to a bot",
                        req.seat
                    ))),
                    Some(away) if away < grace => Err(ApiError::conflict(format!(
                        "seat {}'s player has been away {} s; a seat goes to a bot after {} s away",
                        req.seat,
                        away.as_secs(),
                        grace.as_secs()
                    ))),
                    Some(_) => self.stand_in(seat, req.bot.as_deref()).await,
                }
            }
        }
    }
}
