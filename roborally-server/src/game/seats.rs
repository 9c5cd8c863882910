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
use crate::store::{SeatRecord, Status};
use axum::extract::ws::Utf8Bytes;
use roborally::core::PlayerId;
use roborally::{bots, AnyAction};

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
        let before = self.record.seats[seat].clone();
        self.record.seats[seat] = SeatRecord::Person {
            name: name.clone(),
            token: token.clone(),
        };
        let status = self.record.status;
        if let Err(e) = self.seats_changed().await {
            self.record.seats[seat] = before;
            self.record.status = status;
            return Err(e);
        }
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

    /// A seated person hands an abandoned seat (open, or its person not
    /// connected) to a bot.
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
            SeatRecord::Bot { .. } => {
                return Err(ApiError::conflict(format!(
                    "seat {} is a bot already",
                    req.seat
                )))
            }
            SeatRecord::Person { .. }
                if self
                    .conns
                    .iter()
                    .any(|c| c.seat == Some(PlayerId(req.seat))) =>
            {
                return Err(ApiError::conflict(format!(
                    "seat {} is connected: only an abandoned seat goes to a bot",
                    req.seat
                )))
            }
            _ => {}
        }
        let edition = self.record.edition;
        let bot = match &req.bot {
            Some(name) => {
                bots::canonical(edition, name).map_err(|e| ApiError::bad_request(e.to_string()))?
            }
            None => bots::default_name(edition)
                .ok_or_else(|| ApiError::internal("the edition has no bot"))?,
        };
        let before = self.record.seats[seat].clone();
        let status = self.record.status;
        self.record.seats[seat] = SeatRecord::Bot {
            bot: bot.to_string(),
        };
        if let Err(e) = self.seats_changed().await {
            self.record.seats[seat] = before;
            self.record.status = status;
            return Err(e);
        }
        Ok(())
    }
}
