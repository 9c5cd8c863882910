//! The race log's line per round: who reached which checkpoint, fell,
//! rebooted, shut down or took damage, for any grid edition.

use robo_core::PlayerId;
use std::fmt::Write as _;

/// Something a seat did in a round, as the round's line tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatNote {
    /// Reached this checkpoint.
    Checkpoint(u8),
    /// Fell off the board or into a pit.
    Fell,
    /// Came back on the board.
    Rebooted,
    /// Took one damage card (or token).
    Damage,
    /// Shut down (powered down) for the round.
    ShutDown,
}

/// What each robot did in one round, for its line of the log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RoundLog {
    pub(crate) round: u16,
    seats: Vec<SeatLog>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct SeatLog {
    checkpoints: Vec<u8>,
    falls: u8,
    reboots: u8,
    damage: u8,
    shut_down: bool,
}

impl RoundLog {
    pub(crate) fn new(round: u16, seats: usize) -> Self {
        RoundLog {
            round,
            seats: vec![SeatLog::default(); seats],
        }
    }

    /// Notes what a seat did in the round.
    pub(crate) fn note(&mut self, player: PlayerId, note: SeatNote) {
        let Some(s) = self.seats.get_mut(player.index()) else {
            return;
        };
        match note {
            SeatNote::Checkpoint(c) => s.checkpoints.push(c),
            SeatNote::Fell => s.falls = s.falls.saturating_add(1),
            SeatNote::Rebooted => s.reboots = s.reboots.saturating_add(1),
            SeatNote::Damage => s.damage = s.damage.saturating_add(1),
            SeatNote::ShutDown => s.shut_down = true,
        }
    }

    /// The round's line.
    ///
    /// `round  3 | P0 checkpoint 1 | P2 fell, 2 damage | P3 rebooted`
    pub(crate) fn line(&self) -> String {
        let mut out = format!("round {:>3}", self.round);
        let mut quiet = true;
        for (i, s) in self.seats.iter().enumerate() {
            let mut parts: Vec<String> = Vec::new();
            for c in &s.checkpoints {
                parts.push(format!("checkpoint {c}"));
            }
            if s.shut_down {
                parts.push("shut down".into());
            }
            if s.reboots > 0 {
                parts.push("rebooted".into());
            }
            match s.falls {
                0 => {}
                1 => parts.push("fell".into()),
                n => parts.push(format!("fell {n} times")),
            }
            if s.damage > 0 {
                parts.push(format!("{} damage", s.damage));
            }
            if !parts.is_empty() {
                quiet = false;
                let _ = write!(out, " | P{i} {}", parts.join(", "));
            }
        }
        if quiet {
            out.push_str(" | no checkpoints, falls or damage");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_lines_say_who_did_what() {
        let mut log = RoundLog::new(3, 3);
        assert_eq!(log.line(), "round   3 | no checkpoints, falls or damage");
        log.note(PlayerId(0), SeatNote::Checkpoint(1));
        log.note(PlayerId(2), SeatNote::Fell);
        log.note(PlayerId(2), SeatNote::Damage);
        log.note(PlayerId(2), SeatNote::Damage);
        log.note(PlayerId(7), SeatNote::Damage);
        assert_eq!(
            log.line(),
            "round   3 | P0 checkpoint 1 | P2 fell, 2 damage"
        );
        log.note(PlayerId(1), SeatNote::ShutDown);
        log.note(PlayerId(1), SeatNote::Rebooted);
        log.note(PlayerId(2), SeatNote::Fell);
        assert_eq!(
            log.line(),
            "round   3 | P0 checkpoint 1 | P1 shut down, rebooted | P2 fell 2 times, 2 damage"
        );
    }
}
