//! The upgrade deck: thirteen cards of this engine's own design.
//!
//! | card | kind | when | effect |
//! |---|---|---|---|
//! | Reinforcements | robots | placing | 3 more robots to place |
//! | Emergency Recall | robots | placing | 2 more robots to place |
//! | Factory Overdrive | robots | placing | 3 more robots if you hold an open secret factory, else 1 |
//! | Ion Blaster | attack | declaring an attack | the attacker's highest die gets +1 |
//! | Targeting Scanner | attack | declaring an attack | the attacker wins ties |
//! | Blitz | attack | declaring an attack | the defender may roll only one die |
//! | Force Field | defence | choosing defence dice | the defender's highest die gets +1 |
//! | Armor Plating | defence | choosing defence dice | the defender's first lost comparison costs nothing |
//! | Smokescreen | defence | choosing defence dice | the attacker's highest die gets -1 |
//! | Space Bridge | shifting | morph phase | turn a rotating piece one step either way |
//! | Seismic Shift | shifting | morph phase | slide a sliding piece one step either way |
//! | Transwarp | movement | morph phase | your leader jumps alone to any zone you hold |
//! | Rapid Transit | movement | backup phase | one more backup move this turn |
//!
//! Robot cards are bounded by the supply like every reinforcement. A card
//! is discarded when played; the discard pile is face up.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// An upgrade card. Names parse loosely (case, spaces and dashes aside).
///
/// ```
/// use variant_conquest::{Card, CardKind};
/// assert_eq!(Card::IonBlaster.kind(), CardKind::Attack);
/// assert_eq!(Card::SpaceBridge.to_string(), "Space Bridge");
/// assert_eq!("armor-plating".parse::<Card>(), Ok(Card::ArmorPlating));
/// assert_eq!(Card::ALL.len(), 13);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "ConquestCard")
)]
pub enum Card {
    /// +3 robots to place.
    Reinforcements,
    /// +2 robots to place.
    EmergencyRecall,
    /// +3 robots to place with an open secret factory held, else +1.
    FactoryOverdrive,
    /// Attacker's highest die +1.
    IonBlaster,
    /// Attacker wins ties.
    TargetingScanner,
    /// Defender rolls one die at most.
    Blitz,
    /// Defender's highest die +1.
    ForceField,
    /// Defender's first lost comparison is ignored.
    ArmorPlating,
    /// Attacker's highest die -1.
    Smokescreen,
    /// Turn a rotating piece one step.
    SpaceBridge,
    /// Slide a sliding piece one step.
    SeismicShift,
    /// Move the leader alone to any held zone.
    Transwarp,
    /// One more backup move.
    RapidTransit,
}

/// What a card is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardKind {
    /// More robots in the place phase.
    Robots,
    /// Played with an attack.
    Attack,
    /// Played with a defence.
    Defence,
    /// Shifts a piece of the map in the morph phase.
    Shifting,
    /// Moves robots or the leader.
    Movement,
}

impl Card {
    /// Every card, in order.
    pub const ALL: [Card; 13] = [
        Card::Reinforcements,
        Card::EmergencyRecall,
        Card::FactoryOverdrive,
        Card::IonBlaster,
        Card::TargetingScanner,
        Card::Blitz,
        Card::ForceField,
        Card::ArmorPlating,
        Card::Smokescreen,
        Card::SpaceBridge,
        Card::SeismicShift,
        Card::Transwarp,
        Card::RapidTransit,
    ];

    /// What the card is for.
    #[must_use]
    pub const fn kind(self) -> CardKind {
        match self {
            Card::Reinforcements | Card::EmergencyRecall | Card::FactoryOverdrive => {
                CardKind::Robots
            }
            Card::IonBlaster | Card::TargetingScanner | Card::Blitz => CardKind::Attack,
            Card::ForceField | Card::ArmorPlating | Card::Smokescreen => CardKind::Defence,
            Card::SpaceBridge | Card::SeismicShift => CardKind::Shifting,
            Card::Transwarp | Card::RapidTransit => CardKind::Movement,
        }
    }

    /// Copies of the card in the deck.
    #[must_use]
    pub const fn copies(self) -> usize {
        match self {
            Card::Reinforcements
            | Card::EmergencyRecall
            | Card::IonBlaster
            | Card::ForceField
            | Card::SpaceBridge
            | Card::SeismicShift => 3,
            _ => 2,
        }
    }

    /// The card's name as printed.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Card::Reinforcements => "Reinforcements",
            Card::EmergencyRecall => "Emergency Recall",
            Card::FactoryOverdrive => "Factory Overdrive",
            Card::IonBlaster => "Ion Blaster",
            Card::TargetingScanner => "Targeting Scanner",
            Card::Blitz => "Blitz",
            Card::ForceField => "Force Field",
            Card::ArmorPlating => "Armor Plating",
            Card::Smokescreen => "Smokescreen",
            Card::SpaceBridge => "Space Bridge",
            Card::SeismicShift => "Seismic Shift",
            Card::Transwarp => "Transwarp",
            Card::RapidTransit => "Rapid Transit",
        }
    }

    /// The whole deck, in a fixed order (shuffle it before use).
    #[must_use]
    pub fn deck() -> Vec<Card> {
        Card::ALL
            .iter()
            .flat_map(|&c| std::iter::repeat_n(c, c.copies()))
            .collect()
    }

    /// Number of cards in the deck.
    #[must_use]
    pub fn deck_size() -> usize {
        Card::ALL.iter().map(|c| c.copies()).sum()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a card.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown card `{0}` (known: Reinforcements, Emergency Recall, Factory Overdrive, Ion Blaster, Targeting Scanner, Blitz, Force Field, Armor Plating, Smokescreen, Space Bridge, Seismic Shift, Transwarp, Rapid Transit)")]
pub struct UnknownCard(pub String);

impl FromStr for Card {
    type Err = UnknownCard;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = |t: &str| -> String {
            t.chars()
                .filter(char::is_ascii_alphanumeric)
                .collect::<String>()
                .to_ascii_lowercase()
        };
        let want = key(s);
        Card::ALL
            .into_iter()
            .find(|c| key(c.name()) == want)
            .ok_or_else(|| UnknownCard(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_covers_every_use() {
        let deck = Card::deck();
        assert_eq!(deck.len(), Card::deck_size());
        assert_eq!(deck.len(), 32);
        for kind in [
            CardKind::Robots,
            CardKind::Attack,
            CardKind::Defence,
            CardKind::Shifting,
            CardKind::Movement,
        ] {
            assert!(Card::ALL.iter().any(|c| c.kind() == kind), "{kind:?}");
        }
        let mut names: Vec<&str> = Card::ALL.iter().map(|c| c.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Card::ALL.len());
        for c in Card::ALL {
            assert_eq!(c.name().to_uppercase().parse::<Card>(), Ok(c));
        }
        assert!("Energon Sword".parse::<Card>().is_err());
    }
}
