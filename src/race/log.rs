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

/// The words an edition's round log uses for what a seat did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogWords {
    /// A checkpoint reached (`checkpoint`, classic `flag`).
    pub checkpoint: &'static str,
    /// Off the board ([`SeatNote::Fell`]): `fell`, classic `destroyed`.
    pub fell: &'static str,
    /// Back on the board: `rebooted`, classic `re-entered`.
    pub rebooted: &'static str,
    /// Sitting the round out: `shut down`, classic `powered down`.
    pub shut_down: &'static str,
    /// Each fall costs a life (classic): the line says so.
    pub lives: bool,
    /// The line of a round where nothing was noted.
    pub quiet: &'static str,
}

impl LogWords {
    /// The words of the 2023 and Transformers races.
    pub const RACE: LogWords = LogWords {
        checkpoint: "checkpoint",
        fell: "fell",
        rebooted: "rebooted",
        shut_down: "shut down",
        lives: false,
        quiet: "no checkpoints, falls or damage",
    };
    /// The words of the classic game.
    pub const CLASSIC: LogWords = LogWords {
        checkpoint: "flag",
        fell: "destroyed",
        rebooted: "re-entered",
        shut_down: "powered down",
        lives: true,
        quiet: "no flags, destruction or damage",
    };
}

/// What each robot did in one round, for its line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RoundLog {
    pub(crate) round: u16,
    seats: Vec<SeatLog>,
    words: LogWords,
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
    pub(crate) fn new(round: u16, seats: usize, words: LogWords) -> Self {
        RoundLog {
            round,
            seats: vec![SeatLog::default(); seats],
            words,
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
        let w = &self.words;
        let mut out = format!("round {:>3}", self.round);
        let mut quiet = true;
        for (i, s) in self.seats.iter().enumerate() {
            let mut parts: Vec<String> = Vec::new();
            for c in &s.checkpoints {
                parts.push(format!("{} {c}", w.checkpoint));
            }
            if s.shut_down {
                parts.push(w.shut_down.into());
            }
            if s.reboots > 0 {
                parts.push(w.rebooted.into());
            }
            match s.falls {
                0 => {}
                1 => parts.push(w.fell.into()),
                n => parts.push(format!("{} {n} times", w.fell)),
            }
            match s.falls {
                _ if !w.lives => {}
                0 => {}
                1 => parts.push("lost a life".into()),
                n => parts.push(format!("lost {n} lives")),
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
            out.push_str(" | ");
            out.push_str(w.quiet);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_lines_say_who_did_what() {
        let mut log = RoundLog::new(3, 3, LogWords::RACE);
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

    #[test]
    fn classic_lines_speak_of_flags_destruction_and_lives() {
        let mut log = RoundLog::new(4, 3, LogWords::CLASSIC);
        assert_eq!(log.line(), "round   4 | no flags, destruction or damage");
        log.note(PlayerId(0), SeatNote::Checkpoint(2));
        log.note(PlayerId(1), SeatNote::ShutDown);
        log.note(PlayerId(2), SeatNote::Fell);
        log.note(PlayerId(2), SeatNote::Rebooted);
        log.note(PlayerId(2), SeatNote::Damage);
        assert_eq!(
            log.line(),
            "round   4 | P0 flag 2 | P1 powered down | P2 re-entered, destroyed, lost a life, 1 damage"
        );
        log.note(PlayerId(2), SeatNote::Fell);
        assert!(log
            .line()
            .ends_with("P2 re-entered, destroyed 2 times, lost 2 lives, 1 damage"));
        for old in ["fell", "rebooted", "shut down", "checkpoint"] {
            assert!(!log.line().contains(old), "{old}");
        }
    }
}
