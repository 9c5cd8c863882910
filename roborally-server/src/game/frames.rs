//! What each connection is sent: its seat's view and events (a
//! spectator's are the public ones), built once per seat and shared by
//! that seat's connections.

use super::{ConnId, Match, Outgoing};
use crate::protocol::{Clock, ErrorCode, ServerMessage, StateFrame};
use roborally::any::AnyEvent;
use roborally::core::PlayerId;
use tokio::sync::mpsc::error::TrySendError;
use tokio::time::Instant;

/// A message as a frame's text.
pub(super) fn text(msg: &ServerMessage) -> Outgoing {
    // The protocol's types always serialise.
    let json = serde_json::to_string(msg).unwrap_or_else(|_| "{}".to_string());
    Outgoing::Text(json.into())
}

impl Match {
    /// The state frame of `seat` (`None`: a spectator), with the clock
    /// when a timer runs.
    pub(super) fn state(&mut self, seat: Option<PlayerId>) -> ServerMessage {
        let running = self.record.status == crate::store::Status::Running;
        let mut frame = StateFrame::of(&self.game, seat, self.record.seq, running, &mut self.rng);
        frame.clock = match (self.period, self.record.timer_ms) {
            (Some(period), Some(timer_ms)) => Some(Clock {
                left_ms: period
                    .ends
                    .saturating_duration_since(Instant::now())
                    .as_millis() as u64,
                timer_ms,
            }),
            _ => None,
        };
        ServerMessage::State(Box::new(frame))
    }

    /// The events frame of one action as `seat` may see it.
    pub(super) fn events(
        seq: u64,
        by: PlayerId,
        events: &[AnyEvent],
        seat: Option<PlayerId>,
    ) -> ServerMessage {
        ServerMessage::Events {
            seq,
            by: by.0,
            events: events.iter().map(|e| e.seen_by(seat)).collect(),
        }
    }

    /// Sends one frame to one connection; a connection that cannot keep
    /// up is dropped (it may come back and catch up).
    pub(super) fn send_to(&mut self, conn: ConnId, frame: Outgoing) {
        if let Some(i) = self.conns.iter().position(|c| c.id == conn) {
            if let Err(TrySendError::Full(_) | TrySendError::Closed(_)) =
                self.conns[i].tx.try_send(frame)
            {
                self.conns.swap_remove(i);
            }
        }
    }

    /// An error frame to one connection.
    pub(super) fn refuse(&mut self, conn: ConnId, code: ErrorCode, message: String) {
        let frame = text(&ServerMessage::Error { code, message });
        self.send_to(conn, frame);
    }

    /// Sends every connection the frames `make` builds for its seat (built
    /// once per seat). Returns whether a connection was dropped.
    pub(super) fn broadcast(
        &mut self,
        mut make: impl FnMut(&mut Match, Option<PlayerId>) -> Vec<Outgoing>,
    ) -> bool {
        let mut built: Vec<(Option<PlayerId>, Vec<Outgoing>)> = Vec::new();
        let seats: Vec<Option<PlayerId>> = self.conns.iter().map(|c| c.seat).collect();
        for seat in seats {
            if !built.iter().any(|(s, _)| *s == seat) {
                let frames = make(self, seat);
                built.push((seat, frames));
            }
        }
        let before = self.conns.len();
        self.conns.retain(|c| {
            let Some((_, frames)) = built.iter().find(|(s, _)| *s == c.seat) else {
                return true;
            };
            frames.iter().all(|f| c.tx.try_send(f.clone()).is_ok())
        });
        self.conns.len() != before
    }

    /// Everyone's new presence.
    pub(super) fn broadcast_presence(&mut self) {
        loop {
            let frame = text(&ServerMessage::Presence {
                seats: self.seat_info(),
            });
            // A dropped connection changes presence: tell the others.
            if !self.broadcast(|_, _| vec![frame.clone()]) {
                break;
            }
        }
        self.publish();
    }
}
