//! Damage: the faces of the special damage cards (data), and drawing
//! damage during a race.
//!
//! The rulebook names three special damage cards (Energy Leak, Flat Tire
//! and SETBACK) and prints no face; the deck of 16 lives in
//! `variant-transformers/data/special-damage.txt`, one row per card,
//! saying for each whether it follows the rulebook or is our own design.
//! A card is a [`Timing`] and one [`Effect`] from a fixed set of
//! mechanisms, so printed faces can replace the designed ones in the data
//! file without touching the code.

use crate::cards::Special;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Special damage cards in the damage deck.
pub const SPECIAL_CARDS: u8 = 16;

/// How long a special damage card acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Timing {
    /// Once, when drawn; then discarded.
    Instant,
    /// Until its owner pays `fix` Energon or a pit stop repairs it.
    Ongoing {
        /// Energon that removes it.
        fix: u8,
    },
    /// Until the end of the round.
    Round,
}

/// What a special damage card does (the mechanisms the data file may
/// use).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    /// Lose this much Energon (what there is); each lost cube goes on the
    /// robot's space.
    LoseEnergon(u8),
    /// Discard the card(s) of the next unresolved register.
    Setback,
    /// Turn this many quarter turns clockwise.
    Spin(u8),
    /// Draw this many more damage cards.
    DrawDamage(u8),
    /// Discard this many planning cards at random from the hand.
    DiscardRandom(u8),
    /// Convert to the other mode (never into alt mode inside a building).
    Convert,
    /// Move cards move this many spaces less.
    MovePenalty(u8),
    /// The robot's weapon does not fire.
    WeaponJam,
    /// The robot cannot convert during activation.
    ConvertLock,
    /// The hand is refilled to this many cards fewer.
    HandLimit(u8),
    /// Roads and road corners give no bonus.
    NoRoadBonus,
}

/// The face of a special damage card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SpecialFace {
    /// Its name.
    pub name: &'static str,
    /// Our own design (the rulebook does not describe it).
    pub designed: bool,
    /// How long it acts.
    pub timing: Timing,
    /// What it does.
    pub effect: Effect,
    /// What it does, in words.
    pub text: &'static str,
}

impl fmt::Display for SpecialFace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.text)
    }
}

include!(concat!(env!("OUT_DIR"), "/special_damage.rs"));

/// The face of special card `s` (cards past the deck read as the last).
#[must_use]
pub fn face(s: Special) -> &'static SpecialFace {
    let i = usize::from(s.0).min(SPECIAL_FACES.len() - 1);
    &SPECIAL_FACES[i]
}

/// Every special face, in deck order.
#[must_use]
pub fn faces() -> &'static [SpecialFace] {
    &SPECIAL_FACES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_named_cards_follow_the_text_and_the_rest_are_marked_designed() {
        let named: Vec<&SpecialFace> = faces().iter().filter(|f| !f.designed).collect();
        let names: Vec<&str> = named.iter().map(|f| f.name).collect();
        assert_eq!(names, ["Energy Leak", "Flat Tire", "SETBACK"]);
        let leak = named[0];
        assert_eq!(
            (leak.timing, leak.effect),
            (Timing::Instant, Effect::LoseEnergon(1))
        );
        assert_eq!(named[1].timing, Timing::Ongoing { fix: 1 });
        assert_eq!(named[2].effect, Effect::Setback);
        assert_eq!(faces().len(), usize::from(SPECIAL_CARDS));
        // Every timing is used, and the names differ.
        for t in [Timing::Instant, Timing::Round] {
            assert!(faces().iter().any(|f| f.timing == t));
        }
        let mut all: Vec<&str> = faces().iter().map(|f| f.name).collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), faces().len());
    }
}
