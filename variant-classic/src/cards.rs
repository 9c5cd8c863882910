//! The 84-card program deck: seven kinds of move, each card with its own
//! priority number (higher moves first).

use serde::{Deserialize, Serialize};
use std::fmt;

/// What a program card does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicKind")
)]
pub enum Kind {
    /// A half turn.
    UTurn,
    /// A quarter turn to the left.
    RotateLeft,
    /// A quarter turn to the right.
    RotateRight,
    /// One cell backwards, facing kept.
    BackUp,
    /// One cell forward.
    Move1,
    /// Two cells forward.
    Move2,
    /// Three cells forward.
    Move3,
}

impl Kind {
    /// Every kind, in the order of their priority bands.
    pub const ALL: [Kind; 7] = [
        Kind::UTurn,
        Kind::RotateLeft,
        Kind::RotateRight,
        Kind::BackUp,
        Kind::Move1,
        Kind::Move2,
        Kind::Move3,
    ];

    /// The card's name as printed.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::UTurn => "U-Turn",
            Kind::RotateLeft => "Rotate Left",
            Kind::RotateRight => "Rotate Right",
            Kind::BackUp => "Back Up",
            Kind::Move1 => "Move 1",
            Kind::Move2 => "Move 2",
            Kind::Move3 => "Move 3",
        }
    }

    /// Cells moved forward (negative: backwards); 0 for turns.
    #[must_use]
    pub fn steps(self) -> i8 {
        match self {
            Kind::BackUp => -1,
            Kind::Move1 => 1,
            Kind::Move2 => 2,
            Kind::Move3 => 3,
            _ => 0,
        }
    }
}

/// One program card: its kind and its priority number (10 to 840, each
/// card's own).
///
/// ```
/// use variant_classic::cards::{deck, Kind};
/// let d = deck();
/// assert_eq!(d.len(), 84);
/// assert_eq!(d.iter().filter(|c| c.kind == Kind::Move1).count(), 18);
/// assert_eq!(d.iter().map(|c| c.priority).max(), Some(840));
/// assert_eq!(d[0].to_string(), "U-Turn 10");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ClassicCard")
)]
pub struct Card {
    /// What it does.
    pub kind: Kind,
    /// Its priority number.
    pub priority: u16,
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.name(), self.priority)
    }
}

/// Cards in the deck.
pub const DECK_SIZE: usize = 84;

/// The whole deck in priority order (lowest first). Rotate Left takes the
/// odd multiples of ten from 70 to 410, Rotate Right the even ones from 80
/// to 420 (card-facts.md).
#[must_use]
pub fn deck() -> Vec<Card> {
    let mut out = Vec::with_capacity(DECK_SIZE);
    let mut band = |kind, first: u16, step: u16, n: u16| {
        out.extend((0..n).map(|i| Card {
            kind,
            priority: first + i * step,
        }));
    };
    band(Kind::UTurn, 10, 10, 6);
    band(Kind::RotateLeft, 70, 20, 18);
    band(Kind::RotateRight, 80, 20, 18);
    band(Kind::BackUp, 430, 10, 6);
    band(Kind::Move1, 490, 10, 18);
    band(Kind::Move2, 670, 10, 12);
    band(Kind::Move3, 790, 10, 6);
    out.sort_by_key(|c| c.priority);
    out
}

/// The card of the deck with this priority number, if any.
///
/// ```
/// use variant_classic::cards::{card, Kind};
/// assert_eq!(card(420).map(|c| c.kind), Some(Kind::RotateRight));
/// assert_eq!(card(425), None);
/// ```
#[must_use]
pub fn card(priority: u16) -> Option<Card> {
    deck().into_iter().find(|c| c.priority == priority)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_has_every_priority_once_in_its_bands() {
        let d = deck();
        let mut p: Vec<u16> = d.iter().map(|c| c.priority).collect();
        p.dedup();
        assert_eq!(p, (1..=84).map(|i| i * 10).collect::<Vec<u16>>());
        let count = |k| d.iter().filter(|c| c.kind == k).count();
        let counts: Vec<usize> = Kind::ALL.iter().map(|&k| count(k)).collect();
        assert_eq!(counts, [6, 18, 18, 6, 18, 12, 6]);
        assert_eq!(card(70).map(|c| c.kind), Some(Kind::RotateLeft));
        assert_eq!(card(80).map(|c| c.kind), Some(Kind::RotateRight));
        assert_eq!(card(480).map(|c| c.kind), Some(Kind::BackUp));
    }
}
